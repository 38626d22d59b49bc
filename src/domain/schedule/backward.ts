// The backward pass for one activity, mirror of the forward pass (passes.ts): every relation,
// constraint and the project's finish target becomes an upper bound on the late finish index;
// late dates come from the index, keeping the moment that decided where P6 keeps it. Completed
// activities get P6's late dates too (they bound the activities before them); external ones keep
// their own project's.

import type { Network } from './network';
import {
  K_FINISH_MS as K_FINISH_MS_,
  K_START_MS as K_START_MS_,
  NONE as NONE_,
  R_FF as R_FF_,
  R_FS as R_FS_,
} from './network';
import {
  backwardBound as backwardBound_,
  boundTime as boundTime_,
  constrainsPred as constrainsPred_,
  isFixed as isFixed_,
  keep as keep_,
} from './passes';
import type { PassState } from './passes';

// Transpiled imports are getters; the hot loops read these local copies instead.
const K_FINISH_MS = K_FINISH_MS_;
const K_START_MS = K_START_MS_;
const NONE = NONE_;
const R_FF = R_FF_;
const R_FS = R_FS_;
const backwardBound = backwardBound_;
const boundTime = boundTime_;
const constrainsPred = constrainsPred_;
const isFixed = isFixed_;
const keep = keep_;

/**
 * Backward pass for activity i; successors must be done. The late finish of an activity with
 * nothing after it is its project's target (st.targets). Returns true when its dates changed.
 */
export function backwardOne(net: Network, st: PassState, i: number): boolean {
  const oldLs = st.ls[i];
  const oldLf = st.lf[i];
  if (st.doneAt[i] !== NONE) {
    lateOfCompleted(net, st, i);
    return oldLs !== st.ls[i] || oldLf !== st.lf[i];
  }
  if (isFixed(net, i)) {
    const els = net.extLateStart[i];
    const elf = net.extLateFinish[i];
    // An external activity keeps the late dates its own project gave it (when the file has them).
    st.ls[i] = els !== NONE ? els : st.es[i];
    st.lf[i] = elf !== NONE ? elf : st.ef[i];
    const c = net.calendars[net.cal[i]];
    st.wls[i] = els !== NONE ? c.workAt(els) : st.wes[i];
    st.wlf[i] = elf !== NONE ? c.workAt(elf) : st.wef[i];
    return oldLs !== st.ls[i] || oldLf !== st.lf[i];
  }
  const c = net.calendars[net.cal[i]];
  const dur = st.wef[i] - st.wes[i];
  const sdur = st.dur;
  let w = Infinity;
  // Mirror of the forward rule: a start-side bound (SS, SF, start constraint) that decides is
  // kept as the late start (a finish moment stays 17:00 rather than 08:00 the next day).
  let startAt = NONE;
  // The moment behind a deciding finish-side bound (kept for milestones and manual tasks).
  let finishMoment = NONE;
  const manual = net.manual[i] === 1;
  for (let k = net.outStart[i]; k < net.outStart[i + 1]; k++) {
    const r = net.outRel[k];
    if (!constrainsPred(net, r)) continue;
    const t = net.rType[r];
    const finishSide = t === R_FS || t === R_FF;
    // MS Project: start-side links do not hold a manually scheduled predecessor's late dates.
    if (manual && !finishSide) continue;
    const b = backwardBound(net, r, st.ls, st.lf, st.wls, st.wlf, sdur);
    if (b < w || (b === w && startAt === NONE && !finishSide)) {
      w = b;
      startAt = finishSide ? NONE : boundTime();
      finishMoment = finishSide ? boundTime() : NONE;
    }
  }
  // Nothing may finish after the project finish (P6: late finish is the latest an activity can
  // finish without delaying the project), also when a lead lets a successor allow more.
  const target = st.targets[net.proj[i]];
  const bt = c.workAt(target);
  let byTarget = 0;
  if (bt < w) {
    w = bt;
    startAt = NONE;
    finishMoment = target;
    byTarget = 1;
  }
  const sMax = net.startMax[i];
  if (sMax !== NONE && c.workAt(sMax) + dur < w) {
    w = c.workAt(sMax) + dur;
    byTarget = 0;
    startAt = sMax;
  }
  const fMax = net.finishMax[i];
  if (fMax !== NONE && c.workAt(fMax) < w) {
    w = c.workAt(fMax);
    byTarget = 0;
    startAt = NONE;
    finishMoment = NONE;
  }
  if (net.mandStart[i] !== NONE) {
    byTarget = 0;
    w = c.workAt(net.mandStart[i]) + dur;
    startAt = net.mandStart[i];
  } else if (net.mandFinish[i] !== NONE) {
    byTarget = 0;
    w = c.workAt(net.mandFinish[i]);
    startAt = NONE;
  }
  // P6 external late finish: relations into projects the file does not hold.
  const ext = net.extFinish[i];
  if (ext !== NONE && c.workAt(ext) < w) {
    w = c.workAt(ext);
    byTarget = 0;
    startAt = NONE;
    finishMoment = NONE;
  }
  st.wlf[i] = w;
  st.wls[i] = w - dur;
  st.byTarget[i] = byTarget;
  const kind = net.kind[i];
  if (kind === K_FINISH_MS) {
    // A milestone held by the project finish sits exactly at it (MS Project shows 08:00 there).
    st.ls[i] = st.lf[i] = (finishMoment === target ? keep(c, target, w) : null) ?? c.finishAt(w);
  } else if (dur === 0 && kind === K_START_MS) {
    // A start milestone: P6 keeps the moment that decided when it is a start or finish moment
    // (Tuesday 08:00 stays); in non-working time it goes to the end of the working time before it
    // (Sunday 08:00 gives Friday 17:00, not Monday 08:00).
    st.ls[i] = st.lf[i] = keep(c, startAt !== NONE ? startAt : finishMoment, w) ?? c.finishAt(w);
  } else if (dur === 0) {
    // A task with no work left ends like a finish: at the end of working time (Friday 17:00).
    st.ls[i] = st.lf[i] = c.finishAt(w);
  } else {
    st.lf[i] = (manual ? keep(c, finishMoment, w) : null) ?? c.finishAt(w);
    // A start-side bound that decided keeps its moment; one between working periods (Saturday
    // 08:00 from a 7-day successor) gives the end of the working time before it, like a finish.
    st.ls[i] = keep(c, startAt, w - dur) ?? (startAt !== NONE ? c.finishAt(w - dur) : c.startAt(w - dur));
  }
  return oldLs !== st.ls[i] || oldLf !== st.lf[i];
}

/**
 * P6 gives a completed activity late dates too (no work left: late start = late finish, the
 * moment its successors allow, else its project's target), and they bound the activities before
 * it: an FF successor that finished still holds its predecessor's late finish.
 */
function lateOfCompleted(net: Network, st: PassState, i: number): void {
  const c = net.calendars[net.cal[i]];
  const target = st.targets[net.proj[i]];
  let w = c.workAt(target);
  let moment = target;
  for (let k = net.outStart[i]; k < net.outStart[i + 1]; k++) {
    const r = net.outRel[k];
    if (!constrainsPred(net, r)) continue;
    const b = backwardBound(net, r, st.ls, st.lf, st.wls, st.wlf, st.dur);
    if (b < w) {
      w = b;
      moment = boundTime();
    }
  }
  st.wls[i] = st.wlf[i] = w;
  st.ls[i] = st.lf[i] = keep(c, moment, w) ?? c.finishAt(w);
  st.byTarget[i] = moment === target ? 1 : 0;
}
