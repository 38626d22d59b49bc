// The working time two calendars share (MS Project: a task with its own calendar and assigned
// resources works only when both the task calendar and the resource's calendar work, unless the
// task ignores resource calendars).

import type { CalendarDef, CalendarException, WorkInterval } from '../schedule/model';
import { weekdayOf } from './time';

/** The overlap of two sorted interval lists of one day. */
export function intersectIntervals(a: WorkInterval[], b: WorkInterval[]): WorkInterval[] {
  const out: WorkInterval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (end > start) out.push({ start, end });
    if (a[i].end < b[j].end) i++;
    else j++;
  }
  return out;
}

const sorted = (v: WorkInterval[]) => [...v].sort((x, y) => x.start - y.start);

function dayIntervals(c: CalendarDef, exceptions: Map<number, CalendarException>, day: number) {
  return sorted(exceptions.get(day)?.intervals ?? c.week[weekdayOf(day)] ?? []);
}

/** A calendar that works exactly when both a and b work (exceptions of either included). */
export function intersectCalendars(a: CalendarDef, b: CalendarDef, id: string): CalendarDef {
  const ea = new Map(a.exceptions.map((e) => [e.day, e]));
  const eb = new Map(b.exceptions.map((e) => [e.day, e]));
  const days = [...new Set([...ea.keys(), ...eb.keys()])].sort((x, y) => x - y);
  return {
    id,
    name: `${a.name} ∩ ${b.name}`,
    week: a.week.map((w, d) => intersectIntervals(sorted(w), sorted(b.week[d] ?? []))),
    exceptions: days.map((day) => ({
      day,
      intervals: intersectIntervals(dayIntervals(a, ea, day), dayIntervals(b, eb, day)),
    })),
    hoursPerDay: a.hoursPerDay,
    hoursPerWeek: a.hoursPerWeek,
    hoursPerMonth: a.hoursPerMonth,
  };
}
