// The estimate on the workbench's grid (src/grid/Grid.tsx; issue 28: one grid, not a second one):
// the host that gives the grid an estimate's tree as rows (sections foldable, a blank line at the
// end where typing or a paste adds positions), their cells (the node's fields, its WBS row's code
// and its total from the computed list) and the commands of the grid's key map that an estimate
// has: moves and ranges, edit, clear, fill down, Insert, undo and redo (the server's), fold.
// Writes are the page's (CostrPage.tsx: one `edit` call, one server undo step, per command).

import { createContext } from 'react';
import { blankLine, useContextRows } from '../../grid/host-rows';
import type { CostNode } from '../../domain/costr';
import type { EditThen, GridCells, GridHost, GridRowView, GridStore } from '../../grid/grid-host';
import { displayedColumns } from '../../state/workbench/columns';
import { hostNavigation } from '../../grid/host-navigation';
import { useCostrGrid, type CostrCol } from '../../state/costr/grid';
import { rangeOf, type CellIssue } from '../../state/workbench/types';

export { COSTR_COLUMNS, resetCostrGrid, useCostrGrid, type CostrCol } from '../../state/costr/grid';

const NUMERIC = new Set<string>([
  'quantity',
  'labourPrice',
  'machinesPrice',
  'materialsPrice',
  'labourHours',
  'total',
]);

/** The blank line after the last row: typing or pasting there adds positions. */
export const BLANK_ID = 'costr-new-line';

export interface CostrRowView extends GridRowView {
  /** The node, or null on the blank line. */
  readonly node: CostNode | null;
}

export const costrGridStore: GridStore = {
  use: (selector) => useCostrGrid(selector),
  get: () => useCostrGrid.getState(),
  set: (p) => useCostrGrid.setState(p),
  subscribe: (l) => useCostrGrid.subscribe(l),
};

/** The columns as displayed (a moved or hidden column moves the paste's columns with it). */
export function costrColumns(): CostrCol[] {
  return displayedColumns(useCostrGrid.getState().columns).map((c) => c.id as CostrCol);
}

/** What the host reads of the page on every call (its latest render). */
export interface CostrGridPage {
  readonly rows: readonly CostrRowView[];
  readonly canEdit: boolean;
  /** The text a cell is edited and copied with. */
  text(view: CostrRowView, col: CostrCol): string;
  /** A typed cell: changes the node, or on the blank line adds a position. */
  commit(view: CostrRowView, col: CostrCol, text: string): void;
  /**
   * A matrix written at `at` over the displayed `columns` (a paste, a fill, a clear): one edit,
   * refused cells marked, the rest kept.
   */
  write(
    matrix: string[][],
    at: { row: number; col: number },
    columns: readonly CostrCol[],
    label: 'paste' | 'fill' | 'clear',
  ): void;
  /** Insert: a new position under the selected row's section. */
  add(): void;
  undo(): void;
  redo(): void;
}

/** The rows the page renders the grid with. */
export const CostrRowsContext = createContext<readonly CostrRowView[]>([]);

let latest: CostrGridPage | null = null;

/** The page's latest render, set after each (the keys and the clipboard act on it). */
export function setCostrGridPage(p: CostrGridPage | null): void {
  latest = p;
}

const EMPTY: CostrGridPage = {
  rows: [],
  canEdit: false,
  text: () => '',
  commit: () => {},
  write: () => {},
  add: () => {},
  undo: () => {},
  redo: () => {},
};

/** The grid's host on the page's rows and writes. */
export const costrGridHost: GridHost<CostrRowView> = makeCostrHost(() => latest ?? EMPTY);

