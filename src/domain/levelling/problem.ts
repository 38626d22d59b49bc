// The resource-constrained scheduling problem the levelling algorithms solve, flattened into typed
// arrays: activities with durations in working ticks of their calendar, renewable resources with
// a limit per tick, demands (constant, or a per-tick shape for a resource curve), relations of
// the four types with lags in working ticks of a lag calendar, a release (earliest start) and a
// deadline (latest start: a soft bound, see sgs.ts) per activity, and fixed activities that are
// booked where they are and never moved. PSPLIB instances and real schedules both build one.

import { TickCalendar } from './tick-calendar';

export const FS = 0;
export const SS = 1;
export const FF = 2;
export const SF = 3;
/** "No deadline" (and the largest tick the algorithms use). */
export const NO_LIMIT = 0x3fffffff;

export interface CapacityWindow {
  resource: number;
  /** Ticks [from, to) where the limit is `limit` instead of the default. */
  from: number;
  to: number;
  limit: number;
}

export interface RelationSpec {
  pred: number;
  succ: number;
  /** FS, SS, FF or SF (default FS). */
  type?: number;
  /** Working ticks of the lag calendar (negative = lead). */
  lag?: number;
  /** Index into calendars of the calendar that counts the lag (default 0, continuous). */
  lagCalendar?: number;
}

export interface UseSpec {
  activity: number;
  resource: number;
  /** Units per tick (integers: callers scale fractional units). */
  amount: number;
  /** Units in each working tick of the activity (length = its duration): a resource curve. */
  shape?: ArrayLike<number>;
}

export interface ProblemSpec {
  durations: ArrayLike<number>;
  /** Default limit per resource (its length is the number of resources). */
  capacity: ArrayLike<number>;
  capacityWindows?: CapacityWindow[];
  uses: UseSpec[];
  relations: RelationSpec[];
  /** calendars[0] must be continuous when given (default: one continuous calendar). */
  calendars?: TickCalendar[];
  activityCalendar?: ArrayLike<number>;
  release?: ArrayLike<number>;
  deadline?: ArrayLike<number>;
  fixed?: ArrayLike<number>;
  /** 1: the activity starts on a working tick even with no duration (the engine's start milestones). */
  snapZero?: ArrayLike<number>;
  /**
   * Per resource: index into calendars of the resource's own calendar (default 0, continuous:
   * always available). A resource offers nothing in a tick its calendar does not work.
   */
  resourceCalendar?: ArrayLike<number>;
  /**
   * With resource calendars: the period (ticks) with which every calendar repeats its pattern
   * once past its exceptions (a week; default 7 days of hours). A search gives up one period
   * past the later of its earliest start, the last capacity window, the last booking and the tick
   * from which every calendar repeats (`periodicFrom`): by then every start of one whole period
   * has failed, and from there on the limits, the calendars and so every later start repeat.
   */
  calendarPeriod?: number;
  /**
   * The tick from which every calendar repeats with `calendarPeriod`; computed from the tables
   * when absent. (The mirror passes 0: see mirror.ts.)
   */
  periodicFrom?: number;
}

export interface Problem {
  n: number;
  resources: number;
  dur: Int32Array;
  cal: Int32Array;
  calendars: TickCalendar[];
  /** Nonzero demands grouped by activity: uses useStart[j] .. useStart[j + 1]. */
  useStart: Int32Array;
  useRes: Int32Array;
  useAmt: Int32Array;
  /** Per use: offset into `shapes` of its per-working-tick demand, or -1 for a constant one. */
  useShape: Int32Array;
  shapes: Int32Array;
  capacity: Int32Array;
  capacityWindows: CapacityWindow[];
  /** Per resource: its calendar (index into calendars; 0 = always available). */
  resCal: Int32Array;
  /** The calendars' period in ticks (0 without resource calendars: the limits become constant). */
  calendarPeriod: number;
  /** From this tick on every calendar repeats with calendarPeriod (see ProblemSpec). */
  periodicFrom: number;
  release: Int32Array;
  deadline: Int32Array;
  fixed: Uint8Array;
  /** 1 where the start falls on a working tick of the activity's calendar (durations > 0, snapZero). */
  snap: Uint8Array;
  m: number;
  rPred: Int32Array;
  rSucc: Int32Array;
  rType: Uint8Array;
  rLag: Int32Array;
  rLagCal: Int32Array;
  /** Relations into each activity (inRel[inStart[j] .. inStart[j + 1]]) and out of it. */
  inStart: Int32Array;
  inRel: Int32Array;
  outStart: Int32Array;
  outRel: Int32Array;
  /** A topological order and each activity's position in it. */
  order: Int32Array;
  pos: Int32Array;
  /**
   * Finish-to-start relations with lags ≥ 0 on continuous calendars only: then every order of
   * activities by start (ties by `pos`) is topological, and sorting replaces a priority queue.
   */
  simple: boolean;
}

