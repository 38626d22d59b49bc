// A curve written as MS Project's timephased work (MSPDI TimephasedData of type 1 under a
// hand-contoured assignment, WorkContour 8): the work of each stretch of the assignment's span,
// as Project itself records it — one stretch per working day, from the day's first working
// minute to the next day's (so a weekend lies inside Friday's stretch, with no work of its own) —
// and split where a twentieth of the working time begins inside a day, so each stretch lies in
// one twentieth and holds that twentieth's even rate. Read back over the same calendar
// (curve-import.ts partsFromTimephased) the twentieths are the curve's, to the whole minutes the
// file's moments hold.
import type { WorkStretch } from './curve-import';
import { curveTwentieths } from './curve-export';
import type { AssignmentCurve } from './curve-import';
import { curveShare } from './curves';

const DAY = 1440;
const TWENTIETHS = 20;

/** Working time of a calendar: minutes worked up to t, and the moment the w-th one begins. */
export interface WorkClock {
  workAt(t: number): number;
  startAt(w: number): number;
}

/**
 * The stretches of `work` (any unit) on curve `c` over [start, finish) on `clock`'s working time;
 * none when the span has no working time (Project then keeps the contour flat).
 */
export function timephasedOfCurve(
  c: AssignmentCurve,
  work: number,
  start: number,
  finish: number,
  clock: WorkClock,
): WorkStretch[] {
  const w0 = clock.workAt(start);
  const span = clock.workAt(finish) - w0;
  if (!(span > 0) || !(finish > start)) return [];
  const parts = curveTwentieths(c);
  const cuts = new Set<number>([start, finish]);
  // Each day's first working minute (08:00 to 08:00, as Project writes a day).
  for (let d = Math.floor(start / DAY) + 1; d * DAY < finish; d++) {
    const t = clock.startAt(clock.workAt(d * DAY));
    if (t > start && t < finish) cuts.add(t);
  }
  // Where each twentieth of the working time begins.
  for (let k = 1; k < TWENTIETHS; k++) {
    const t = clock.startAt(w0 + Math.round((span * k) / TWENTIETHS));
    if (t > start && t < finish) cuts.add(t);
  }
  const at = [...cuts].sort((a, b) => a - b);
  const out: WorkStretch[] = [];
  for (let i = 0; i + 1 < at.length; i++) {
    const [a, b] = [at[i]!, at[i + 1]!];
    const p = (clock.workAt(a) - w0) / span;
    const q = (clock.workAt(b) - w0) / span;
    if (q <= p) continue;
    out.push({ start: a, finish: b, work: work * curveShare(parts, p, q) });
  }
  return out;
}
