// A prepared schedule: the network plus its last pass state, so that one edit (a duration, a
// constraint, a relation) recomputes only what it reaches. The forward pass walks the
// topological order from the first touched activity and recomputes only activities marked
// dirty, marking successors whose inputs moved; the backward pass does the same in reverse.
// When the project finish moves, every open end is marked. Floats are refreshed for the
// activities touched and their predecessors. The result equals a full recompute (property test).

import type { Constraint, Relation, ScheduleModel } from './model';
import type { CalendarIndexCache } from '../calendar/index-cache';
import {
  buildNetwork,
  K_FINISH_MS,
  K_START_MS,
  K_TASK,
  K_WBS,
  NONE,
  setConstraints,
  setRelations,
} from './network';
import type { Network } from './network';
import {
  finishResult,
  freeFloat as freeFloat_,
  hasFreeFloatSuccessor,
  totalFloat as totalFloat_,
} from './finish';
import { backwardOne as backwardOne_ } from './backward';
import { newPassState, forwardOne as forwardOne_, isFixed as isFixed_ } from './passes';
import type { PassState } from './passes';
import { backwardAll, forwardAll, fullPassPlan } from './full-pass';
import type { FullPassPlan } from './full-pass';
import type { ScheduleResult } from './result';

// Transpiled imports are getters; the hot loops read these local copies instead.
const freeFloat = freeFloat_;
const totalFloat = totalFloat_;
const backwardOne = backwardOne_;
const forwardOne = forwardOne_;
const isFixed = isFixed_;

export class PreparedSchedule {
  readonly net: Network;
  private st: PassState;
  private tf: Int32Array;
  private ff: Int32Array;
  /** The relations by slot: removed ones leave an empty slot, added ones are appended. */
  private relations: (Relation | null)[];
  private dataWork: Int32Array;
  /** Activities whose inputs changed since the last compute. */
  private dirty = new Set<number>();
  private computed = false;
  private last: ScheduleResult | null = null;
  /** Activities whose free float counts to the project finish (no successor bounds it). */
  private openEnds: Int32Array | null = null;
  /** What the full pass reads besides the network (full-pass.ts); null: to build. */
  private plan: FullPassPlan | null = null;

  constructor(model: ScheduleModel, calendarCache?: CalendarIndexCache) {
    this.net = buildNetwork(model, calendarCache);
    this.relations = model.relations.slice();
    const projects = this.net.projOptions.length;
    this.st = newPassState(this.net.n, this.net.slots, projects);
    this.tf = new Int32Array(this.net.n);
    this.ff = new Int32Array(this.net.n);
    // Per project and calendar: where work may start (the later of data date and project start).
    const cals = this.net.calendars;
    this.dataWork = new Int32Array(projects * cals.length);
    this.net.projOptions.forEach((opt, k) => {
      const from = Math.max(opt.dataDate, opt.projectStart);
      cals.forEach((c, ci) => (this.dataWork[k * cals.length + ci] = c.workAt(from)));
    });
  }

  /** Full forward and backward pass over every activity. */
  computeFull(): ScheduleResult {
    const { net, st } = this;
    if (net.cycle.length > 0) return this.cycleResult();
    const plan = (this.plan ??= fullPassPlan(net));
    // The forward pass gathers the project finishes as it goes.
    forwardAll(net, st, this.dataWork, plan);
    this.setTargets(false);
    // Floats in the same step as each activity's late dates, while its successors are in cache.
    backwardAll(net, st, plan, this.tf, this.ff);
    this.dirty.clear();
    this.computed = true;
    this.last = finishResult(net, st, this.tf, this.ff, plan.onlyFloats);
    return this.last;
  }