export class CycleError extends Error {}

function csr(n: number, m: number, key: Int32Array): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let r = 0; r < m; r++) start[key[r] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const list = new Int32Array(m);
  for (let r = 0; r < m; r++) list[fill[key[r]]++] = r;
  return { start, list };
}

function arrayOr(src: ArrayLike<number> | undefined, n: number, fill: number): Int32Array {
  const a = new Int32Array(n).fill(fill);
  if (src) for (let i = 0; i < n; i++) a[i] = src[i];
  return a;
}

export function buildProblem(spec: ProblemSpec): Problem {
  const n = spec.durations.length;
  const k = spec.capacity.length;
  const m = spec.relations.length;
  const rPred = new Int32Array(m);
  const rSucc = new Int32Array(m);
  const rType = new Uint8Array(m);
  const rLag = new Int32Array(m);
  const rLagCal = new Int32Array(m);
  const calendars = spec.calendars ?? [TickCalendar.continuous()];
  const cal = arrayOr(spec.activityCalendar, n, 0);
  const resCal = arrayOr(spec.resourceCalendar, k, 0);
  let simple = calendars.every((c, i) => c.continuous || !cal.includes(i));
  spec.relations.forEach((r, i) => {
    rPred[i] = r.pred;
    rSucc[i] = r.succ;
    rType[i] = r.type ?? FS;
    rLag[i] = r.lag ?? 0;
    rLagCal[i] = r.lagCalendar ?? 0;
    if (rType[i] !== FS || rLag[i] < 0 || !calendars[rLagCal[i]].continuous) simple = false;
  });
  const ins = csr(n, m, rSucc);
  const outs = csr(n, m, rPred);
  const uses = [...spec.uses].filter((u) => u.amount > 0).sort((a, b) => a.activity - b.activity);
  const useStart = new Int32Array(n + 1);
  for (const u of uses) useStart[u.activity + 1]++;
  for (let i = 0; i < n; i++) useStart[i + 1] += useStart[i];
  const shapes: number[] = [];
  const useShape = new Int32Array(uses.length).fill(-1);
  uses.forEach((u, i) => {
    if (!u.shape) return;
    useShape[i] = shapes.length;
    for (let t = 0; t < u.shape.length; t++) shapes.push(Math.round(u.shape[t]));
  });
  const period = resCal.some((c) => !calendars[c].continuous) ? (spec.calendarPeriod ?? 7 * 24) : 0;
  const p: Problem = {
    n,
    resources: k,
    dur: arrayOr(spec.durations, n, 0),
    cal,
    calendars,
    useStart,
    useRes: Int32Array.from(uses, (u) => u.resource),
    useAmt: Int32Array.from(uses, (u) => Math.round(u.amount)),
    useShape,
    shapes: Int32Array.from(shapes),
    capacity: arrayOr(spec.capacity, k, 0),
    capacityWindows: spec.capacityWindows ?? [],
    resCal,
    calendarPeriod: period,
    periodicFrom: period > 0 ? (spec.periodicFrom ?? periodicFrom(calendars, period)) : 0,
    release: arrayOr(spec.release, n, 0),
    deadline: arrayOr(spec.deadline, n, NO_LIMIT),
    fixed: Uint8Array.from(arrayOr(spec.fixed, n, 0)),
    snap: Uint8Array.from({ length: n }, (_, j) => (spec.durations[j] > 0 || spec.snapZero?.[j] ? 1 : 0)),
    m,
    rPred,
    rSucc,
    rType,
    rLag,
    rLagCal,
    inStart: ins.start,
    inRel: ins.list,
    outStart: outs.start,
    outRel: outs.list,
    order: new Int32Array(n),
    pos: new Int32Array(n),
    simple,
  };
  topoSort(p);
  return p;
}

