// How the 3D viewer shows a large model progressively (issue 25's first-frame budget in a software
// renderer, as Navisworks and SYNCHRO do): a still frame of a model above PROGRESSIVE_TRIANGLES
// visible triangles is first drawn as an overview — every visible element present, the largest
// with their own triangles within OVERVIEW_FULL_TRIANGLES, all the others as their bounding box,
// none left out — and the full detail is then drawn in parts of REFINE_CHUNK_TRIANGLES, one part
// an animation frame, into the still frame's target, shown when the last part is drawn. Any new
// frame asked for (the camera moves, visibility or colours change) drops the parts drawn so far.
// Pure functions; the viewer (src/modules/bim/viewer.ts) builds and draws the meshes.
import { elementPlan, type MotionPlan } from './motion-lod';

/** Visible triangles above which a still frame is progressive (10× the largest fixture: 0.2M). */
export const PROGRESSIVE_TRIANGLES = 1_000_000;
/** Triangles of the elements drawn whole in the overview (the rest are boxes). */
export const OVERVIEW_FULL_TRIANGLES = 150_000;
/** Triangles of full detail drawn per animation frame while refining. */
export const REFINE_CHUNK_TRIANGLES = 400_000;

/** Whether a still frame with this many visible triangles is drawn progressively. */
export function progressiveStill(visibleTriangles: number, threshold = PROGRESSIVE_TRIANGLES): boolean {
  return visibleTriangles > threshold;
}

/**
 * The overview of a progressive frame: every visible element with triangles, in `order` (largest
 * first), with its own triangles when it has no more than a box or while those stay within
 * `fullBudget`, else as its bounding box. Nothing is left out (unlike a moving frame's plan).
 * While a model streams, an element whose buffers are not in (`whole` false) is a box.
 */
export function overviewPlan(
  order: ArrayLike<number>,
  triangles: (e: number) => number,
  visible: (e: number) => boolean,
  fullBudget = OVERVIEW_FULL_TRIANGLES,
  whole?: (e: number) => boolean,
): MotionPlan {
  return elementPlan(order, triangles, visible, Infinity, fullBudget, whole);
}

export interface DrawPart {
  /** First index (into the drawn index buffer) and how many, whole triangles. */
  start: number;
  count: number;
}

/** The parts in which `indexCount` drawn indices are refined: in order, whole triangles each. */
export function refineParts(indexCount: number, chunkTriangles = REFINE_CHUNK_TRIANGLES): DrawPart[] {
  const step = Math.max(1, Math.floor(chunkTriangles)) * 3;
  const parts: DrawPart[] = [];
  for (let start = 0; start < indexCount; start += step)
    parts.push({ start, count: Math.min(step, indexCount - start) });
  return parts;
}

/** An element's box smaller than this on screen (pixels, its diagonal) is drawn as a point. */
export const POINT_PIXELS = 2;

/**
 * Pixels on screen of a length `size` at `distance` from a perspective camera of vertical field
 * of view `fovRadians` over a drawing buffer `heightPx` high (0 behind or at the camera: taken
 * as large, drawn as a box).
 */
export function screenPixels(size: number, distance: number, fovRadians: number, heightPx: number): number {
  if (distance <= 0) return Infinity;
  return (size / distance) * (heightPx / (2 * Math.tan(fovRadians / 2)));
}

/**
 * Faces of the box [lo, hi] seen from `eye` (outside its plane): per axis -1 (the low face), +1
 * (the high face) or 0 (neither; the eye is between them). A closed convex box shows at most these
 * three, so the overview draws only them (half a box's triangles or fewer).
 */
export function facingSides(
  lo: readonly [number, number, number],
  hi: readonly [number, number, number],
  eye: readonly [number, number, number],
): [number, number, number] {
  const side = (a: 0 | 1 | 2) => (eye[a] > hi[a] ? 1 : eye[a] < lo[a] ? -1 : 0);
  return [side(0), side(1), side(2)];
}
