// The invariant every reported schedule passes (tests, the command line and the benchmark call
// it): each relation holds, nothing starts before its release, fixed activities stay where they
// are, starts fall on working ticks, and in every tick every resource's demand is within its
// limit. It rebuilds the usage from scratch with a plain per-tick sum, sharing nothing with the
// schedule-generation scheme but the definition of a relation (forwardBound).

import { forwardBound, type Problem } from './problem';
import { forEachTick } from './profile';

export interface PrecedenceViolation {
  relation: number;
  pred: number;
  succ: number;
  /** The successor's start and the earliest start the relation allows. */
  start: number;
  bound: number;
}

export interface ResourceViolation {
  resource: number;
  tick: number;
  used: number;
  limit: number;
}

export interface ScheduleCheck {
  /** No violation of any kind. */
  feasible: boolean;
  precedence: PrecedenceViolation[];
  /** Activities starting before their release, off their calendar or (fixed) moved. */
  misplaced: number[];
  resources: ResourceViolation[];
  makespan: number;
}

/** Limit of resource r in tick t (the default unless a window covers t; the last window wins). */
export function limitAt(p: Problem, r: number, t: number): number {
  let limit = p.capacity[r];
  for (const w of p.capacityWindows) if (w.resource === r && t >= w.from && t < w.to) limit = w.limit;
  return limit;
}

/** Checks starts (ticks) against p; lists at most `max` violations of each kind. */
export function checkSchedule(p: Problem, start: ArrayLike<number>, max = 50): ScheduleCheck {
  const finish = new Int32Array(p.n);
  const misplaced: number[] = [];
  let makespan = 0;
  for (let j = 0; j < p.n; j++) {
    const c = p.calendars[p.cal[j]];
    finish[j] = c.finish(start[j], p.dur[j]);
    makespan = Math.max(makespan, finish[j]);
    const off = p.dur[j] > 0 && !c.works(start[j]);
    if (p.fixed[j] ? start[j] !== p.release[j] : start[j] < p.release[j] || off) misplaced.push(j);
  }
  const precedence: PrecedenceViolation[] = [];
  const starts = Int32Array.from(start);
  for (let r = 0; r < p.m; r++) {
    const i = p.rPred[r];
    const j = p.rSucc[r];
    if (p.fixed[j]) continue;
    const bound = forwardBound(p, r, starts[i], finish[i]);
    if (starts[j] < bound && precedence.length < max)
      precedence.push({ relation: r, pred: i, succ: j, start: starts[j], bound });
  }
  const used = new Map<number, number>();
  const resources: ResourceViolation[] = [];
  for (let j = 0; j < p.n; j++)
    forEachTick(p, j, starts[j], (r, t, amt) => {
      const key = t * p.resources + r;
      used.set(key, (used.get(key) ?? 0) + amt);
    });
  const keys = [...used.keys()].sort((a, b) => a - b);
  for (const key of keys) {
    const r = key % p.resources;
    const t = (key - r) / p.resources;
    const limit = limitAt(p, r, t);
    const u = used.get(key)!;
    if (u > limit && resources.length < max) resources.push({ resource: r, tick: t, used: u, limit });
  }
  return {
    feasible: precedence.length === 0 && misplaced.length === 0 && resources.length === 0,
    precedence,
    misplaced,
    resources,
    makespan,
  };
}
