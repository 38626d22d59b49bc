// Sum nodes and WBS summary activities span the open activities under them. Each node hands its
// own values and what it gathered from below to its parent once, deepest nodes first, so a pass
// is linear in the activities; walking every leaf up to the root cost depth × n, and this runs
// after every incremental recompute. The order and the scratch arrays are kept per tree.

import type { Network } from './network';
import {
  K_EXTERNAL as K_EXTERNAL_,
  K_SUM as K_SUM_,
  K_WBS as K_WBS_,
  S_DONE as S_DONE_,
  S_STARTED as S_STARTED_,
} from './network';
import type { ScheduleResult } from './result';

// Transpiled imports are getters; the hot loop reads these local copies instead.
const K_EXTERNAL = K_EXTERNAL_;
const K_SUM = K_SUM_;
const K_WBS = K_WBS_;
const S_DONE = S_DONE_;
const S_STARTED = S_STARTED_;

interface RollUpPlan {
  /** Activities with a parent, deepest first. */
  readonly order: Int32Array;
  /** Activities with children: the only entries of the scratch arrays a pass writes. */
  readonly parents: Int32Array;
  readonly lo: Float64Array;
  /** lo with started activities at their actual start (what a sum shows; P6's WBS rows). */
  readonly alo: Float64Array;
  readonly hi: Float64Array;
  readonly llo: Float64Array;
  readonly lhi: Float64Array;
  readonly minTf: Float64Array;
  readonly weight: Float64Array;
  readonly done: Float64Array;
  readonly count: Float64Array;
  readonly pctSum: Float64Array;
  readonly has: Uint8Array;
}

/** Keyed by the network's parent array: a changed tree builds a new network, with a new array. */
const plans = new WeakMap<Int32Array, RollUpPlan | null>();

function planOf(net: Network): RollUpPlan | null {
  let plan = plans.get(net.parent);
  if (plan !== undefined) return plan;
  plan = net.kind.some((k) => k === K_SUM || k === K_WBS) ? buildPlan(net.parent) : null;
  plans.set(net.parent, plan);
  return plan;
}

/**
 * The nodes of a forest (parent[i]: i's parent, -1 at the top) ordered deepest first, so a walk
 * hands each node's values to its parent after all of the node's own children did: the nodes with
 * a parent, and with `roots` the top ones too (last). O(n): depths are numbered climbing to the
 * first known one, then a counting sort by depth.
 */
export function deepestFirst(parent: ArrayLike<number>, roots = false): Int32Array {
  const n = parent.length;
  const depth = new Int32Array(n).fill(-1);
  let maxDepth = 0;
  for (let i = 0; i < n; i++) {
    // Climb to the first node whose depth is known, then number the way back down.
    let d = 0;
    let p = i;
    while (p >= 0 && depth[p]! < 0) {
      p = parent[p]!;
      d++;
    }
    const known = p < 0 ? -1 : depth[p]!;
    for (let q = i, k = d; k > 0; q = parent[q]!, k--) depth[q] = known + k;
    if (depth[i]! > maxDepth) maxDepth = depth[i]!;
  }
  const least = roots ? 0 : 1;
  const start = new Int32Array(maxDepth + 2);
  for (let i = 0; i < n; i++) if (depth[i]! >= least) start[maxDepth - depth[i]! + 1]!++;
  for (let d = 1; d < start.length; d++) start[d]! += start[d - 1]!;
  const order = new Int32Array(start[start.length - 1]!);
  for (let i = 0; i < n; i++) if (depth[i]! >= least) order[start[maxDepth - depth[i]!]!++] = i;
  return order;
}

function buildPlan(parent: Int32Array): RollUpPlan {
  const n = parent.length;
  // Roots (depth 0) have no parent to hand to.
  const order = deepestFirst(parent);
  const isParent = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) isParent[parent[i]] = 1;
  const parents = new Int32Array(isParent.reduce((c, x) => c + x, 0));
  for (let i = 0, k = 0; i < n; i++) if (isParent[i]) parents[k++] = i;
  const f64 = () => new Float64Array(n);
  return {
    order,
    parents,
    lo: f64(),
    alo: f64(),
    hi: f64(),
    llo: f64(),
    lhi: f64(),
    minTf: f64(),
    weight: f64(),
    done: f64(),
    count: f64(),
    pctSum: f64(),
    has: new Uint8Array(n),
  };
}

