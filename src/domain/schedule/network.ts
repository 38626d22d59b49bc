// The prepared network: the model flattened into typed arrays (CSR adjacency both ways, a
// topological order by Kahn) so that passes touch no objects and no maps. Built once per model;
// the incremental API edits these arrays in place.

import { continuousCalendar, standardCalendarDef } from '../calendar/calendar-index';
import { CalendarIndex } from '../calendar/calendar-index';
import { CalendarIndexCache } from '../calendar/index-cache';
import type { Activity, Relation, ScheduleModel, ScheduleOptions } from './model';

export const K_TASK = 0;
export const K_START_MS = 1;
export const K_FINISH_MS = 2;
export const K_LOE = 3;
export const K_WBS = 4;
export const K_SUM = 5;
export const K_EXTERNAL = 6;

export const S_OPEN = 0;
export const S_STARTED = 1;
export const S_DONE = 2;

export const R_FS = 0;
export const R_SS = 1;
export const R_FF = 2;
export const R_SF = 3;
const REL_CODE = { fs: R_FS, ss: R_SS, ff: R_FF, sf: R_SF } as const;

/** "No date" in the Int32 time arrays. */
export const NONE = -1;

export interface Network {
  n: number;
  ids: string[];
  index: Map<string, number>;
  options: ScheduleOptions;
  /**
   * Options by project (index 0: model.options, the main project's; then those of
   * ScheduleOptions.projects) and each activity's project index.
   */
  projOptions: Omit<ScheduleOptions, 'projects'>[];
  proj: Uint16Array;
  calendars: CalendarIndex[];
  /**
   * Per activity: calendar index (the 24-hour one for an elapsed duration), kind, progress status,
   * duration left to schedule.
   */
  cal: Int32Array;
  /** The activity's own calendar (for an elapsed task, the one its working-time lags count on). */
  taskCal: Int32Array;
  /** MS Project split: working time without work inside the span, added to `dur`. */
  gap: Int32Array;
  kind: Uint8Array;
  status: Uint8Array;
  dur: Int32Array;
  actualStart: Int32Array;
  actualFinish: Int32Array;
  /** Constraint dates (NONE when absent): start ≥, finish ≥, start ≤, finish ≤, mandatory. */
  startMin: Int32Array;
  finishMin: Int32Array;
  startMax: Int32Array;
  finishMax: Int32Array;
  mandStart: Int32Array;
  mandFinish: Int32Array;
  alap: Uint8Array;
  /** Percent complete (0–100) and planned duration, the weight of the progress roll-up. */
  pct: Float32Array;
  planned: Int32Array;
  /** Earliest resume of a started activity's remaining work (NONE: the data date decides). */
  resume: Int32Array;
  /** The levelled start (ScheduleOptions.levelledStarts; NONE: not levelled): a start floor. */
  lvStart: Int32Array;
  /** MS Project manually scheduled task (only under MS Project semantics). */
  manual: Uint8Array;
  /** The typed start of a manual task that Project keeps (NONE: scheduled by its links). */
  manualStart: Int32Array;
  /** P6 expected finish (NONE: none, or its project does not use them). */
  expect: Int32Array;
  /** P6 external early start / late finish (NONE: none, or ignored by the project's option). */
  extStart: Int32Array;
  extFinish: Int32Array;
  /** External activities: their stored late dates (NONE: unknown, they bound nothing). */
  extLateStart: Int32Array;
  extLateFinish: Int32Array;
  /** WBS parent (index of a sum activity) or -1. */
  parent: Int32Array;
  /** Relations. rLagCal = calendar index or -1 for the 24-hour calendar. */
  m: number;
  relIds: string[];
  /**
   * Where each scheduled relation sits in the list it was built from (model.relations, or a
   * PreparedSchedule's list): the slot of its driving flag. Unscheduled relations have no entry.
   */
  rSrc: Int32Array;
  /** Length of that list (scheduled or not): the length of the driving flags. */
  slots: number;
  rPred: Int32Array;
  rSucc: Int32Array;
  rType: Uint8Array;
  rLag: Int32Array;
  rLagCal: Int32Array;
  /** CSR: relations into each activity (inRel[inStart[i] .. inStart[i+1]]) and out of it. */
  inStart: Int32Array;
  inRel: Int32Array;
  outStart: Int32Array;
  outRel: Int32Array;
  /** Topological order and each activity's position in it. */
  order: Int32Array;
  pos: Int32Array;
  /** Activities in a cycle (empty when the network is acyclic). */
  cycle: string[];
  /** Index of the 24-hour calendar in `calendars`. */
  cal24: number;
}

