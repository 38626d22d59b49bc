// Spreading an amount over an activity's working time, by day: what the analytics summaries store
// (src/server/services/analytics-summary.ts). An amount on [start, finish) goes to the days in
// proportion to the working minutes of the activity's calendar that fall in each (nothing on a
// non-working minute), shaped by a resource curve when one applies (P6's resource curves, MS
// Project's work contours: the share of the amount in each equal part of the working time). A
// ramp with no working time in it spreads over its calendar time instead, and one of no length
// (a milestone) is a point on its day. Every period of analytics starts at a midnight, so day
// amounts give every period's value exactly.
import { curveShare } from '../resources/curves';

const DAY = 1440;

export interface WorkRamp {
  start: number;
  finish: number;
  amount: number;
  /** Working minutes in [x, y) of the activity's calendar (see domain/resources/work-time.ts). */
  between: (x: number, y: number) => number;
  /** The curve's parts (percent per equal part of the working time, summing to 100); none: even. */
  parts?: readonly number[] | null;
}

/** Calls `add(day, value)` for each day (days since 2000-01-01) that gets a share of the ramp. */
export function spreadByDay(r: WorkRamp, add: (day: number, value: number) => void): void {
  if (r.amount === 0 || !Number.isFinite(r.amount)) return;
  if (r.finish <= r.start) {
    add(Math.floor(r.start / DAY), r.amount);
    return;
  }
  const work = r.between(r.start, r.finish);
  const between = work > 0 ? r.between : (x: number, y: number) => (y > x ? y - x : 0);
  const span = work > 0 ? work : r.finish - r.start;
  const parts = r.parts && r.parts.length > 0 ? r.parts : null;
  let done = 0; // working minutes of the ramp before the current day
  const last = Math.floor((r.finish - 1) / DAY);
  for (let d = Math.floor(r.start / DAY); d <= last; d++) {
    const lo = Math.max(d * DAY, r.start);
    const hi = Math.min((d + 1) * DAY, r.finish);
    const w = between(lo, hi);
    if (w <= 0) continue;
    const a = done / span;
    done += w;
    // The last working day takes what is left, so the total is the amount to the last bit.
    const z = done >= span ? 1 : done / span;
    const share = parts ? curveShare(parts, a, z) : z - a;
    if (share !== 0) add(d, r.amount * share);
  }
}

/** The day amounts of several ramps, summed per day (a map day → amount). */
export function daysOf(ramps: readonly WorkRamp[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of ramps) spreadByDay(r, (d, v) => out.set(d, (out.get(d) ?? 0) + v));
  return out;
}
