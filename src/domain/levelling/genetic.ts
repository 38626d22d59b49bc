// A genetic algorithm over activity lists (Hartmann 1998), each child improved by forward-backward
// justification before it is judged (as in Valls, Ballestín & Quintanilla 2005 and Alcaraz &
// Maroto 2001) and given back the list of its justified schedule (its genes learn what the
// justification found). Two-point crossover keeps the relative order of both parents, so a child
// of two topological lists is topological; mutation swaps neighbours that no relation ties.
// Survivors: the best of parents and children, one per distinct schedule score (no clones).
// Everything random comes from one seeded source: a seed and a pass budget give one result.

import { compareScores, type Justifier, type Score } from './justify';
import type { Problem } from './problem';

interface Individual {
  list: Int32Array;
  score: Score;
}

export interface GeneticOptions {
  population: number;
  /** Chance per position of swapping it with its neighbour. */
  mutation: number;
  /** Stop once the makespan reaches this (a lower bound) with no overload. */
  target: number;
  /** True when the budget is spent (called between children). */
  done: () => boolean;
  rand: () => number;
}

export class Genetic {
  private readonly p: Problem;
  private readonly j: Justifier;
  private readonly opts: GeneticOptions;
  private pop: Individual[] = [];
  private readonly mark: Uint32Array;
  private stamp = 0;
  best: Individual | null = null;
  generations = 0;

  constructor(p: Problem, justifier: Justifier, opts: GeneticOptions) {
    this.p = p;
    this.j = justifier;
    this.opts = opts;
    this.mark = new Uint32Array(p.n);
  }

  /** Evaluates a list (justified) and adds it to the population. */
  add(list: Int32Array): Individual {
    const score = { ...this.j.improve(list) };
    const ind = { list: this.j.list.slice(), score };
    this.pop.push(ind);
    if (!this.best || compareScores(score, this.best.score) < 0) this.best = ind;
    return ind;
  }

  /** The best schedule meets the lower bound: nothing can beat it. */
  reachedTarget(): boolean {
    const b = this.best;
    return b !== null && b.score.overload === 0 && b.score.makespan <= this.opts.target;
  }

  /** Runs generations until the budget is spent or the target is reached. */
  evolve(): void {
    const { opts } = this;
    this.select();
    while (!opts.done() && !this.reachedTarget()) {
      const parents = this.pop.slice();
      shuffle(parents, opts.rand);
      for (let k = 0; k + 1 < parents.length; k += 2) {
        if (opts.done() || this.reachedTarget()) break;
        const [a, b] = this.crossover(parents[k].list, parents[k + 1].list);
        this.mutate(a);
        this.mutate(b);
        this.add(a);
        this.add(b);
      }
      this.select();
      this.generations++;
    }
  }

  /** Keeps the best `population` individuals with distinct scores. */
  private select(): void {
    const sorted = this.pop.sort((x, y) => compareScores(x.score, y.score));
    const kept: Individual[] = [];
    for (const ind of sorted) {
      const last = kept[kept.length - 1];
      if (last && compareScores(last.score, ind.score) === 0) continue;
      kept.push(ind);
      if (kept.length === this.opts.population) break;
    }
    // Too few distinct schedules: keep duplicates rather than shrink the population.
    for (const ind of sorted) {
      if (kept.length >= this.opts.population) break;
      if (!kept.includes(ind)) kept.push(ind);
    }
    this.pop = kept;
  }

  /** Hartmann's two-point crossover: both children. */
  private crossover(m: Int32Array, f: Int32Array): [Int32Array, Int32Array] {
    const n = this.p.n;
    let q1 = Math.floor(this.opts.rand() * (n + 1));
    let q2 = Math.floor(this.opts.rand() * (n + 1));
    if (q1 > q2) [q1, q2] = [q2, q1];
    return [this.child(m, f, q1, q2), this.child(f, m, q1, q2)];
  }

  private child(m: Int32Array, f: Int32Array, q1: number, q2: number): Int32Array {
    const n = this.p.n;
    const mark = this.mark;
    const stamp = ++this.stamp;
    const out = new Int32Array(n);
    let k = 0;
    for (; k < q1; k++) mark[(out[k] = m[k])] = stamp;
    for (let i = 0; k < q2 && i < n; i++) if (mark[f[i]] !== stamp) mark[(out[k++] = f[i])] = stamp;
    for (let i = 0; k < n && i < n; i++) if (mark[m[i]] !== stamp) mark[(out[k++] = m[i])] = stamp;
    return out;
  }

  private mutate(list: Int32Array): void {
    const { p, opts } = this;
    for (let k = 0; k + 1 < list.length; k++) {
      if (opts.rand() >= opts.mutation) continue;
      const a = list[k];
      const b = list[k + 1];
      let tied = false;
      for (let e = p.outStart[a]; e < p.outStart[a + 1]; e++) if (p.rSucc[p.outRel[e]] === b) tied = true;
      if (tied) continue;
      list[k] = b;
      list[k + 1] = a;
    }
  }
}

function shuffle<T>(xs: T[], rand: () => number): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const k = Math.floor(rand() * (i + 1));
    [xs[i], xs[k]] = [xs[k], xs[i]];
  }
}
