// The calendars of an imported model become calendars of the space (WBS items point at space
// calendars). An identical calendar already in the space is reused, so importing the same file
// twice does not double the calendar list.
import type { Kysely } from 'kysely';
import { PROHIBITED_CHARACTERS, TEXT_MAX_LENGTH } from '../../api/common';
import type { CalendarDef, WorkInterval } from '../../domain/schedule';
import type { DB } from '../db/schema';

const LAST_DAY = 18628; // 2050-12-31, the contract's limit for exception days
const MAX_INTERVALS = 8;

/** A name the contract accepts: no prohibited characters, 1–32 characters. */
export function safeName(name: string, fallback: string): string {
  const clean = [...name]
    .map((c) => (PROHIBITED_CHARACTERS.test(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEXT_MAX_LENGTH)
    .trim();
  return clean || fallback;
}

const intervals = (list: readonly WorkInterval[]) =>
  list
    .map((i) => ({ start: Math.max(0, Math.round(i.start)), end: Math.min(1440, Math.round(i.end)) }))
    .filter((i) => i.start < i.end)
    .slice(0, MAX_INTERVALS);

const positive = (n: number, max: number, fallback: number) =>
  Number.isFinite(n) && n > 0 && n <= max ? n : fallback;

/** The row a calendar becomes, in the shape the calendars table and contract accept. */
export function calendarRow(c: CalendarDef) {
  const week = Array.from({ length: 7 }, (_, d) => intervals(c.week[d] ?? []));
  const exceptions = c.exceptions
    .filter((e) => e.day >= 0 && e.day <= LAST_DAY)
    .slice(0, 5000)
    .map((e) => ({ day: e.day, intervals: intervals(e.intervals) }));
  return {
    name: safeName(c.name, 'Calendar'),
    week,
    exceptions,
    hours_per_day: positive(c.hoursPerDay, 24, 8),
    hours_per_week: positive(c.hoursPerWeek, 168, 40),
    hours_per_month: positive(c.hoursPerMonth, 744, 172),
  };
}

type Shape = {
  name: string;
  week: WorkInterval[][];
  exceptions: { day: number; intervals: WorkInterval[] }[];
  hours_per_day: number;
};
const pairs = (list: WorkInterval[]) => list.map((i) => [i.start, i.end]);
// jsonb reorders object keys, so compare intervals as pairs.
const fingerprint = (r: Shape) =>
  JSON.stringify([
    r.name,
    r.week.map(pairs),
    r.exceptions.map((e) => [e.day, pairs(e.intervals)]),
    r.hours_per_day,
  ]);

/** Model calendar id → space calendar id, creating the calendars the space lacks. */
export async function ensureCalendars(
  db: Kysely<DB>,
  spaceId: string,
  calendars: readonly CalendarDef[],
  defaultId: string,
): Promise<Map<string, string>> {
  const existing = await db
    .selectFrom('calendars')
    .select(['id', 'name', 'week', 'exceptions', 'hours_per_day', 'is_default'])
    .where('space_id', '=', spaceId)
    .execute();
  const byPrint = new Map(existing.map((e) => [fingerprint(e), e.id]));
  let hasDefault = existing.some((e) => e.is_default);
  const out = new Map<string, string>();
  for (const c of calendars) {
    const row = calendarRow(c);
    const known = byPrint.get(fingerprint(row));
    if (known) {
      out.set(c.id, known);
      continue;
    }
    const isDefault = !hasDefault && (c.id === defaultId || calendars.length === 1);
    const created = await db
      .insertInto('calendars')
      .values({
        space_id: spaceId,
        ...row,
        week: JSON.stringify(row.week),
        exceptions: JSON.stringify(row.exceptions),
        is_default: isDefault,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hasDefault ||= isDefault;
    byPrint.set(fingerprint(row), created.id);
    out.set(c.id, created.id);
  }
  return out;
}
