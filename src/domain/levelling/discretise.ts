// A scheduled network as a levelling problem. Time becomes ticks of P minutes from the data date
// (P divides a day and, where the data allow, every calendar boundary, date, duration, lag and
// limit period, so that nothing is rounded: 60 minutes for the usual 08:00–12:00, 13:00–17:00
// calendars). Each calendar becomes a tick calendar (a tick works when the calendar has working
// time in it), each activity keeps its own calendar, durations and lags become working ticks of
// their calendars, and limits are compared with demands tick by tick: the finest period a
// histogram can show, so a schedule within the limits per tick is within them per day, week or
// month too. Units are scaled by 1,000 to integers. A resource with its own calendar offers its
// limit only in the ticks that calendar works (P6's leveller: availability on the resource
// calendar), so an activity gets it only where both calendars work.
//
// Which activities move: open ones in the levelling period. Fixed where they are (their demand
// still counts): started ones unless preserveStarted is false, mandatory constraints, activities
// outside the period. Left out (nothing to level, they drive nothing here): completed work, WBS
// nodes and summaries, level-of-effort, other projects' activities; their effect on the others
// is already in the engine's early dates, which are every activity's release (levelling only
// ever delays).

import type { CalendarIndex } from '../calendar/calendar-index';
import { MAX_TIME } from '../calendar/time';
import type { Network } from '../schedule/network';
import {
  K_EXTERNAL,
  K_FINISH_MS,
  K_LOE,
  K_SUM,
  K_WBS,
  NONE,
  R_SS,
  S_DONE,
  S_STARTED,
} from '../schedule/network';
import type { ScheduleResult } from '../schedule/result';
import {
  buildProblem,
  latestStartFor,
  NO_LIMIT,
  type Problem,
  type RelationSpec,
  type UseSpec,
} from './problem';
import { TickCalendar } from './tick-calendar';
import type { LevellingAssignment, LevellingOptions, LevellingResource } from './types';

export const UNIT_SCALE = 1000;
const TICKS = [1440, 720, 480, 240, 120, 60, 30, 15];
/** Ticks the tables may cover at most (the tick grows beyond this). */
const MAX_TICKS = 1_500_000;

