// A resource's usage profile against its availability, by period (day, week, month, quarter,
// year; spec §3 "Period units and Gantt scale"): the histogram of the resource view. Usage spreads
// each assignment's quantity over its activity's dates by its curve; availability is the limit of
// each working day (a period's limit where one applies, else the default) summed over the period.
import { civilFromDays, daysFromCivil, dayOf, toMinutes, weekdayOf } from '../calendar/time';
import { curveParts, curveShare } from './curves';
import type { CurveKind } from './curves';

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
}

/** Monday to Friday: the working days usage and availability count when no calendar is given. */
export const weekdays = (day: number) => weekdayOf(day) >= 1 && weekdayOf(day) <= 5;

/** Minutes of [x, y) that fall on working days. */
function workingBetween(x: number, y: number, working: (day: number) => boolean): number {
  let sum = 0;
  for (let d = dayOf(x); d * DAY < y; d++) {
    if (!working(d)) continue;
    const lo = Math.max(x, d * DAY);
    const hi = Math.min(y, (d + 1) * DAY);
    if (hi > lo) sum += hi - lo;
  }
  return sum;
}

/**
 * Quantity used in each period: each bar's units spread over its working time in [start, finish)
 * by its curve (nothing on a day off; a bar wholly on days off spreads over its calendar time).
 */
export function usageByPeriod(
  bars: readonly UsageBar[],
  periods: readonly Period[],
  working: (day: number) => boolean = weekdays,
): number[] {
  const out = periods.map(() => 0);
  for (const b of bars) {
    if (b.units === 0) continue;
    const parts = curveParts(b.curve, b.curveValues);
    const total = workingBetween(b.start, b.finish, working);
    const workDays = total > 0 ? working : () => true;
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
      const a = workingBetween(b.start, lo, workDays) / span;
      const z = a + workingBetween(lo, hi, workDays) / span;
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

/** What is available in each period: the limit of each working day (Monday–Friday) summed. */
export function capacityByPeriod(
  periods: readonly Period[],
  a: Availability,
  working: (day: number) => boolean = weekdays,
): number[] {
  return periods.map((p) => {
    let sum = 0;
    for (let d = dayOf(p.from); d * DAY < p.to; d++) if (working(d)) sum += limitOn(d, a);
    return sum;
  });
}
