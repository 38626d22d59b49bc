// The full forward and backward pass over the whole network (PreparedSchedule.computeFull), with
// a straight-line path for the plain case: an activity not started, a task with no constraint,
// no progress, no expected finish and no external date, linked only to such activities (or to
// milestones not started). Most of a large network is plain. Those activities are placed here
// inline over the CSR arrays with the same arithmetic as forwardOne / backwardOne / totalFloat /
// freeFloat, which take every other activity; the late pass computes an activity's free float
// in the same loop over its successors. A property test checks that this pass equals the general
// one on networks with every feature (tests/domain/schedule/full-pass.test.ts).

import { CalendarIndex } from '../calendar/calendar-index';
import type { WorkTables } from '../calendar/calendar-index';
import {
  finishAtIn as finishAtIn_,
  startAtIn as startAtIn_,
  workAtIn as workAtIn_,
} from '../calendar/work-tables';
import type { Network } from './network';
import {
  K_FINISH_MS as K_FINISH_MS_,
  K_START_MS as K_START_MS_,
  K_TASK as K_TASK_,
  K_WBS as K_WBS_,
  NONE as NONE_,
  S_OPEN as S_OPEN_,
} from './network';
import { forwardOne as forwardOne_, isFixed as isFixed_ } from './passes';
import type { PassState } from './passes';
import { backwardOne as backwardOne_ } from './backward';
import { freeFloat as freeFloat_, onlyFloats, totalFloat as totalFloat_ } from './finish';

// Transpiled imports are getters; the hot loops read these local copies instead.
const K_FINISH_MS = K_FINISH_MS_;
const K_START_MS = K_START_MS_;
const K_TASK = K_TASK_;
const K_WBS = K_WBS_;
const NONE = NONE_;
const S_OPEN = S_OPEN_;
const forwardOne = forwardOne_;
const isFixed = isFixed_;
const backwardOne = backwardOne_;
const freeFloat = freeFloat_;
const totalFloat = totalFloat_;
const finishAtIn = finishAtIn_;
const startAtIn = startAtIn_;
const workAtIn = workAtIn_;

/** Bit 1: the forward step of the activity takes the plain path; bit 2: the backward step. */
export const PLAIN_FORWARD = 1;
export const PLAIN_BACKWARD = 2;

/** A relation end the plain path can read: not started, and a task or a milestone. */
function plainEnd(net: Network, i: number): boolean {
  const k = net.kind[i];
  return net.status[i] === S_OPEN && (k === K_TASK || k === K_START_MS || k === K_FINISH_MS);
}

/** An activity the plain path can place: an open task with nothing but its links deciding. */
function plainTask(net: Network, i: number): boolean {
  return (
    net.kind[i] === K_TASK &&
    net.status[i] === S_OPEN &&
    net.manual[i] === 0 &&
    net.manualStart[i] === NONE &&
    net.expect[i] === NONE &&
    net.mandStart[i] === NONE &&
    net.mandFinish[i] === NONE
  );
}

/** Relation info bits (low bits of FullPassPlan.inRef, outRef): the type (R_FS 0 … R_SF 3) and this one. */
const SAME_CAL = 4;

/**
 * FullPassPlan.dates: per activity its late dates side by side (late start and finish in work,
 * then as moments), so that the backward pass reads a successor's in one cache line and the
 * relation's type picks the slot by arithmetic, not by a branch.
 */
const D_WLS = 0;
const D_LS = 2;

/**
 * What the full pass reads besides the network: which activities take the plain path, and the
 * relations' fields copied in CSR order (position k of inRel / outRel), so that a pass reads them
 * one after the other instead of through the relation index.
 */
export interface FullPassPlan {
  /** Per activity, PLAIN_* bits. */
  plain: Uint8Array;
  /**
   * Relations into each activity, by in-list position: predecessor << 3 | type | SAME_CAL, lag,
   * lag calendar, and the slot of its driving flag.
   */
  inRef: Int32Array;
  inLag: Int32Array;
  inLagCal: Int32Array;
  inSlot: Int32Array;
  /** Relations out of each activity, by out-list position: successor << 3 | type | SAME_CAL, lag, lag calendar. */
  outRef: Int32Array;
  outLag: Int32Array;
  outLagCal: Int32Array;
  /** Scratch of the backward pass: each activity's late dates side by side (D_* slots, 4 each). */
  dates: Int32Array;
  /** The network's calendars compiled (indexed like Network.calendars). */
  tables: WorkTables;
  /** finishResult may take one loop (onlyFloats: it depends on kinds and ALAP flags). */
  onlyFloats: boolean;
}

