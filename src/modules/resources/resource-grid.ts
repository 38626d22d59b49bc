// The Resources screen on the workbench's grid (src/grid/Grid.tsx): the host that gives the grid
// the space's resources as rows (tree order, groups foldable, a blank line at the end of an
// editable list where typing or a paste adds resources), their cells (src/domain/resources
// columns.ts: what a cell shows and how a typed or pasted text reads) and the commands of the
// grid's key map that a resource list has: moves and ranges, edit, clear, Insert, Delete, fold,
// undo and redo (the server-kept history of the member's resource edits).
// Writes are the page's (the resource API calls: update, create, batch, delete).

import { createContext } from 'react';
import { blankLine, useContextRows } from '../../grid/host-rows';
import type { Resource } from '../../api/resources';
import { cellText, type CellLabels, type ResourceColumn } from '../../domain/resources';
import type { EditThen, GridCells, GridHost, GridRowView, GridStore } from '../../grid/grid-host';
import { displayedColumns } from '../../state/workbench/columns';
import { hostNavigation } from '../../grid/host-navigation';
import { rangeOf } from '../../state/workbench/types';
import { useResourceGrid, useResources } from '../../state/resources/store';

/** The blank line after the last resource: typing or pasting there adds resources. */
export const BLANK_ID = 'resources-new-line';

export interface ResourceRowView extends GridRowView {
  /** The resource, or null on the blank line. */
  readonly resource: Resource | null;
}

/** What the host reads of the page on every call (its latest render). */
export interface ResourceGridPage {
  readonly rows: readonly ResourceRowView[];
  readonly canEdit: boolean;
  readonly labels: CellLabels;
  /** A typed cell: changes the resource, or on the blank line creates one. */
  commit(view: ResourceRowView, col: ResourceColumn, text: string): void;
  /** A matrix pasted at the focused cell, columns as displayed. */
  paste(matrix: string[][], at: { row: number; col: number }, columns: readonly ResourceColumn[]): void;
  /** Empties the cells of a range (as Backspace in a spreadsheet). */
  clear(resources: readonly Resource[], columns: readonly ResourceColumn[]): void;
  /** Insert: a new resource, its name typed next. */
  add(): void;
  /** Delete: the resources after confirmation. */
  remove(resources: readonly Resource[]): void;
  /** Ctrl+Z / Ctrl+Y: the member's server-kept history of resource edits. */
  history(which: 'undo' | 'redo'): void;
}

export const resourceGridStore: GridStore = {
  use: (selector) => useResourceGrid(selector),
  get: () => useResourceGrid.getState(),
  set: (p) => useResourceGrid.setState(p),
  subscribe: (l) => useResourceGrid.subscribe(l),
};

function columnsOf(): ResourceColumn[] {
  return displayedColumns(useResourceGrid.getState().columns).map((c) => c.id as ResourceColumn);
}

/** The rows the page renders the grid with. */
export const ResourceRowsContext = createContext<readonly ResourceRowView[]>([]);

let latest: ResourceGridPage | null = null;

/** The page's latest render, set after each (the keys and the clipboard act on it). */
export function setResourceGridPage(p: ResourceGridPage | null): void {
  latest = p;
}

const EMPTY: ResourceGridPage = {
  rows: [],
  canEdit: false,
  labels: { kind: (k) => k, type: (x) => x, calendarName: () => undefined, calendars: [] },
  commit: () => {},
  paste: () => {},
  clear: () => {},
  add: () => {},
  remove: () => {},
  history: () => {},
};

/** The grid's host on the page's rows and writes. */
export const resourceGridHost: GridHost<ResourceRowView> = makeHost(() => latest ?? EMPTY);

