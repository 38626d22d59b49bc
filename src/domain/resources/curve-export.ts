// The product's curves written as P6 resource curves (XER RSRCCURVDATA, P6 XML ResourceCurve):
// 21 usage points at 0 %, 5 %, …, 100 % of the duration, linear between points, as the readers
// take them (curve-import.ts: each twentieth's work is the mean of its two points).
//
// A curve's parts become its twentieths (the work of each 5 % of the duration). Points whose
// means are those twentieths are p[i+1] = 2·t[i] − p[i]: every choice of p[0] gives a line with
// the same twentieths, and the ones with no point below 0 lie in an interval of p[0]. The written
// points take, inside that interval, the p[0] that makes the line smoothest (the least sum of
// squared steps between neighbours), so P6 puts exactly the product's work in each twentieth.
// Step-shaped parts may need a saw-tooth line for that; that is the price of exact twentieths.
// When no p[0] keeps every point ≥ 0 (a twentieth of no work between two of much), the points are
// the non-negative ones whose twentieths come nearest (least squares): the curve then comes back
// from P6 close to, not equal to, the product's. Points are scaled to sum to 100.
import type { AssignmentCurve } from './curve-import';
import { curveParts, curveShare } from './curves';

const TWENTIETHS = 20;

/** The percent of the work in each twentieth of the duration (sums to 100). */
export function curveTwentieths(c: AssignmentCurve): number[] {
  const parts = curveParts(c.kind, c.values);
  return Array.from(
    { length: TWENTIETHS },
    (_, i) => curveShare(parts, i / TWENTIETHS, (i + 1) / TWENTIETHS) * 100,
  );
}

/** The twentieths of 21 points: the mean of each neighbouring pair. */
export function twentiethsOfPoints(points: readonly number[]): number[] {
  return points.slice(0, TWENTIETHS).map((p, i) => (p + points[i + 1]!) / 2);
}

/** P6's 21 usage points for a curve: ≥ 0, summing to 100, rounded to 1e-6. */
export function p6PointsOfCurve(c: AssignmentCurve): number[] {
  const t = curveTwentieths(c);
  const points = exactPoints(t) ?? nearestPoints(t);
  const sum = points.reduce((s, p) => s + p, 0);
  return points.map((p) => Math.round((sum > 0 ? (p / sum) * 100 : 100 / 21) * 1e6) / 1e6);
}

/** The smoothest non-negative points whose twentieths are `t` exactly, or null when none are. */
function exactPoints(t: readonly number[]): number[] | null {
  // p[i] = sign[i]·x + c[i], x = p[0].
  const c = [0];
  for (let i = 0; i < TWENTIETHS; i++) c.push(2 * t[i]! - c[i]!);
  const sign = (i: number) => (i % 2 === 0 ? 1 : -1);
  let lo = 0;
  let hi = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= TWENTIETHS; i++) {
    if (sign(i) > 0) lo = Math.max(lo, -c[i]!);
    else hi = Math.min(hi, c[i]!);
  }
  // The product keeps a curve's values to 6 decimals: twentieths read back from P6 points lie that
  // close to an exact line, not closer (a looser bound kept such shapes on the approximate path).
  const eps = 1e-6 * Math.max(1, ...t);
  if (lo > hi + eps) return null;
  // Σ (p[i+1] − p[i])² = Σ (−2·sign[i]·x + d[i])², d[i] = c[i+1] − c[i]: least at x = Σ sign[i]·d[i] / 40.
  let sd = 0;
  for (let i = 0; i < TWENTIETHS; i++) sd += sign(i) * (c[i + 1]! - c[i]!);
  const x = Math.min(Math.max(sd / (2 * TWENTIETHS), lo), Math.max(lo, hi));
  return c.map((ci, i) => Math.max(0, sign(i) * x + ci));
}

/** Non-negative points whose twentieths come nearest `t` (projected gradient, least squares). */
function nearestPoints(t: readonly number[]): number[] {
  const p = [t[0]!, ...t.map((v, i) => (i + 1 < TWENTIETHS ? (v + t[i + 1]!) / 2 : v))];
  const g = new Array<number>(TWENTIETHS + 1);
  for (let iter = 0; iter < 4000; iter++) {
    g.fill(0);
    for (let i = 0; i < TWENTIETHS; i++) {
      const r = (p[i]! + p[i + 1]!) / 2 - t[i]!;
      g[i] += r / 2;
      g[i + 1] += r / 2;
    }
    // ‖AᵀA‖ ≤ 1: a step of 1 never overshoots.
    for (let i = 0; i <= TWENTIETHS; i++) p[i] = Math.max(0, p[i]! - g[i]!);
  }
  return p;
}
