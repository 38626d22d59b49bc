// The schedule worker's open of the generated 1M version (BENCH_ONLY=million, benchmarks/million.ts)
// in Node, without a browser: the columns as the page gets them, packed as the page packs them
// (packColumns), cloned as postMessage clones them, then the worker's steps one by one, as
// ScheduleCore.openPacked takes them (unpack, tree index, mirror, engine model, prepared network,
// first full pass) against the path before branch worker1m (a copied mirror, the tree index from
// the rows, the model by the reference toScheduleModel, the included set), alternately in the same
// run, each result checked equal; then ScheduleCore.openPacked as a whole (output included), and
// EDITS duration edits through ScheduleCore.patch (each edit's wall time: the incremental pass,
// its output and the garbage collection the output's arrays bring).
// Prints one JSON object: per phase the median wall and CPU milliseconds of each path.
// MILLION_ROWS sets the size (default 1,000,000), ROUNDS the runs of each path (default 3, 1 at
// 1M); MILLION_CALENDARS=3 puts tasks on three calendars (the bench space has one).

import { loadavg } from 'node:os';
import type { Version } from '../src/api/versions';
import { CalendarIndexCache, standardCalendarDef } from '../src/domain/calendar';
import { PreparedSchedule, versionScheduleOptions } from '../src/domain/schedule';
import type { CalendarDef, ScheduleResult } from '../src/domain/schedule';
import { buildTreeIndex, toScheduleModel } from '../src/domain/wbs';
import { packColumns } from '../src/state/workbench/columns-content';
import { DocMirror } from '../src/workers/doc-mirror';
import { packedTransferables, unpackDoc, type PackedDoc } from '../src/workers/doc-pack';
import { packedTreeIndex } from '../src/workers/packed-tree';
import { ScheduleCore } from '../src/workers/schedule-core';
import { referenceToScheduleModel } from '../tests/domain/wbs/schedule-model-reference';
import { BENCH_DATA_DATE } from './bench-schedule';
import { millionColumns } from './million';

const rows = Number(process.env.MILLION_ROWS ?? 1_000_000);
const rounds = Number(process.env.ROUNDS ?? (rows >= 1_000_000 ? 1 : 3));
const calendarCount = Number(process.env.MILLION_CALENDARS ?? 1);
const round = (x: number) => Math.round(x * 10) / 10;

/** Wall and CPU milliseconds of fn. */
function timed<T>(fn: () => T): [T, number, number] {
  const c = process.cpuUsage();
  const t = performance.now();
  const r = fn();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  return [r, wall, (u.user + u.system) / 1000];
}

type Phases = Map<string, { wall: number[]; cpu: number[] }>;
const record = (into: Phases) =>
  function phase<T>(name: string, fn: () => T): T {
    const [r, wall, cpu] = timed(fn);
    let e = into.get(name);
    if (!e) into.set(name, (e = { wall: [], cpu: [] }));
    e.wall.push(wall);
    e.cpu.push(cpu);
    return r;
  };

// The space's calendars as the page has them: a default Standard 5x8, and two more if asked.
const calendars: CalendarDef[] = [
  { ...standardCalendarDef('c0000000-0000-4000-8000-000000000001'), isDefault: true },
];
for (let k = 1; k < calendarCount; k++) {
  const c = standardCalendarDef(`c0000000-0000-4000-8000-00000000000${k + 1}`);
  const day = c.week[1]!;
  calendars.push({
    ...c,
    name: `${5 + k}-day`,
    week: c.week.map((d, w) => (w >= 1 && w <= 5 + k ? day : d)),
  });
}
const version = { id: 'v', schedule_options: null, data_date: BENCH_DATA_DATE } as unknown as Version;
const out: Record<string, unknown> = { rows, rounds };
const once: Phases = new Map();
const columns = record(once)('generate', () =>
  millionColumns(
    rows,
    calendars.map((c) => c.id),
    version,
    BENCH_DATA_DATE,
  ),
);
out.relations = columns.relations.id.length;
const options = versionScheduleOptions(null, BENCH_DATA_DATE, calendars);
const cache = new CalendarIndexCache();
const calendarIndex = cache.lookup(calendars);

// Main thread: the packed copy, and its trip (typed arrays moved, string columns cloned).
const packed = record(once)('main_pack', () => packColumns(columns.items, columns.relations));
const trip = () => structuredClone(packed);
record(once)('post_clone', () =>
  structuredClone(packColumns(columns.items, columns.relations), {
    transfer: packedTransferables(packColumns(columns.items, columns.relations)),
  }),
);

