// Activity lists from priority values: the precedence-only critical path (early and late ticks),
// the classic priority rules of the RCPSP literature (Kolisch 1996; Kolisch & Hartmann 1999) and
// two ways to turn values into a topological activity list: strictly by value (a single-pass
// priority rule) or by regret-based biased random sampling (Drexl 1991), which the genetic
// algorithm uses for its first population. Smaller values go first.

import { earliestStart, type Problem } from './problem';

export interface CriticalPath {
  es: Int32Array;
  ef: Int32Array;
  /** Latest start and finish that keep the precedence-only makespan. */
  ls: Int32Array;
  lf: Int32Array;
  makespan: number;
}

/** Places every activity at its earliest start, ignoring resources (topological order). */
export function precedencePass(p: Problem, start: Int32Array, finish: Int32Array): number {
  let makespan = 0;
  for (let k = 0; k < p.n; k++) {
    const j = p.order[k];
    const s = p.fixed[j] ? p.release[j] : earliestStart(p, j, start, finish);
    start[j] = s;
    finish[j] = p.calendars[p.cal[j]].finish(s, p.dur[j]);
    if (finish[j] > makespan) makespan = finish[j];
  }
  return makespan;
}

/** Early dates forward, late dates on the mirror (which must span H ticks) from the makespan. */
export function criticalPath(p: Problem, mirror: Problem, H: number): CriticalPath {
  const es = new Int32Array(p.n);
  const ef = new Int32Array(p.n);
  const makespan = precedencePass(p, es, ef);
  for (let j = 0; j < p.n; j++) if (!mirror.fixed[j]) mirror.release[j] = H - makespan;
  const ms = new Int32Array(p.n);
  const mf = new Int32Array(p.n);
  precedencePass(mirror, ms, mf);
  const ls = new Int32Array(p.n);
  const lf = new Int32Array(p.n);
  for (let j = 0; j < p.n; j++) {
    ls[j] = H - mf[j];
    lf[j] = H - ms[j];
  }
  return { es, ef, ls, lf, makespan };
}

export type PriorityRule = 'lft' | 'lst' | 'mts' | 'grpw' | 'est' | 'mslk' | 'spt' | 'grd';

export const PRIORITY_RULES: readonly PriorityRule[] = [
  'lft',
  'lst',
  'mts',
  'grpw',
  'mslk',
  'est',
  'grd',
  'spt',
];

/** Number of (transitive) successors; exact up to 4,000 activities, an upper estimate above. */
function totalSuccessors(p: Problem): Float64Array {
  const n = p.n;
  const out = new Float64Array(n);
  if (n <= 4000) {
    const words = (n + 31) >> 5;
    const bits = new Uint32Array(n * words);
    for (let k = n - 1; k >= 0; k--) {
      const i = p.order[k];
      for (let e = p.outStart[i]; e < p.outStart[i + 1]; e++) {
        const s = p.rSucc[p.outRel[e]];
        bits[i * words + (s >> 5)] |= 1 << (s & 31);
        for (let w = 0; w < words; w++) bits[i * words + w] |= bits[s * words + w];
      }
      let c = 0;
      for (let w = 0; w < words; w++) {
        let x = bits[i * words + w];
        while (x) {
          x &= x - 1;
          c++;
        }
      }
      out[i] = c;
    }
    return out;
  }
  for (let k = n - 1; k >= 0; k--) {
    const i = p.order[k];
    for (let e = p.outStart[i]; e < p.outStart[i + 1]; e++) out[i] += 1 + out[p.rSucc[p.outRel[e]]];
  }
  return out;
}

