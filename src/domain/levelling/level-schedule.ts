// Levelling a real schedule: schedule with the engine, turn the network into a tick problem
// (discretise.ts), schedule it in the user's priority order (P6's and MS Project's serial
// levelling), improve within the budget (solve.ts), then give each delayed activity a
// start-no-earlier date and let the engine place everything again, so that the levelled dates
// obey every relation, lag, calendar and constraint exactly as a normal schedule does. What is
// still over-allocated is measured on those final dates.

import type { Constraint, ScheduleModel } from '../schedule/model';
import type { Network } from '../schedule/network';
import { PreparedSchedule } from '../schedule/prepared';
import type { ScheduleResult } from '../schedule/result';
import { discretise, type Discretised } from './discretise';
import { overallocations, totalExcess } from './overallocation';
import { ListBuilder } from './priority';
import { solve } from './solve';
import type { LevellingInput, LevellingOptions, LevellingPriority, LevellingResult } from './types';

export class LevellingError extends Error {
  readonly code = 'levelling.schedule_error';
}

const DEFAULT_PRIORITY: LevellingPriority[] = [
  { field: 'total_float' },
  { field: 'late_start' },
  { field: 'id' },
];

/** The activities ranked by the priority fields: rank[i] is i's place (0 = first). */
export function priorityRanks(
  model: ScheduleModel,
  net: Network,
  res: ScheduleResult,
  options: LevellingOptions,
): Float64Array {
  const fields = options.priority && options.priority.length > 0 ? options.priority : DEFAULT_PRIORITY;
  const attr = options.priorityAttribute ?? 'priority';
  const acts = model.activities;
  const value = (i: number, f: LevellingPriority['field']): number => {
    switch (f) {
      case 'total_float':
        return res.tf[i];
      case 'late_start':
        return res.ls[i];
      case 'late_finish':
        return res.lf[i];
      case 'early_start':
        return res.es[i];
      case 'duration':
        return net.dur[i];
      case 'priority': {
        const v = Number(acts[i].attributes?.[attr] ?? 0);
        return Number.isFinite(v) ? v : 0;
      }
      default:
        return 0;
    }
  };
  const idx = Array.from({ length: net.n }, (_, i) => i);
  idx.sort((a, b) => {
    for (const f of fields) {
      const desc = f.descending ?? f.field === 'priority';
      const c =
        f.field === 'id'
          ? acts[a].code.localeCompare(acts[b].code, 'en', { numeric: true })
          : value(a, f.field) - value(b, f.field);
      if (c !== 0) return desc ? -c : c;
    }
    return a - b;
  });
  const rank = new Float64Array(net.n);
  idx.forEach((i, k) => (rank[i] = k));
  return rank;
}

function withStartNoEarlier(constraints: Constraint[], date: number): Constraint[] {
  return [...constraints, { on: 'start', type: 'not_earlier', date }];
}

/**
 * Gives every activity the problem delayed past its date in `current` a start-no-earlier date
 * (kept in `starts`); returns whether any date changed.
 */
function applyStarts(
  prepared: PreparedSchedule,
  model: ScheduleModel,
  d: Discretised,
  start: Int32Array,
  current: ScheduleResult,
  starts: Record<string, number>,
): boolean {
  const net = prepared.net;
  let changed = false;
  for (let i = 0; i < net.n; i++) {
    if (d.role[i] !== 2 || net.dur[i] === 0 || start[i] <= d.problem.release[i]) continue;
    const date = net.calendars[net.cal[i]].nextWorking(d.origin + start[i] * d.tick);
    if (date <= current.es[i]) continue;
    starts[net.ids[i]] = date;
    const a = model.activities[i];
    prepared.setConstraints(a.id, withStartNoEarlier(a.constraints, date), a.alap);
    changed = true;
  }
  return changed;
}

/** The model without the version's levelled starts (ScheduleOptions.levelledStarts). */
export function withoutLevelling(model: ScheduleModel): ScheduleModel {
  if (!model.options.levelledStarts) return model;
  const { levelledStarts: _dropped, ...options } = model.options;
  return { ...model, options };
}

