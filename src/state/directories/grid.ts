// The view state of the Directories screen's values grid (the workbench's grid, src/grid):
// selection, the cell being edited, columns, scroll and the folded values. The screen's host
// (src/modules/directories/directory-grid.ts) reads and writes it.
import { create } from 'zustand';
import type { GridViewState } from '../../grid/grid-host';
import type { ColumnLayout } from '../workbench/types';

export interface DirectoryGridState extends GridViewState {
  /** Values whose children are hidden. */
  readonly collapsed: ReadonlySet<string>;
}

function initial(): DirectoryGridState {
  return {
    selection: { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } },
    editing: null,
    issues: new Map(),
    columns: [],
    frozen: 1,
    rowHeight: 28,
    headerHeight: 32,
    scrollTop: 0,
    viewportHeight: 400,
    collapsed: new Set(),
  };
}

export const useDirectoryGrid = create<DirectoryGridState>()(() => initial());

/** Another directory shown: these columns, nothing folded, the focus on the first cell. */
export function resetGrid(columns: readonly ColumnLayout[]): void {
  useDirectoryGrid.setState({ ...initial(), columns });
}
