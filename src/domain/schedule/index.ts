// The scheduling engine (critical path method with P6 semantics).
//
// Public API — pure functions, no I/O; the same code runs in a Web Worker and on the server:
//
//   scheduleModel(model: ScheduleModel): ScheduleResult
//     Full schedule with the options stored in model.options (data date, progress mode, lag
//     calendar, float type, critical threshold or longest path, must-finish-by). The result holds
//     typed arrays indexed like model.activities: es, ef, ls, lf (minutes since 2000-01-01 local;
//     remaining early dates for started activities), tf, ff (working minutes on the activity's
//     calendar), critical (0/1), percentComplete (sum nodes: rolled up), driving (0/1 per
//     relation, indexed like model.relations: the relations that set their successor's early
//     start), plus projectFinish, state ('calculated' | 'not_calculated') and
//     errors (a cycle names its activities; nothing is computed from a cyclic network).
//
//   new PreparedSchedule(model)  — incremental use:
//     const p = new PreparedSchedule(model); p.computeFull();
//     p.setDuration(id, minutes) | p.setConstraints(id, constraints, alap) |
//     p.addRelation(rel) | p.removeRelation(relId); const res = p.recompute();
//     recompute() touches only what the edits reach and equals a full recompute.
//     p.relationIds() names the slots of `driving` (a removed relation's slot stays, as '').
//
//   activityResult(result, i) — one activity as a plain object; nextTimetableState() — the
//   spec's not_calculated → in_process → calculated state machine.
//
// Semantics are documented in docs/scheduling.md.

import type { ScheduleModel } from './model';
import { PreparedSchedule } from './prepared';
import type { ScheduleResult } from './result';

export function scheduleModel(model: ScheduleModel): ScheduleResult {
  return new PreparedSchedule(model).computeFull();
}

export {
  dayStartMinutes,
  defaultCalendarOf,
  defaultScheduleOptions,
  versionScheduleOptions,
} from './default-options';
export { PreparedSchedule } from './prepared';
export { activityResult, nextTimetableState } from './result';
export type { ActivityResult, ScheduleError, ScheduleResult, TimetableState } from './result';
export type * from './model';
