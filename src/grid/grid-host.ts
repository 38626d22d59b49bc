// What the grid component (Grid.tsx) reads and calls, so that one grid serves more than the
// workbench's WBS rows: a store of the grid's view state (selection, editing, columns, scroll),
// the rows by index, the cells (text, alignment, editor suggestions) and the commands keys and
// the clipboard run. The workbench's host (WbsGrid.tsx) is its store and command registry; the
// Resources screen's (src/modules/resources/resource-grid-host.ts) is a store of its own.

import type { DirectoryChoice } from '../domain/directory/picker';
import type { CellIssue, ColumnId, ColumnLayout, EditingState, Selection } from '../state/workbench/types';

/** The view state the grid reads and writes (the workbench's store has it among the rest). */
export interface GridViewState {
  readonly selection: Selection;
  readonly editing: EditingState;
  readonly issues: ReadonlyMap<string, CellIssue>;
  readonly columns: readonly ColumnLayout[];
  readonly frozen: number;
  readonly rowHeight: number;
  readonly headerHeight: number;
  readonly scrollTop: number;
  readonly viewportHeight: number;
}

/** A zustand store of (at least) the grid's view state. */
export interface GridStore {
  use<T>(selector: (s: GridViewState) => T): T;
  get(): GridViewState;
  set(partial: Partial<GridViewState>): void;
  subscribe(listener: (s: GridViewState) => void): () => void;
}

/** What a grid row shows of its tree place; `row.id` keys the row. */
export interface GridRowView {
  readonly index: number;
  readonly row: { readonly id: string };
  readonly level: number;
  readonly hasChildren: boolean;
  readonly expanded: boolean;
  /** The row header's accessible name (the outline number of a WBS row). */
  readonly outline: string;
}

export type EditThen = 'down' | 'next' | 'prev' | 'none';

/** How the cells of a row read (one object per text context: rows re-render when it changes). */
export interface GridCells<V extends GridRowView> {
  align(id: ColumnId): 'left' | 'right' | 'center';
  readOnly(id: ColumnId): boolean;
  /** The column whose cell is indented by tree level and carries the fold toggle. */
  readonly treeColumn: ColumnId;
  text(view: V, id: ColumnId, mode: 'display' | 'edit' | 'copy'): string;
  /** Row classes beyond wb-row (a summary, a critical row). */
  rowClass(view: V): string;
  /** Classes of one cell beyond the grid's own (a rule violation), or '' (optional). */
  cellClass?(view: V, id: ColumnId): string;
  /** A note on the whole row (a stale cost), shown as the row header's tooltip and read with its name; '' for none (optional). */
  rowNote?(view: V): string;
  /** Bold text (the text fit measures it so). */
  bold(view: V): boolean;
  /** The editor's suggestions: a datalist id and its values, or null. */
  options(view: V, id: ColumnId): { readonly id: string; readonly values: readonly string[] } | null;
  /** A directory's values when the cell is edited in the directory-value picker, else null (optional). */
  choices?(view: V, id: ColumnId): readonly DirectoryChoice[] | null;
  /** What the picker says when a column has no choices at all (optional). */
  noChoices?(id: ColumnId): string;
  /** The editor's accessible name. */
  label(id: ColumnId): string;
  issueText(issue: CellIssue): string;
  t(key: string, params?: Record<string, unknown>): string;
  /** True when two views of the same row show the same (beyond row, index and tree place). */
  same(a: V, b: V): boolean;
}

export interface GridRows<V extends GridRowView> {
  readonly count: number;
  at(index: number): V | null;
}

export interface GridHost<V extends GridRowView> {
  readonly gridId: string;
  readonly store: GridStore;
  /** Subscribes the grid to its rows and answers them: how many, and one by index (a hook). */
  useRows(): GridRows<V>;
  /** Runs a command of the key map (keybindings.ts); false when it is not one of this grid's. */
  command(id: string): boolean;
  /** A key the host takes before the key map (true: handled). */
  keyDown?(e: React.KeyboardEvent): boolean;
  /** Typing on a cell: opens its editor with that text (null: with the cell's text). */
  startEdit(initial: string | null): void;
  commitEdit(text: string, then: EditThen): void;
  cancelEdit(): void;
  copyMatrix(): string[][];
  paste(matrix: string[][]): void;
  /** Cut's second half: clears the range. */
  clear(): void;
  setExpanded(id: string, open: boolean): void;
}
