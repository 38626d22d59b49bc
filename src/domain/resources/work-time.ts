// Whose working time a resource's usage and availability follow (P6 semantics):
// - an assignment's work is spread over its activity's working time — the activity's calendar
//   for a task-dependent activity, the resource's calendar for a resource-dependent one (P6's
//   "Resource Dependent" activity type schedules each assignment on its resource's calendar);
// - the resource's availability (units per working day) counts on the resource's own calendar:
//   a day it does not work offers nothing, a half day offers half.
// Rates and limits are per working day; a calendar's hours per day say what a full day is.
import { buildCalendarIndex, standardCalendarDef } from '../calendar/calendar-index';

const DAY = 1440;

export interface WorkTime {
  /** Working minutes in [x, y) (0 when y ≤ x). */
  between(x: number, y: number): number;
  /** Working minutes of a full working day: the unit of a rate or a limit per day. */
  perDay: number;
}

let standard: WorkTime | null = null;

/**
 * Monday–Friday 08:00–12:00, 13:00–17:00 (the product's standard calendar): the working time
 * when nothing names a calendar. Laid out on first use.
 */
export function standardWorkTime(): WorkTime {
  return (standard ??= calendarWorkTime(buildCalendarIndex(standardCalendarDef()), 8));
}

/** A calendar's working time (anything with `workAt`, e.g. a CalendarIndex). */
export function calendarWorkTime(cal: { workAt(t: number): number }, hoursPerDay: number): WorkTime {
  const perDay = Math.max(1, hoursPerDay * 60);
  return { perDay, between: (x, y) => (y > x ? cal.workAt(y) - cal.workAt(x) : 0) };
}

/** The share of a full working day that day `d` works (0 on a day off, capped at 1). */
export function dayShare(time: WorkTime, d: number): number {
  return Math.min(1, time.between(d * DAY, (d + 1) * DAY) / time.perDay);
}

/**
 * The calendar an assignment's work follows: the resource's for a resource-dependent activity
 * that has one, else the activity's.
 */
export function assignmentCalendarId(
  activity: { kind?: string | null; calendarId: string | null },
  resourceCalendarId: string | null,
): string | null {
  if (activity.kind === 'resource' && resourceCalendarId) return resourceCalendarId;
  return activity.calendarId;
}