function kindCode(a: Activity): number {
  if (a.external) return K_EXTERNAL;
  switch (a.kind) {
    case 'start_milestone':
      return K_START_MS;
    case 'finish_milestone':
      return K_FINISH_MS;
    case 'loe':
      return K_LOE;
    case 'wbs_summary':
      return K_WBS;
    case 'sum':
      return K_SUM;
    default:
      return K_TASK;
  }
}

/** Builds the calendar indexes of a model; returns them and an id → position map. */
function indexCalendars(
  model: ScheduleModel,
  cache: CalendarIndexCache,
): { list: CalendarIndex[]; byId: Map<string, number> } {
  const list: CalendarIndex[] = [];
  const byId = new Map<string, number>();
  const defs = model.calendars.length > 0 ? model.calendars : [standardCalendarDef()];
  for (const def of defs) {
    byId.set(def.id, list.length);
    list.push(cache.of(def));
  }
  return { list, byId };
}

/**
 * Flattens a model into a network (does not schedule it). A cache shared across builds lays each
 * calendar out once.
 */
export function buildNetwork(model: ScheduleModel, cache = new CalendarIndexCache()): Network {
  const { list: calendars, byId } = indexCalendars(model, cache);
  const cal24 = calendars.length;
  calendars.push(continuousCalendar());
  const opt = model.options;
  const defCal = byId.get(opt.defaultCalendarId) ?? 0;
  const acts = model.activities;
  const n = acts.length;
  const parts = opt.projects ?? [];
  const projOptions = [opt, ...parts.map((p) => p.options)];
  const projIndex = new Map(parts.map((p, k) => [p.id, k + 1]));
  const index = new Map<string, number>();
  acts.forEach((a, i) => index.set(a.id, i));
  const net: Network = {
    n,
    ids: acts.map((a) => a.id),
    index,
    options: opt,
    projOptions,
    proj: new Uint16Array(n),
    calendars,
    cal: new Int32Array(n),
    taskCal: new Int32Array(n),
    gap: new Int32Array(n),
    kind: new Uint8Array(n),
    status: new Uint8Array(n),
    dur: new Int32Array(n),
    actualStart: new Int32Array(n).fill(NONE),
    actualFinish: new Int32Array(n).fill(NONE),
    startMin: new Int32Array(n).fill(NONE),
    finishMin: new Int32Array(n).fill(NONE),
    startMax: new Int32Array(n).fill(NONE),
    finishMax: new Int32Array(n).fill(NONE),
    mandStart: new Int32Array(n).fill(NONE),
    mandFinish: new Int32Array(n).fill(NONE),
    alap: new Uint8Array(n),
    pct: new Float32Array(n),
    planned: new Int32Array(n),
    manual: new Uint8Array(n),
    manualStart: new Int32Array(n).fill(NONE),
    expect: new Int32Array(n).fill(NONE),
    extStart: new Int32Array(n).fill(NONE),
    extFinish: new Int32Array(n).fill(NONE),
    extLateStart: new Int32Array(n).fill(NONE),
    extLateFinish: new Int32Array(n).fill(NONE),
    resume: new Int32Array(n).fill(NONE),
    lvStart: new Int32Array(n).fill(NONE),
    parent: new Int32Array(n).fill(-1),
    m: 0,
    relIds: [],
    rSrc: new Int32Array(0),
    slots: 0,
    rPred: new Int32Array(0),
    rSucc: new Int32Array(0),
    rType: new Uint8Array(0),
    rLag: new Int32Array(0),
    rLagCal: new Int32Array(0),
    inStart: new Int32Array(n + 1),
    inRel: new Int32Array(0),
    outStart: new Int32Array(n + 1),
    outRel: new Int32Array(0),
    order: new Int32Array(n),
    pos: new Int32Array(n),
    cycle: [],
    cal24,
  };
  for (let i = 0; i < n; i++) {
    const k = projIndex.get(acts[i].projectId ?? '') ?? 0;
    net.proj[i] = k;
    const own = k === 0 ? defCal : (byId.get(projOptions[k].defaultCalendarId) ?? defCal);
    setActivity(net, i, acts[i], byId, own);
  }
  for (let i = 0; i < n; i++) {
    const p = acts[i].parentId;
    net.parent[i] = p === null ? -1 : (index.get(p) ?? -1);
  }
  setRelations(net, model.relations);
  return net;
}

