// Progress of a row as P6's duration percent complete: percent complete, the planned (original)
// duration, the remaining duration and the actual dates say the same thing.
//
//   remaining = duration × (100 − percent) / 100, and 0 once the activity has an actual finish;
//   work done lies before the data date, remaining work is scheduled from the data date.
//
// P6 asks for an actual start when progress is entered; here the edit sets it (settleProgress):
// the start the activity had, moved back so that the work done ends at the data date (a row not
// yet started never starts before the data date, so this is data date − work done, on the row's
// calendar). At 100 % it also gets an actual finish, no later than the data date. 0 % makes it
// not started again (its actual dates are cleared, as MS Project does). An actual start the edit
// placed itself follows later percent or duration edits; one typed by the user stays.
// Rows that carry progress without actual dates (a paste, an import, the server) are scheduled
// as if they had the implied ones (impliedActuals), so the result is the same either way.
//
// An import may store a remaining duration of its own (P6's remaining duration, which follows
// physical or units % complete, not duration % complete): the row keeps it (WbsRow.remaining)
// until its duration, percent complete, actual finish or type is edited; then the rule above
// applies again (releaseRemaining, run by every change: change.ts).

import type { Draft } from 'immer';
import type { CalendarIndex } from '../calendar/calendar-index';
import type { Minutes, WorkMinutes } from '../schedule/model';
import type { NodeType, WbsRow } from './types';

/** The version's working time: what progress edits and date-only start/finish entries need. */
export interface WorkTimeContext {
  /** The version's data date. */
  readonly dataDate: Minutes;
  /** The working time of a row's calendar (null = the version's default calendar). */
  calendar(calendarId: string | null): CalendarIndex;
}

type ProgressRow = Pick<
  WbsRow,
  'nodeType' | 'calendarId' | 'duration' | 'percentComplete' | 'actualStart' | 'actualFinish'
> & {
  /** The kept remaining duration (WbsRow.remaining); null or absent = derived. */
  readonly remaining?: WorkMinutes | null;
};

const isMilestone = (t: NodeType) => t === 'milestone_start' || t === 'milestone_finish';

/** The planned duration the engine schedules: 0 for milestones and sums. */
export function plannedDuration(row: Pick<WbsRow, 'nodeType' | 'duration'>): WorkMinutes {
  return isMilestone(row.nodeType) || row.nodeType === 'sum' ? 0 : row.duration;
}

/** What percent complete leaves of the planned duration (no kept value, not finished). */
function derivedRemaining(row: ProgressRow): WorkMinutes {
  const d = plannedDuration(row);
  const p = Math.min(100, Math.max(0, row.percentComplete));
  return Math.round((d * (100 - p)) / 100);
}

/** Whether a row has remaining work to speak of: 0 once finished, and for milestones and sums. */
const hasRemaining = (row: ProgressRow) =>
  row.actualFinish === null && !isMilestone(row.nodeType) && row.nodeType !== 'sum';

/**
 * Remaining duration: the one the row keeps (an import's), else what percent complete leaves of
 * the planned duration; 0 once finished, and for milestones and summaries.
 */
export function remainingDuration(row: ProgressRow): WorkMinutes {
  if (!hasRemaining(row)) return 0;
  if (row.remaining !== null && row.remaining !== undefined) return row.remaining;
  return derivedRemaining(row);
}

/**
 * The remaining duration a row keeps of a stored one (the server's wbs_items.remaining): null
 * when it says what the row's progress says anyway, so only an import's own value is kept.
 */
export function keptRemaining(row: ProgressRow, stored: WorkMinutes): WorkMinutes | null {
  return hasRemaining(row) && stored !== derivedRemaining(row) ? stored : null;
}

/** Fields whose edit ends a kept remaining duration (the server settles the same columns). */
export const REMAINING_INPUTS = ['nodeType', 'duration', 'percentComplete', 'actualFinish'] as const;

/**
 * After a change of a row (`before` → `row`): a kept remaining duration goes (null: derived again)
 * when its duration, percent complete, actual finish or type changed, unless the change set the
 * remaining itself. Returns whether it went.
 */
export function releaseRemaining(row: WbsRow, before: WbsRow): boolean {
  if (row.remaining === null || row.remaining === undefined || row.remaining !== before.remaining)
    return false;
  if (REMAINING_INPUTS.every((f) => row[f] === before[f])) return false;
  row.remaining = null;
  return true;
}

