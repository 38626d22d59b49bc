// Solving a problem within a budget: the given lists first (a user's priority order) scheduled
// once as they are, then every single-pass priority rule, each justified; then a population of
// lists sampled around the best rule (regret-based) that the genetic algorithm evolves until the
// time or pass budget is spent or the makespan meets a lower bound. The best schedule is
// checked by checkSchedule before it is returned: `feasible` is that check's verdict.

import { Genetic } from './genetic';
import { Justifier, type Score } from './justify';
import { mirrorProblem, mirrorSpan } from './mirror';
import {
  criticalPath,
  ListBuilder,
  precedencePass,
  PRIORITY_RULES,
  ruleValues,
  type PriorityRule,
} from './priority';
import { SerialSgs } from './sgs';
import type { Problem } from './problem';
import { randomSource } from './random';
import { checkSchedule, type ScheduleCheck } from './verify';

export interface SolveOptions {
  /** Wall-clock budget in milliseconds (default 1,000). */
  timeMs?: number;
  /** Budget in passes of the schedule-generation scheme (deterministic; default unlimited). */
  maxPasses?: number;
  /** Seed of the random choices (default 1). */
  seed?: number;
  /** Lists tried first, each scheduled once as it is: the result is never worse than the first. */
  lists?: Int32Array[];
  /** Single-pass rules to try (default all of PRIORITY_RULES). */
  rules?: readonly PriorityRule[];
  /** Schedule the first list once and return that (a single-pass priority rule). */
  singlePass?: boolean;
  /** Run the genetic algorithm after the rules (default true). */
  evolve?: boolean;
  population?: number;
  /** Chance per list position of a mutation (default 0.05) and justification rounds per list (default 3). */
  mutation?: number;
  rounds?: number;
  /** Milliseconds since some origin (default performance.now). */
  clock?: () => number;
}

export interface SolveResult {
  start: Int32Array;
  finish: Int32Array;
  makespan: number;
  /** Units above the limits (only where deadlines force it). */
  overload: number;
  /** Score of the first list (or the first rule): what a single pass gives. */
  first: Score;
  /** Precedence-only makespan and the best lower bound known (resource bound included where valid). */
  criticalPathLength: number;
  lowerBound: number;
  passes: number;
  generations: number;
  ms: number;
  check: ScheduleCheck;
  feasible: boolean;
}

/**
 * Energy bound: no resource can do more than its limit per tick. Valid only for a plain RCPSP
 * (continuous time, constant limits, nothing fixed, no releases).
 */
export function resourceBound(p: Problem): number {
  const plain =
    p.simple && p.capacityWindows.length === 0 && !p.fixed.includes(1) && !p.release.some((r) => r > 0);
  if (!plain) return 0;
  const work = new Float64Array(p.resources);
  for (let j = 0; j < p.n; j++)
    for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) work[p.useRes[u]] += p.useAmt[u] * p.dur[j];
  let lb = 0;
  for (let r = 0; r < p.resources; r++)
    if (p.capacity[r] > 0) lb = Math.max(lb, Math.ceil(work[r] / p.capacity[r]));
  return lb;
}

/** An upper bound on any serial schedule's finish (the mirror's span when nothing else fixes it). */
function horizonOf(p: Problem): number {
  let h = 1;
  for (let j = 0; j < p.n; j++) h = Math.max(h, p.release[j]);
  for (let j = 0; j < p.n; j++) h += p.dur[j];
  for (let r = 0; r < p.m; r++) h += Math.max(0, p.rLag[r]);
  return h;
}

export function solve(p: Problem, options: SolveOptions = {}): SolveResult {
  const clock = options.clock ?? (() => performance.now());
  const t0 = clock();
  const timeMs = options.timeMs ?? 1000;
  const maxPasses = options.maxPasses ?? Infinity;
  const rand = randomSource(options.seed ?? 1);
  if (options.singlePass && options.lists?.length) return singlePass(p, options.lists[0], clock, t0);
  const hz = horizonOf(p);
  const H = mirrorSpan(p, hz);
  const mirror = mirrorProblem(p, H);
  // The critical path sets the mirror's releases; the justification sets them again per pass.
  const cp = criticalPath(p, mirror, H);
  const lowerBound = Math.max(cp.makespan, resourceBound(p));
  // Profiles start at twice the critical path and grow when a pass runs past them.
  const justifier = new Justifier(p, mirror, H, 2 * cp.makespan + 64);
  const done = () => justifier.passes >= maxPasses || clock() - t0 >= timeMs;
  justifier.done = done;
  justifier.rounds = options.rounds ?? 3;
  const ga = new Genetic(p, justifier, {
    population: options.population ?? 60,
    mutation: options.mutation ?? 0.05,
    // The critical path (with releases and fixed activities) bounds every problem's makespan.
    target: lowerBound,
    done,
    rand,
  });
  const lists = new ListBuilder(p);
  const first: Score = { overload: 0, makespan: 0, sumStart: 0 };
  let haveFirst = false;
  const consider = (list: Int32Array) => {
    if (!haveFirst) {
      Object.assign(first, justifier.forward(list));
      haveFirst = true;
    }
    ga.add(list);
  };
  for (const list of options.lists ?? []) consider(list);
  let lftValues: Float64Array | null = null;
  for (const rule of options.rules ?? PRIORITY_RULES) {
    if (haveFirst && (done() || ga.reachedTarget())) break;
    const values = ruleValues(p, cp, rule);
    if (rule === 'lft') lftValues = values;
    consider(lists.byValue(values, new Int32Array(p.n)));
  }
  if (options.evolve !== false) {
    const values = lftValues ?? ruleValues(p, cp, 'lft');
    const size = options.population ?? 60;
    for (let k = 0; k < size && !done() && !ga.reachedTarget(); k++)
      ga.add(lists.sample(values, rand, new Int32Array(p.n)));
    ga.evolve();
  }
  // Every list was justified from its own forward pass, so the best is never worse than the first.
  const best = ga.best!;
  justifier.forward(best.list);
  const start = justifier.fwd.start.slice();
  const score = best.score;
  return result(
    p,
    start,
    score,
    first,
    cp.makespan,
    lowerBound,
    justifier.passes,
    ga.generations,
    clock() - t0,
  );
}

/** The list scheduled once, as it is: no mirror, no critical path beyond the early dates. */
function singlePass(p: Problem, list: Int32Array, clock: () => number, t0: number): SolveResult {
  const es = new Int32Array(p.n);
  const ef = new Int32Array(p.n);
  const cpm = precedencePass(p, es, ef);
  const sgs = new SerialSgs(p, 2 * cpm + 64);
  sgs.setFixed(p.release);
  const makespan = sgs.run(list);
  let sumStart = 0;
  for (let j = 0; j < p.n; j++) sumStart += sgs.start[j];
  const score = { overload: sgs.overload, makespan, sumStart };
  return result(p, sgs.start.slice(), score, score, cpm, cpm, 1, 0, clock() - t0);
}

function result(
  p: Problem,
  start: Int32Array,
  score: Score,
  first: Score,
  criticalPathLength: number,
  lowerBound: number,
  passes: number,
  generations: number,
  ms: number,
): SolveResult {
  const finish = new Int32Array(p.n);
  for (let j = 0; j < p.n; j++) finish[j] = p.calendars[p.cal[j]].finish(start[j], p.dur[j]);
  const check = checkSchedule(p, start);
  return {
    start,
    finish,
    makespan: score.makespan,
    overload: score.overload,
    first,
    criticalPathLength,
    lowerBound,
    passes,
    generations,
    ms,
    check,
    feasible: check.feasible,
  };
}
