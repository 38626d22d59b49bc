// The Directories screen's values on the workbench's grid (src/grid/Grid.tsx), as the Resources
// screen does it (resource-grid.ts): a store of the grid's view state, the host that gives the
// grid the directory's values as rows (tree order, folded values' children left out, a blank line
// at the end of an editable directory where typing or a paste adds values), their cells (code,
// name, the typed attribute columns, the linked rows) and the commands of the grid's key map a
// directory has: moves and ranges, edit, Backspace, Ctrl+D, Insert, Delete, indent and outdent
// (Alt+Shift+→ / ←), fold, undo and redo. Keys before the key map: ← → on the code column fold
// and unfold (← on a leaf goes to the parent), Ctrl+← / Ctrl+→ fold a value with everything under
// it, Alt+Shift+1 … 9 show so many levels (Alt+Shift+0 all), Ctrl+Insert adds a child.
// Writes are the page's (DirectoryGrid.tsx).
import { createContext } from 'react';
import { blankLine, useContextRows } from '../../grid/host-rows';
import type { Directory, DirectoryValue } from '../../api/directories';
import type { EditThen, GridCells, GridHost, GridRowView, GridStore } from '../../grid/grid-host';
import { hostNavigation } from '../../grid/host-navigation';
import { displayedColumns } from '../../state/workbench/columns';
import { type ColumnLayout, rangeOf } from '../../state/workbench/types';
import { flattenValues } from '../../domain/directory';
import { resetGrid, useDirectoryGrid } from '../../state/directories/grid';

export { useDirectoryGrid };

/** The blank line after the last value: typing or pasting there adds values. */
export const BLANK_ID = 'directory-new-line';
/** The read-only column counting the WBS rows linked to a value. */
export const LINKED = 'linked';

export interface DirectoryRowView extends GridRowView {
  /** The value, or null on the blank line. */
  readonly value: DirectoryValue | null;
}

export function columnsFor(directory: Directory): ColumnLayout[] {
  return [
    { id: 'code', width: 160, visible: true },
    { id: 'name', width: 260, visible: true },
    ...directory.attributes.map((a) => ({ id: `attr:${a.key}`, width: 130, visible: true })),
    { id: LINKED, width: 150, visible: true },
  ];
}

/** A new directory shown: its columns, nothing folded, the focus on its first cell. */
export function resetDirectoryGrid(directory: Directory): void {
  resetGrid(columnsFor(directory));
}

export const directoryGridStore: GridStore = {
  use: (selector) => useDirectoryGrid(selector),
  get: () => useDirectoryGrid.getState(),
  set: (p) => useDirectoryGrid.setState(p),
  subscribe: (l) => useDirectoryGrid.subscribe(l),
};

/** The displayed columns' ids, in order. */
export function gridFields(): string[] {
  return displayedColumns(useDirectoryGrid.getState().columns).map((c) => c.id);
}

/** What the host reads of the page on every call (its latest render). */
export interface DirectoryGridPage {
  readonly rows: readonly DirectoryRowView[];
  readonly values: readonly DirectoryValue[];
  readonly canEdit: boolean;
  /** A typed cell: changes the value, or on the blank line adds one (`down`: the edit ended with Enter). */
  commit(view: DirectoryRowView, field: string, text: string, down: boolean): void;
  /** A matrix pasted on the range (rows as shown, fields as displayed). */
  paste(matrix: string[][], range: ReturnType<typeof rangeOf>, fields: readonly string[]): void;
  /** Ctrl+D on the range. */
  fill(range: ReturnType<typeof rangeOf>, fields: readonly string[]): void;
  /** Backspace: the range's attribute cells emptied. */
  clear(range: ReturnType<typeof rangeOf>, fields: readonly string[]): void;
  /** Insert (a sibling after the value) or Ctrl+Insert (a child). */
  add(after: DirectoryValue | null, asChild: boolean): void;
  remove(v: DirectoryValue): void;
  indent(v: DirectoryValue, out: boolean): void;
  history(which: 'undo' | 'redo'): void;
  /** Shows so many levels (null: all). */
  levels(n: number | null): void;
  /** Folds or unfolds a value with everything under it. */
  foldAll(v: DirectoryValue, open: boolean): void;
}

