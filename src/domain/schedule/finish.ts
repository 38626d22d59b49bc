// After the passes: floats, level-of-effort spans, as-late-as-possible, WBS summaries, the sum
// roll-up and the critical flags. Works on copies so that the pass state stays pure CPM (the
// incremental recompute reads it again).

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
  R_SS as R_SS_,
  S_DONE as S_DONE_,
  S_STARTED as S_STARTED_,
} from './network';
import {
  backwardBound as backwardBound_,
  completedBound,
  constrainsPred as constrainsPred_,
  isFixed as isFixed_,
} from './passes';
import type { PassState } from './passes';
import type { ScheduleResult } from './result';
import { rollUp } from './roll-up';

// Transpiled imports are getters; the hot loops read these local copies instead.
const backwardBound = backwardBound_;
const constrainsPred = constrainsPred_;
const isFixed = isFixed_;
const K_EXTERNAL = K_EXTERNAL_;
const K_FINISH_MS = K_FINISH_MS_;
const K_LOE = K_LOE_;
const K_SUM = K_SUM_;
const K_WBS = K_WBS_;
const NONE = NONE_;
const R_FF = R_FF_;
const R_FS = R_FS_;
const R_SS = R_SS_;
const S_DONE = S_DONE_;
const S_STARTED = S_STARTED_;

/** Whether any successor bounds i's free float (else it counts to its project's finish). */
export function hasFreeFloatSuccessor(net: Network, i: number): boolean {
  for (let k = net.outStart[i]; k < net.outStart[i + 1]; k++) {
    const r = net.outRel[k];
    if (constrainsPred(net, r) && !isFixed(net, net.rSucc[r])) return true;
  }
  return false;
}

/** Free float of activity i: how far its finish can slip before any successor's early dates move. */
export function freeFloat(net: Network, st: PassState, i: number): number {
  return freeFloatOn(net, st, i, st);
}

/** Early dates and their work indexes: the passes', or those after ALAP activities moved. */
type EarlyDates = Pick<PassState, 'es' | 'ef' | 'wes' | 'wef'>;

/**
 * Free float against the given early dates of the successors. An activity whose expected finish
 * set its early finish has none (P6).
 */
function freeFloatOn(net: Network, st: PassState, i: number, early: EarlyDates): number {
  // None where an expected finish or a mandatory finish fixes the finish (P6).
  if (isFixed(net, i) || st.byExpect[i] || net.mandFinish[i] !== NONE) return 0;
  // Never negative: a successor already later than allowed leaves no free float (P6 stores none).
  return Math.max(0, roomBefore(net, st, i, early));
}

/** Working time from i's early finish to what its successors (or its project's finish) allow. */
function roomBefore(net: Network, st: PassState, i: number, early: EarlyDates): number {
  let w = Infinity;
  for (let k = net.outStart[i]; k < net.outStart[i + 1]; k++) {
    const r = net.outRel[k];
    if (!constrainsPred(net, r)) continue;
    const s = net.rSucc[r];
    let b: number;
    if (st.doneAt[s] !== NONE && heldByLogic(net, s)) b = completedBound(net, st, r);
    else if (isFixed(net, s)) continue;
    else b = backwardBound(net, r, early.es, early.ef, early.wes, early.wef, st.dur);
    if (b < w) w = b;
  }
  const c = net.calendars[net.cal[i]];
  if (w === Infinity) w = c.workAt(st.projFinish[net.proj[i]]);
  return w - early.wef[i];
}

/**
 * Whether completed activity s was rescheduled after its unfinished predecessors, so that it bounds
 * their free float: P6 under retained logic or actual dates, not under progress override, and not
 * MS Project (which keeps a finished task where it was).
 */
function heldByLogic(net: Network, s: number): boolean {
  if (net.options.semantics === 'msproject') return false;
  return net.projOptions[net.proj[s]].progressMode !== 'progress_override';
}