  /** Recomputes after edits: only what the edited activities reach. */
  recompute(): ScheduleResult {
    const { net, st } = this;
    if (!this.computed || net.cycle.length > 0) return this.computeFull();
    if (this.dirty.size === 0 && this.last) return this.last;
    const dw = this.dataWork;
    const fwd = new Uint8Array(net.n);
    const touched = new Uint8Array(net.n);
    let first = net.n;
    for (const i of this.dirty) {
      fwd[i] = 1;
      touched[i] = 1;
      first = Math.min(first, net.pos[i]);
    }
    const bwd = new Uint8Array(net.n);
    let last = -1;
    for (let k = first; k < net.n; k++) {
      const i = net.order[k];
      if (!fwd[i]) continue;
      const dur = st.dur[i];
      if (forwardOne(net, st, i, dw)) {
        touched[i] = 1;
        for (let q = net.outStart[i]; q < net.outStart[i + 1]; q++) fwd[net.rSucc[net.outRel[q]]] = 1;
      }
      // The duration scheduled moved (an expected finish after its start moved): the late start
      // is the late finish less it, and predecessors' bounds through this activity read it too.
      if (st.dur[i] !== dur) {
        bwd[i] = 1;
        for (let q = net.inStart[i]; q < net.inStart[i + 1]; q++) bwd[net.rPred[net.inRel[q]]] = 1;
        last = Math.max(last, k);
      }
    }
    const oldTargets = st.targets.slice();
    const oldFinish = st.projFinish.slice();
    this.setTargets();
    for (const i of this.dirty) {
      bwd[i] = 1;
      last = Math.max(last, net.pos[i]);
    }
    if (st.targets.some((t, k) => t !== oldTargets[k])) {
      // A new project finish moves the late dates it decided; the rest follows the dirty marks.
      // Those it decided may move; with an earlier target, so may any that now ends after it.
      for (let i = 0; i < net.n; i++) {
        const target = st.targets[net.proj[i]];
        if (st.byTarget[i] || st.wlf[i] > net.calendars[net.cal[i]].workAt(target)) bwd[i] = 1;
      }
      last = net.n - 1;
    }
    for (let k = last; k >= 0; k--) {
      const i = net.order[k];
      if (!bwd[i]) continue;
      if (backwardOne(net, st, i)) {
        touched[i] = 1;
        for (let q = net.inStart[i]; q < net.inStart[i + 1]; q++) bwd[net.rPred[net.inRel[q]]] = 1;
      }
    }
    this.refreshFloats(
      touched,
      st.projFinish.some((f, k) => f !== oldFinish[k]),
    );
    this.dirty.clear();
    this.last = finishResult(net, st, this.tf, this.ff, this.plan?.onlyFloats);
    return this.last;
  }

  /** Floats of touched activities and of the predecessors of those whose early dates moved. */
  private refreshFloats(touched: Uint8Array, finishMoved: boolean): void {
    const { net, st } = this;
    for (let i = 0; i < net.n; i++) {
      if (!touched[i]) continue;
      this.tf[i] = totalFloat(net, st, i);
      this.ff[i] = freeFloat(net, st, i);
      for (let q = net.inStart[i]; q < net.inStart[i + 1]; q++) {
        const p = net.rPred[net.inRel[q]];
        this.ff[p] = freeFloat(net, st, p);
      }
    }
    if (!finishMoved) return;
    // Free float of open ends counts to the project finish: those without successors, and those
    // whose successors do not bound it (completed, external, LOE). Kept until the relations change.
    if (!this.openEnds) {
      const ends: number[] = [];
      for (let i = 0; i < net.n; i++) if (!hasFreeFloatSuccessor(net, i)) ends.push(i);
      this.openEnds = Int32Array.from(ends);
    }
    for (const i of this.openEnds) this.ff[i] = freeFloat(net, st, i);
  }

  /**
   * The latest early finish of each project's open activities (of every activity when none is
   * open), the whole model's, and each project's late-pass target: its must-finish-by, else that.
   * `gather` false: st.projFinish already holds each project's latest early finish (-1: none), as
   * forwardAll leaves it.
   */
  private setTargets(gather = true): void {
    const { net, st } = this;
    const pf = st.projFinish;
    let all = -1;
    if (gather) {
      pf.fill(-1);
      for (let i = 0; i < net.n; i++) {
        // A WBS summary spans its node's activities (roll-up): the remaining duration stored on
        // it is not a date of its own and must not move the project finish (P6; Harbour Pointe XER).
        if (isFixed(net, i) || net.kind[i] === K_WBS) continue;
        const k = net.proj[i];
        if (st.ef[i] > pf[k]) pf[k] = st.ef[i];
      }
    }
    for (let k = 0; k < pf.length; k++) if (pf[k] > all) all = pf[k];
    if (all < 0) for (let i = 0; i < net.n; i++) if (st.ef[i] > all) all = st.ef[i];
    all = Math.max(all, 0);
    st.projectFinish = all;
    for (let k = 0; k < pf.length; k++) {
      if (pf[k] < 0) pf[k] = all;
      st.targets[k] = net.projOptions[k].mustFinishBy ?? pf[k];
    }
  }