/** The rows the page renders the grid with. */
export const DirectoryRowsContext = createContext<readonly DirectoryRowView[]>([]);

let latest: DirectoryGridPage | null = null;

/** The page's latest render, set after each (the keys and the clipboard act on it). */
export function setDirectoryGridPage(p: DirectoryGridPage | null): void {
  latest = p;
}

const noop = () => {};
const EMPTY: DirectoryGridPage = {
  rows: [],
  values: [],
  canEdit: false,
  commit: noop,
  paste: noop,
  fill: noop,
  clear: noop,
  add: noop,
  remove: noop,
  indent: noop,
  history: noop,
  levels: noop,
  foldAll: noop,
};

export const directoryGridHost: GridHost<DirectoryRowView> = makeHost(() => latest ?? EMPTY);

/** The toolbar's "Add value": a new top-level value at the end, as Insert on the blank line. */
export function addTopValue(): void {
  (latest ?? EMPTY).add(null, false);
}

/** Moves the focus to a row (the column kept), the range to that one cell. */
export function focusRow(row: number, col = useDirectoryGrid.getState().selection.focus.col): void {
  const at = { row: Math.max(0, row), col };
  useDirectoryGrid.setState({ selection: { anchor: at, focus: at }, editing: null });
}

function makeHost(page: () => DirectoryGridPage): GridHost<DirectoryRowView> {
  const store = directoryGridStore;
  const { navigate, commitEdit } = hostNavigation(store, () => page().rows.length);
  const focused = () => page().rows[store.get().selection.focus.row] ?? null;
  const startEdit = (initial: string | null) => {
    const p = page();
    const { row, col } = store.get().selection.focus;
    const field = gridFields()[col];
    if (!p.canEdit || !p.rows[row] || !field || field === LINKED) return;
    store.set({ editing: { row, col, initial } });
  };

  const host: GridHost<DirectoryRowView> = {
    gridId: 'directory-grid',
    store,
    useRows() {
      return useContextRows(DirectoryRowsContext);
    },
    keyDown(e) {
      if (store.get().editing) return false;
      const p = page();
      const view = focused();
      const v = view?.value ?? null;
      const mod = e.ctrlKey || e.metaKey;
      if (e.altKey && e.shiftKey && !mod && /^Digit[0-9]$/u.test(e.code)) {
        const n = Number(e.code.slice(5));
        p.levels(n === 0 ? null : n);
        e.preventDefault();
        return true;
      }
      if (mod && !e.altKey && !e.shiftKey && e.key === 'Insert') {
        if (p.canEdit && v) p.add(v, true);
        e.preventDefault();
        return true;
      }
      if (!v || e.altKey || e.shiftKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return false;
      const right = e.key === 'ArrowRight';
      if (mod) {
        p.foldAll(v, right);
        e.preventDefault();
        return true;
      }
      // The code column holds the tree: ← → fold there (→ on an open value goes across).
      const { col } = store.get().selection.focus;
      if (gridFields()[col] !== 'code') return false;
      if (right) {
        if (!view!.hasChildren || view!.expanded) return false;
        host.setExpanded(v.id, true);
      } else if (view!.hasChildren && view!.expanded) host.setExpanded(v.id, false);
      else if (v.parent_id) {
        const row = p.rows.findIndex((r) => r.row.id === v.parent_id);
        if (row >= 0) focusRow(row, col);
      }
      e.preventDefault();
      return true;
    },
    command(id) {
      if (navigate(id)) return true;
      const p = page();
      const v = focused()?.value ?? null;
      const range = rangeOf(store.get().selection);
      switch (id) {
        case 'edit':
          startEdit(null);
          return true;
        case 'clearCells':
          if (p.canEdit) p.clear(range, gridFields());
          return true;
        case 'fillDown':
          if (p.canEdit) p.fill(range, gridFields());
          return true;
        case 'insertRow':
          if (p.canEdit) p.add(v, false);
          return true;
        case 'deleteRows':
          if (p.canEdit && v) p.remove(v);
          return true;
        case 'indent':
        case 'outdent':
          if (p.canEdit && v) p.indent(v, id === 'outdent');
          return true;
        case 'undo':
        case 'redo':
          if (p.canEdit) p.history(id);
          return true;
        case 'expandRow':
        case 'collapseRow':
          if (v) host.setExpanded(v.id, id === 'expandRow');
          return true;
        default:
          return false;
      }
    },
    startEdit,
    commitEdit(text: string, then: EditThen) {
      commitEdit(text, then, (row, c, value) => {
        const view = page().rows[row];
        const field = gridFields()[c];
        if (view && field) page().commit(view, field, value, then === 'down');
      });
    },
    cancelEdit: () => store.set({ editing: null }),
    copyMatrix() {
      const { r0, r1, c0, c1 } = rangeOf(store.get().selection);
      const fields = gridFields().slice(c0, c1 + 1);
      const out: string[][] = [];
      for (const view of page().rows.slice(r0, r1 + 1))
        if (view.value) out.push(fields.map((f) => cellText(view.value!, f)));
      return out;
    },
    paste(matrix) {
      const p = page();
      if (!p.canEdit || matrix.length === 0) return;
      p.paste(matrix, rangeOf(store.get().selection), gridFields());
    },
    clear() {
      const p = page();
      if (p.canEdit) p.clear(rangeOf(store.get().selection), gridFields());
    },
    setExpanded(id, open) {
      const s = useDirectoryGrid.getState();
      const next = new Set(s.collapsed);
      if (open) next.delete(id);
      else next.add(id);
      useDirectoryGrid.setState({ collapsed: next });
    },
  };
  return host;
}

/** A value's text in a column ('code', 'name', 'attr:<key>', 'linked'). */
export function cellText(v: DirectoryValue, field: string): string {
  if (field === 'code') return v.code;
  if (field === 'name') return v.name;
  if (field === LINKED) return v.linked_rows ? String(v.linked_rows) : '';
  const x = v.attribute_values[field.slice(5)];
  return x === null || x === undefined ? '' : String(x);
}

/** The cells of the directory grid. */
export function directoryCells(
  directory: Directory,
  t: (key: string, params?: Record<string, unknown>) => string,
  canEdit: boolean,
): GridCells<DirectoryRowView> {
  const types = new Map(directory.attributes.map((a) => [`attr:${a.key}`, a.type]));
  return {
    treeColumn: 'code',
    align: (id) => (id === LINKED || types.get(id) === 'number' ? 'right' : 'left'),
    readOnly: (id) => !canEdit || id === LINKED,
    text: (view, id) => (view.value ? cellText(view.value, id) : ''),
    rowClass: (v) => (v.hasChildren ? 'wb-row-sum' : v.value ? '' : 'dir-row-new'),
    bold: (v) => v.hasChildren,
    options: () => null,
    label: (id) => columnName(directory, t, id),
    issueText: (issue) => t(issue.messageKey, { value: issue.value, ...issue.params }),
    t,
    same: (a, b) => a.value === b.value,
  };
}

/** A column's header text. */
export function columnName(
  directory: Directory,
  t: (key: string, params?: Record<string, unknown>) => string,
  id: string,
): string {
  if (id === 'code') return t('code');
  if (id === 'name') return t('value_name');
  if (id === LINKED) return t('linked');
  return directory.attributes.find((a) => `attr:${a.key}` === id)?.name ?? id;
}

/** The rows the grid shows: the values in tree order, folded ones' children left out, and (editable) the blank line. */
export function directoryRows(
  values: readonly DirectoryValue[],
  collapsed: ReadonlySet<string>,
  canEdit: boolean,
): DirectoryRowView[] {
  const rows: DirectoryRowView[] = flattenValues(values, collapsed).map((f, index) => ({
    index,
    row: f.value,
    value: f.value,
    level: f.depth,
    hasChildren: f.hasChildren,
    expanded: f.hasChildren && !collapsed.has(f.value.id),
    outline: String(index + 1),
  }));
  if (canEdit) rows.push({ ...blankLine(BLANK_ID, rows.length), value: null });
  return rows;
}
