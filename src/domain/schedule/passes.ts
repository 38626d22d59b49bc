// The forward pass for one activity, in the working time of its own calendar, and the bounds both
// passes read (the backward pass is backward.ts). Every relation, constraint and the data date
// becomes a bound on a "work index" (working minutes since 2000 on the activity's calendar): the
// early start index W is the largest lower bound, the late finish index the smallest upper bound.
// Dates come from the index at the end, a start with startAt and a finish with finishAt (see
// calendar-index.ts).

import type { CalendarIndex } from '../calendar/calendar-index';
import type { Network } from './network';
import {
  K_EXTERNAL as K_EXTERNAL_,
  K_FINISH_MS as K_FINISH_MS_,
  K_START_MS as K_START_MS_,
  K_LOE as K_LOE_,
  K_SUM as K_SUM_,
  K_WBS as K_WBS_,
  NONE as NONE_,
  R_FF as R_FF_,
  R_FS as R_FS_,
  R_SF as R_SF_,
  R_SS as R_SS_,
  S_DONE as S_DONE_,
  S_OPEN as S_OPEN_,
  S_STARTED as S_STARTED_,
} from './network';

// Transpiled imports are getters; the hot loops read these local copies instead.
const K_EXTERNAL = K_EXTERNAL_;
const K_FINISH_MS = K_FINISH_MS_;
const K_START_MS = K_START_MS_;
const K_LOE = K_LOE_;
const K_SUM = K_SUM_;
const K_WBS = K_WBS_;
const NONE = NONE_;
const R_FF = R_FF_;
const R_FS = R_FS_;
const R_SF = R_SF_;
const R_SS = R_SS_;
const S_DONE = S_DONE_;
const S_OPEN = S_OPEN_;
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
  /** Duration scheduled (the remaining one, or what an expected finish made of it). */
  dur: Int32Array;
  /** 1 where an expected finish set the early finish (P6 then reports no free float). */
  byExpect: Uint8Array;
  /**
   * Completed activities: where P6 reschedules them, the moment they drive their successors from:
   * the data date, or later when an unfinished predecessor still holds them (NONE: not completed).
   */
  doneAt: Int32Array;
  /**
   * By relation slot (Network.rSrc): 1 where the relation drives its successor, i.e. its bound
   * equals the successor's early start (P6's "Driving"; ties: every one that gives that date).
   * Written by the successor's forward step; may be longer than the slots in use.
   */
  driving: Uint8Array;
  /** Latest early finish of the open activities: the default target of the backward pass. */
  projectFinish: number;
  /** The same per project (Network.projOptions), and the late-pass target of each. */
  projFinish: Int32Array;
  targets: Int32Array;
}