export function totalFloat(net: Network, st: PassState, i: number): number {
  if (isFixed(net, i)) return 0;
  const finish = st.wlf[i] - st.wef[i];
  // MS Project: a task in progress has its actual start as early and late start, so its total
  // slack is its finish slack (MPXJ MicrosoftSlackCalculator.calculateTotalSlack).
  if (net.status[i] === S_STARTED && net.options.semantics === 'msproject') return finish;
  const start = st.wls[i] - st.wes[i];
  const type = net.projOptions[net.proj[i]].floatType;
  return type === 'start' ? start : type === 'smallest' ? Math.min(start, finish) : finish;
}

/**
 * Builds the result from the pass state (full O(n + m) post-processing). `oneLoop`: whether
 * onlyFloats(net) holds (the full pass's plan knows it; a test holds one loop equal to the steps).
 */
export function finishResult(
  net: Network,
  st: PassState,
  tf: Int32Array,
  ff: Int32Array,
  oneLoop = onlyFloats(net),
): ScheduleResult {
  const res: ScheduleResult = {
    state: net.cycle.length > 0 ? 'not_calculated' : 'calculated',
    ids: net.ids,
    es: st.es.slice(),
    ef: st.ef.slice(),
    ls: st.ls.slice(),
    lf: st.lf.slice(),
    tf: tf.slice(),
    ff: ff.slice(),
    startFloat: new Int32Array(net.n),
    finishFloat: new Int32Array(net.n),
    critical: new Uint8Array(net.n),
    driving: st.driving.slice(0, net.slots),
    percentComplete: net.pct.slice(),
    projectFinish: st.projectFinish,
    errors: [],
  };
  if (oneLoop) {
    floatsAndCritical(net, st, res);
    if (net.options.semantics === 'msproject') showActualStarts(net, res);
    return res;
  }
  const { doneAt, wls, wes, wlf, wef } = st;
  const { es, ef, ls, lf, startFloat, finishFloat } = res;
  for (let i = 0; i < net.n; i++) {
    // Completed activities show their actual dates (their P6 late dates only bound others).
    if (doneAt[i] !== NONE) {
      ls[i] = es[i];
      lf[i] = ef[i];
    }
    // Start and finish float of the passes (totalFloat picks one of them).
    if (isFixed(net, i)) continue;
    startFloat[i] = wls[i] - wes[i];
    finishFloat[i] = wlf[i] - wef[i];
  }
  delayAsLateAsPossible(net, st, res);
  spanLevelOfEffort(net, st, res);
  if (net.options.semantics === 'msproject') showActualStarts(net, res);
  const closed = rollUp(net, res);
  // A summary shows one float, the smallest total float under it (P6's WBS rows).
  for (let i = 0; i < net.n; i++) {
    const k = net.kind[i];
    if (k !== K_SUM && k !== K_WBS) continue;
    res.startFloat[i] = res.tf[i];
    res.finishFloat[i] = res.tf[i];
  }
  markCritical(net, st, res);
  for (const i of closed) res.critical[i] = 0;
  return res;
}

/**
 * Whether the result needs nothing after the floats but the critical flags by total float: no
 * as-late-as-possible activity, no level of effort, no WBS summary or sum (nothing to roll up),
 * no project critical by longest path. finishResult then takes one loop (floatsAndCritical).
 * Scanning kinds costs about as much as that loop: the full pass's plan keeps the answer.
 */
export function onlyFloats(net: Network): boolean {
  const { kind } = net;
  return (
    !net.alap.includes(1) &&
    !kind.includes(K_LOE) &&
    !kind.includes(K_SUM) &&
    !kind.includes(K_WBS) &&
    !net.projOptions.some((o) => o.criticalBy === 'longest_path')
  );
}

/**
 * finishResult's steps for a network that needs no more (onlyFloats), in one loop: completed
 * activities' late dates, start and finish float, and markCritical's flags by total float.
 */
function floatsAndCritical(net: Network, st: PassState, res: ScheduleResult): void {
  const { doneAt, wls, wes, wlf, wef } = st;
  const { es, ef, ls, lf, tf, startFloat, finishFloat, critical } = res;
  const { kind, status, proj, outStart } = net;
  const limit = net.projOptions.map((o) => o.criticalFloat);
  const openEnds = net.projOptions.map((o) => o.openEndsCritical === true);
  for (let i = 0; i < net.n; i++) {
    if (doneAt[i] !== NONE) {
      ls[i] = es[i];
      lf[i] = ef[i];
    }
    // isFixed (there is no sum here).
    if (status[i] === S_DONE || kind[i] === K_EXTERNAL) continue;
    startFloat[i] = wls[i] - wes[i];
    finishFloat[i] = wlf[i] - wef[i];
    const k = proj[i];
    const most = limit[k];
    if (most !== most) continue;
    critical[i] = (openEnds[k] && outStart[i + 1] === outStart[i]) || tf[i] <= most ? 1 : 0;
  }
}

