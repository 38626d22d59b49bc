// P6's 21 usage points of a resource curve as the curve settings edit them: read from pasted
// text (a column from a spreadsheet), scaled to sum to 100, and turned into the product's curve
// (the twentieths, curve-import.ts curveFromP6Points) when assigned.
import type { AssignmentCurve } from './curve-import';
import { curveFromP6Points } from './curve-import';

export const CURVE_POINTS = 21;

/** Points scaled to sum to 100 (to 1e-6); all zero stays all zero. */
export function normalisedPoints(points: readonly number[]): number[] {
  const sum = points.reduce((a, p) => a + p, 0);
  if (!(sum > 0)) return points.map(() => 0);
  return points.map((p) => Math.round((p / sum) * 100 * 1e6) / 1e6);
}

/**
 * Numbers of pasted text, one per line or cell (a column or a row copied from Excel): decimal
 * commas and percent signs accepted, empty cells skipped; null when a cell is not a number ≥ 0.
 */
export function pastedPoints(text: string): number[] | null {
  const cells = text
    .split(/[\r\n\t;]+/)
    .map((c) => c.trim().replace(/%$/, '').replace(/\s/g, '').replace(',', '.'))
    .filter((c) => c !== '');
  const out: number[] = [];
  for (const c of cells) {
    const v = Number(c);
    if (!Number.isFinite(v) || v < 0) return null;
    out.push(v);
  }
  return out;
}

/** The curve an assignment takes from 21 points (uniform when they are flat). */
export function curveOfPoints(points: readonly number[]): AssignmentCurve {
  return curveFromP6Points(points) ?? { kind: 'uniform' };
}