/** Values of a rule (smaller first). */
export function ruleValues(p: Problem, cp: CriticalPath, rule: PriorityRule): Float64Array {
  const v = new Float64Array(p.n);
  if (rule === 'mts') {
    const succ = totalSuccessors(p);
    for (let j = 0; j < p.n; j++) v[j] = -succ[j];
    return v;
  }
  for (let j = 0; j < p.n; j++) {
    switch (rule) {
      case 'lft':
        v[j] = cp.lf[j];
        break;
      case 'lst':
        v[j] = cp.ls[j];
        break;
      case 'est':
        v[j] = cp.es[j];
        break;
      case 'mslk':
        v[j] = cp.ls[j] - cp.es[j];
        break;
      case 'spt':
        v[j] = p.dur[j];
        break;
      case 'grpw': {
        let w = p.dur[j];
        for (let e = p.outStart[j]; e < p.outStart[j + 1]; e++) w += p.dur[p.rSucc[p.outRel[e]]];
        v[j] = -w;
        break;
      }
      case 'grd': {
        let w = 0;
        for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) w += p.useAmt[u];
        v[j] = -w * p.dur[j];
        break;
      }
    }
  }
  return v;
}

/** Builds activity lists without allocating per list. */
export class ListBuilder {
  private readonly p: Problem;
  private readonly indeg: Int32Array;
  private readonly heap: Int32Array;
  private readonly eligible: Int32Array;
  private readonly weight: Float64Array;

  constructor(p: Problem) {
    this.p = p;
    this.indeg = new Int32Array(p.n);
    this.heap = new Int32Array(p.n);
    this.eligible = new Int32Array(p.n);
    this.weight = new Float64Array(p.n);
  }

  private resetIndegrees(): void {
    const { p, indeg } = this;
    for (let j = 0; j < p.n; j++) indeg[j] = p.inStart[j + 1] - p.inStart[j];
  }

  /** The topological list taking, among the activities whose predecessors are listed, the smallest value (ties: topological position). */
  byValue(value: ArrayLike<number>, out: Int32Array): Int32Array {
    const { p, indeg, heap } = this;
    const pos = p.pos;
    this.resetIndegrees();
    const less = (a: number, b: number) => value[a] < value[b] || (value[a] === value[b] && pos[a] < pos[b]);
    let size = 0;
    const push = (j: number) => {
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!less(j, heap[parent])) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = j;
    };
    const pop = () => {
      const top = heap[0];
      const last = heap[--size];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && less(heap[c + 1], heap[c])) c++;
        if (!less(heap[c], last)) break;
        heap[i] = heap[c];
        i = c;
      }
      heap[i] = last;
      return top;
    };
    for (let j = 0; j < p.n; j++) if (indeg[j] === 0) push(j);
    for (let k = 0; k < p.n; k++) {
      const j = pop();
      out[k] = j;
      for (let e = p.outStart[j]; e < p.outStart[j + 1]; e++) {
        const s = p.rSucc[p.outRel[e]];
        if (--indeg[s] === 0) push(s);
      }
    }
    return out;
  }

  /**
   * Regret-based biased random sampling: among the eligible activities, j is drawn with weight
   * (max value − value[j] + 1)^2, so better values are likelier without being certain.
   */
  sample(value: ArrayLike<number>, rand: () => number, out: Int32Array): Int32Array {
    const { p, indeg, eligible, weight } = this;
    this.resetIndegrees();
    let size = 0;
    for (let j = 0; j < p.n; j++) if (indeg[j] === 0) eligible[size++] = j;
    for (let k = 0; k < p.n; k++) {
      let worst = -Infinity;
      for (let e = 0; e < size; e++) worst = Math.max(worst, value[eligible[e]]);
      let total = 0;
      for (let e = 0; e < size; e++) {
        const w = worst - value[eligible[e]] + 1;
        weight[e] = w * w;
        total += weight[e];
      }
      let x = rand() * total;
      let pick = size - 1;
      for (let e = 0; e < size; e++) {
        x -= weight[e];
        if (x < 0) {
          pick = e;
          break;
        }
      }
      const j = eligible[pick];
      eligible[pick] = eligible[--size];
      out[k] = j;
      for (let e = p.outStart[j]; e < p.outStart[j + 1]; e++) {
        const s = p.rSucc[p.outRel[e]];
        if (--indeg[s] === 0) eligible[size++] = s;
      }
    }
    return out;
  }
}
