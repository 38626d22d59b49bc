// The forward and backward pass for one activity, in the working time of its own calendar.
// Every relation, constraint and the data date becomes a bound on a "work index" (working
// minutes since 2000 on the activity's calendar): the early start index W is the largest lower
// bound, the late finish index the smallest upper bound. Dates come from the index at the end,
// a start with startAt and a finish with finishAt (see calendar-index.ts).

import type { CalendarIndex } from '../calendar/calendar-index';
import type { Network } from './network';
import {
  K_EXTERNAL as K_EXTERNAL_,
  K_FINISH_MS as K_FINISH_MS_,
  K_LOE as K_LOE_,
  K_SUM as K_SUM_,
  K_WBS as K_WBS_,
  NONE as NONE_,
  R_FF as R_FF_,
  R_FS as R_FS_,
  R_SF as R_SF_,
  R_SS as R_SS_,
  S_DONE as S_DONE_,
  S_STARTED as S_STARTED_,
} from './network';

// Transpiled imports are getters; the hot loops read these local copies instead.
const K_EXTERNAL = K_EXTERNAL_;
const K_FINISH_MS = K_FINISH_MS_;
const K_LOE = K_LOE_;
const K_SUM = K_SUM_;
const K_WBS = K_WBS_;
const NONE = NONE_;
const R_FF = R_FF_;
const R_FS = R_FS_;
const R_SF = R_SF_;
const R_SS = R_SS_;
const S_DONE = S_DONE_;
const S_STARTED = S_STARTED_;

/** Per-activity results of the passes: absolute dates and work indexes on the own calendar. */
export interface PassState {
  es: Int32Array;
  ef: Int32Array;
  ls: Int32Array;
  lf: Int32Array;
  wes: Int32Array;
  wef: Int32Array;
  wls: Int32Array;
  wlf: Int32Array;
  /** 1 where the project finish decided the late finish (the incremental pass re-examines them). */
  byTarget: Uint8Array;
  /**
   * By relation slot (Network.rSrc): 1 where the relation drives its successor, i.e. its bound
   * equals the successor's early start (P6's "Driving"; ties: every one that gives that date).
   * Written by the successor's forward step; may be longer than the slots in use.
   */
  driving: Uint8Array;
  /** Latest early finish of the open activities: the default target of the backward pass. */
  projectFinish: number;
}

export function newPassState(n: number, slots = 0): PassState {
  return {
    driving: new Uint8Array(slots),
    es: new Int32Array(n),
    ef: new Int32Array(n),
    ls: new Int32Array(n),
    lf: new Int32Array(n),
    wes: new Int32Array(n),
    wef: new Int32Array(n),
    wls: new Int32Array(n),
    wlf: new Int32Array(n),
    byTarget: new Uint8Array(n),
    projectFinish: 0,
  };
}

/** Activities whose dates are fixed: completed, external, and WBS tree nodes (rolled up later). */
export function isFixed(net: Network, i: number): boolean {
  const k = net.kind[i];
  return net.status[i] === S_DONE || k === K_EXTERNAL || k === K_SUM;
}

/** Neither LOE nor WBS summary activities drive other activities (P6). */
function drives(net: Network, i: number): boolean {
  const k = net.kind[i];
  return k !== K_LOE && k !== K_WBS && k !== K_SUM;
}

/** Whether relation r (into a started activity) still applies to its remaining work. */
function appliesToRemaining(net: Network, r: number): boolean {
  if (net.status[net.rSucc[r]] !== S_STARTED) return true;
  if (net.options.progressMode === 'progress_override') return false;
  const t = net.rType[r];
  // The start already happened: start-side links are satisfied.
  return t !== R_SS;
}

/** The moment behind the last bound computed (read right after forwardBound/backwardBound). */
let lastBoundTime = 0;

/** A kept moment is used only if it is the start or finish moment of work index w. */
function keep(c: CalendarIndex, t: number, w: number): number | null {
  if (t === NONE) return null;
  return t === c.startAt(w) || t === c.finishAt(w) ? t : null;
}

function shiftByLag(net: Network, r: number, base: number, sign: number): number {
  const lag = net.rLag[r] * sign;
  if (lag === 0) return base;
  const lc = net.calendars[net.rLagCal[r]];
  const w = lc.workAt(base) + lag;
  return sign > 0 ? lc.finishAt(w) : lc.startAt(w);
}

