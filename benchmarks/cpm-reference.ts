// Independent references the CPM benchmark checks itself against.
//  - referenceEarlyStarts: a plain object-based forward pass in index order (the generator's
//    order is topological), using only the public calendar API: no typed arrays, no CSR, no Kahn.
//  - floorPass: the floor the issue asks for, a no-calendar forward/backward pass over CSR arrays.

import type { CalendarIndex } from '../src/domain/calendar/calendar-index';
import type { ScheduleModel } from '../src/domain/schedule/model';

export function referenceEarlyStarts(model: ScheduleModel, cals: Map<string, CalendarIndex>): Int32Array {
  const n = model.activities.length;
  const index = new Map(model.activities.map((a, i) => [a.id, i]));
  const preds: { p: number; type: string; lag: number }[][] = Array.from({ length: n }, () => []);
  for (const r of model.relations)
    preds[index.get(r.succId)!].push({ p: index.get(r.predId)!, type: r.type, lag: r.lag });
  const es = new Int32Array(n);
  const ef = new Int32Array(n);
  const from = Math.max(model.options.dataDate, model.options.projectStart);
  for (let i = 0; i < n; i++) {
    const a = model.activities[i];
    const c = cals.get(a.calendarId)!;
    let w = c.workAt(from);
    // The moment of a deciding finish-side link is kept as the early finish (P6's display).
    let kept = -1;
    for (const { p, type, lag } of preds[i]) {
      const pc = cals.get(model.activities[p].calendarId)!;
      let t = type === 'fs' || type === 'ff' ? ef[p] : es[p];
      // Adding working time ends at a finish moment, taking it away (a lead) at a start moment.
      if (lag !== 0) t = lag > 0 ? pc.finishAt(pc.workAt(t) + lag) : pc.startAt(pc.workAt(t) + lag);
      const finishSide = type === 'ff' || type === 'sf';
      const bound = finishSide ? c.workAt(t) - a.remaining : c.workAt(t);
      if (bound > w || (bound === w && finishSide && kept < 0)) {
        w = bound;
        kept = finishSide ? t : -1;
      }
    }
    es[i] = c.startAt(w);
    const end = w + a.remaining;
    // A kept moment that does not end working time (a start, or non-working time) gives the start
    // moment of that working time (the next working start).
    const fin = kept < 0 || kept === c.finishAt(end) ? c.finishAt(end) : c.startAt(end);
    ef[i] = a.remaining > 0 ? fin : es[i];
  }
  return es;
}

export interface Floor {
  finish: number;
  ms: number;
}

/** Forward and backward pass in plain minutes (no calendars), FS semantics for every link. */
export function floorPass(
  n: number,
  dur: Int32Array,
  order: Int32Array,
  inStart: Int32Array,
  inRel: Int32Array,
  outStart: Int32Array,
  outRel: Int32Array,
  rPred: Int32Array,
  rSucc: Int32Array,
  rLag: Int32Array,
): Floor & { es: Float64Array } {
  const t0 = performance.now();
  const es = new Float64Array(n);
  const lf = new Float64Array(n);
  let finish = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    let s = 0;
    for (let q = inStart[i]; q < inStart[i + 1]; q++) {
      const r = inRel[q];
      const b = es[rPred[r]] + dur[rPred[r]] + rLag[r];
      if (b > s) s = b;
    }
    es[i] = s;
    if (s + dur[i] > finish) finish = s + dur[i];
  }
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k];
    let f = finish;
    for (let q = outStart[i]; q < outStart[i + 1]; q++) {
      const r = outRel[q];
      const b = lf[rSucc[r]] - dur[rSucc[r]] - rLag[r];
      if (b < f) f = b;
    }
    lf[i] = f;
  }
  return { finish, ms: performance.now() - t0, es };
}

/** The same floor computed recursively (memoised longest path), to check floorPass. */
export function floorFinishByIndexOrder(
  n: number,
  dur: Int32Array,
  inStart: Int32Array,
  inRel: Int32Array,
  rPred: Int32Array,
  rLag: Int32Array,
): number {
  const es = new Float64Array(n);
  let finish = 0;
  for (let i = 0; i < n; i++) {
    for (let q = inStart[i]; q < inStart[i + 1]; q++) {
      const r = inRel[q];
      es[i] = Math.max(es[i], es[rPred[r]] + dur[rPred[r]] + rLag[r]);
    }
    finish = Math.max(finish, es[i] + dur[i]);
  }
  return finish;
}
