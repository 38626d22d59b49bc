// How analytics spreads an amount over time, as a pure reference. A ramp puts `amount` evenly over
// [start, finish) in calendar minutes (a row's money over its dates, a day's fact over its day); a
// ramp with finish ≤ start is a point at `start`. The cumulative value at a moment b is
//   Σ amount × clamp((b − start) / (finish − start), 0, 1)   (a point counts once start < b).
// The server computes the same thing in SQL by a sweep over the ramps' ends
// (src/server/services/analytics-sweep.ts); this file is what tests and the client check it by.

export interface Ramp {
  start: number;
  finish: number;
  amount: number;
}

/** The share of a ramp that lies before moment `b`. */
export function shareBefore(r: Ramp, b: number): number {
  if (r.finish <= r.start) return b > r.start ? 1 : 0;
  if (b <= r.start) return 0;
  if (b >= r.finish) return 1;
  return (b - r.start) / (r.finish - r.start);
}

/** Cumulative values of the ramps at each boundary (boundaries ascending). */
export function cumulativeAt(ramps: readonly Ramp[], bounds: readonly number[]): number[] {
  return bounds.map((b) => ramps.reduce((sum, r) => sum + r.amount * shareBefore(r, b), 0));
}

/**
 * Per-period values from cumulative values at n + 1 boundaries: period k is [b_k, b_k+1). The
 * first boundary's cumulative value (what lies before the first period) is not a period's.
 */
export function perPeriod(cumulative: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 1; k < cumulative.length; k++) out.push(cumulative[k]! - cumulative[k - 1]!);
  return out;
}