export function levelSchedule(input: LevellingInput, options: LevellingOptions = {}): LevellingResult {
  const clock = options.clock ?? (() => performance.now());
  const t0 = clock();
  // Levelling starts again from the logic's dates: the last levelling's starts are not inputs here.
  const model = withoutLevelling(input.model);
  const prepared = new PreparedSchedule(model);
  const before = prepared.computeFull();
  if (before.errors.length > 0) throw new LevellingError(before.errors[0].message);
  const net = prepared.net;
  const d = discretise(net, before, input.resources, input.assignments, options);
  const p = d.problem;
  const ranks = priorityRanks(model, net, before, options);
  const list = new ListBuilder(p).byValue(ranks, new Int32Array(p.n));
  const timeMs = options.timeMs ?? 1000;
  // timeMs bounds the whole call: the improvement gets what preparing left, less as much again
  // for the engine's final pass and the over-allocation count that follow it.
  const prepMs = clock() - t0;
  const sol = solve(p, {
    lists: [list],
    singlePass: timeMs <= 0 && options.maxPasses === undefined,
    timeMs: Math.max(0, timeMs - 2 * prepMs),
    maxPasses: options.maxPasses,
    seed: options.seed,
    clock,
  });
  const levelledStarts: Record<string, number> = {};
  applyStarts(prepared, model, d, sol.start, before, levelledStarts);
  let after = prepared.recompute();
  // The engine places the levelled starts by its own rules (milestones, P6's finish-side
  // relations), which can differ from the ticks by a working moment here and there. Where that
  // leaves an over-allocation the ticks did not have, level once more from the engine's dates.
  const overBefore = overallocations(d, before.es, before.ef);
  let overAfter = overallocations(d, after.es, after.ef);
  for (let round = 0; round < 3 && sol.check.feasible && overAfter.length > 0; round++) {
    const again = discretise(net, after, input.resources, input.assignments, options);
    const repair = solve(again.problem, {
      lists: [new ListBuilder(again.problem).byValue(ranks, new Int32Array(p.n))],
      singlePass: true,
    });
    if (!applyStarts(prepared, model, again, repair.start, after, levelledStarts)) break;
    after = prepared.recompute();
    overAfter = overallocations(d, after.es, after.ef);
  }
  // Deadlines (within float, fixed successors) can leave more over the limits than before in
  // rare cases: then levelling changes nothing.
  if (totalExcess(overAfter) > totalExcess(overBefore)) {
    for (const id of Object.keys(levelledStarts)) {
      const a = model.activities[net.index.get(id)!];
      prepared.setConstraints(id, a.constraints, a.alap);
      delete levelledStarts[id];
    }
    after = prepared.recompute();
    overAfter = overBefore;
  }
  let delayed = 0;
  const delay = new Int32Array(net.n);
  for (let i = 0; i < net.n; i++) {
    if (!d.role[i]) continue;
    delay[i] = net.calendars[net.cal[i]].between(before.es[i], after.es[i]);
    if (delay[i] > 0) delayed++;
  }
  let levelled = 0;
  for (let i = 0; i < net.n; i++) if (d.role[i] === 2) levelled++;
  return {
    ids: net.ids,
    start: after.es,
    finish: after.ef,
    delay,
    levelledStarts,
    schedule: after,
    overallocations: overAfter,
    stats: {
      levelled,
      delayed,
      overallocationsBefore: overBefore.length,
      overallocationsAfter: overAfter.length,
      excessBefore: totalExcess(overBefore),
      excessAfter: totalExcess(overAfter),
      resolved: overAfter.length === 0,
      projectFinishBefore: before.projectFinish,
      projectFinishAfter: after.projectFinish,
      projectFinishSinglePass: d.origin + sol.first.makespan * d.tick,
      tickMinutes: d.tick,
      passes: sol.passes,
      ms: clock() - t0,
    },
  };
}
