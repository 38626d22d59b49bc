// Forward-backward improvement (Li & Willis 1992; Tormos & Lova 2001), also called double
// justification (Valls, Ballestín & Quintanilla 2005): schedule a list forward, then every
// activity as late as possible in order of decreasing finish (the serial scheme on the mirrored
// problem), then every activity as early as possible in order of those late starts. Each round
// closes gaps the list left; rounds repeat while the schedule gets better.
//
// A schedule is compared by (overload, makespan, sum of starts): first the units above the
// limits (non-zero only when deadlines force them), then the project finish, then how early the
// activities start on the whole (the tie-breaker that keeps a levelled schedule compact).

import type { Problem } from './problem';
import { ListBuilder } from './priority';
import { SerialSgs } from './sgs';

export interface Score {
  overload: number;
  makespan: number;
  sumStart: number;
}

/** Negative when a is better than b. */
export function compareScores(a: Score, b: Score): number {
  return a.overload - b.overload || a.makespan - b.makespan || a.sumStart - b.sumStart;
}

export class Justifier {
  readonly p: Problem;
  private readonly mirror: Problem;
  /** The mirror spans H ticks. */
  private readonly H: number;
  readonly fwd: SerialSgs;
  private readonly bwd: SerialSgs;
  private readonly lists: ListBuilder;
  private readonly mirrorLists: ListBuilder;
  private readonly value: Float64Array;
  private readonly keys: Float64Array;
  /** The best schedule of the last improve(): starts and the list that produced it. */
  readonly start: Int32Array;
  readonly list: Int32Array;
  private readonly back: Int32Array;
  readonly score: Score = { overload: 0, makespan: 0, sumStart: 0 };
  /** Passes of the schedule-generation scheme so far (the literature's "schedules"). */
  passes = 0;
  /** Backward-forward rounds per improve() at most. */
  rounds = 3;
  /** True when the budget is spent: no further round starts. */
  done: () => boolean = () => false;

  constructor(p: Problem, mirror: Problem, H: number, horizon: number) {
    this.p = p;
    this.mirror = mirror;
    this.H = H;
    this.fwd = new SerialSgs(p, horizon);
    this.bwd = new SerialSgs(mirror, horizon);
    this.fwd.setFixed(p.release);
    this.bwd.setFixed(mirror.release.slice());
    this.lists = new ListBuilder(p);
    this.mirrorLists = new ListBuilder(mirror);
    this.value = new Float64Array(p.n);
    this.keys = new Float64Array(p.n);
    this.start = new Int32Array(p.n);
    this.list = new Int32Array(p.n);
    this.back = new Int32Array(p.n);
  }

  /** One forward pass of `list`; the result is in fwd and score. */
  forward(list: Int32Array, out: Score = this.score): Score {
    const ms = this.fwd.run(list);
    this.passes++;
    let sum = 0;
    for (let j = 0; j < this.p.n; j++) sum += this.fwd.start[j];
    out.overload = this.fwd.overload;
    out.makespan = ms;
    out.sumStart = sum;
    return out;
  }

  /**
   * Schedules `list`, then justifies for up to `rounds` backward-forward rounds while it
   * improves. The best schedule is left in start / list / score.
   */
  improve(list: Int32Array, rounds = this.rounds): Score {
    const { p, H, bwd, value } = this;
    this.forward(list);
    this.keep(list);
    const trial: Score = { overload: 0, makespan: 0, sumStart: 0 };
    for (let round = 0; round < rounds && !this.done(); round++) {
      // Backward: latest finish first, on the mirror from H - makespan.
      const lo = H - this.score.makespan;
      for (let j = 0; j < p.n; j++) {
        value[j] = H - this.finishOf(j);
        if (!p.fixed[j]) this.mirror.release[j] = lo;
      }
      this.order(this.mirror, this.mirrorLists, value, this.back);
      bwd.run(this.back, lo);
      this.passes++;
      // Forward: earliest late start first.
      for (let j = 0; j < p.n; j++) value[j] = H - bwd.finish[j];
      const next = this.back;
      this.order(p, this.lists, value, next);
      this.forward(next, trial);
      if (compareScores(trial, this.score) >= 0) break;
      Object.assign(this.score, trial);
      this.keep(next);
    }
    return this.score;
  }

  private finishOf(j: number): number {
    return this.p.calendars[this.p.cal[j]].finish(this.start[j], this.p.dur[j]);
  }

  private keep(list: Int32Array): void {
    this.start.set(this.fwd.start);
    if (list !== this.list) this.list.set(list);
  }

  /** A topological list by value: a sort where every such order is topological, else a heap. */
  private order(q: Problem, lists: ListBuilder, value: Float64Array, out: Int32Array): void {
    if (!q.simple) {
      lists.byValue(value, out);
      return;
    }
    const n = q.n;
    const keys = this.keys;
    for (let j = 0; j < n; j++) keys[j] = value[j] * n + q.pos[j];
    keys.sort();
    for (let k = 0; k < n; k++) out[k] = q.order[keys[k] - Math.floor(keys[k] / n) * n];
  }
}