function makeHost(page: () => ResourceGridPage): GridHost<ResourceRowView> {
  const store = resourceGridStore;
  const { navigate, commitEdit } = hostNavigation(store, () => page().rows.length);
  const rangeResources = () => {
    const { r0, r1 } = rangeOf(store.get().selection);
    return page()
      .rows.slice(r0, r1 + 1)
      .flatMap((v) => (v.resource ? [v.resource] : []));
  };
  const fold = (open: boolean) => {
    const v = page().rows[store.get().selection.focus.row];
    if (v?.hasChildren) host.setExpanded(v.row.id, open);
  };
  const startEdit = (initial: string | null) => {
    const p = page();
    const { row, col } = store.get().selection.focus;
    if (!p.canEdit || !p.rows[row] || !columnsOf()[col]) return;
    store.set({ editing: { row, col, initial } });
  };

  const host: GridHost<ResourceRowView> = {
    gridId: 'resources-grid',
    store,
    useRows() {
      return useContextRows(ResourceRowsContext);
    },
    keyDown(e) {
      // Keys typed while a new resource is on its way (Insert, "Add resource") are its name.
      const pending = useResources.getState().pending;
      if (pending === null) return false;
      const k = e.key;
      if (k.length === 1 && !e.ctrlKey && !e.metaKey) useResources.setState({ pending: pending + k });
      else if (k === 'Backspace') useResources.setState({ pending: pending.slice(0, -1) });
      e.preventDefault();
      return true;
    },
    command(id) {
      if (navigate(id)) return true;
      const p = page();
      switch (id) {
        case 'edit':
          startEdit(null);
          return true;
        case 'clearCells':
          if (p.canEdit) host.clear();
          return true;
        case 'insertRow':
          if (p.canEdit) p.add();
          return true;
        case 'deleteRows': {
          const picked = rangeResources();
          if (p.canEdit && picked.length > 0) p.remove(picked);
          return true;
        }
        case 'undo':
        case 'redo':
          if (p.canEdit) p.history(id);
          return true;
        case 'expandRow':
        case 'collapseRow':
          fold(id === 'expandRow');
          return true;
        default:
          // Not a resource list's (undo, links, the Gantt's): the key is left to the page.
          return false;
      }
    },
    startEdit,
    commitEdit(text: string, then: EditThen) {
      commitEdit(text, then, (row, c, value) => {
        const view = page().rows[row];
        const col = columnsOf()[c];
        if (view && col) page().commit(view, col, value);
      });
    },
    cancelEdit: () => store.set({ editing: null }),
    copyMatrix() {
      const { r0, r1, c0, c1 } = rangeOf(store.get().selection);
      const cols = columnsOf().slice(c0, c1 + 1);
      const { rows, labels } = page();
      const out: string[][] = [];
      for (const v of rows.slice(r0, r1 + 1)) {
        const r = v.resource;
        if (r) out.push(cols.map((c) => cellText(r, c, labels)));
      }
      return out;
    },
    paste(matrix) {
      const p = page();
      if (!p.canEdit || matrix.length === 0) return;
      p.paste(matrix, store.get().selection.focus, columnsOf());
    },
    clear() {
      const { c0, c1 } = rangeOf(store.get().selection);
      page().clear(rangeResources(), columnsOf().slice(c0, c1 + 1));
    },
    setExpanded(id, open) {
      const s = useResourceGrid.getState();
      const next = new Set(s.collapsed);
      if (open) next.delete(id);
      else next.add(id);
      useResourceGrid.setState({ collapsed: next });
    },
  };
  return host;
}

const NUMERIC = new Set<string>(['price', 'default_limit']);

/** The cells of the resources grid: the texts of src/domain/resources/columns.ts. */
export function resourceCells(
  labels: CellLabels,
  t: (key: string, params?: Record<string, unknown>) => string,
  options: { kinds: readonly string[]; types: readonly string[] },
  canEdit: boolean,
): GridCells<ResourceRowView> {
  return {
    treeColumn: 'name',
    align: (id) => (NUMERIC.has(id) ? 'right' : 'left'),
    readOnly: () => !canEdit,
    text(view, id, mode) {
      const r = view.resource;
      if (!r) return '';
      // A group (a resource with members) left at 0 shows no price or limit, as a heading would.
      if (mode === 'display' && view.hasChildren && NUMERIC.has(id) && r[id as 'price'] === 0) return '';
      return cellText(r, id as ResourceColumn, labels);
    },
    rowClass: (v) => (v.hasChildren ? 'wb-row-sum' : v.resource ? '' : 'res-row-new'),
    bold: (v) => v.hasChildren,
    options(_v, id) {
      if (id === 'kind') return { id: 'res-kind-options', values: options.kinds };
      if (id === 'resource_type') return { id: 'res-type-options', values: options.types };
      if (id === 'calendar_id')
        return { id: 'res-calendar-options', values: labels.calendars.map((c) => c.name) };
      return null;
    },
    label: (id) => t(`cols.${id}`),
    issueText: (issue) => t(issue.messageKey, { value: issue.value, ...issue.params }),
    t,
    same: (a, b) => a.resource === b.resource,
  };
}

/**
 * The rows the grid shows: the resources in tree order, members of a folded group left out, and
 * (editable) the blank line.
 */
export function resourceRows(
  items: readonly Resource[],
  depth: ReadonlyMap<string, number>,
  collapsed: ReadonlySet<string>,
  canEdit: boolean,
): ResourceRowView[] {
  const groups = new Set(items.map((r) => r.parent_id).filter((id) => id !== null));
  const hidden = new Set<string>();
  const rows: ResourceRowView[] = [];
  for (const r of items) {
    if (r.parent_id && (hidden.has(r.parent_id) || collapsed.has(r.parent_id))) {
      hidden.add(r.id);
      continue;
    }
    const hasChildren = groups.has(r.id);
    rows.push({
      index: rows.length,
      row: r,
      resource: r,
      level: depth.get(r.id) ?? 0,
      hasChildren,
      expanded: hasChildren && !collapsed.has(r.id),
      outline: String(rows.length + 1),
    });
  }
  if (canEdit) rows.push({ ...blankLine(BLANK_ID, rows.length), resource: null });
  return rows;
}