/**
 * Builds the plan. It depends on kinds, progress, constraints (ALAP) and relations: rebuilt after
 * setConstraints and relation edits (durations do not matter).
 */
export function fullPassPlan(net: Network): FullPassPlan {
  const { n, m, inStart, inRel, outStart, outRel, rPred, rSucc, rType, rLag, rLagCal, cal } = net;
  const end = new Uint8Array(n);
  for (let i = 0; i < n; i++) end[i] = plainEnd(net, i) ? 1 : 0;
  const plain = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!plainTask(net, i)) continue;
    let fwd =
      net.resume[i] === NONE &&
      net.startMin[i] === NONE &&
      net.finishMin[i] === NONE &&
      net.lvStart[i] === NONE &&
      net.extStart[i] === NONE;
    for (let k = inStart[i]; fwd && k < inStart[i + 1]; k++) if (!end[rPred[inRel[k]]]) fwd = false;
    let bwd = net.startMax[i] === NONE && net.finishMax[i] === NONE && net.extFinish[i] === NONE;
    for (let k = outStart[i]; bwd && k < outStart[i + 1]; k++) if (!end[rSucc[outRel[k]]]) bwd = false;
    plain[i] = (fwd ? PLAIN_FORWARD : 0) | (bwd ? PLAIN_BACKWARD : 0);
  }
  const info = (r: number): number =>
    rType[r] | (cal[rPred[r]] === cal[rSucc[r]] && rLagCal[r] === cal[rSucc[r]] ? SAME_CAL : 0);
  const plan: FullPassPlan = {
    plain,
    inRef: new Int32Array(m),
    inLag: new Int32Array(m),
    inLagCal: new Int32Array(m),
    inSlot: new Int32Array(m),
    outRef: new Int32Array(m),
    outLag: new Int32Array(m),
    outLagCal: new Int32Array(m),
    dates: new Int32Array(4 * n),
    tables: CalendarIndex.compile(net.calendars),
    onlyFloats: onlyFloats(net),
  };
  for (let k = 0; k < m; k++) {
    const r = inRel[k];
    plan.inRef[k] = (rPred[r] << 3) | info(r);
    plan.inLag[k] = rLag[r];
    plan.inLagCal[k] = rLagCal[r];
    plan.inSlot[k] = net.rSrc[r];
    const o = outRel[k];
    plan.outRef[k] = (rSucc[o] << 3) | info(o);
    plan.outLag[k] = rLag[o];
    plan.outLagCal[k] = rLagCal[o];
  }
  return plan;
}

/** No upper bound yet (working minutes stay far below 2^31). */
const UNBOUNDED = 0x7fffffff;

/**
 * Forward pass over every activity in topological order. Also gathers st.projFinish: per project
 * the latest early finish of its open activities (-1: none), what PreparedSchedule's targets
 * start from, so that they need no loop of their own.
 */
