// The week a home page talks about: Monday 00:00 to the next Monday 00:00, in engine minutes
// (minutes since 2000-01-01 local time, as the schedule's dates are kept).
import { MINUTES_PER_DAY, daysFromCivil, weekdayOf } from '../calendar/time';

/** Day index (days since 2000-01-01) of a "YYYY-MM-DD" date, or null when it is not one. */
export function dayOfDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return daysFromCivil(y, mo, d) - daysFromCivil(2000, 1, 1);
}

/** [from, to) in engine minutes of the Monday-to-Sunday week holding the given day index. */
export function weekWindow(day: number): { from: number; to: number } {
  const monday = day - ((weekdayOf(day) + 6) % 7);
  return { from: monday * MINUTES_PER_DAY, to: (monday + 7) * MINUTES_PER_DAY };
}
