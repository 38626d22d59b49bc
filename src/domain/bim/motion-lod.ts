// What the 3D viewer draws while the camera moves (issue 25's orbit budget in a software
// renderer): the frame's cost follows the triangles drawn, so a model above a triangle budget is
// drawn coarse until the camera stops, as Navisworks drops detail to keep its frame rate. The
// elements are taken largest first (their bounding box's diagonal): an element keeps its own
// triangles while a share of the budget allows it (or when it has no more than a box), else it is
// drawn as its bounding box (12 triangles); once the budget is spent the smaller ones are left out
// until the camera is still again. Pure functions; the viewer builds the meshes from the plan.
import type { ModelGeometry } from './geometry-format';

/** Triangles of a bounding box. */
export const BOX_TRIANGLES = 12;
/** Share of the budget that elements drawn with their own triangles may take. */
export const FULL_SHARE = 0.6;

/** Per element (in `ranges` order) its bounding box: min x y z, max x y z (6 floats each). */
export function elementBounds(model: Pick<ModelGeometry, 'ranges' | 'positions'>): Float32Array {
  const out = new Float32Array(model.ranges.length * 6);
  const p = model.positions;
  model.ranges.forEach((r, e) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let z0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let z1 = -Infinity;
    for (let k = r.vertexStart * 3, end = (r.vertexStart + r.vertexCount) * 3; k < end; k += 3) {
      const x = p[k]!;
      const y = p[k + 1]!;
      const z = p[k + 2]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    if (r.vertexCount === 0) x0 = y0 = z0 = x1 = y1 = z1 = 0;
    out.set([x0, y0, z0, x1, y1, z1], e * 6);
  });
  return out;
}

/** Element indexes (into `ranges`) by their bounding box's diagonal, largest first (stable). */
export function sizeOrder(bounds: Float32Array): Uint32Array {
  const n = bounds.length / 6;
  const diag = new Float64Array(n);
  for (let e = 0; e < n; e++) {
    const o = e * 6;
    diag[e] = Math.hypot(
      bounds[o + 3]! - bounds[o]!,
      bounds[o + 4]! - bounds[o + 1]!,
      bounds[o + 5]! - bounds[o + 2]!,
    );
  }
  const order = new Uint32Array(n);
  for (let e = 0; e < n; e++) order[e] = e;
  // Stored largest first (geometry format version 2): already in order, no sort.
  let sorted = true;
  for (let e = 1; e < n && sorted; e++) sorted = diag[e]! <= diag[e - 1]!;
  if (sorted) return order;
  return order.sort((a, b) => diag[b]! - diag[a]! || a - b);
}

export interface MotionPlan {
  /** Elements drawn with their own triangles (indexes into `ranges`). */
  full: number[];
  /** Elements drawn as their bounding box. */
  boxes: number[];
  /** Triangles the plan draws (≤ the budget). */
  triangles: number;
}

/**
 * Which visible elements a moving frame draws, and how, within `budget` triangles: the visible
 * elements in `order` are taken while the budget lasts (a prefix of them), each with its own
 * triangles when it has no more than a box or while those stay within FULL_SHARE of the budget,
 * else as a box.
 */
export function motionPlan(
  order: ArrayLike<number>,
  triangles: (e: number) => number,
  visible: (e: number) => boolean,
  budget: number,
  whole?: (e: number) => boolean,
): MotionPlan {
  return elementPlan(order, triangles, visible, budget, budget * FULL_SHARE, whole);
}

/**
 * The visible elements with triangles in `order`, while `budget` triangles last (Infinity: all of
 * them): each with its own triangles when it has no more than a box or while those stay within
 * `fullBudget`, else as its bounding box. The moving frame's plan and the progressive overview's.
 * `whole` says which elements may be drawn with their own triangles (those whose buffers are in
 * while a model streams); the others are boxes.
 */
export function elementPlan(
  order: ArrayLike<number>,
  triangles: (e: number) => number,
  visible: (e: number) => boolean,
  budget: number,
  fullBudget: number,
  whole: (e: number) => boolean = () => true,
): MotionPlan {
  const full: number[] = [];
  const boxes: number[] = [];
  let used = 0;
  let fullUsed = 0;
  for (let k = 0; k < order.length; k++) {
    const e = order[k]!;
    if (!visible(e)) continue;
    const t = triangles(e);
    if (t === 0) continue;
    const own = whole(e) && (t <= BOX_TRIANGLES || fullUsed + t <= fullBudget);
    const cost = own ? t : BOX_TRIANGLES;
    if (used + cost > budget) break;
    used += cost;
    if (own) {
      full.push(e);
      fullUsed += t;
    } else boxes.push(e);
  }
  return { full, boxes, triangles: used };
}