export function makeCostrHost(page: () => CostrGridPage): GridHost<CostrRowView> {
  const store = costrGridStore;
  const { navigate, commitEdit } = hostNavigation(store, () => page().rows.length);
  /** The selected range without the blank line (a clear or a fill adds nothing). */
  const range = () => {
    const r = rangeOf(store.get().selection);
    const nodes = page().rows.filter((v) => v.node).length;
    return { ...r, r1: Math.min(r.r1, nodes - 1) };
  };
  const startEdit = (initial: string | null) => {
    const p = page();
    const { row, col } = store.get().selection.focus;
    const c = costrColumns()[col];
    if (!p.canEdit || !p.rows[row] || !c || c === 'total') return;
    store.set({ editing: { row, col, initial } });
  };
  const fillDown = () => {
    const p = page();
    const { r0, r1, c0, c1 } = range();
    if (!p.canEdit || r1 <= r0) return;
    const cols = costrColumns().slice(c0, c1 + 1);
    const top = p.rows[r0]!;
    const line = cols.map((c) => p.text(top, c));
    const matrix = Array.from({ length: r1 - r0 }, () => [...line]);
    p.write(matrix, { row: r0 + 1, col: c0 }, costrColumns(), 'fill');
  };

  const host: GridHost<CostrRowView> = {
    gridId: 'costr-grid',
    store,
    useRows() {
      return useContextRows(CostrRowsContext);
    },
    keyDown(e) {
      // Delete empties the cells, as it did on this screen and does in a spreadsheet (the
      // toolbar's Delete removes rows).
      if (e.key !== 'Delete' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
      if (store.get().editing) return false;
      e.preventDefault();
      if (page().canEdit) host.clear();
      return true;
    },
    command(id) {
      if (navigate(id)) return true;
      const p = page();
      const sel = store.get().selection;
      switch (id) {
        case 'edit':
          startEdit(null);
          return true;
        case 'clearCells':
          if (p.canEdit) host.clear();
          return true;
        case 'fillDown':
          fillDown();
          return true;
        case 'insertRow':
          if (p.canEdit) p.add();
          return true;
        case 'undo':
          p.undo();
          return true;
        case 'redo':
          p.redo();
          return true;
        case 'expandRow':
        case 'collapseRow': {
          const v = p.rows[sel.focus.row];
          if (v?.hasChildren) host.setExpanded(v.row.id, id === 'expandRow');
          return true;
        }
        default:
          return false;
      }
    },
    startEdit,
    commitEdit(text: string, then: EditThen) {
      commitEdit(text, then, (row, c, value) => {
        const view = page().rows[row];
        const col = costrColumns()[c];
        if (view && col) page().commit(view, col, value);
      });
    },
    cancelEdit: () => store.set({ editing: null }),
    copyMatrix() {
      const { r0, r1, c0, c1 } = rangeOf(store.get().selection);
      const cols = costrColumns().slice(c0, c1 + 1);
      const p = page();
      return p.rows
        .slice(r0, r1 + 1)
        .filter((v) => v.node)
        .map((v) => cols.map((c) => p.text(v, c)));
    },
    paste(matrix) {
      const p = page();
      if (!p.canEdit || matrix.length === 0) return;
      p.write(matrix, store.get().selection.focus, costrColumns(), 'paste');
    },
    clear() {
      const p = page();
      const { r0, r1, c0, c1 } = range();
      if (!p.canEdit || r1 < r0) return;
      const matrix = Array.from({ length: r1 - r0 + 1 }, () => Array<string>(c1 - c0 + 1).fill(''));
      p.write(matrix, { row: r0, col: c0 }, costrColumns(), 'clear');
    },
    setExpanded(id, open) {
      const next = new Set(useCostrGrid.getState().collapsed);
      if (open) next.delete(id);
      else next.add(id);
      useCostrGrid.setState({ collapsed: next });
    },
  };
  return host;
}

/** What a cell shows beside the node's fields. */
export interface CostrCellData {
  /** A position's or a section's final total (decimal text). */
  total(node: CostNode): string;
  /** The linked WBS row's code ('?' when the row is gone). */
  wbsCode(node: CostNode): string;
  /** Cells with a compliance violation: `${node id}:${field}`. */
  readonly violated: ReadonlySet<string>;
}

/** The text of a cell (display, edit and copy read the same). */
export function costrCellText(node: CostNode | null, col: CostrCol, data: CostrCellData): string {
  if (!node) return '';
  if (col === 'total') return data.total(node);
  if (col === 'wbs') return node.wbsItemId ? data.wbsCode(node) : '';
  return node[col];
}

/** The cells of the estimate grid. */
export function costrCells(
  data: CostrCellData,
  t: (key: string, params?: Record<string, unknown>) => string,
  measures: readonly string[],
  canEdit: boolean,
): GridCells<CostrRowView> {
  return {
    treeColumn: 'name',
    align: (id) => (NUMERIC.has(id) ? 'right' : 'left'),
    readOnly: (id) => !canEdit || id === 'total',
    text: (view, id) => costrCellText(view.node, id as CostrCol, data),
    rowClass: (v) => (v.node?.kind === 'section' ? 'wb-row-sum' : v.node ? '' : 'costr-row-new'),
    bold: (v) => v.node?.kind === 'section',
    cellClass: (v, id) => (v.node && data.violated.has(`${v.node.id}:${id}`) ? 'costr-cell-violation' : ''),
    options: (_v, id) => (id === 'measure' ? { id: 'costr-measure-options', values: measures } : null),
    label: (id) => t(`cols.${id}`),
    issueText: (issue: CellIssue) =>
      issue.value ? `${issue.value} — ${t(issue.messageKey)}` : t(issue.messageKey),
    t,
    same: (a, b) => a.node === b.node,
  };
}

/** The rows the grid shows: the tree in order (folded sections' contents left out), then the blank line. */
export function costrRows(
  flat: readonly { node: CostNode; depth: number }[],
  parents: ReadonlySet<string>,
  collapsed: ReadonlySet<string>,
  canEdit: boolean,
): CostrRowView[] {
  const rows: CostrRowView[] = flat.map((f, i) => {
    const hasChildren = parents.has(f.node.id);
    return {
      index: i,
      row: f.node,
      node: f.node,
      level: f.depth,
      hasChildren,
      expanded: hasChildren && !collapsed.has(f.node.id),
      outline: f.node.code || String(i + 1),
    };
  });
  if (canEdit) rows.push({ ...blankLine(BLANK_ID, rows.length), node: null });
  return rows;
}
