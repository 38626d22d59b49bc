// Editing a working-time calendar on screen: intervals typed as "08:00-12:00, 13:00-17:00", day
// numbers (days since 2000-01-01, as the API stores exceptions) to and from dates, the month view
// with each day's kind, and the toggle of an exception on a day.
import {
  addDays,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

export interface Interval {
  start: number;
  end: number;
}

export interface EditableCalendar {
  week: Interval[][];
  exceptions: { day: number; intervals: Interval[] }[];
}

const EPOCH = new Date(2000, 0, 1);
/** The last day the API accepts (2050-12-31 is day 18627; 18628 is the bound). */
export const LAST_DAY = 18628;

export const dayOf = (date: Date): number => differenceInCalendarDays(date, EPOCH);
export const dateOf = (day: number): Date => addDays(EPOCH, day);

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export const formatIntervals = (list: readonly Interval[]): string =>
  list.map((i) => `${hhmm(i.start)}-${hhmm(i.end)}`).join(', ');

const TIME = /^(\d{1,2})(?::(\d{2}))?$/;
function minutes(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (min > 59 || h * 60 + min > 1440) return null;
  return h * 60 + min;
}

/**
 * "08:00-12:00, 13:00-17:00" → intervals, sorted; empty text → none (a day off). null when any
 * part is not a time range, a range is empty or backwards, or two ranges overlap.
 */
export function parseIntervals(text: string): Interval[] | null {
  if (text.trim() === '') return [];
  const out: Interval[] = [];
  for (const part of text.split(/[,;]/)) {
    const [a, b, ...rest] = part.split(/[-–]/);
    if (a === undefined || b === undefined || rest.length) return null;
    const start = minutes(a);
    const end = minutes(b);
    if (start === null || end === null || start >= end) return null;
    out.push({ start, end });
  }
  out.sort((x, y) => x.start - y.start);
  for (let i = 1; i < out.length; i++) if (out[i]!.start < out[i - 1]!.end) return null;
  return out.length > 8 ? null : out;
}

export const workMinutes = (list: readonly Interval[]) => list.reduce((s, i) => s + i.end - i.start, 0);

/** The intervals of a day: its exception, or its weekday's pattern. */
export function dayIntervals(cal: EditableCalendar, day: number): Interval[] {
  const ex = cal.exceptions.find((e) => e.day === day);
  return ex ? ex.intervals : (cal.week[dateOf(day).getDay()] ?? []);
}

export type DayKind = 'working' | 'off' | 'holiday' | 'working_exception';

export function dayKind(cal: EditableCalendar, day: number): DayKind {
  const ex = cal.exceptions.find((e) => e.day === day);
  const weekly = cal.week[dateOf(day).getDay()] ?? [];
  if (!ex) return weekly.length ? 'working' : 'off';
  return ex.intervals.length ? 'working_exception' : 'holiday';
}

/** The most common working pattern of the week: what a day off gets when made a working day. */
export function usualDay(cal: EditableCalendar): Interval[] {
  const working = cal.week.filter((d) => d.length > 0);
  return working[0] ?? [{ start: 480, end: 1020 }];
}

/**
 * One click on a day: an exception is removed (the weekday pattern again); a working day becomes a
 * holiday; a day off becomes a working day with the usual hours.
 */
export function toggleDay<C extends EditableCalendar>(cal: C, day: number): C {
  const rest = cal.exceptions.filter((e) => e.day !== day);
  if (rest.length !== cal.exceptions.length) return { ...cal, exceptions: rest };
  const weekly = cal.week[dateOf(day).getDay()] ?? [];
  const intervals = weekly.length ? [] : usualDay(cal);
  return { ...cal, exceptions: [...rest, { day, intervals }].sort((a, b) => a.day - b.day) };
}

/** Sets a day's exception intervals (null: remove the exception). */
export function setException<C extends EditableCalendar>(
  cal: C,
  day: number,
  intervals: Interval[] | null,
): C {
  const rest = cal.exceptions.filter((e) => e.day !== day);
  if (intervals === null) return { ...cal, exceptions: rest };
  return { ...cal, exceptions: [...rest, { day, intervals }].sort((a, b) => a.day - b.day) };
}

/** The weeks of a month view (weeks start on Monday), each seven day numbers; days of the next/previous month included. */
export function monthWeeks(year: number, month: number): number[][] {
  const first = startOfWeek(startOfMonth(new Date(year, month, 1)), { weekStartsOn: 1 });
  const last = endOfWeek(endOfMonth(new Date(year, month, 1)), { weekStartsOn: 1 });
  const weeks: number[][] = [];
  for (let d = dayOf(first); d <= dayOf(last); d += 7) weeks.push([0, 1, 2, 3, 4, 5, 6].map((i) => d + i));
  return weeks;
}

/** Hours per day / week / month the pattern gives (week: the sum of the weekdays; month: 52/12 weeks). */
export function patternHours(week: readonly Interval[][]): { day: number; week: number; month: number } {
  const perWeek = week.reduce((s, d) => s + workMinutes(d), 0) / 60;
  const days = week.filter((d) => d.length > 0).length;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { day: round(days ? perWeek / days : 0), week: round(perWeek), month: round((perWeek * 52) / 12) };
}
