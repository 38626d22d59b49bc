// Resource curves as the schedule files carry them, turned into the product's curve (parts: percent
// of the work in equal parts of the duration, curves.ts).
//
// P6 (XER table RSRCCURVDATA, TASKRSRC.curv_id): a curve is 21 points, the resource's usage at 0 %,
// 5 %, …, 100 % of the duration, as percent of its units; between two points the usage runs
// linearly, so the work of each twentieth is the area under that stretch (the mean of its two
// points). The areas, scaled to sum to 100, are the parts — the shape is kept, whatever the sum of
// the points (P6 normalises to the assignment's units). A curve whose twenty areas are equal is
// uniform. A curve of no usage at all (every point 0) carries no shape and reads as uniform.
//
// MS Project (MSPDI Assignment/WorkContour): 0 flat, 1 back loaded, 2 front loaded, 3 double peak,
// 4 early peak, 5 late peak, 6 bell, 7 turtle, 8 contoured. Microsoft does not publish the shapes,
// so the named ones map to the product's named curves where one has that name (flat, back, front,
// bell); the others and a hand-contoured assignment take their shape from the assignment's own
// timephased work in the file (mspdiPartsFromTimephased), the one record of the distribution
// Project wrote.
import type { CurveKind } from './curves';
import { isCurve } from './curves';
import { curveTwentieths } from './curve-export';

export interface AssignmentCurve {
  kind: CurveKind;
  /** The parts of a custom curve (none for a named one). */
  values?: number[];
}

const P6_POINTS = 21;

/** Rounds parts to 1e-6 and puts the rounding's remainder on the largest, so they sum to 100. */
function normalised(weights: readonly number[]): number[] | null {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!(sum > 0) || !weights.every((w) => Number.isFinite(w) && w >= 0)) return null;
  const parts = weights.map((w) => Math.round((w / sum) * 100 * 1e6) / 1e6);
  const rest = Math.round((100 - parts.reduce((s, p) => s + p, 0)) * 1e6) / 1e6;
  let top = 0;
  for (let i = 1; i < parts.length; i++) if (parts[i]! > parts[top]!) top = i;
  parts[top] = Math.round((parts[top]! + rest) * 1e6) / 1e6;
  return parts;
}

function fromParts(parts: number[] | null): AssignmentCurve {
  if (!parts || !isCurve(parts)) return { kind: 'uniform' };
  const first = parts[0]!;
  if (parts.every((p) => Math.abs(p - first) < 1e-6)) return { kind: 'uniform' };
  return { kind: 'custom', values: parts };
}

/** Named curves whose twentieths a P6 curve may repeat (the XER and P6 XML writers write them so). */
const NAMED_TWENTIETHS = (['front', 'back', 'bell'] as const).map((kind) => ({
  kind,
  parts: curveTwentieths({ kind }),
}));

/**
 * P6's 21 usage points (pct_usage_0 … pct_usage_20) as a curve; null when they are not 21 numbers
 * ≥ 0. Points whose twentieths are those of a named curve (to 1e-4 %) read as that curve: the
 * writers export a named curve as such points, so it comes back by its name.
 */
export function curveFromP6Points(points: readonly number[]): AssignmentCurve | null {
  if (points.length !== P6_POINTS || !points.every((p) => Number.isFinite(p) && p >= 0)) return null;
  const areas: number[] = [];
  for (let i = 0; i + 1 < P6_POINTS; i++) areas.push((points[i]! + points[i + 1]!) / 2);
  const curve = fromParts(normalised(areas));
  const values = curve.values;
  if (!values) return curve;
  const named = NAMED_TWENTIETHS.find((n) => n.parts.every((p, i) => Math.abs(p - values[i]!) < 1e-4));
  return named ? { kind: named.kind } : curve;
}

/** MSPDI WorkContour codes whose shape the product's named curves carry. */
const NAMED_CONTOURS: Record<string, Exclude<CurveKind, 'custom'>> = {
  '0': 'uniform',
  '1': 'back',
  '2': 'front',
  '6': 'bell',
};

/** The named curve of an MSPDI WorkContour, or null when the shape must come from timephased work. */
export function curveOfWorkContour(code: string): AssignmentCurve | null {
  const named = NAMED_CONTOURS[code.trim() || '0'];
  return named ? { kind: named } : null;
}

/** One stretch of timephased work: [start, finish) in minutes and its work (any unit). */
export interface WorkStretch {
  start: number;
  finish: number;
  work: number;
}

/**
 * The shape of timephased work over [start, finish) as `parts` equal parts of that span, each
 * stretch's work spread evenly over its own span (Project writes a stretch per change of rate).
 * With `workAt` (working minutes up to a moment, e.g. CalendarIndex.workAt of the assignment's
 * calendar) the span and the stretches are measured in working time, as the product spreads a
 * curve (analytics' work-spread.ts): a stretch over a weekend puts nothing on the weekend, and
 * the parts are equal parts of the working time. A stretch with work but no working time in it
 * (work on a day off) counts at its working position; a span with no working time at all is
 * measured in elapsed time. Null when the span or the work is empty.
 */
export function partsFromTimephased(
  stretches: readonly WorkStretch[],
  start: number,
  finish: number,
  parts = 20,
  workAt?: (t: number) => number,
): AssignmentCurve | null {
  if (!(finish - start > 0)) return null;
  const at = workAt && workAt(finish) - workAt(start) > 0 ? workAt : (t: number) => t;
  const s0 = at(start);
  const span = at(finish) - s0;
  const weights = new Array<number>(parts).fill(0);
  let total = 0;
  const add = (i: number, w: number) => {
    weights[i]! += w;
    total += w;
  };
  for (const s of stretches) {
    if (!(s.work > 0)) continue;
    // The stretch inside the span, in elapsed time, then in the span's measure.
    const ea = Math.max(start, s.start);
    const eb = Math.min(finish, s.finish);
    if (!(eb > ea)) continue;
    const [x, y] = [at(s.start), at(s.finish)];
    const [a, b] = [at(ea) - s0, at(eb) - s0];
    if (!(y > x)) {
      // Work with no working time under it: at its place in the working time.
      add(
        Math.min(parts - 1, Math.max(0, Math.floor((a / span) * parts))),
        (s.work * (eb - ea)) / (s.finish - s.start),
      );
      continue;
    }
    const rate = s.work / (y - x);
    for (let i = Math.max(0, Math.floor((a / span) * parts)); i < parts; i++) {
      const lo = Math.max(a, (span * i) / parts);
      const hi = Math.min(b, (span * (i + 1)) / parts);
      if (hi <= lo) break;
      add(i, rate * (hi - lo));
    }
  }
  if (!(total > 0)) return null;
  return fromParts(normalised(weights));
}

/** The `curve` field of a read assignment: left out when uniform (the default of every assignment). */
export function curveField(c: AssignmentCurve | null | undefined): { curve?: AssignmentCurve } {
  return c && c.kind !== 'uniform' ? { curve: c } : {};
}
