// A resource's usage profile against its availability, by period (day, week, month, quarter,
// year; spec §3 "Period units and Gantt scale"): the histogram of the resource view. Usage spreads
// each assignment's quantity by its curve over its activity's working time between its dates;
// availability is the limit of each day the resource works (a period's limit where one applies,
// else the default, in proportion to the day's working hours) summed over the period.
import { civilFromDays, daysFromCivil, dayOf, toMinutes, weekdayOf } from '../calendar/time';
import { curveParts, curveShare } from './curves';
import type { CurveKind } from './curves';
import { dayShare, standardWorkTime } from './work-time';
import type { WorkTime } from './work-time';

export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

const DAY = 1440;
const EPOCH_2000 = daysFromCivil(2000, 1, 1);
/** More periods than a screen can show are not computed. */
export const MAX_PERIODS = 3000;

/** The start of the period holding engine time `t` (weeks start on Monday). */
export function periodStart(t: number, unit: PeriodUnit): number {
  const day = dayOf(t);
  if (unit === 'day') return day * DAY;
  if (unit === 'week') return (day - ((weekdayOf(day) + 6) % 7)) * DAY;
  const { y, m } = civilFromDays(day + EPOCH_2000);
  if (unit === 'month') return toMinutes(y, m, 1);
  if (unit === 'quarter') return toMinutes(y, m - ((m - 1) % 3), 1);
  return toMinutes(y, 1, 1);
}

/** The start of the period after the one starting at `start`. */
export function nextPeriod(start: number, unit: PeriodUnit): number {
  if (unit === 'day') return start + DAY;
  if (unit === 'week') return start + 7 * DAY;
  const { y, m } = civilFromDays(dayOf(start) + EPOCH_2000);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12;
  const n = m - 1 + months;
  return toMinutes(y + Math.floor(n / 12), (n % 12) + 1, 1);
}

export interface Period {
  from: number;
  to: number;
}

/** The periods covering [from, to) (at most MAX_PERIODS). */
export function periodsOf(from: number, to: number, unit: PeriodUnit): Period[] {
  const out: Period[] = [];
  for (let p = periodStart(from, unit); p < to && out.length < MAX_PERIODS;) {
    const q = nextPeriod(p, unit);
    out.push({ from: p, to: q });
    p = q;
  }
  return out;
}

export interface UsageBar {
  start: number;
  finish: number;
  units: number;
  curve: CurveKind;
  curveValues?: readonly number[] | null;
  /** The working time its work follows (its activity's; see work-time.ts); else the call's. */
  time?: WorkTime;
}

/**
 * Quantity used in each period: each bar's units spread over its working time in [start, finish)
 * by its curve (nothing in non-working time; a bar wholly in non-working time spreads over its
 * calendar time).
 */
export function usageByPeriod(
  bars: readonly UsageBar[],
  periods: readonly Period[],
  time: WorkTime = standardWorkTime(),
): number[] {
  const out = periods.map(() => 0);
  for (const b of bars) {
    if (b.units === 0) continue;
    const parts = curveParts(b.curve, b.curveValues);
    const own = b.time ?? time;
    const total = own.between(b.start, b.finish);
    const between = total > 0 ? (x: number, y: number) => own.between(x, y) : (x: number, y: number) => y - x;
    const span = total > 0 ? total : b.finish - b.start;
    for (let i = 0; i < periods.length; i++) {
      const p = periods[i]!;
      if (span <= 0) {
        if (b.start >= p.from && b.start < p.to) out[i]! += b.units;
        continue;
      }
      const lo = Math.max(p.from, b.start);
      const hi = Math.min(p.to, b.finish);
      if (hi <= lo) continue;
      const a = between(b.start, lo) / span;
      const z = a + between(lo, hi) / span;
      if (z > a) out[i]! += b.units * curveShare(parts, a, z);
    }
  }
  return out;
}

export interface Availability {
  defaultLimit: number;
  limits: readonly { from: number; to: number; limit: number }[];
}

/** The limit on a day: the last listed period holding it, else the default. */
export function limitOn(day: number, a: Availability): number {
  const t = day * DAY;
  for (let i = a.limits.length - 1; i >= 0; i--) {
    const l = a.limits[i]!;
    if (t >= l.from && t < l.to) return l.limit;
  }
  return a.defaultLimit;
}

/** What a day offers: its limit times the share of a full working day the resource works. */
export function capacityOn(day: number, a: Availability, time: WorkTime = standardWorkTime()): number {
  const share = dayShare(time, day);
  return share > 0 ? limitOn(day, a) * share : 0;
}

/** What is available in each period: each day's capacity on the resource's working time, summed. */
export function capacityByPeriod(
  periods: readonly Period[],
  a: Availability,
  time: WorkTime = standardWorkTime(),
): number[] {
  return periods.map((p) => {
    let sum = 0;
    for (let d = dayOf(p.from); d * DAY < p.to; d++) sum += capacityOn(d, a, time);
    return sum;
  });
}

/** The sum of several series of equal length (a resource group's roll-up of its members). */
export function sumSeries(series: readonly (readonly number[])[], length: number): number[] {
  const out = new Array<number>(length).fill(0);
  for (const s of series) for (let i = 0; i < length; i++) out[i]! += s[i] ?? 0;
  return out;
}