export function forwardAll(net: Network, st: PassState, dataWork: Int32Array, plan: FullPassPlan): void {
  const { n, order, inStart, cal, proj, calendars, kind } = net;
  const { plain, inRef, inLag, inLagCal, inSlot, tables } = plan;
  const netDur = net.dur;
  const { es, ef, wes, wef, driving, byExpect } = st;
  const pf = st.projFinish.fill(-1);
  const stDur = st.dur;
  const nc = calendars.length;
  for (let q = 0; q < n; q++) {
    const i = order[q];
    const pk = proj[i];
    if ((plain[i] & PLAIN_FORWARD) === 0) {
      forwardOne(net, st, i, dataWork);
      // A WBS summary's stored duration is no date of its own (see PreparedSchedule.setTargets).
      if (!isFixed(net, i) && kind[i] !== K_WBS && ef[i] > pf[pk]) pf[pk] = ef[i];
      continue;
    }
    const ci = cal[i];
    const dur = netDur[i];
    let w = dataWork[pk * nc + ci];
    // The moment a deciding finish-side bound (FF, SF) keeps as the early finish (NONE: none).
    let finishAt = NONE;
    const k0 = inStart[i];
    const k1 = inStart[i + 1];
    // Driving flags are written as the bounds come: a relation drives while its bound equals the
    // largest so far; one that raises it clears those before it (from `below` on, all lower).
    let below = k0;
    for (let k = k0; k < k1; k++) {
      const x = inRef[k];
      const p = x >> 3;
      // R_FS 0, R_SS 1, R_FF 2, R_SF 3 (bits 0–1).
      const t = x & 7;
      const fromFinish = (t & 1) === 0;
      const lag = inLag[k];
      const finishSide = (t & 2) !== 0;
      let b: number;
      if ((t & SAME_CAL) !== 0) {
        // One calendar throughout: stay in work space.
        b = (fromFinish ? wef[p] : wes[p]) + lag;
        if (finishSide) {
          const at = b;
          b -= dur;
          if (b > w || (b === w && finishAt === NONE)) {
            finishAt =
              lag === 0
                ? fromFinish
                  ? ef[p]
                  : es[p]
                : lag > 0
                  ? finishAtIn(tables, ci, at)
                  : startAtIn(tables, ci, at);
          }
        } else if (b > w) finishAt = NONE;
      } else {
        let base = fromFinish ? ef[p] : es[p];
        if (lag !== 0) {
          // Adding working time ends at a finish moment, taking it away at a start moment.
          const lc = inLagCal[k];
          const lw = workAtIn(tables, lc, base) + lag;
          base = lag > 0 ? finishAtIn(tables, lc, lw) : startAtIn(tables, lc, lw);
        }
        b = workAtIn(tables, ci, base);
        if (finishSide) {
          b -= dur;
          if (b > w || (b === w && finishAt === NONE)) finishAt = base;
        } else if (b > w) finishAt = NONE;
      }
      if (b > w) {
        w = b;
        for (let j = below; j < k; j++) driving[inSlot[j]] = 0;
        below = k;
      }
      driving[inSlot[k]] = b === w ? 1 : 0;
    }
    byExpect[i] = 0;
    stDur[i] = dur;
    wes[i] = w;
    const fw = w + dur;
    wef[i] = fw;
    const s = startAtIn(tables, ci, w);
    es[i] = s;
    let e = s;
    if (dur !== 0) {
      const f = finishAtIn(tables, ci, fw);
      e = finishAt === NONE || finishAt === f ? f : startAtIn(tables, ci, fw);
    }
    ef[i] = e;
    if (e > pf[pk]) pf[pk] = e;
  }
}

/**
 * Backward pass over every activity in reverse topological order, with total and free float
 * (st.targets must be set).
 */