/** Lower bound that relation r puts on its successor's early start index. */
export function forwardBound(net: Network, st: PassState, r: number): number {
  const p = net.rPred[r];
  const s = net.rSucc[r];
  const t = net.rType[r];
  const lag = net.rLag[r];
  const fromFinish = t === R_FS || t === R_FF;
  const finishSide = t === R_FF || t === R_SF;
  const cs = net.cal[s];
  const actual = !fromFinish && net.status[p] === S_STARTED && !lagFromEarlyStart(net);
  if (net.cal[p] === cs && net.rLagCal[r] === cs && !actual) {
    // One calendar throughout: stay in work space, no search needed.
    const w = (fromFinish ? st.wef[p] : st.wes[p]) + lag;
    if (finishSide) {
      lastBoundTime = lag === 0 ? (fromFinish ? st.ef[p] : st.es[p]) : net.calendars[cs].finishAt(w);
      return w - net.dur[s];
    }
    return w;
  }
  let base = fromFinish ? st.ef[p] : actual ? net.actualStart[p] : st.es[p];
  base = shiftByLag(net, r, base, 1);
  lastBoundTime = base;
  const w = net.calendars[cs].workAt(base);
  return finishSide ? w - net.dur[s] : w;
}

function lagFromEarlyStart(net: Network): boolean {
  return net.options.lagFromEarlyStart !== false;
}

/**
 * Upper bound that relation r puts on its predecessor's finish index, from the successor's
 * dates (late ones for the backward pass, early ones for free float) and their work indexes.
 */
export function backwardBound(
  net: Network,
  r: number,
  start: Int32Array,
  finish: Int32Array,
  wStart: Int32Array,
  wFinish: Int32Array,
): number {
  const p = net.rPred[r];
  const s = net.rSucc[r];
  const t = net.rType[r];
  const lag = net.rLag[r];
  const toStart = t === R_FS || t === R_SS;
  const fromFinish = t === R_FS || t === R_FF;
  const cp = net.cal[p];
  if (net.cal[s] === cp && net.rLagCal[r] === cp) {
    const w = (toStart ? wStart[s] : wFinish[s]) - lag;
    lastBoundTime = lag === 0 ? (toStart ? start[s] : finish[s]) : net.calendars[cp].startAt(w);
    return fromFinish ? w : w + net.dur[p];
  }
  const base = shiftByLag(net, r, toStart ? start[s] : finish[s], -1);
  lastBoundTime = base;
  const w = net.calendars[cp].workAt(base);
  return fromFinish ? w : w + net.dur[p];
}

/** Whether relation r takes part in the backward pass / free float of its predecessor. */
export function constrainsPred(net: Network, r: number): boolean {
  const s = net.rSucc[r];
  if (isFixed(net, s) || !drives(net, s) || !drives(net, net.rPred[r])) return false;
  return appliesToRemaining(net, r);
}

/** The bounds of one activity's relations, by their place in its in-list (NaN: not applied). */
let bounds = new Float64Array(64);

