// A calendar as the analytics SQL reads it (src/server/services/analytics-work-days.ts): the
// weekly pattern and the exceptions by day, each day's intervals as buildCalendarIndex lays them
// (clamped to the day, sorted, merged; the last exception of a day wins), in minutes of the day.
// The database expands it into working intervals over the days a statement needs, so the
// working minutes it counts are CalendarIndex.workAt's.
import { normaliseDayIntervals } from '../calendar/calendar-index';
import type { CalendarDef, WorkInterval } from '../schedule/model';

type Pair = [number, number];

export interface WorkPattern {
  /** The key the SQL names the calendar by (a calendar id, or 'standard'). */
  k: string;
  /** Sunday … Saturday (weekdayOf). */
  week: Pair[][];
  /** [day since 2000-01-01, that day's intervals]. */
  ex: [number, Pair[]][];
}

const pairs = (list: readonly WorkInterval[]): Pair[] =>
  normaliseDayIntervals(list).map((iv) => [iv.start, iv.end]);

export function workPatternOf(key: string, def: Pick<CalendarDef, 'week' | 'exceptions'>): WorkPattern {
  const byDay = new Map<number, Pair[]>();
  for (const ex of def.exceptions) byDay.set(ex.day, pairs(ex.intervals));
  return {
    k: key,
    week: Array.from({ length: 7 }, (_, i) => pairs(def.week[i] ?? [])),
    ex: [...byDay].sort((a, b) => a[0] - b[0]),
  };
}
