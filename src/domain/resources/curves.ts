// Resource curves: how an assignment spreads its work over the activity's duration, as percent of
// the work in equal parts of the duration (P6's resource curves; MS Project's work contours).
// The named ones have ten parts; a custom one has its own count. Every curve sums to 100.

export type CurveKind = 'uniform' | 'front' | 'back' | 'bell' | 'custom';

const NAMED: Record<Exclude<CurveKind, 'custom'>, readonly number[]> = {
  uniform: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
  // Front-loaded: most of the work early (MS Project "front loaded").
  front: [20, 18, 15, 12, 10, 8, 6, 5, 4, 2],
  back: [2, 4, 5, 6, 8, 10, 12, 15, 18, 20],
  bell: [2, 5, 8, 12, 23, 23, 12, 8, 5, 2],
};

/** The parts of a curve: the named ones, or the custom values (uniform when they are missing). */
export function curveParts(kind: CurveKind, values?: readonly number[] | null): readonly number[] {
  if (kind === 'custom') return values && values.length > 0 ? values : NAMED.uniform;
  return NAMED[kind];
}

/** Whether custom parts are a curve: at least two, none negative, summing to 100. */
export function isCurve(values: readonly number[]): boolean {
  return (
    values.length >= 2 &&
    values.every((v) => Number.isFinite(v) && v >= 0) &&
    Math.abs(values.reduce((s, v) => s + v, 0) - 100) < 1e-6
  );
}

/**
 * The share of the work done in the fraction [a, b) of the duration (0 ≤ a ≤ b ≤ 1), reading the
 * parts as a step function: the usage profile of one time slice.
 */
export function curveShare(parts: readonly number[], a: number, b: number): number {
  const n = parts.length;
  let share = 0;
  for (let i = Math.floor(a * n); i < n && i / n < b; i++) {
    const lo = Math.max(a, i / n);
    const hi = Math.min(b, (i + 1) / n);
    if (hi > lo) share += (parts[i]! / 100) * (hi - lo) * n;
  }
  return share;
}