/** Rolls up; returns the nodes with no open activity under them, or none at all (never critical). */
export function rollUp(net: Network, res: ScheduleResult): number[] {
  const closed: number[] = [];
  const plan = planOf(net);
  if (!plan) return closed;
  const { order, parents, lo, alo, hi, llo, lhi, minTf, weight, done, count, pctSum, has } = plan;
  for (let k = 0; k < parents.length; k++) {
    const p = parents[k];
    lo[p] = Infinity;
    alo[p] = Infinity;
    hi[p] = -Infinity;
    llo[p] = Infinity;
    lhi[p] = -Infinity;
    minTf[p] = Infinity;
    weight[p] = 0;
    done[p] = 0;
    count[p] = 0;
    pctSum[p] = 0;
    has[p] = 0;
  }
  const { parent, kind, status, planned, pct, actualStart } = net;
  const { es, ef, ls, lf, tf } = res;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const p = parent[i];
    const t = kind[i];
    if (t === K_EXTERNAL) {
      // Another project's activity spans its (other project's) WBS nodes with its fixed dates; it
      // adds no float and no progress.
      if (es[i] < lo[p]) lo[p] = es[i];
      if (es[i] < alo[p]) alo[p] = es[i];
      if (ef[i] > hi[p]) hi[p] = ef[i];
      if (ls[i] < llo[p]) llo[p] = ls[i];
      if (lf[i] > lhi[p]) lhi[p] = lf[i];
      has[p] = 1;
    } else if (t !== K_SUM && t !== K_WBS) {
      // The activity's own values; for a sum, a started one spans from its actual start.
      if (es[i] < lo[p]) lo[p] = es[i];
      const start = status[i] === S_STARTED && actualStart[i] < es[i] ? actualStart[i] : es[i];
      if (start < alo[p]) alo[p] = start;
      if (ef[i] > hi[p]) hi[p] = ef[i];
      if (status[i] !== S_DONE) {
        if (ls[i] < llo[p]) llo[p] = ls[i];
        if (lf[i] > lhi[p]) lhi[p] = lf[i];
        if (tf[i] < minTf[p]) minTf[p] = tf[i];
      }
      weight[p] += planned[i];
      done[p] += planned[i] * pct[i];
      count[p]++;
      pctSum[p] += pct[i];
      has[p] = 1;
    }
    if (has[i]) {
      // What it gathered from below (complete: every node under it is deeper, so came first).
      if (lo[i] < lo[p]) lo[p] = lo[i];
      if (alo[i] < alo[p]) alo[p] = alo[i];
      if (hi[i] > hi[p]) hi[p] = hi[i];
      if (llo[i] < llo[p]) llo[p] = llo[i];
      if (lhi[i] > lhi[p]) lhi[p] = lhi[i];
      if (minTf[i] < minTf[p]) minTf[p] = minTf[i];
      weight[p] += weight[i];
      done[p] += done[i];
      count[p] += count[i];
      pctSum[p] += pctSum[i];
      has[p] = 1;
    }
  }
  for (let i = 0; i < net.n; i++) {
    const t = kind[i];
    // A WBS summary activity spans its WBS node: the activities that share its parent.
    const src = t === K_WBS ? parent[i] : t === K_SUM ? i : -1;
    if (src < 0) continue;
    if (!has[src]) {
      // Nothing under it (an imported WBS node not yet filled): no work to be critical about; its
      // dates stay where the passes put it, at the data date.
      closed.push(i);
      continue;
    }
    // A sum (a WBS node) starts with the first work under it, done or not; a P6 WBS summary
    // activity is scheduled like an activity: its early start is where remaining work starts.
    es[i] = t === K_SUM ? alo[src] : lo[src];
    ef[i] = hi[src];
    ls[i] = llo[src] === Infinity ? lo[src] : llo[src];
    lf[i] = lhi[src] === -Infinity ? hi[src] : lhi[src];
    tf[i] = minTf[src] === Infinity ? 0 : minTf[src];
    res.ff[i] = 0;
    // Progress weighted by planned duration (milestones only: a plain average; none: 0).
    res.percentComplete[i] =
      weight[src] > 0 ? done[src] / weight[src] : count[src] > 0 ? pctSum[src] / count[src] : 0;
    // A node with no open activity under it (all complete, or another project's) is not critical.
    if (minTf[src] === Infinity) closed.push(i);
  }
  return closed;
}
