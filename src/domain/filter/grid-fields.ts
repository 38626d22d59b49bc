// How the schedule page's filter reads a grid column of a row, over whatever holds the values:
// the main thread's store (state/workbench/filter.ts, rows by id, the schedule snapshot by engine
// position) or the schedule worker (workers/filter-core.ts, rows by preorder position, its own
// pass's arrays, the calculated values it computed). One definition, so both read a row alike:
// durations and floats in working days of the row's calendar, start and finish as the grid shows
// them (YYYY-MM-DD text, so they compare in date order), the status of a summary from its
// rolled-up percent, accepted dates (a finish at midnight ends the day before), calculated
// attributes by their computed value (an error reads as empty), anything else as stored.

import { isEvalError, type EvalResult } from '../formula';
import { formatDate } from '../format';
import type { WbsRow } from '../wbs/types';
import type { FieldValue } from './operators';
import { rowFieldGetter } from './row-fields';

export type Status = 'not_started' | 'in_progress' | 'completed';

/** A row's own status (not a summary's). */
export function rowStatus(row: Pick<WbsRow, 'actualStart' | 'actualFinish' | 'percentComplete'>): Status {
  if (row.actualFinish !== null || row.percentComplete >= 100) return 'completed';
  if (row.actualStart !== null || row.percentComplete > 0) return 'in_progress';
  return 'not_started';
}

/** A summary's status from its rolled-up percent (NaN: not scheduled yet, not started). */
export function sumStatus(percent: number): Status {
  if (percent >= 100) return 'completed';
  return percent > 0 ? 'in_progress' : 'not_started';
}

/** The schedule values a column reads (working minutes or minutes since 2000). */
export type ScheduleValue = 'es' | 'ef' | 'tf' | 'ff' | 'startFloat' | 'finishFloat';

/** Where the values of a row (keyed by K: an id or a position) come from. */
export interface GridSource<K> {
  row(k: K): WbsRow | undefined;
  /** A schedule value; NaN when the row is not scheduled (or a date is negative: none). */
  schedule(k: K, pick: ScheduleValue): number;
  /** Critical flag; null when not scheduled. */
  critical(k: K): boolean | null;
  /** Rolled-up percent complete; NaN when not known. */
  rolledPercent(k: K): number;
  /** The curator's accepted dates (NaN: none). */
  acceptedStart(k: K): number;
  acceptedFinish(k: K): number;
  /** A calculated attribute's value; undefined: not calculated (the stored value is read). */
  computed(k: K, key: string): EvalResult | undefined;
  /** Whether `key` is calculated at all (absent: ask computed() for every row). */
  calculates?(key: string): boolean;
  hoursPerDay(calendarId: string | null): number;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

/** YYYY-MM-DD of minutes since 2000, one formatDate per day (a filter reads 100k dates). */
const dayTexts = new Map<number, string>();
export function isoDay(minutes: number): string {
  const day = Math.floor(minutes / MINUTES_PER_DAY);
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = formatDate(day * MINUTES_PER_DAY, 'YYYY-MM-DD');
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** The columns read from the schedule (dates, floats, critical). */
export const SCHEDULE_COLUMNS: ReadonlySet<string> = new Set([
  'start',
  'finish',
  'total_float',
  'free_float',
  'start_float',
  'finish_float',
  'critical',
]);

/** A reader of one column, the name looked at once (a filter reads it on 100k rows). */
export function gridFieldGetter<K>(src: GridSource<K>, field: string): (k: K) => FieldValue {
  const days = (minutes: number, calendarId: string | null) =>
    Number.isFinite(minutes) ? minutes / (src.hoursPerDay(calendarId) * MINUTES_PER_HOUR) : null;
  const isoDate = (minutes: number) => (Number.isFinite(minutes) ? isoDay(minutes) : null);
  const withRow =
    (f: (row: WbsRow, k: K) => FieldValue) =>
    (k: K): FieldValue => {
      const row = src.row(k);
      return row ? f(row, k) : null;
    };
  if (field.startsWith('attr:')) {
    const key = field.slice(5);
    if (src.calculates && !src.calculates(key)) return withRow((row) => row.attributes[key] ?? null);
    return withRow((row, k) => {
      const computed = src.computed(k, key);
      if (computed !== undefined) return isEvalError(computed) ? null : computed;
      return row.attributes[key] ?? null;
    });
  }
  switch (field) {
    case 'status':
      return withRow((row, k) => (row.nodeType === 'sum' ? sumStatus(src.rolledPercent(k)) : rowStatus(row)));
    case 'duration':
      return withRow((row) => (row.nodeType === 'sum' ? null : days(row.duration, row.calendarId)));
    case 'total_float':
      return withRow((row, k) =>
        row.nodeType === 'sum' ? null : days(src.schedule(k, 'tf'), row.calendarId),
      );
    case 'free_float':
      return withRow((row, k) =>
        row.nodeType === 'sum' ? null : days(src.schedule(k, 'ff'), row.calendarId),
      );
    case 'start_float':
      return withRow((row, k) => days(src.schedule(k, 'startFloat'), row.calendarId));
    case 'finish_float':
      return withRow((row, k) => days(src.schedule(k, 'finishFloat'), row.calendarId));
    case 'start':
      return withRow((_, k) => isoDate(src.schedule(k, 'es')));
    case 'finish':
      return withRow((_, k) => isoDate(src.schedule(k, 'ef')));
    case 'accepted_start':
      return withRow((_, k) => isoDate(src.acceptedStart(k)));
    case 'accepted_finish':
      return withRow((_, k) => {
        // As the cell shows it: a finish at midnight ends the day before.
        const f = src.acceptedFinish(k);
        return isoDate(f % 1440 === 0 ? f - 1 : f);
      });
    case 'critical':
      return withRow((_, k) => src.critical(k));
    default: {
      // name, code, type, calendar, progress, volume, price, color: as stored (row-fields.ts).
      const g = rowFieldGetter(field);
      return g ? withRow((row) => g(row) ?? null) : () => null;
    }
  }
}

/**
 * A date column's reader as day numbers (days since 2000, NaN: no date): the day isoDay's text
 * names, for the filter's day comparisons (operators.ts dayComparison). Undefined for any other
 * column.
 */
export function gridDayGetter<K>(src: GridSource<K>, field: string): ((k: K) => number) | undefined {
  const dayAt = (k: K, minutes: number) =>
    src.row(k) !== undefined && Number.isFinite(minutes) ? Math.floor(minutes / MINUTES_PER_DAY) : NaN;
  switch (field) {
    case 'start':
      return (k) => dayAt(k, src.schedule(k, 'es'));
    case 'finish':
      return (k) => dayAt(k, src.schedule(k, 'ef'));
    case 'accepted_start':
      return (k) => dayAt(k, src.acceptedStart(k));
    case 'accepted_finish':
      return (k) => {
        const f = src.acceptedFinish(k);
        return dayAt(k, f % 1440 === 0 ? f - 1 : f);
      };
    default:
      return undefined;
  }
}

/** Whether a filter expression reads a column among `columns`. */
export function readsAny(
  e: { field: string } | { conditions: readonly unknown[] },
  test: (field: string) => boolean,
): boolean {
  if ('conditions' in e)
    return (e.conditions as ({ field: string } | { conditions: readonly unknown[] })[]).some((c) =>
      readsAny(c, test),
    );
  return test(e.field);
}