export interface Discretised {
  problem: Problem;
  /** Minute of tick 0 and minutes per tick. */
  origin: number;
  tick: number;
  /** Ticks the calendars cover (the mirror's span). */
  span: number;
  /** Per activity: 0 left out, 1 fixed, 2 movable. */
  role: Uint8Array;
  /** Levelled resources (index in the problem) → input resource. */
  resources: LevellingResource[];
  /** Tick calendar index per engine calendar index. */
  net: Network;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The largest tick in TICKS that divides every number (15 minutes when none does). */
function chooseTick(values: Iterable<number>, span: number): number {
  let g = 1440;
  for (const v of values) if (g > 15) g = gcd(g, ((v % 1440) + 1440) % 1440);
  let tick = TICKS.find((t) => g % t === 0) ?? 15;
  while (span / tick > MAX_TICKS && tick < 1440) tick = TICKS[TICKS.indexOf(tick) - 1];
  return tick;
}

export function discretise(
  net: Network,
  res: ScheduleResult,
  resources: LevellingResource[],
  assignments: LevellingAssignment[],
  options: LevellingOptions,
): Discretised {
  const n = net.n;
  const opt = net.options;
  const role = new Uint8Array(n);
  const from = options.period?.from ?? null;
  const to = options.period?.to ?? null;
  for (let i = 0; i < n; i++) {
    const k = net.kind[i];
    if (k === K_SUM || k === K_WBS || k === K_LOE || k === K_EXTERNAL || net.status[i] === S_DONE) continue;
    const fixed =
      (net.status[i] === S_STARTED && options.preserveStarted !== false) ||
      net.mandStart[i] !== NONE ||
      net.mandFinish[i] !== NONE ||
      (from !== null && res.es[i] < from) ||
      (to !== null && res.es[i] > to);
    role[i] = fixed ? 1 : 2;
  }
  const levelled = resources.filter((r) => r.level !== false);
  const resIndex = new Map(levelled.map((r, k) => [r.id, k]));
  // The tick: what every boundary, date, duration and lag is a multiple of.
  const usedCals = new Set<number>();
  const numbers: number[] = [opt.dataDate];
  for (let i = 0; i < n; i++) {
    if (!role[i]) continue;
    usedCals.add(net.cal[i]);
    numbers.push(res.es[i], res.ef[i], net.dur[i]);
  }
  for (let r = 0; r < net.m; r++) {
    usedCals.add(net.rLagCal[r]);
    numbers.push(net.rLag[r]);
  }
  for (const r of levelled) for (const w of r.limits ?? []) numbers.push(w.from, w.to);
  // Resource calendars (P6: a resource is available only in its own working time); one the
  // model does not have, or a continuous one, leaves the resource available throughout.
  const resEngineCal = levelled.map((r) => {
    if (!r.calendarId) return -1;
    const c = net.calendars.findIndex((x) => x.id === r.calendarId);
    return c >= 0 && !net.calendars[c].continuous ? c : -1;
  });
  for (const c of resEngineCal) if (c >= 0) usedCals.add(c);
  const origin0 = Math.floor(opt.dataDate / 1440) * 1440;
  let latest = origin0;
  for (let i = 0; i < n; i++) if (role[i]) latest = Math.max(latest, res.ef[i]);
  const spanMinutes = Math.min(MAX_TIME - origin0, Math.max(4 * (latest - origin0), 5 * 365 * 1440));
  // A tick the caller sets must divide a day (else the day's boundaries would drift).
  const asked = options.tickMinutes;
  const tick =
    asked && Number.isInteger(asked) && asked > 0 && 1440 % asked === 0
      ? asked
      : chooseTick(calendarBoundaries(net, usedCals, numbers), spanMinutes);
  const origin = Math.floor(opt.dataDate / tick) * tick;
  const span = Math.floor((Math.min(MAX_TIME, origin + spanMinutes) - origin) / tick);
  const toTick = (t: number) => Math.max(0, Math.floor((t - origin) / tick));
  const toTickUp = (t: number) => Math.max(0, Math.ceil((t - origin) / tick));
  // Tick calendars: one per engine calendar in use, continuous ones shared.
  const calendars: TickCalendar[] = [TickCalendar.continuous()];
  const calOf = new Int32Array(net.calendars.length);
  const perTick = new Float64Array(net.calendars.length).fill(tick);
  for (const c of usedCals) {
    const made = tickCalendar(net.calendars[c], origin, tick, span, calendars);
    calOf[c] = made.index;
    perTick[c] = made.perTick;
  }
  const release = new Int32Array(n);
  const deadline = new Int32Array(n).fill(NO_LIMIT);
  const dur = new Int32Array(n);
  const cal = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (!role[i]) continue;
    cal[i] = calOf[net.cal[i]];
    const c = calendars[cal[i]];
    release[i] = toTick(res.es[i]);
    dur[i] = net.dur[i] === 0 ? 0 : Math.max(1, c.workBefore(toTickUp(res.ef[i])) - c.workBefore(release[i]));
    if (role[i] === 1) continue;
    if (options.withinFloat) {
      const ec = net.calendars[net.cal[i]];
      const latestStart = ec.startAt(ec.workAt(res.ls[i]) - Math.max(0, options.preserveMinFloat ?? 0));
      deadline[i] = Math.max(release[i], toTick(latestStart));
    }
  }
  const relations: RelationSpec[] = [];
  for (let r = 0; r < net.m; r++) {
    const p = net.rPred[r];
    const s = net.rSucc[r];
    if (!role[p] || !role[s]) continue;
    // As in the engine: a started activity's start has happened (its start-to-start links are
    // met), and under progress override no link holds its remaining work.
    if (net.status[s] === S_STARTED && (net.rType[r] === R_SS || opt.progressMode === 'progress_override'))
      continue;
    const lag = net.rLag[r];
    relations.push({
      pred: p,
      succ: s,
      type: net.rType[r],
      // Working minutes to working ticks of the lag calendar: exact with the derived tick (every
      // working tick works throughout); a tick the caller chose may cover part-days.
      lag: Math.ceil(lag / (tick === asked ? perTick[net.rLagCal[r]] : tick)),
      lagCalendar: calOf[net.rLagCal[r]],
    });
  }
  const uses = demands(net, role, dur, assignments, resIndex);
  const capacity = levelled.map((r) => scaleLimit(r.limit, options));
  const capacityWindows = levelled.flatMap((r, k) =>
    (r.limits ?? []).map((w) => ({
      resource: k,
      from: toTick(w.from),
      to: toTickUp(w.to),
      limit: scaleLimit(w.limit, options),
    })),
  );
  const resourceCalendar = resEngineCal.map((c) => (c >= 0 ? calOf[c] : 0));
  const fixed = Uint8Array.from(role, (x) => (x === 2 ? 0 : 1));
  // The engine puts a zero-duration activity at a working start of its calendar, except a finish milestone.
  const snapZero = Uint8Array.from(role, (x, i) => (x && net.kind[i] !== K_FINISH_MS ? 1 : 0));
  const problem = buildProblem({
    durations: dur,
    capacity,
    capacityWindows,
    uses,
    relations,
    calendars,
    activityCalendar: cal,
    release,
    deadline,
    fixed,
    snapZero,
    resourceCalendar,
    // Calendars repeat each week past their exceptions (the tick divides a day).
    calendarPeriod: (7 * 1440) / tick,
  });
  fixedSuccessorDeadlines(problem, role);
  return { problem, origin, tick, span, role, resources: levelled, net };
}

