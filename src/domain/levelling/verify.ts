// The invariant every reported schedule passes (tests, the command line and the benchmark call
// it): each relation holds, nothing starts before its release, fixed activities stay where they
// are, starts fall on working ticks, and in every tick every resource's demand is within its
// limit (0 where the resource's own calendar does not work). It rebuilds the usage from scratch with a plain per-tick sum, sharing nothing with the
// schedule-generation scheme but the definition of a relation (forwardBound).

import { forwardBound, resourceWorks, type Problem } from './problem';
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

/** Checks starts (ticks) against p; lists at most `max` violations of each kind. */
export function checkSchedule(p: Problem, start: ArrayLike<number>, max = 50): ScheduleCheck {
  const finish = new Int32Array(p.n);
  const misplaced: number[] = [];
  let makespan = 0;
  for (let j = 0; j < p.n; j++) {
    const c = p.calendars[p.cal[j]];
    finish[j] = c.finish(start[j], p.dur[j]);
    makespan = Math.max(makespan, finish[j]);
    const off = p.snap[j] === 1 && !c.works(start[j]);
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
  // Usage per resource over [first start, makespan): plain arrays, summed from scratch.
  let from = makespan;
  for (let j = 0; j < p.n; j++) from = Math.min(from, starts[j]);
  const used = Array.from({ length: p.resources }, () => new Int32Array(Math.max(0, makespan - from)));
  for (let j = 0; j < p.n; j++)
    forEachTick(p, j, starts[j], (r, t, amt) => {
      used[r][t - from] += amt;
    });
  const resources: ResourceViolation[] = [];
  for (let r = 0; r < p.resources; r++) {
    const limits = new Int32Array(used[r].length).fill(p.capacity[r]);
    for (const w of p.capacityWindows)
      if (w.resource === r) limits.fill(w.limit, Math.max(0, w.from - from), Math.max(0, w.to - from));
    // A resource offers nothing where its own calendar does not work.
    for (let k = 0; k < limits.length; k++) if (!resourceWorks(p, r, k + from)) limits[k] = 0;
    for (let k = 0; k < used[r].length; k++)
      if (used[r][k] > limits[k] && resources.length < max)
        resources.push({ resource: r, tick: k + from, used: used[r][k], limit: limits[k] });
  }
  return {
    feasible: precedence.length === 0 && misplaced.length === 0 && resources.length === 0,
    precedence,
    misplaced,
    resources,
    makespan,
  };
}
