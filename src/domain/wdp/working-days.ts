// The working days of an activity on its calendar: the days between its start and finish that
// hold working time, with the working minutes each holds (the weights of a distribution).

import type { CalendarIndex } from '../calendar/calendar-index';
import { MINUTES_PER_DAY } from '../calendar/time';
import type { Minutes } from '../schedule/model';

export interface WorkDay {
  readonly day: number;
  /** Working minutes of the activity on that day (> 0). */
  readonly work: number;
}

/** Days with working time in [start, finish) on the calendar, in order. */
export function workingDays(cal: CalendarIndex, start: Minutes, finish: Minutes): WorkDay[] {
  const out: WorkDay[] = [];
  if (!(finish > start)) return out;
  const first = Math.floor(start / MINUTES_PER_DAY);
  const last = Math.floor((finish - 1) / MINUTES_PER_DAY);
  for (let d = first; d <= last; d++) {
    const a = Math.max(start, d * MINUTES_PER_DAY);
    const b = Math.min(finish, (d + 1) * MINUTES_PER_DAY);
    const work = cal.between(a, b);
    if (work > 0) out.push({ day: d, work });
  }
  return out;
}

/** Whether the calendar has working time on the day (the matrix shades the others). */
export function isWorkingDay(cal: CalendarIndex, day: number): boolean {
  return cal.between(day * MINUTES_PER_DAY, (day + 1) * MINUTES_PER_DAY) > 0;
}

/** The next `count` working days from `fromDay` on (fromDay included when it works). */
export function nextWorkingDays(cal: CalendarIndex, fromDay: number, count: number, limit = 36600): number[] {
  const out: number[] = [];
  for (let d = fromDay; out.length < count && d < fromDay + limit; d++) if (isWorkingDay(cal, d)) out.push(d);
  return out;
}
