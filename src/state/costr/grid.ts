// The Estimates screen's grid view state (the workbench's grid, src/grid: selection, the cell
// being edited, per-cell marks, columns, folded sections); the host is src/modules/costr/costr-grid.ts.
import { create } from 'zustand';
import type { GridViewState } from '../../grid/grid-host';

/** The grid's columns: the node's fields, the linked WBS row's code and the position's total. */
export const COSTR_COLUMNS = [
  { id: 'code', width: 90 },
  { id: 'name', width: 260 },
  { id: 'measure', width: 90 },
  { id: 'quantity', width: 90 },
  { id: 'labourPrice', width: 130 },
  { id: 'machinesPrice', width: 130 },
  { id: 'materialsPrice', width: 140 },
  { id: 'labourHours', width: 110 },
  { id: 'wbs', width: 120 },
  { id: 'total', width: 110 },
  { id: 'notes', width: 200 },
] as const;
export type CostrCol = (typeof COSTR_COLUMNS)[number]['id'];
export interface CostrGridState extends GridViewState {
  /** Sections whose contents are hidden. */
  readonly collapsed: ReadonlySet<string>;
}

function gridInitial(): CostrGridState {
  return {
    selection: { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } },
    editing: null,
    issues: new Map(),
    columns: COSTR_COLUMNS.map((c) => ({ id: c.id, width: c.width, visible: true })),
    frozen: 2,
    rowHeight: 28,
    headerHeight: 32,
    scrollTop: 0,
    viewportHeight: 500,
    collapsed: new Set(),
  };
}

/** The estimate grid's view state (the grid's GridStore). */
export const useCostrGrid = create<CostrGridState>()(() => gridInitial());

/** Another estimate: a fresh selection, no marks, every section open (the column layout stays). */
export function resetCostrGrid(): void {
  useCostrGrid.setState({ ...gridInitial(), columns: useCostrGrid.getState().columns });
}