/** The worker's open before branch worker1m, step by step. */
function before(p: PackedDoc, phase: ReturnType<typeof record>): ScheduleResult {
  const doc = phase('unpack', () => unpackDoc(p));
  const mirror = phase('mirror', () => new DocMirror(doc));
  const index = phase('tree_index', () => buildTreeIndex(mirror.rows));
  const model = phase('model', () =>
    referenceToScheduleModel(mirror.rows, mirror.relations, calendars, { ...options, index, calendarIndex }),
  );
  phase('included', () => new Set(model.activities.map((a) => a.id)));
  const prepared = phase('network', () => new PreparedSchedule(model, cache));
  return phase('full_pass', () => prepared.computeFull());
}

/** ScheduleCore.openPacked's steps now. */
function after(p: PackedDoc, phase: ReturnType<typeof record>): ScheduleResult {
  const doc = phase('unpack', () => unpackDoc(p));
  const index = phase('tree_index', () => packedTreeIndex(p));
  const mirror = phase('mirror', () => new DocMirror(doc, { index }));
  const model = phase('model', () =>
    toScheduleModel(mirror.rows, mirror.relations, calendars, { ...options, index, calendarIndex }),
  );
  phase('included', () => 0);
  const prepared = phase('network', () => new PreparedSchedule(model, cache));
  return phase('full_pass', () => prepared.computeFull());
}

function same(a: ScheduleResult, b: ScheduleResult): boolean {
  if (a.ids.length !== b.ids.length || a.ids.some((id, i) => id !== b.ids[i])) return false;
  for (const f of ['es', 'ef', 'ls', 'lf', 'tf', 'ff', 'critical', 'driving'] as const)
    if (a[f].length !== b[f].length || a[f].some((x, i) => x !== b[f][i])) return false;
  return a.projectFinish === b.projectFinish;
}

const old: Phases = new Map();
const now: Phases = new Map();
const totals = {
  before: [] as number[],
  after: [] as number[],
  before_cpu: [] as number[],
  after_cpu: [] as number[],
};
for (let k = 0; k < rounds; k++) {
  // Alternate which goes first: the second of a pair runs on a heap the first left behind.
  const order = k % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const results: Partial<Record<'before' | 'after', ScheduleResult>> = {};
  for (const which of order) {
    const p = trip();
    const [res, wall, cpu] = timed(() =>
      which === 'before' ? before(p, record(old)) : after(p, record(now)),
    );
    results[which] = res;
    totals[which].push(wall);
    totals[`${which}_cpu`].push(cpu);
    if (k === 0 && which === order[1] && !same(results.before!, results.after!))
      throw new Error('worker-million: the two paths computed different schedules');
    if (which === order[1]) delete results[order[0]];
  }
}
out.checked_equal = true;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[s.length >> 1]!);
};
for (const [name, e] of once) {
  out[`${name}_ms`] = median(e.wall);
  out[`${name}_cpu_ms`] = median(e.cpu);
}
const perPhase: Record<string, unknown> = {};
for (const [name, e] of old) {
  const n = now.get(name)!;
  perPhase[name] = {
    before_ms: median(e.wall),
    after_ms: median(n.wall),
    before_cpu_ms: median(e.cpu),
    after_cpu_ms: median(n.cpu),
    after_best_ms: round(Math.min(...n.wall)),
    before_best_ms: round(Math.min(...e.wall)),
  };
}
out.phases = perPhase;
out.worker_open_before_ms = median(totals.before);
out.worker_open_after_ms = median(totals.after);
out.worker_open_before_cpu_ms = median(totals.before_cpu);
out.worker_open_after_cpu_ms = median(totals.after_cpu);

// The whole open as the worker runs it now (output copies and driving lists included).
const core = new ScheduleCore();
const [o, coreWall, coreCpu] = timed(() => core.openPacked(trip(), calendars, options, 1));
out.core_open_packed_ms = round(coreWall);
out.core_open_packed_cpu_ms = round(coreCpu);
out.core_engine_ms = round(o.ms);

// Then a scheduler's edits: EDITS duration changes (default 6) of one task 40 % down the rows, each
// through ScheduleCore.patch as the page posts it (incremental pass, output, the filter's copy).
const { id: rowIds, node_type: kinds } = columns.items;
let edited = -1;
for (let i = Math.floor(rowIds.length * 0.4); i < rowIds.length && edited < 0; i++)
  if (kinds[i] === 'task') edited = i;
const editMs: number[] = [];
for (let k = 0; k < Number(process.env.EDITS ?? 6); k++) {
  const patch = {
    op: 'replace' as const,
    path: ['rows', rowIds[edited]!, 'duration'],
    value: ((k % 5) + 2) * 480,
  };
  const [edit, wall] = timed(() => core.patch([patch], 2 + k));
  if (!edit || edit.full) throw new Error('worker-million: a duration edit took the full pass');
  editMs.push(round(wall));
}
out.core_edit_ms = editMs;
out.core_edit_median_ms = median(editMs);
out.heap_used_mb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
out.load_average_1m = round(loadavg()[0]!);
process.stdout.write(JSON.stringify(out) + '\n');
