// The engine's last result as the store keeps it: typed arrays indexed by engine position, plus
// the id → position map. Derived data (STYLE 5): never in history, never sent to the server.

import type { MergedDates } from '../../domain/project-grid/merge';

export interface ScheduleSnapshot {
  /** Data revision the result was computed for. */
  readonly revision: number;
  readonly position: ReadonlyMap<string, number>;
  readonly es: Int32Array;
  readonly ef: Int32Array;
  readonly ls: Int32Array;
  readonly lf: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  /** Start and finish float; absent for the server's stored dates (it keeps total and free). */
  readonly startFloat?: Int32Array;
  readonly finishFloat?: Int32Array;
  readonly critical: Uint8Array;
  /**
   * Driving relations (P6's "Driving": those that set the successor's early start): for the
   * activity at position i, the positions of the predecessors whose link to it drives are
   * drivingPred[drivingStart[i] … drivingStart[i + 1]). Absent when not known (stored dates).
   */
  readonly drivingStart?: Int32Array;
  readonly drivingPred?: Int32Array;
  /** Percent complete: a row's own, a summary's rolled up (planned-duration weighted). */
  readonly percentComplete?: Float32Array;
  readonly projectFinish: number;
  /** Milliseconds the engine took. */
  readonly ms: number;
}

/**
 * Whether the link pred → succ drives succ's early start; null when the schedule does not say
 * (no result yet, the stored dates of an open, or a link the engine does not schedule).
 */
export function isDriving(s: ScheduleSnapshot | null, predId: string, succId: string): boolean | null {
  const start = s?.drivingStart;
  const preds = s?.drivingPred;
  if (!s || !start || !preds) return null;
  const p = s.position.get(predId);
  const i = s.position.get(succId);
  if (p === undefined || i === undefined || i + 1 >= start.length) return null;
  for (let k = start[i]!; k < start[i + 1]!; k++) if (preds[k] === p) return true;
  return false;
}

/** The store's snapshot of the project grid's merged dates, for data revision `revision`. */
export function snapshotOf(d: MergedDates, revision: number, ms: number): ScheduleSnapshot {
  return {
    revision,
    position: new Map(d.ids.map((id, i) => [id, i])),
    es: d.es,
    ef: d.ef,
    ls: d.ls,
    lf: d.lf,
    tf: d.tf,
    ff: d.ff,
    critical: d.critical,
    percentComplete: d.percentComplete,
    projectFinish: d.projectFinish,
    ms,
  };
}
