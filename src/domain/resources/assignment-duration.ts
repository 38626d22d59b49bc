// A resource-dependent row's duration following its assignments (issue 17): each edit of an
// assignment (save, update, delete, and their undo/redo as logged) brings the row's duration and
// remaining duration with it, by the rule of "Durations from assignments" (remaining.ts):
// remaining = max over rated assignments of remaining quantity ÷ (rate × intensity) working days;
// an unstarted row takes it as its duration too. P6's duration types: a Resource Dependent (and
// Fixed Units / Fixed Units/Time) activity's duration follows its units and rates; a Fixed Duration
// activity keeps its duration and the units change instead — here every row that is not marked
// resource dependent keeps its own.
import type { NodeType, WbsRow } from '../wbs/types';
import { keptRemaining } from '../wbs/progress';
import { remainingByIntensity } from './remaining';
import type { RatedAssignment } from './remaining';

/** The row fields the rule reads (WbsRow's), and whether it is resource dependent. */
export type DurationRow = Pick<
  WbsRow,
  'nodeType' | 'calendarId' | 'duration' | 'percentComplete' | 'actualStart' | 'actualFinish'
> & {
  /** The kept remaining duration (WbsRow.remaining); null or absent = derived. */
  readonly remaining?: number | null;
  /** P6's Resource Dependent activity type (the row's item extras kind 'resource'). */
  readonly resourceDependent: boolean;
};

/** What the row becomes: its duration and kept remaining duration (WbsRow's fields). */
export interface FollowedDuration {
  duration: number;
  /** The kept remaining (null = what percent complete leaves of the duration). */
  remaining: number | null;
  /** The remaining duration itself (wbs_items.remaining). */
  remainingMinutes: number;
}

const DRIVEN: readonly NodeType[] = ['task', 'work'];

/**
 * The duration a row takes from its assignments, or null when it keeps its own: not resource
 * dependent, not a task or work, finished, no assignment with a rate, or nothing changes.
 */
export function durationFromAssignments(
  row: DurationRow,
  assignments: readonly RatedAssignment[],
  hoursPerDay: number,
): FollowedDuration | null {
  if (!row.resourceDependent || !DRIVEN.includes(row.nodeType) || row.actualFinish !== null) return null;
  const minutes = remainingByIntensity(assignments, row.percentComplete, hoursPerDay);
  if (minutes === null) return null;
  const duration = row.actualStart === null ? minutes : row.duration;
  const remaining = keptRemaining({ ...row, duration, remaining: null }, minutes);
  if (duration === row.duration && remaining === (row.remaining ?? null)) return null;
  return { duration, remaining, remainingMinutes: minutes };
}