/** Kahn's algorithm into p.order / p.pos; a cycle is an error (the engine reports cycles first). */
function topoSort(p: Problem): void {
  const { n, inStart, outStart, outRel, rSucc, order } = p;
  const indeg = new Int32Array(n);
  for (let i = 0; i < n; i++) indeg[i] = inStart[i + 1] - inStart[i];
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++];
    for (let e = outStart[i]; e < outStart[i + 1]; e++)
      if (--indeg[rSucc[outRel[e]]] === 0) order[tail++] = rSucc[outRel[e]];
  }
  if (tail < n) throw new CycleError(`the relations form a cycle (${n - tail} activities in or after it)`);
  for (let k = 0; k < n; k++) p.pos[order[k]] = k;
}

/** Whether resource r is available in tick t (its own calendar works then). */
export function resourceWorks(p: Problem, r: number, t: number): boolean {
  const c = p.calendars[p.resCal[r]];
  return c.continuous || c.works(t);
}

/** Finish (exclusive tick) of activity j started at s. */
export function finishOf(p: Problem, j: number, s: number): number {
  return p.calendars[p.cal[j]].finish(s, p.dur[j]);
}

/**
 * The earliest start relation r allows its successor, given its predecessor's start and finish
 * (before snapping to the successor's calendar).
 */
export function forwardBound(p: Problem, r: number, ps: number, pf: number): number {
  const type = p.rType[r];
  const lc = p.calendars[p.rLagCal[r]];
  const lag = p.rLag[r];
  const j = p.rSucc[r];
  const from = type === FS || type === FF ? pf : ps;
  const x = lag === 0 ? from : lc.advance(from, lag);
  if (type === FS || type === SS) return x;
  return p.calendars[p.cal[j]].startForFinish(x, p.dur[j]);
}

/** The earliest start of j its placed predecessors and its release allow (snapped to its calendar). */
export function earliestStart(p: Problem, j: number, start: Int32Array, finish: Int32Array): number {
  let est = p.release[j];
  for (let e = p.inStart[j]; e < p.inStart[j + 1]; e++) {
    const r = p.inRel[e];
    const i = p.rPred[r];
    const b = forwardBound(p, r, start[i], finish[i]);
    if (b > est) est = b;
  }
  return p.snap[j] ? p.calendars[p.cal[j]].snap(est) : est;
}

/**
 * The latest start relation r allows its predecessor when its successor starts at ss (the
 * inverse of forwardBound, snapped back to the predecessor's calendar; -1 when none).
 */
export function latestStartFor(p: Problem, r: number, ss: number): number {
  const type = p.rType[r];
  const lc = p.calendars[p.rLagCal[r]];
  const i = p.rPred[r];
  const j = p.rSucc[r];
  const ci = p.calendars[p.cal[i]];
  const to = type === FS || type === SS ? ss : p.calendars[p.cal[j]].finish(ss, p.dur[j]);
  const x = lc.retreat(to, p.rLag[r]);
  const s = type === FS || type === FF ? ci.latestStartForFinish(x, p.dur[i]) : x;
  return p.snap[i] ? ci.snapBack(s) : s;
}

/** The first tick from which every calendar repeats with `period` ticks (past the last exception). */
function periodicFrom(calendars: readonly TickCalendar[], period: number): number {
  let from = 0;
  for (const c of calendars) if (!c.continuous) from = Math.max(from, c.repeatsFrom(period));
  return from;
}