export function backwardAll(
  net: Network,
  st: PassState,
  plan: FullPassPlan,
  tf: Int32Array,
  ff: Int32Array,
): void {
  const { n, order, outStart, cal, proj, calendars } = net;
  const { plain, outRef, outLag, outLagCal, tables, dates } = plan;
  const { es, ef, ls, lf, wes, wef, wls, wlf, byTarget, targets, projFinish } = st;
  const stDur = st.dur;
  const nc = calendars.length;
  const projects = net.projOptions.length;
  // Per project and calendar: the late-pass target and the project finish in working time.
  const targetWork = new Int32Array(projects * nc);
  const finishWork = new Int32Array(projects * nc);
  // Per project: the float type (0 finish, 1 start, 2 smallest).
  const floatType = new Uint8Array(projects);
  for (let k = 0; k < projects; k++) {
    const type = net.projOptions[k].floatType;
    floatType[k] = type === 'start' ? 1 : type === 'smallest' ? 2 : 0;
    for (let ci = 0; ci < nc; ci++) {
      targetWork[k * nc + ci] = workAtIn(tables, ci, targets[k]);
      finishWork[k * nc + ci] = workAtIn(tables, ci, projFinish[k]);
    }
  }
  for (let q = n - 1; q >= 0; q--) {
    const i = order[q];
    const di = i << 2;
    if ((plain[i] & PLAIN_BACKWARD) === 0) {
      backwardOne(net, st, i);
      tf[i] = totalFloat(net, st, i);
      ff[i] = freeFloat(net, st, i);
      dates[di + D_WLS] = wls[i];
      dates[di + D_WLS + 1] = wlf[i];
      dates[di + D_LS] = ls[i];
      dates[di + D_LS + 1] = lf[i];
      continue;
    }
    const ci = cal[i];
    const dur = stDur[i];
    // Late: the smallest upper bound of the successors' late dates; early: of their early dates.
    let w = UNBOUNDED;
    let e = UNBOUNDED;
    // The moment a deciding start-side bound (SS, SF) keeps as the late start (NONE: none).
    let startAt = NONE;
    for (let k = outStart[i]; k < outStart[i + 1]; k++) {
      const x = outRef[k];
      // R_FS 0, R_SS 1, R_FF 2, R_SF 3 (bits 0–1).
      const t = x & 7;
      const toStart = (t & 2) === 0;
      const s = x >> 3;
      // FF and SF bound the successor's finish (slot + 1).
      const d = ((x >> 1) & -4) | ((t >> 1) & 1);
      const lag = outLag[k];
      const fromFinish = (t & 1) === 0;
      if ((t & SAME_CAL) !== 0) {
        const lw = dates[d + D_WLS] - lag;
        const ew = (toStart ? wes[s] : wef[s]) - lag;
        const b = fromFinish ? lw : lw + dur;
        const be = fromFinish ? ew : ew + dur;
        if (b < w || (b === w && startAt === NONE && !fromFinish)) {
          w = b;
          startAt = fromFinish
            ? NONE
            : lag === 0
              ? dates[d + D_LS]
              : lag > 0
                ? startAtIn(tables, ci, lw)
                : finishAtIn(tables, ci, lw);
        }
        if (be < e) e = be;
      } else {
        let base = dates[d + D_LS];
        let baseE = toStart ? es[s] : ef[s];
        if (lag !== 0) {
          // Taking working time away ends at a start moment, adding it (a lead) at a finish moment.
          const lc = outLagCal[k];
          const lw = workAtIn(tables, lc, base) - lag;
          base = lag > 0 ? startAtIn(tables, lc, lw) : finishAtIn(tables, lc, lw);
          const ew = workAtIn(tables, lc, baseE) - lag;
          baseE = lag > 0 ? startAtIn(tables, lc, ew) : finishAtIn(tables, lc, ew);
        }
        const b = fromFinish ? workAtIn(tables, ci, base) : workAtIn(tables, ci, base) + dur;
        const be = fromFinish ? workAtIn(tables, ci, baseE) : workAtIn(tables, ci, baseE) + dur;
        if (b < w || (b === w && startAt === NONE && !fromFinish)) {
          w = b;
          startAt = fromFinish ? NONE : base;
        }
        if (be < e) e = be;
      }
    }
    // Nothing may finish after the project's target.
    const pk = proj[i];
    const bt = targetWork[pk * nc + ci];
    let held = 0;
    if (bt < w) {
      w = bt;
      startAt = NONE;
      held = 1;
    }
    wlf[i] = w;
    const lsw = w - dur;
    wls[i] = lsw;
    byTarget[i] = held;
    const f = finishAtIn(tables, ci, w);
    lf[i] = f;
    let s = f;
    if (dur !== 0) {
      // A start-side bound that decided keeps its moment when it starts or ends that working time.
      const s0 = startAtIn(tables, ci, lsw);
      s = startAt === NONE || startAt === s0 ? s0 : finishAtIn(tables, ci, lsw);
    }
    ls[i] = s;
    dates[di + D_WLS] = lsw;
    dates[di + D_WLS + 1] = w;
    dates[di + D_LS] = s;
    dates[di + D_LS + 1] = f;
    const ft = floatType[pk];
    const wefi = wef[i];
    tf[i] = ft === 0 ? w - wefi : ft === 1 ? lsw - wes[i] : Math.min(lsw - wes[i], w - wefi);
    if (e === UNBOUNDED) e = finishWork[pk * nc + ci];
    ff[i] = e - wefi > 0 ? e - wefi : 0;
  }
}