/** Writes one activity's fields into the arrays (also used by the incremental edits). */
export function setActivity(
  net: Network,
  i: number,
  a: Activity,
  byId: Map<string, number>,
  defCal: number,
): void {
  net.taskCal[i] = activityCalendar(net, a, byId) ?? defCal;
  // MS Project: an elapsed duration runs around the clock, whatever the calendars.
  net.cal[i] = a.elapsed ? net.cal24 : net.taskCal[i];
  net.kind[i] = kindCode(a);
  net.manual[i] = a.manual && net.options.semantics === 'msproject' ? 1 : 0;
  // Once started, its remaining work resumes where MS Project put it (resumeAt), not moved either.
  const typed = a.actualStart === null ? a.manualStart : a.resumeAt;
  net.manualStart[i] = net.manual[i] === 1 && typed != null ? typed : NONE;
  net.resume[i] = a.actualStart !== null && a.resumeAt != null ? a.resumeAt : NONE;
  net.lvStart[i] = net.options.levelledStarts?.[a.id] ?? NONE;
  const done = a.actualFinish !== null;
  const started = a.actualStart !== null;
  net.status[i] = done ? S_DONE : started ? S_STARTED : S_OPEN;
  const milestone = net.kind[i] === K_START_MS || net.kind[i] === K_FINISH_MS;
  // P6 schedules the remaining duration, also before the start (it equals the planned one unless
  // someone unlinked them); a not-started activity without one falls back to the planned duration.
  const todo = started || a.remaining > 0 ? a.remaining : a.duration;
  net.gap[i] = milestone ? 0 : Math.max(0, Math.round(a.splitGap ?? 0));
  net.dur[i] = milestone ? 0 : Math.max(0, Math.round(todo)) + net.gap[i];
  net.pct[i] = done ? 100 : a.percentComplete;
  net.planned[i] = Math.max(0, Math.round(a.duration));
  net.actualStart[i] = a.actualStart ?? NONE;
  net.actualFinish[i] = a.actualFinish ?? NONE;
  const po = net.projOptions[net.proj[i]];
  // Expected finish dates are P6's: MS Project has none.
  const useExpect = po.useExpectedFinish === true && po.semantics !== 'msproject';
  net.expect[i] = useExpect && !done && a.expectedFinish != null ? a.expectedFinish : NONE;
  const honour = po.ignoreExternalRelations !== true;
  net.extStart[i] = honour && a.externalEarlyStart != null ? a.externalEarlyStart : NONE;
  net.extFinish[i] = honour && a.externalLateFinish != null ? a.externalLateFinish : NONE;
  if (a.external) {
    net.actualStart[i] = a.external.start;
    net.actualFinish[i] = a.external.finish;
    net.extLateStart[i] = a.external.lateStart ?? NONE;
    net.extLateFinish[i] = a.external.lateFinish ?? NONE;
  }
  setConstraints(net, i, a);
}

/**
 * Resource dependent activities work on their resources' calendars: P6 schedules on the first
 * (primary) resource's calendar; MS Project on the union of all of them.
 */
function activityCalendar(net: Network, a: Activity, byId: Map<string, number>): number | undefined {
  if (a.kind !== 'resource' || !a.resourceCalendarIds) return byId.get(a.calendarId);
  const res = a.resourceCalendarIds.filter((c) => byId.has(c));
  if (res.length === 0) return byId.get(a.calendarId);
  if (res.length === 1 || net.options.semantics !== 'msproject') return byId.get(res[0]);
  const key = [...new Set(res)].sort().join('+');
  if (!byId.has(key)) {
    byId.set(key, net.calendars.length);
    net.calendars.push(
      CalendarIndex.union(
        key,
        res.map((c) => net.calendars[byId.get(c)!]),
      ),
    );
  }
  return byId.get(key);
}

export function setConstraints(net: Network, i: number, a: Pick<Activity, 'constraints' | 'alap'>): void {
  net.startMin[i] = net.finishMin[i] = net.startMax[i] = NONE;
  net.finishMax[i] = net.mandStart[i] = net.mandFinish[i] = NONE;
  net.alap[i] = a.alap ? 1 : 0;
  for (const c of a.constraints) {
    const start = c.on === 'start';
    if (c.type === 'mandatory') (start ? net.mandStart : net.mandFinish)[i] = c.date;
    if (c.type === 'not_earlier' || c.type === 'in_date') (start ? net.startMin : net.finishMin)[i] = c.date;
    if (c.type === 'not_later' || c.type === 'in_date') (start ? net.startMax : net.finishMax)[i] = c.date;
  }
}

/**
 * (Re)builds the relation arrays, the CSR adjacency and the topological order. `all` may hold
 * empty slots (null: a relation a PreparedSchedule removed), so that every other keeps its slot.
 */