/** The start of `done` working minutes that end at the data date. */
function startBefore(cal: CalendarIndex, dataDate: Minutes, done: WorkMinutes): Minutes {
  return cal.startAt(cal.workAt(dataDate) - done);
}

/** Where an actual start implied by `row`'s progress lies (see the file comment). */
function impliedStart(row: ProgressRow, cal: CalendarIndex, dataDate: Minutes): Minutes {
  const w = cal.workAt(dataDate);
  if (row.nodeType === 'milestone_finish') return cal.finishAt(w);
  return startBefore(cal, dataDate, plannedDuration(row) - remainingDuration(row));
}

/** An actual finish after `start` for a complete row: start + duration, no later than the data date. */
function impliedFinish(row: ProgressRow, start: Minutes, cal: CalendarIndex, dataDate: Minutes): Minutes {
  const d = plannedDuration(row);
  if (d === 0) return start;
  const f = Math.min(cal.finishAt(cal.workAt(start) + d), cal.finishAt(cal.workAt(dataDate)));
  return Math.max(start, f);
}

/**
 * The actual dates a row is scheduled with: its own, or those its percent complete implies when
 * it has none (a row with progress has started; at 100 % it has finished). Without a calendar
 * the implied dates are the data date itself.
 */
export function impliedActuals(
  row: ProgressRow,
  dataDate: Minutes,
  cal: CalendarIndex | null,
): { actualStart: Minutes | null; actualFinish: Minutes | null } {
  const { actualStart, actualFinish } = row;
  if (row.nodeType === 'sum' || row.percentComplete <= 0 || (actualStart !== null && actualFinish !== null))
    return { actualStart, actualFinish };
  if (row.percentComplete < 100) {
    if (actualStart !== null || actualFinish !== null) return { actualStart, actualFinish };
    return { actualStart: cal ? impliedStart(row, cal, dataDate) : dataDate, actualFinish: null };
  }
  const start = actualStart ?? (cal ? impliedStart(row, cal, dataDate) : dataDate);
  return {
    actualStart: start,
    actualFinish: actualFinish ?? (cal ? impliedFinish(row, start, cal, dataDate) : start),
  };
}

/**
 * After an edit of a row's percent complete, duration or actual finish (`before` → `row`), make
 * its actual dates agree with its progress (the file comment says how). Sums are left alone:
 * their progress is rolled up from their rows.
 */
export function settleProgress(row: Draft<WbsRow>, before: WbsRow, ctx: WorkTimeContext): void {
  if (row.nodeType === 'sum') return;
  // The progress edited: an import's remaining duration no longer says what is left.
  releaseRemaining(row, before);
  const cal = ctx.calendar(row.calendarId);
  const dd = ctx.dataDate;
  if (row.actualFinish !== null && row.actualFinish !== before.actualFinish) {
    // An actual finish typed: the activity is complete.
    row.percentComplete = 100;
    row.actualStart ??= isMilestone(row.nodeType)
      ? row.actualFinish
      : cal.startAt(cal.workAt(row.actualFinish) - plannedDuration(row));
    return;
  }
  const pctChanged = row.percentComplete !== before.percentComplete;
  if (!pctChanged && row.duration === before.duration) return;
  if (isMilestone(row.nodeType) && row.percentComplete > 0) row.percentComplete = 100;
  if (row.percentComplete <= 0) {
    if (pctChanged) row.actualStart = row.actualFinish = null;
    return;
  }
  // An actual start this rule placed for the old progress moves with it; a typed one (before or
  // in this same edit) stays.
  const placed =
    row.actualStart === before.actualStart &&
    (before.actualStart === null ||
      (before.percentComplete > 0 && before.actualStart === impliedStart(before, cal, dd)));
  const now: ProgressRow = { ...row, actualStart: null, actualFinish: null };
  if (placed) row.actualStart = impliedStart(now, cal, dd);
  if (row.percentComplete < 100) {
    row.actualFinish = null;
    return;
  }
  if (row.actualFinish === null || placed) {
    const start = row.actualStart ?? impliedStart(now, cal, dd);
    row.actualFinish = impliedFinish(now, start, cal, dd);
  }
}