/**
 * MS Project shows a task in progress with its actual start as early and late start (ES = LS;
 * mspditimephasedsegments.xml tasks 4 and 5, MPXJ's MicrosoftScheduler); its remaining work
 * still resumes where the passes put it (early and late finish), and its start slack is 0.
 */
function showActualStarts(net: Network, res: ScheduleResult): void {
  for (let i = 0; i < net.n; i++) {
    if (net.status[i] !== S_STARTED || isFixed(net, i)) continue;
    res.es[i] = res.ls[i] = net.actualStart[i];
    res.startFloat[i] = 0;
  }
}

/**
 * LOE: its start comes from its predecessors (forward pass); its finish is the latest date its
 * successors need, early from their early dates and late from their late dates (P6).
 */
function spanLevelOfEffort(net: Network, st: PassState, res: ScheduleResult): void {
  for (let i = 0; i < net.n; i++) {
    if (net.kind[i] !== K_LOE || isFixed(net, i) || net.outStart[i + 1] === net.outStart[i]) continue;
    let ef = res.es[i];
    let lf = res.es[i];
    for (let k = net.outStart[i]; k < net.outStart[i + 1]; k++) {
      const r = net.outRel[k];
      const s = net.rSucc[r];
      const t = net.rType[r];
      const toStart = t === R_FS || t === R_SS;
      // Successors where they end up (as late as possible moved), another LOE where the passes
      // put it (the LOE spans are not chained: each is independent of the order they are made in).
      const early = net.kind[s] === K_LOE ? st : res;
      ef = Math.max(ef, toStart ? early.es[s] : early.ef[s]);
      lf = Math.max(lf, toStart ? st.ls[s] : st.lf[s]);
    }
    const c = net.calendars[net.cal[i]];
    const span = c.workAt(ef) - c.workAt(res.es[i]);
    res.ef[i] = ef;
    // Its late finish in its own working time (a successor's Sunday on a 7-day calendar is the
    // Friday evening before on a Monday–Friday one); no free float (P6).
    res.lf[i] = c.finishAt(c.workAt(lf));
    res.ls[i] = loeLateStart(net, st, i) ?? c.startAt(c.workAt(lf) - span);
    // Its start and finish float differ (the late start comes from its predecessors): the
    // project's float type picks.
    const finish = c.workAt(lf) - c.workAt(ef);
    const start = c.workAt(res.ls[i]) - c.workAt(res.es[i]);
    const type = net.projOptions[net.proj[i]].floatType;
    res.tf[i] = type === 'start' ? start : type === 'smallest' ? Math.min(start, finish) : finish;
    res.startFloat[i] = start;
    res.finishFloat[i] = finish;
    res.ff[i] = 0;
  }
}

/**
 * An LOE's late start from its predecessors (P6): the earliest late date they allow it, an SS
 * predecessor's late start or an FS predecessor's late finish (plus lag); null without them.
 */
function loeLateStart(net: Network, st: PassState, i: number): number | null {
  let ls = Infinity;
  for (let k = net.inStart[i]; k < net.inStart[i + 1]; k++) {
    const r = net.inRel[k];
    const t = net.rType[r];
    const p = net.rPred[r];
    if ((t !== R_SS && t !== R_FS) || isFixed(net, p)) continue;
    let m = t === R_SS ? st.ls[p] : st.lf[p];
    if (net.rLag[r] !== 0) {
      const lc = net.calendars[net.rLagCal[r]];
      m = lc.finishAt(lc.workAt(m) + net.rLag[r]);
    }
    if (m < ls) ls = m;
  }
  if (ls === Infinity) return null;
  const c = net.calendars[net.cal[i]];
  return c.startAt(c.workAt(ls));
}