export function setRelations(net: Network, all: readonly (Relation | null)[]): void {
  const rSrc = new Int32Array(all.length);
  const rPred = new Int32Array(all.length);
  const rSucc = new Int32Array(all.length);
  const rType = new Uint8Array(all.length);
  const rLag = new Int32Array(all.length);
  const rLagCal = new Int32Array(all.length);
  const relIds: string[] = [];
  const projectCals = net.projOptions.map((o) =>
    Math.max(
      0,
      net.calendars.findIndex((c) => c.id === o.defaultCalendarId),
    ),
  );
  let m = 0;
  // Files list relations grouped by successor: reuse the last lookup (Map lookups dominate here).
  let lastSucc = '';
  let lastS: number | undefined;
  for (let slot = 0; slot < all.length; slot++) {
    const rel = all[slot];
    if (!rel) continue;
    const p = net.index.get(rel.predId);
    if (rel.succId !== lastSucc) {
      lastSucc = rel.succId;
      lastS = net.index.get(lastSucc);
    }
    const s = lastS;
    // Links to unknown activities, self-links and links on WBS nodes are not scheduled.
    if (p === undefined || s === undefined || p === s || net.kind[p] === K_SUM || net.kind[s] === K_SUM)
      continue;
    // P6 "ignore relationships to and from other projects": links with external activities go.
    if (ignoredExternal(net, p, s)) continue;
    const po = net.projOptions[net.proj[s]];
    rSrc[m] = slot;
    rPred[m] = p;
    rSucc[m] = s;
    rType[m] = REL_CODE[rel.type];
    rLag[m] = Math.round(rel.lag);
    const lc = rel.lagCalendar ?? po.lagCalendar;
    rLagCal[m] =
      lc === '24h'
        ? net.cal24
        : lc === 'successor'
          ? net.taskCal[s]
          : lc === 'project'
            ? projectCals[net.proj[s]]
            : net.taskCal[p];
    relIds.push(rel.id);
    m++;
  }
  net.m = m;
  net.relIds = relIds;
  net.slots = all.length;
  net.rSrc = rSrc.subarray(0, m);
  net.rPred = rPred.subarray(0, m);
  net.rSucc = rSucc.subarray(0, m);
  net.rType = rType.subarray(0, m);
  net.rLag = rLag.subarray(0, m);
  net.rLagCal = rLagCal.subarray(0, m);
  buildAdjacency(net);
  topoSort(net);
}

function ignoredExternal(net: Network, p: number, s: number): boolean {
  const pe = net.kind[p] === K_EXTERNAL;
  const se = net.kind[s] === K_EXTERNAL;
  if (pe === se) return false;
  return net.projOptions[net.proj[pe ? s : p]].ignoreExternalRelations === true;
}

function buildAdjacency(net: Network): void {
  const { n, m, rPred, rSucc } = net;
  const inStart = new Int32Array(n + 1);
  const outStart = new Int32Array(n + 1);
  for (let r = 0; r < m; r++) {
    inStart[rSucc[r] + 1]++;
    outStart[rPred[r] + 1]++;
  }
  for (let i = 0; i < n; i++) {
    inStart[i + 1] += inStart[i];
    outStart[i + 1] += outStart[i];
  }
  const inRel = new Int32Array(m);
  const outRel = new Int32Array(m);
  const inFill = inStart.slice(0, n);
  const outFill = outStart.slice(0, n);
  for (let r = 0; r < m; r++) {
    inRel[inFill[rSucc[r]]++] = r;
    outRel[outFill[rPred[r]]++] = r;
  }
  net.inStart = inStart;
  net.outStart = outStart;
  net.inRel = inRel;
  net.outRel = outRel;
}

/** Kahn's algorithm; on a cycle, records the activities of one cycle and orders the rest. */
function topoSort(net: Network): void {
  const { n, inStart, outStart, outRel, rSucc } = net;
  const indeg = new Int32Array(n);
  for (let i = 0; i < n; i++) indeg[i] = inStart[i + 1] - inStart[i];
  const order = net.order;
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++];
    for (let k = outStart[i]; k < outStart[i + 1]; k++) {
      const s = rSucc[outRel[k]];
      if (--indeg[s] === 0) order[tail++] = s;
    }
  }
  net.cycle = tail < n ? findCycle(net, indeg) : [];
  // Activities left in a cycle are appended so that arrays stay complete; results are not trusted.
  if (tail < n) for (let i = 0; i < n; i++) if (indeg[i] > 0) order[tail++] = i;
  for (let k = 0; k < n; k++) net.pos[order[k]] = k;
}

/** Walks predecessors among the unsorted activities until one repeats: that loop is a cycle. */
function findCycle(net: Network, indeg: Int32Array): string[] {
  let start = indeg.findIndex((d) => d > 0);
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let i = start;
  while (!seenAt.has(i)) {
    seenAt.set(i, path.length);
    path.push(i);
    let next = -1;
    for (let k = net.inStart[i]; k < net.inStart[i + 1]; k++) {
      const p = net.rPred[net.inRel[k]];
      if (indeg[p] > 0) {
        next = p;
        break;
      }
    }
    if (next < 0) break;
    i = next;
  }
  start = seenAt.get(i) ?? 0;
  return path
    .slice(start)
    .reverse()
    .map((k) => net.ids[k]);
}
