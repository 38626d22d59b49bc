// Where a day matrix opens, for the pane beside the grid and the node panel's tab alike: its
// first day (two weeks before the project's earliest start) and, the first time, a selection on
// the grid's focused row at that row's start.
import { useEffect, useMemo } from 'react';
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import { rowAt } from '../../state/workbench/data';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { type MatrixSelection, matrixView, useMatrixView } from '../../state/wdp/matrix-view';

/** Days the matrix spans: two years. */
export const DAY_SPAN = 731;

/** The matrix's first day: two weeks before the earliest scheduled start (or today). */
function firstDayOf(): number {
  const s = workbench.get();
  let min = Infinity;
  if (s.schedule) for (const v of s.schedule.es) if (v >= 0 && v < min) min = v;
  const start = Number.isFinite(min)
    ? Math.floor(min / MINUTES_PER_DAY)
    : Math.floor(Date.now() / 86_400_000) - 10_957;
  return Math.max(0, start - 14);
}

/** A selection on the grid's focused row (its matrix row: `rowOf`), at that row's start. */
function initialSel(firstDay: number, rowOf: (visibleIndex: number) => number): MatrixSelection {
  const s = workbench.get();
  const v = rowAt(s, s.selection.focus.row);
  const col = v && Number.isFinite(v.es) ? Math.floor(v.es / MINUTES_PER_DAY) - firstDay : 0;
  const at = {
    row: Math.max(0, rowOf(s.selection.focus.row)),
    col: Math.max(0, Math.min(DAY_SPAN - 1, col)),
  };
  return { anchor: at, focus: at };
}

/**
 * The matrix's first day and the shared selection (made on first use, and again when the matrix
 * shows another version's rows: the project grid's tab on a row of another schedule).
 */
export function useMatrixOpen(
  scope: { versionId: string | null; rowOf: (visibleIndex: number) => number } = {
    versionId: null,
    rowOf: (i) => i,
  },
): { firstDay: number; sel: MatrixSelection } {
  const hasSchedule = useWorkbench((s) => s.schedule !== null);
  const versionId = useWorkbench((s) => s.versionId);
  // Read again when the version or the presence of dates changes, not on every schedule.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const firstDay = useMemo(() => firstDayOf(), [hasSchedule, versionId]);
  const stored = useMatrixView((s) => (s.selVersion === scope.versionId ? s.sel : null));
  const sel = stored ?? initialSel(firstDay, scope.rowOf);
  useEffect(() => {
    const now = matrixView.get();
    if (!now.sel || now.selVersion !== scope.versionId) matrixView.set({ sel, selVersion: scope.versionId });
  }, [sel, scope.versionId]);
  // The selection lives while a matrix (the pane or the tab) shows; the next one to open starts
  // again on the grid's focused row.
  useEffect(() => {
    users++;
    return () => {
      if (--users === 0) matrixView.set({ sel: null, selVersion: null });
    };
  }, []);
  return { firstDay, sel };
}

let users = 0;

export const setMatrixSel = (sel: MatrixSelection): void => matrixView.set({ sel });