function scaleLimit(limit: number, options: LevellingOptions): number {
  return Math.round(
    Math.max(0, limit) * UNIT_SCALE * (1 + Math.max(0, options.overallocationPct ?? 0) / 100),
  );
}

/** Minutes at which the calendars in use start or stop working, over two weeks from the data date. */
function calendarBoundaries(net: Network, used: Set<number>, numbers: number[]): number[] {
  const from = net.options.dataDate;
  for (const c of used) {
    const idx = net.calendars[c];
    if (idx.continuous) continue;
    let was = idx.workAt(from + 1) > idx.workAt(from);
    for (let t = from + 1; t < from + 14 * 1440; t++) {
      const works = idx.workAt(t + 1) > idx.workAt(t);
      if (works !== was) numbers.push(t);
      was = works;
    }
  }
  return numbers;
}

/**
 * The tick calendar of c (index into out; 0 for a continuous one) and its working minutes per
 * working tick (the tick itself unless a tick the caller chose covers part-days).
 */
function tickCalendar(
  c: CalendarIndex,
  origin: number,
  tick: number,
  span: number,
  out: TickCalendar[],
): { index: number; perTick: number } {
  if (c.continuous) return { index: 0, perTick: tick };
  const works = new Uint8Array(span);
  let before = c.workAt(origin);
  const first = before;
  let count = 0;
  for (let t = 0; t < span; t++) {
    const after = c.workAt(origin + (t + 1) * tick);
    works[t] = after > before ? 1 : 0;
    count += works[t];
    before = after;
  }
  out.push(TickCalendar.fromWorking(works));
  return { index: out.length - 1, perTick: count > 0 ? (before - first) / count : tick };
}

/** Demands per activity and levelled resource (several assignments of one resource add up). */
function demands(
  net: Network,
  role: Uint8Array,
  dur: Int32Array,
  assignments: LevellingAssignment[],
  resIndex: Map<string, number>,
): UseSpec[] {
  const byKey = new Map<string, UseSpec & { shape?: number[] }>();
  for (const a of assignments) {
    const i = net.index.get(a.activityId);
    const r = resIndex.get(a.resourceId);
    if (i === undefined || r === undefined || !role[i] || dur[i] === 0 || !(a.units > 0)) continue;
    const key = `${i}:${r}`;
    const amount = Math.round(a.units * UNIT_SCALE);
    const shape = a.curve && a.curve.length > 0 ? curveShape(a.units, a.curve, dur[i]) : null;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, { activity: i, resource: r, amount, shape: shape ?? undefined });
      continue;
    }
    if (shape || prev.shape) {
      const base = prev.shape ?? new Array<number>(dur[i]).fill(prev.amount);
      for (let k = 0; k < dur[i]; k++) base[k] += shape ? shape[k] : amount;
      prev.shape = base;
    }
    prev.amount += amount;
  }
  return [...byKey.values()];
}

/** Units per working tick of a curve: the share of each equal part of the duration, at its rate. */
export function curveShape(units: number, curve: number[], d: number): number[] {
  const parts = curve.length;
  const total = curve.reduce((s, x) => s + Math.max(0, x), 0) || 1;
  return Array.from({ length: d }, (_, k) => {
    const part = Math.min(parts - 1, Math.floor((k * parts) / d));
    return Math.round(units * UNIT_SCALE * parts * (Math.max(0, curve[part]) / total));
  });
}

/**
 * A fixed activity does not move, so its movable predecessors must leave room for it: each gets
 * a deadline from the relation, passed on backwards (in reverse topological order).
 */
function fixedSuccessorDeadlines(p: Problem, role: Uint8Array): void {
  for (let k = p.n - 1; k >= 0; k--) {
    const i = p.order[k];
    if (role[i] !== 2) continue;
    for (let e = p.outStart[i]; e < p.outStart[i + 1]; e++) {
      const r = p.outRel[e];
      const j = p.rSucc[r];
      const sj = p.fixed[j] ? p.release[j] : p.deadline[j];
      if (sj >= NO_LIMIT) continue;
      const b = latestStartFor(p, r, sj);
      if (b < p.deadline[i]) p.deadline[i] = Math.max(b, p.release[i]);
    }
  }
}