/**
 * As late as possible (P6): successors first, each such activity moves its early dates as late
 * as the early dates of its successors allow, those successors already moved; with no successor,
 * to its project's finish. It never moves earlier than its early dates. Free float is then read
 * against the moved dates, for it (zero unless a constraint made it negative) and for the
 * activities before it.
 */
function delayAsLateAsPossible(net: Network, st: PassState, res: ScheduleResult): void {
  if (!net.alap.includes(1)) return;
  const wes = st.wes.slice();
  const wef = st.wef.slice();
  const moved: EarlyDates = { es: res.es, ef: res.ef, wes, wef };
  const preds = new Uint8Array(net.n);
  for (let k = net.n - 1; k >= 0; k--) {
    const i = net.order[k];
    if (!net.alap[i] || isFixed(net, i)) continue;
    const shift = roomBefore(net, st, i, moved);
    for (let q = net.inStart[i]; q < net.inStart[i + 1]; q++) preds[net.rPred[net.inRel[q]]] = 1;
    if (shift <= 0) continue;
    const c = net.calendars[net.cal[i]];
    wes[i] += shift;
    wef[i] += shift;
    res.es[i] = net.kind[i] === K_FINISH_MS ? c.finishAt(wes[i]) : c.startAt(wes[i]);
    res.ef[i] = wef[i] === wes[i] ? res.es[i] : c.finishAt(wef[i]);
    res.tf[i] -= shift;
    res.startFloat[i] -= shift;
    res.finishFloat[i] -= shift;
    res.ff[i] = 0;
  }
  for (let i = 0; i < net.n; i++) {
    if (preds[i] && !net.alap[i]) res.ff[i] = freeFloatOn(net, st, i, moved);
  }
}

function markCritical(net: Network, st: PassState, res: ScheduleResult): void {
  if (net.projOptions.some((o) => o.criticalBy === 'longest_path')) markLongestPath(net, st, res);
  // Per project: the critical float threshold (NaN: longest path decides) and open ends.
  const limit = net.projOptions.map((o) => (o.criticalBy === 'longest_path' ? NaN : o.criticalFloat));
  const openEnds = net.projOptions.map((o) => o.openEndsCritical === true);
  const { kind, proj, outStart } = net;
  const { tf, critical } = res;
  for (let i = 0; i < net.n; i++) {
    if (isFixed(net, i) && kind[i] !== K_SUM) continue;
    const k = proj[i];
    const most = limit[k];
    if (most !== most) continue;
    const openEnd = openEnds[k] && outStart[i + 1] === outStart[i];
    critical[i] = openEnd || tf[i] <= most ? 1 : 0;
  }
}

/** Longest path: from the activities that finish last, back along driving relations. */
function markLongestPath(net: Network, st: PassState, res: ScheduleResult): void {
  const stack: number[] = [];
  for (let i = 0; i < net.n; i++) {
    if (net.projOptions[net.proj[i]].criticalBy !== 'longest_path') continue;
    if (!isFixed(net, i) && st.ef[i] === st.projFinish[net.proj[i]]) stack.push(i);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (res.critical[i]) continue;
    res.critical[i] = 1;
    for (let k = net.inStart[i]; k < net.inStart[i + 1]; k++) {
      const r = net.inRel[k];
      const p = net.rPred[r];
      if (isFixed(net, p) || res.critical[p]) continue;
      // Driving: the relation allows the successor no earlier than it actually starts.
      if (drivingBound(net, st, r) === st.wes[i]) stack.push(p);
    }
  }
}

function drivingBound(net: Network, st: PassState, r: number): number {
  const s = net.rSucc[r];
  const t = net.rType[r];
  const c = net.calendars[net.cal[s]];
  const p = net.rPred[r];
  const base = t === R_FS || t === R_FF ? st.ef[p] : st.es[p];
  const lag = net.rLag[r];
  const lc = net.calendars[net.rLagCal[r]];
  const at =
    lag === 0 ? base : lag > 0 ? lc.finishAt(lc.workAt(base) + lag) : lc.startAt(lc.workAt(base) + lag);
  const w = c.workAt(at);
  return t === R_FS || t === R_SS ? w : w - st.dur[s];
}