  private cycleResult(): ScheduleResult {
    const res = finishResult(
      this.net,
      newPassState(this.net.n, this.net.slots, this.net.projOptions.length),
      this.tf,
      this.ff,
    );
    res.state = 'not_calculated';
    res.errors.push({
      code: 'schedule.cycle',
      activities: this.net.cycle,
      message: `The relations form a cycle: ${this.net.cycle.join(' → ')} → ${this.net.cycle[0]}`,
    });
    return res;
  }

  private at(id: string): number {
    const i = this.net.index.get(id);
    if (i === undefined) throw new RangeError(`Unknown activity ${id}`);
    return i;
  }

  /**
   * Runs the incremental path on a duration change it then takes back, so that the first real
   * edit after an open runs code V8 has already optimized (a first incremental pass takes several
   * times a later one: at 100k in Node, a first edit's pass 71 ms, after this one 10 ms). Every
   * date, float and flag ends as it was: a pass equals a full compute (property test), and the
   * duration is restored exactly. Does nothing before a compute, with a cycle, or without a task.
   */
  rehearse(): void {
    const { net } = this;
    if (!this.computed || net.cycle.length > 0 || this.dirty.size > 0) return;
    // A task halfway down the order: its change reaches a fair share of the network.
    let i = -1;
    for (let k = net.n >> 1; k < net.n && i < 0; k++) if (net.kind[net.order[k]] === K_TASK) i = net.order[k];
    if (i < 0) return;
    const dur = net.dur[i];
    const last = this.last;
    // One change and its undo: the first pass after an open costs the most, the next ones little.
    net.dur[i] = dur + 480;
    this.dirty.add(i);
    this.recompute();
    net.dur[i] = dur;
    this.dirty.add(i);
    this.recompute();
    // The result handed out before stays the current one (its arrays are equal to the last pass's).
    this.last = last;
  }

  /** Edit: the duration still to do (the original duration for an activity not started). */
  setDuration(id: string, minutes: number): void {
    const i = this.at(id);
    const k = this.net.kind[i];
    // A split stays inside the span (MS Project moves the split with the task).
    this.net.dur[i] =
      k === K_START_MS || k === K_FINISH_MS ? 0 : Math.max(0, Math.round(minutes)) + this.net.gap[i];
    // A duration typed replaces what an expected finish would make of it.
    this.net.expect[i] = NONE;
    this.dirty.add(i);
  }

  /** Edit: replace an activity's constraints. */
  setConstraints(id: string, constraints: Constraint[], alap = false): void {
    const i = this.at(id);
    setConstraints(this.net, i, { constraints, alap });
    this.plan = null;
    this.dirty.add(i);
  }

  /**
   * Ids of the relations by slot, from slot `from` on: what a result's `driving` is indexed by.
   * The model's relations in their order, then those added; a removed relation's slot is ''.
   */
  relationIds(from = 0): string[] {
    const out: string[] = [];
    for (let k = from; k < this.relations.length; k++) out.push(this.relations[k]?.id ?? '');
    return out;
  }

  /** Edit: add a relation (rebuilds the adjacency; a new cycle is reported by the next compute). */
  addRelation(rel: Relation): void {
    this.relations.push(rel);
    const st = this.st;
    if (this.relations.length > st.driving.length) {
      const grown = new Uint8Array(Math.max(64, 2 * this.relations.length));
      grown.set(st.driving);
      st.driving = grown;
    }
    this.relinkAround(rel);
  }

  /** Edit: remove a relation by id (its slot stays, empty, so no other relation moves). */
  removeRelation(relId: string): void {
    const k = this.relations.findIndex((r) => r?.id === relId);
    if (k < 0) return;
    const rel = this.relations[k]!;
    this.relations[k] = null;
    this.st.driving[k] = 0;
    this.relinkAround(rel);
  }

  private relinkAround(rel: Relation): void {
    this.openEnds = null;
    this.plan = null;
    const hadCycle = this.net.cycle.length > 0;
    setRelations(this.net, this.relations);
    if (hadCycle || this.net.cycle.length > 0) this.computed = false;
    const p = this.net.index.get(rel.predId);
    const s = this.net.index.get(rel.succId);
    if (p !== undefined) this.dirty.add(p);
    if (s !== undefined) this.dirty.add(s);
  }
}
