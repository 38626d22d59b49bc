// The levelling API's plain data: what the workbench passes in and gets back (structured-clone
// friendly, so it crosses a Web Worker boundary as it is). Units of time are the engine's:
// minutes since 2000-01-01 local, durations in working minutes.

import type { Minutes, ScheduleModel, WorkMinutes } from '../schedule/model';
import type { ScheduleResult } from '../schedule/result';

export interface LevellingResource {
  id: string;
  /** Units available per time unit (the same unit as the assignments' units, e.g. per day). */
  limit: number;
  /** Other limits in periods [from, to); the last one listed wins where they overlap. */
  limits?: { from: Minutes; to: Minutes; limit: number }[];
  /** Level this resource (default true); one that is not levelled neither moves nor blocks anything. */
  level?: boolean;
  /**
   * The resource's own calendar (an id of model.calendars): it offers its limit only in that
   * calendar's working time, as P6's leveller reads availability. None (or an unknown id): always.
   */
  calendarId?: string | null;
}

export interface LevellingAssignment {
  activityId: string;
  resourceId: string;
  /** Units per time unit while the activity works (its average when a curve is given). */
  units: number;
  /** Shares of the work (percent, summing to 100) in equal parts of the duration: a resource curve. */
  curve?: number[];
}

/** Fields a priority order can sort by (P6 "Leveling Priorities", MS Project "Leveling order"). */
export type LevellingPriorityField =
  'total_float' | 'late_start' | 'late_finish' | 'early_start' | 'duration' | 'priority' | 'id';

export interface LevellingPriority {
  field: LevellingPriorityField;
  /** Larger values first (default false; for 'priority' the default is true: a higher priority goes first). */
  descending?: boolean;
}

export interface LevellingOptions {
  /** Delay activities only within their total float: the project finish does not move (default false). */
  withinFloat?: boolean;
  /** With withinFloat: keep at least this much total float (P6 "Preserve minimum total float"). */
  preserveMinFloat?: WorkMinutes;
  /** The order in which activities get the resources (default total float, then late start, then id). */
  priority?: LevellingPriority[];
  /** Which attribute of an activity holds its levelling priority (default 'priority'). */
  priorityAttribute?: string;
  /** Never move a started activity (default true). Completed work and actual dates never move. */
  preserveStarted?: boolean;
  /** Level only activities whose early start falls in [from, to]; the others stay but use resources. */
  period?: { from?: Minutes | null; to?: Minutes | null };
  /** Over-allocation allowed on top of every limit, in percent (P6 "Max percent to over-allocate"). */
  overallocationPct?: number;
  /**
   * Minutes per tick of the levelling time axis, a divisor of 1,440 (default: derived from the data,
   * see docs/levelling.md); a coarser tick is faster and rounds durations and lags up.
   */
  tickMinutes?: number;
  /**
   * Budget of the whole call in milliseconds (default 1,000): the improvement runs for what is
   * left after preparing. 0 gives the single-pass priority result.
   */
  timeMs?: number;
  /** Improvement budget in schedule passes (repeatable results; default unlimited). */
  maxPasses?: number;
  seed?: number;
  clock?: () => number;
}

export interface LevellingInput {
  model: ScheduleModel;
  resources: LevellingResource[];
  assignments: LevellingAssignment[];
}

export interface Overallocation {
  resourceId: string;
  /** Period [from, to) in which the demand exceeds the limit. */
  from: Minutes;
  to: Minutes;
  /** Largest demand in the period and the limit there (units per time unit). */
  peak: number;
  limit: number;
  /** Units above the limit times the hours they last (unit-hours): how much is over. */
  excess: number;
}

export interface LevellingStats {
  /** Activities the levelling could move, and those it delayed. */
  levelled: number;
  delayed: number;
  /** Over-allocations before and after (periods), and whether none is left. */
  overallocationsBefore: number;
  overallocationsAfter: number;
  /** Unit-hours above the limits before and after. */
  excessBefore: number;
  excessAfter: number;
  resolved: boolean;
  projectFinishBefore: Minutes;
  projectFinishAfter: Minutes;
  /** Project finish of the single pass of the priority order (before improvement). */
  projectFinishSinglePass: Minutes;
  tickMinutes: number;
  passes: number;
  ms: number;
}

export interface LevellingResult {
  /** Indexed like model.activities. */
  ids: string[];
  /** Levelled early start and finish (remaining dates for started activities). */
  start: Int32Array;
  finish: Int32Array;
  /** Levelling delay: working minutes on the activity's calendar from its unlevelled to its levelled start. */
  delay: Int32Array;
  /** What to store to keep the levelling: a start-no-earlier date per delayed activity. */
  levelledStarts: Record<string, Minutes>;
  /** The engine's result with the levelled starts applied (floats and critical flags after levelling). */
  schedule: ScheduleResult;
  /** What is still over-allocated (only when within-float levelling or fixed work cannot resolve it). */
  overallocations: Overallocation[];
  stats: LevellingStats;
}
