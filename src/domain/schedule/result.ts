// What the engine hands back: one typed array per field (cheap to transfer from a Web Worker),
// indexed like the model's activities, plus errors. Derived data only: never stored as input.

import type { Minutes, WorkMinutes } from './model';

/** The timetable calculation state of spec §4 (0 not_calculated, 2 in_process, 1 calculated). */
export type TimetableState = 'not_calculated' | 'in_process' | 'calculated';

/** not_calculated → in_process → calculated; an edit sends a calculated timetable back to the start. */
export function nextTimetableState(
  state: TimetableState,
  event: 'start' | 'finish' | 'edit',
): TimetableState {
  if (event === 'edit') return 'not_calculated';
  if (event === 'start') return 'in_process';
  return state === 'in_process' ? 'calculated' : state;
}

export interface ScheduleError {
  code: 'schedule.cycle';
  /** Ids of the activities in the cycle, in link order. */
  activities: string[];
  message: string;
}

export interface ScheduleResult {
  state: TimetableState;
  ids: string[];
  /** Early/late start and finish, minutes since 2000 (remaining dates for started activities). */
  es: Int32Array;
  ef: Int32Array;
  ls: Int32Array;
  lf: Int32Array;
  /** Total and free float in working minutes on the activity's calendar. */
  tf: Int32Array;
  ff: Int32Array;
  /**
   * Start float (late start − early start) and finish float (late finish − early finish), working
   * minutes on the activity's calendar; tf is the one the project's float type names (or the
   * smaller). They differ for a level of effort. 0 for completed and external activities; a
   * summary (WBS node or WBS summary activity) carries its total float in both.
   */
  startFloat: Int32Array;
  finishFloat: Int32Array;
  critical: Uint8Array;
  /**
   * Per relation, indexed like model.relations (a PreparedSchedule's: in the order given and
   * added, a removed relation's slot kept at 0; see relationIds()): 1 where the relation drives its
   * successor's early start (P6's "Driving"): its bound is that date; ties are all driving. 0 for
   * relations the engine does not schedule and those into completed or fixed activities.
   */
  driving: Uint8Array;
  /** Percent complete: the activity's own, or for a sum node the planned-duration-weighted roll-up. */
  percentComplete: Float32Array;
  /** Latest early finish of the open activities. */
  projectFinish: Minutes;
  errors: ScheduleError[];
}

export interface ActivityResult {
  id: string;
  es: Minutes;
  ef: Minutes;
  ls: Minutes;
  lf: Minutes;
  tf: WorkMinutes;
  ff: WorkMinutes;
  critical: boolean;
}

/** One activity's result as a plain object (for UIs and JSON). */
export function activityResult(res: ScheduleResult, i: number): ActivityResult {
  return {
    id: res.ids[i],
    es: res.es[i],
    ef: res.ef[i],
    ls: res.ls[i],
    lf: res.lf[i],
    tf: res.tf[i],
    ff: res.ff[i],
    critical: res.critical[i] === 1,
  };
}
