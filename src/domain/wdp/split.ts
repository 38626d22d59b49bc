// Volumes are kept to the thousandth: a distribution works in whole thousandths ("units") and
// hands out the rounding remainder by largest remainder, so the days always sum to the total.

export const UNITS_PER_VALUE = 1000;

export const toUnits = (v: number): number => Math.round(v * UNITS_PER_VALUE);
export const fromUnits = (u: number): number => u / UNITS_PER_VALUE;

/** Splits `total` whole units over the weights (≥ 0): integers summing to `total` exactly. */
export function splitUnits(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  let sum = 0;
  for (const w of weights) sum += w;
  // No weight at all: evenly.
  const ws = sum > 0 ? weights : weights.map(() => 1);
  const wsum = sum > 0 ? sum : n;
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const out = new Array<number>(n);
  const rest: { i: number; r: number }[] = [];
  let given = 0;
  for (let i = 0; i < n; i++) {
    const exact = (abs * ws[i]!) / wsum;
    const whole = Math.floor(exact);
    out[i] = whole;
    given += whole;
    rest.push({ i, r: exact - whole });
  }
  // Largest remainders first; ties go to the earlier day.
  rest.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; given < abs; k++, given++) out[rest[k % n]!.i]! += 1;
  return sign < 0 ? out.map((u) => -u) : out;
}