/** Forward pass for activity i; predecessors must be done. Returns true when its dates changed. */
export function forwardOne(net: Network, st: PassState, i: number, dataWork: Int32Array): boolean {
  const oldEs = st.es[i];
  const oldEf = st.ef[i];
  const k0 = net.inStart[i];
  const k1 = net.inStart[i + 1];
  if (isFixed(net, i)) {
    // Dates from actuals (or the roll-up): nothing drives them.
    for (let k = k0; k < k1; k++) st.driving[net.rSrc[net.inRel[k]]] = 0;
    const as = net.actualStart[i];
    const af = net.actualFinish[i];
    // An empty WBS node has no dates of its own: it sits at the data date.
    const none = as === NONE && af === NONE;
    st.es[i] = none ? net.options.dataDate : as === NONE ? af : as;
    st.ef[i] = none ? net.options.dataDate : af === NONE ? as : af;
    const c = net.calendars[net.cal[i]];
    st.wes[i] = c.workAt(st.es[i]);
    st.wef[i] = c.workAt(st.ef[i]);
    return oldEs !== st.es[i] || oldEf !== st.ef[i];
  }
  const ci = net.cal[i];
  const c = net.calendars[ci];
  const dur = net.dur[i];
  let w = dataWork[ci];
  // When a finish-side bound (FF, SF, finish constraint) decides, P6 keeps that moment as the
  // early finish (a start moment stays a start moment: 08:00 rather than 17:00 the day before).
  let finishAt = NONE;
  // A milestone held only by the data date sits at the first working moment after it.
  let fromData = true;
  if (k1 - k0 > bounds.length) bounds = new Float64Array(2 * (k1 - k0));
  for (let k = k0; k < k1; k++) {
    const r = net.inRel[k];
    if (!drives(net, net.rPred[r]) || !appliesToRemaining(net, r)) {
      bounds[k - k0] = NaN;
      continue;
    }
    const b = forwardBound(net, st, r);
    bounds[k - k0] = b;
    const t = net.rType[r];
    if (b > w || (b === w && finishAt === NONE && (t === R_FF || t === R_SF))) {
      w = b;
      fromData = false;
      finishAt = t === R_FF || t === R_SF ? lastBoundTime : NONE;
    }
  }
  const resume = net.resume[i];
  if (resume !== NONE && c.workAt(resume) > w) {
    w = c.workAt(resume);
    finishAt = NONE;
    fromData = false;
  }
  const sMin = net.startMin[i];
  if (sMin !== NONE && c.workAt(sMin) > w) {
    w = c.workAt(sMin);
    finishAt = NONE;
    fromData = false;
  }
  const fMin = net.finishMin[i];
  if (fMin !== NONE && c.workAt(fMin) - dur > w) {
    w = c.workAt(fMin) - dur;
    finishAt = fMin;
    fromData = false;
  }
  if (net.mandStart[i] !== NONE) {
    w = c.workAt(net.mandStart[i]);
    finishAt = NONE;
    fromData = false;
  } else if (net.mandFinish[i] !== NONE) {
    w = c.workAt(net.mandFinish[i]) - dur;
    finishAt = net.mandFinish[i];
    fromData = false;
  }
  st.wes[i] = w;
  st.wef[i] = w + dur;
  // Driving: the relations whose bound is the early start (a constraint or the data date that
  // gave a later one leaves none; ties are all driving).
  for (let k = k0; k < k1; k++) st.driving[net.rSrc[net.inRel[k]]] = bounds[k - k0] === w ? 1 : 0;
  if (net.kind[i] === K_FINISH_MS) {
    st.es[i] = st.ef[i] = fromData ? c.startAt(w) : (keep(c, finishAt, w) ?? c.finishAt(w));
  } else {
    st.es[i] = c.startAt(w);
    st.ef[i] = dur > 0 ? (keep(c, finishAt, w + dur) ?? c.finishAt(w + dur)) : st.es[i];
  }
  return oldEs !== st.es[i] || oldEf !== st.ef[i];
}

/** Backward pass for activity i; successors must be done. Returns true when its dates changed. */
export function backwardOne(net: Network, st: PassState, i: number, target: number): boolean {
  const oldLs = st.ls[i];
  const oldLf = st.lf[i];
  if (isFixed(net, i)) {
    st.ls[i] = st.es[i];
    st.lf[i] = st.ef[i];
    st.wls[i] = st.wes[i];
    st.wlf[i] = st.wef[i];
    return oldLs !== st.ls[i] || oldLf !== st.lf[i];
  }
  const c = net.calendars[net.cal[i]];
  const dur = st.wef[i] - st.wes[i];
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
    const b = backwardBound(net, r, st.ls, st.lf, st.wls, st.wlf);
    if (b < w || (b === w && startAt === NONE && !finishSide)) {
      w = b;
      startAt = finishSide ? NONE : lastBoundTime;
      finishMoment = finishSide ? lastBoundTime : NONE;
    }
  }
  // Nothing may finish after the project finish (P6: late finish is the latest an activity can
  // finish without delaying the project), also when a lead lets a successor allow more.
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
  st.wlf[i] = w;
  st.wls[i] = w - dur;
  st.byTarget[i] = byTarget;
  if (net.kind[i] === K_FINISH_MS) {
    // A milestone held by the project finish sits exactly at it (MS Project shows 08:00 there).
    st.ls[i] = st.lf[i] = (finishMoment === target ? keep(c, target, w) : null) ?? c.finishAt(w);
  } else if (dur === 0) st.ls[i] = st.lf[i] = keep(c, startAt, w) ?? c.startAt(w);
  else {
    st.lf[i] = (manual ? keep(c, finishMoment, w) : null) ?? c.finishAt(w);
    st.ls[i] = keep(c, startAt, w - dur) ?? c.startAt(w - dur);
  }
  return oldLs !== st.ls[i] || oldLf !== st.lf[i];
}