export function newPassState(n: number, slots = 0, projects = 1): PassState {
  return {
    dur: new Int32Array(n),
    doneAt: new Int32Array(n).fill(NONE_),
    byExpect: new Uint8Array(n),
    projFinish: new Int32Array(projects),
    targets: new Int32Array(projects),
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

/** Completed activities of the scheduled projects (not external, not WBS nodes). */
export function isCompleted(net: Network, i: number): boolean {
  return net.status[i] === S_DONE && net.kind[i] !== K_EXTERNAL && net.kind[i] !== K_SUM;
}

/** Neither LOE nor WBS summary activities drive other activities (P6). */
function drives(net: Network, i: number): boolean {
  const k = net.kind[i];
  return k !== K_LOE && k !== K_WBS && k !== K_SUM;
}

/** Whether relation r (into a started activity) still applies to its remaining work. */
function appliesToRemaining(net: Network, r: number): boolean {
  const s = net.rSucc[r];
  if (net.status[s] !== S_STARTED) return true;
  if (net.projOptions[net.proj[s]].progressMode === 'progress_override') return false;
  const t = net.rType[r];
  // The start already happened: an SS link is satisfied, unless its predecessor has started too:
  // then the remaining work waits for the predecessor's remaining start plus the lag not yet
  // elapsed (P6, retained logic; Convention & Exhibition Center XER, OCEC10811). MS Project keeps
  // its resume rule for started tasks (docs/scheduling.md).
  return t !== R_SS || (net.status[net.rPred[r]] === S_STARTED && net.options.semantics !== 'msproject');
}

/** The moment behind the last bound computed (read right after forwardBound/backwardBound). */
let lastBoundTime = 0;

/** lastBoundTime for the backward pass's module (a call: imported bindings are getters anyway). */
export function boundTime(): number {
  return lastBoundTime;
}

/** A kept moment is used only if it is the start or finish moment of work index w. */
export function keep(c: CalendarIndex, t: number, w: number): number | null {
  if (t === NONE) return null;
  return t === c.startAt(w) || t === c.finishAt(w) ? t : null;
}

function shiftByLag(net: Network, r: number, base: number, sign: number, lagMinutes = net.rLag[r]): number {
  const lag = lagMinutes * sign;
  if (lag === 0) return base;
  const lc = net.calendars[net.rLagCal[r]];
  const w = lc.workAt(base) + lag;
  // Adding working time ends at a finish moment, taking it away at a start moment (a 9-day lead
  // back from Thursday 17:00 reaches Monday 08:00, not the Friday evening before).
  return lag > 0 ? lc.finishAt(w) : lc.startAt(w);
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
  if (st.doneAt[p] !== NONE) {
    const base = completedMoment(net, st, r);
    lastBoundTime = base;
    const wd = net.calendars[cs].workAt(base);
    return finishSide ? wd - net.dur[s] : wd;
  }
  const fromStarted = !fromFinish && net.status[p] === S_STARTED && (lag > 0 || msp(net));
  const actual = fromStarted && !lagFromEarlyStart(net, s);
  const left = fromStarted && !actual ? lagLeft(net, r) : lag;
  if (net.cal[p] === cs && net.rLagCal[r] === cs && !actual) {
    // One calendar throughout: stay in work space, no search needed.
    const w = (fromFinish ? st.wef[p] : st.wes[p]) + left;
    if (finishSide) {
      const c = net.calendars[cs];
      lastBoundTime =
        left === 0 ? (fromFinish ? st.ef[p] : st.es[p]) : left > 0 ? c.finishAt(w) : c.startAt(w);
      return w - net.dur[s];
    }
    return w;
  }
  let base = fromFinish ? st.ef[p] : actual ? net.actualStart[p] : st.es[p];
  base = shiftByLag(net, r, base, 1, left);
  lastBoundTime = base;
  const w = net.calendars[cs].workAt(base);
  return finishSide ? w - net.dur[s] : w;
}

/**
 * Whether an SS/SF lag from a started predecessor counts from its remaining early start (P6's
 * default). MS Project counts it from the actual start, which is the early start it shows for a
 * task in progress (MPXJ MicrosoftScheduler.calculateEarlyStartForStartStart).
 */
function lagFromEarlyStart(net: Network, s: number): boolean {
  return net.projOptions[net.proj[s]].lagFromEarlyStart !== false && !msp(net);
}

function msp(net: Network): boolean {
  return net.options.semantics === 'msproject';
}

/**
 * The part of an SS/SF lag from a started predecessor not yet elapsed: the lag less the working
 * time (lag calendar) from the predecessor's actual start to the data date, never below 0. P6's
 * "expired lag": counted from the early start, the successor starts no earlier than the
 * predecessor's remaining early start plus this; counted from the actual start, no earlier than
 * the data date plus this (the actual start plus the whole lag).
 */
function lagLeft(net: Network, r: number): number {
  const p = net.rPred[r];
  const lag = net.rLag[r];
  const lc = net.calendars[net.rLagCal[r]];
  const dd = net.projOptions[net.proj[p]].dataDate;
  return Math.max(0, lag - Math.max(0, lc.workAt(dd) - lc.workAt(net.actualStart[p])));
}

/**
 * The moment a completed predecessor allows its successor: where P6 rescheduled it (st.doneAt)
 * plus what is left of the lag after the time between its actual finish (start for SS/SF) and
 * the data date; a lead is not applied.
 */
function completedMoment(net: Network, st: PassState, r: number): number {
  const p = net.rPred[r];
  const from = st.doneAt[p];
  if (net.rLag[r] <= 0) return from;
  const lc = net.calendars[net.rLagCal[r]];
  const left = completedLagLeft(net, r);
  return left > 0 ? lc.finishAt(lc.workAt(from) + left) : from;
}

/**
 * What is left of a positive lag from a completed predecessor: the lag less the working time (lag
 * calendar) between its actual finish (actual start for SS/SF) and the data date; all of it when
 * that actual date lies after the data date.
 */
function completedLagLeft(net: Network, r: number): number {
  const p = net.rPred[r];
  const t = net.rType[r];
  const lag = net.rLag[r];
  const lc = net.calendars[net.rLagCal[r]];
  const at = t === R_FS || t === R_FF ? net.actualFinish[p] : net.actualStart[p];
  const dd = net.projOptions[net.proj[p]].dataDate;
  return at > dd ? lag : Math.max(0, lag - (lc.workAt(dd) - lc.workAt(at)));
}

/**
 * Upper bound that a completed successor puts on its predecessor's finish index for free float:
 * P6 rescheduled it at st.doneAt (after its unfinished predecessors, retained logic), so the
 * predecessor may slip until the relation would move it (Convention & Exhibition Center XER:
 * OCEC18201 has 50 h of free float before its completed successor, B2911 none).
 */
export function completedBound(net: Network, st: PassState, r: number): number {
  const p = net.rPred[r];
  const t = net.rType[r];
  const base = shiftByLag(net, r, st.doneAt[net.rSucc[r]], -1);
  const w = net.calendars[net.cal[p]].workAt(base);
  return t === R_FS || t === R_FF ? w : w + st.dur[p];
}

/** The latest moment among the relations into i whose bound is w (the driving ones). */
function latestTie(net: Network, st: PassState, i: number, w: number): number {
  let m = NONE;
  for (let k = net.inStart[i]; k < net.inStart[i + 1]; k++) {
    if (bounds[k - net.inStart[i]] !== w) continue;
    const t = boundMoment(net, st, net.inRel[k]);
    if (t > m) m = t;
  }
  return m;
}

/** The moment relation r allows its successor (start or finish, by type), for finish milestones. */
function boundMoment(net: Network, st: PassState, r: number): number {
  const p = net.rPred[r];
  if (st.doneAt[p] !== NONE) return completedMoment(net, st, r);
  const t = net.rType[r];
  const fromFinish = t === R_FS || t === R_FF;
  const fromStarted = !fromFinish && net.status[p] === S_STARTED && (net.rLag[r] > 0 || msp(net));
  const actual = fromStarted && !lagFromEarlyStart(net, net.rSucc[r]);
  const left = fromStarted && !actual ? lagLeft(net, r) : net.rLag[r];
  return shiftByLag(net, r, fromFinish ? st.ef[p] : actual ? net.actualStart[p] : st.es[p], 1, left);
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
  dur: Int32Array,
): number {
  const p = net.rPred[r];
  const s = net.rSucc[r];
  const t = net.rType[r];
  let lag = net.rLag[r];
  const toStart = t === R_FS || t === R_SS;
  const fromFinish = t === R_FS || t === R_FF;
  const cp = net.cal[p];
  if (lag > 0 && isCompleted(net, p)) {
    // A completed predecessor's late dates (P6 gives it some) are separated from its successor by
    // the lag left after the data date only, as in the forward pass (Convention & Exhibition
    // Center XER: A15081 SS 30 h before A15083, both complete, share their late dates).
    const lc = net.calendars[net.rLagCal[r]];
    lag = completedLagLeft(net, r);
    const base = toStart ? start[s] : finish[s];
    lastBoundTime = lag === 0 ? base : lc.startAt(lc.workAt(base) - lag);
    const w = net.calendars[cp].workAt(lastBoundTime);
    return fromFinish ? w : w + dur[p];
  }
  if (lag > 0 && !fromFinish && net.status[p] === S_STARTED) {
    // An SS/SF lag from a started predecessor: the part already elapsed by the data date no
    // longer stands between the remaining late start and the successor, whichever date the lag
    // counts from (P6: test.xer A9200, actual start; Convention & Exhibition Center, early start).
    const lc = net.calendars[net.rLagCal[r]];
    lag = lagLeft(net, r);
    const base = toStart ? start[s] : finish[s];
    lastBoundTime = lag === 0 ? base : lc.startAt(lc.workAt(base) - lag);
    return net.calendars[cp].workAt(lastBoundTime) + dur[p];
  }
  if (net.cal[s] === cp && net.rLagCal[r] === cp) {
    const w = (toStart ? wStart[s] : wFinish[s]) - lag;
    const c = net.calendars[cp];
    lastBoundTime = lag === 0 ? (toStart ? start[s] : finish[s]) : lag > 0 ? c.startAt(w) : c.finishAt(w);
    return fromFinish ? w : w + dur[p];
  }
  const base = shiftByLag(net, r, toStart ? start[s] : finish[s], -1);
  lastBoundTime = base;
  const w = net.calendars[cp].workAt(base);
  return fromFinish ? w : w + dur[p];
}

/** Whether relation r takes part in the backward pass / free float of its predecessor. */
export function constrainsPred(net: Network, r: number): boolean {
  const s = net.rSucc[r];
  const p = net.rPred[r];
  if (!drives(net, s) || !drives(net, p)) return false;
  // MS Project: the start of a task in progress already happened, so an SS successor no longer
  // bounds it (MPXJ MicrosoftScheduler.calculateLateFinishForStartStart: the project finish).
  if (net.status[p] === S_STARTED && net.rType[r] === R_SS && msp(net)) return false;
  const status = net.status[s];
  // The common case first: a successor not started and not fixed bounds its predecessor.
  if (status === S_OPEN && net.kind[s] !== K_EXTERNAL && net.kind[s] !== K_SUM) return true;
  const override = net.projOptions[net.proj[s]].progressMode === 'progress_override';
  if (isFixed(net, s)) {
    // An external successor bounds through its stored late dates, when the file holds them; a
    // completed one through the late dates P6 still gives it, except under progress override.
    return net.extLateFinish[s] !== NONE || (isCompleted(net, s) && !override);
  }
  const t = net.rType[r];
  // Into a started activity (P6): under progress override only a link to its finish (FF, SF)
  // still bounds the predecessor's late dates; under retained logic every link but SS, and SS too
  // when both have started (it ties their late starts).
  if (override) return t === R_FF || t === R_SF;
  return t !== R_SS || net.status[p] === S_STARTED;
}

/** The bounds of one activity's relations, by their place in its in-list (NaN: not applied). */
let bounds = new Float64Array(64);

/**
 * Forward pass for activity i; predecessors must be done. `dataWork` holds the data date's work
 * index per project and calendar (project k, calendar c at k × calendars + c). Returns true when
 * its dates changed.
 */
export function forwardOne(net: Network, st: PassState, i: number, dataWork: Int32Array): boolean {
  const oldEs = st.es[i];
  const oldEf = st.ef[i];
  const k0 = net.inStart[i];
  const k1 = net.inStart[i + 1];
  if (isFixed(net, i)) {
    // Dates from actuals (or the roll-up): nothing drives them.
    for (let k = k0; k < k1; k++) st.driving[net.rSrc[net.inRel[k]]] = 0;
    const oldDone = st.doneAt[i];
    st.doneAt[i] = isCompleted(net, i) ? completedAt(net, st, i) : NONE;
    const as = net.actualStart[i];
    const af = net.actualFinish[i];
    // An empty WBS node has no dates of its own: it sits at the data date.
    const none = as === NONE && af === NONE;
    const dd = net.projOptions[net.proj[i]].dataDate;
    st.es[i] = none ? dd : as === NONE ? af : as;
    st.ef[i] = none ? dd : af === NONE ? as : af;
    const c = net.calendars[net.cal[i]];
    st.wes[i] = c.workAt(st.es[i]);
    st.wef[i] = c.workAt(st.ef[i]);
    // A completed activity has no work left (what its late dates span).
    st.dur[i] = st.doneAt[i] !== NONE ? 0 : st.wef[i] - st.wes[i];
    return oldEs !== st.es[i] || oldEf !== st.ef[i] || oldDone !== st.doneAt[i];
  }
  const ci = net.cal[i];
  const c = net.calendars[ci];
  let dur = net.dur[i];
  const dw = dataWork[net.proj[i] * net.calendars.length + ci];
  let w = dw;
  // When a finish-side bound (FF, SF, finish constraint) decides, P6 keeps that moment as the
  // early finish (a start moment stays a start moment: 08:00 rather than 17:00 the day before).
  let finishAt = NONE;
  // The relation that decided (-1: none), for the moment a finish milestone takes.
  let decider = -1;
  let finishSidePreds = false;
  // A milestone held only by the data date sits at the first working moment after it.
  let fromData = true;
  if (k1 - k0 > bounds.length) bounds = new Float64Array(2 * (k1 - k0));
  for (let k = k0; k < k1; k++) {
    const r = net.inRel[k];
    const t = net.rType[r];
    if (t === R_FF || t === R_SF) finishSidePreds = true;
    if (!drives(net, net.rPred[r]) || !appliesToRemaining(net, r)) {
      bounds[k - k0] = NaN;
      continue;
    }
    const b = forwardBound(net, st, r);
    // A completed predecessor that allows no more than the data date does not drive.
    bounds[k - k0] = st.doneAt[net.rPred[r]] !== NONE && b <= dw ? NaN : b;
    if (b > w || (b === w && finishAt === NONE && (t === R_FF || t === R_SF))) {
      w = b;
      fromData = false;
      decider = r;
      finishAt = t === R_FF || t === R_SF ? lastBoundTime : NONE;
    }
  }
  // Each later bound replaces the moment the finish milestone takes (NONE: the data date's).
  let moment = NONE;
  const resume = net.resume[i];
  if (resume !== NONE && c.workAt(resume) > w) {
    w = c.workAt(resume);
    finishAt = NONE;
    fromData = false;
    moment = resume;
  }
  const sMin = net.startMin[i];
  if (sMin !== NONE && c.workAt(sMin) > w) {
    w = c.workAt(sMin);
    finishAt = NONE;
    fromData = false;
    moment = sMin;
  }
  // The levelled start (a levelling delay kept as a date): after the logic and the start limit.
  const lv = net.lvStart[i];
  if (lv !== NONE && c.workAt(lv) > w) {
    w = c.workAt(lv);
    finishAt = NONE;
    fromData = false;
    moment = lv;
  }
  const fMin = net.finishMin[i];
  if (fMin !== NONE && c.workAt(fMin) - dur > w) {
    w = c.workAt(fMin) - dur;
    finishAt = fMin;
    fromData = false;
    moment = fMin;
  }
  if (net.mandStart[i] !== NONE) {
    w = c.workAt(net.mandStart[i]);
    finishAt = NONE;
    fromData = false;
    moment = net.mandStart[i];
  } else if (net.mandFinish[i] !== NONE) {
    w = c.workAt(net.mandFinish[i]) - dur;
    finishAt = net.mandFinish[i];
    fromData = false;
    moment = net.mandFinish[i];
  }
  // MS Project does not move a manually scheduled task: it starts where the user put it, even
  // before its predecessors allow or before the project start (assignment-*-mspdi.xml in MPXJ's
  // test data: manual tasks in 2016 in a project that starts in 2018).
  const typed = net.manualStart[i];
  if (typed !== NONE) {
    w = c.workAt(typed);
    finishAt = NONE;
    fromData = false;
    moment = typed;
  } else if (w < dw) {
    // Even a mandatory date does not put remaining work before the data date (P6 stores the data
    // date for a mandatory finish before it).
    w = dw;
    finishAt = NONE;
  }
  // P6 external early start: relations from projects the file does not hold (overrides all).
  const ext = net.extStart[i];
  if (ext !== NONE && c.workAt(ext) > w) {
    w = c.workAt(ext);
    finishAt = NONE;
    fromData = false;
    moment = ext;
  }
  // Driving: the relations whose bound is the early start (a constraint or the data date that
  // gave a later one leaves none; ties are all driving).
  for (let k = k0; k < k1; k++) st.driving[net.rSrc[net.inRel[k]]] = bounds[k - k0] === w ? 1 : 0;
  const kind = net.kind[i];
  // Expected finish (P6): the early finish is the expected finish and the remaining duration what
  // lies between, unless FF/SF links set the finish, it is not after the start or the data date,
  // or the activity is as late as possible.
  const exp = net.expect[i];
  // P6 reports no free float for an activity with an expected finish, whether or not it moved.
  st.byExpect[i] = exp !== NONE ? 1 : 0;
  if (exp !== NONE && !finishSidePreds && !net.alap[i] && kind !== K_FINISH_MS && kind !== K_START_MS) {
    const we = c.workAt(exp);
    const dd = net.projOptions[net.proj[i]].dataDate;
    if (exp >= c.startAt(w) && exp >= dd && we !== w + dur) {
      dur = we - w;
      // The expected finish itself when it ends working time, else the end of the work before it.
      finishAt = NONE;
    }
  }
  st.dur[i] = dur;
  st.wes[i] = w;
  st.wef[i] = w + dur;
  if (kind === K_FINISH_MS) {
    // A finish milestone sits where its deciding bound puts it when that is the end of working
    // time (Friday 17:00); a moment in non-working time or at a start gives the next working start
    // of its calendar (Saturday 16:00 on a Monday–Friday calendar: Monday 08:00), as P6 does.
    // Ties: the latest moment of the relations that give the same working time (a Friday
    // 16:00 on another calendar beats a Thursday 16:00 when Friday does not work here).
    if (moment === NONE && decider >= 0) moment = latestTie(net, st, i, w);
    st.es[i] = st.ef[i] = !fromData && moment === c.finishAt(w) ? moment : c.startAt(w);
  } else {
    st.es[i] = c.startAt(w);
    // A finish-side bound that decided keeps its moment; one in non-working time gives the next
    // working start, as for finish milestones (P6: an FF lag ending in a holiday).
    const fw = w + dur;
    st.ef[i] =
      dur === 0
        ? st.es[i]
        : finishAt === NONE || finishAt === c.finishAt(fw)
          ? c.finishAt(fw)
          : c.startAt(fw);
  }
  return oldEs !== st.es[i] || oldEf !== st.ef[i];
}

/**
 * Where P6 reschedules a completed activity: at the data date (as it is, not moved to working
 * time), or, under retained logic, at the latest moment an unfinished predecessor allows when that
 * is later (out-of-sequence progress: its successors wait for that predecessor too).
 */
function completedAt(net: Network, st: PassState, i: number): number {
  const opt = net.projOptions[net.proj[i]];
  let at = opt.dataDate;
  // Progress override ignores the logic into progressed work.
  if (opt.progressMode === 'progress_override') return at;
  for (let k = net.inStart[i]; k < net.inStart[i + 1]; k++) {
    const r = net.inRel[k];
    if (!drives(net, net.rPred[r])) continue;
    const m = boundMoment(net, st, r);
    if (m > at) at = m;
  }
  return at;
}
