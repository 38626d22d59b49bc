// What the day matrix shows and where its selection is, shared by the matrix beside the WBS grid
// (the schedule page's ?chart=daily pane) and the node panel's Daily planning tab: the tab's
// tools (distribute, allocate, approve, move a value) act on the cells selected in the pane.
import { create } from 'zustand';
import type { Measure, PlanKind } from '../../domain/wdp';

export interface MatrixCell {
  row: number;
  col: number;
}
export interface MatrixSelection {
  anchor: MatrixCell;
  focus: MatrixCell;
}

export interface MatrixViewState {
  readonly kind: PlanKind;
  readonly measure: Measure;
  /** Null until a matrix first opens (it then starts on the grid's focused row). */
  readonly sel: MatrixSelection | null;
  /** The version whose rows `sel` counts (the project grid's tab shows one version's rows). */
  readonly selVersion: string | null;
  /** Whether the matrix shows beside the grid (the tab then shows only its tools). */
  readonly paneOpen: boolean;
}

export const useMatrixView = create<MatrixViewState>()(() => ({
  kind: 'plan',
  measure: 'volume',
  sel: null,
  selVersion: null,
  paneOpen: false,
}));

export const matrixView = {
  get: (): MatrixViewState => useMatrixView.getState(),
  set: (p: Partial<MatrixViewState>): void => useMatrixView.setState(p),
};
