// Version comparison budget (issue 27), the whole call from the database: two calculated versions
// of 100,000 activities compare in ≤ 2 s. On PGlite in memory (or PostgreSQL with DATABASE_URL):
// the base is written as an import writes it (calculated, its dates stored); the update is a copy
// of it (copyContent) edited in SQL — 2% of tasks 40 h longer, 300 tasks removed, 300 added, 200
// codes edited — and calculated (engine + storeTimetable), as a planner's next version would be.
// Both versions are then packed (what a calculation or an import does after storing a version:
// `pack_per_version_*`). Timed in one run, each REPEAT (BENCH_REPEAT, default 5) times: `before_*`
// — the call as it was: nothing kept, both versions read from their rows (`read`), compared
// (`compare`), every row answered (`answer`, with its size); `match` — the rows paired alone;
// `page` — the first page of a comparison answered; `cold_rows_total` — nothing kept, no packed
// side used, the first page; `packed_read` — both sides read from their packed texts;
// `cold_total` — the call as it is now after a change: nothing in memory, the packed texts read,
// compared, the first page (200 of the differences) answered; `warm_total` — both sides kept in
// memory, a new comparison (another slip threshold) and its first page; `page_total` — a further
// page of a kept comparison (the compare view scrolling). *_ms: median wall time, *_best_ms the
// fastest, *_cpu_ms the median CPU time of the process (the database is in it with PGlite).
// Self-checking: the counts must be what the edits made, both answers' summaries equal, the packed
// sides equal the sides read from the rows.
// Prints one JSON object. Run: npm run --silent bench -- compare-db [rows]
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Version } from '../src/api/versions';
import { scheduleModel } from '../src/domain/schedule';
import { compareVersions, matchActivities } from '../src/domain/versions/compare';
import { openDatabase } from '../src/server/db';
import { loadVersionModel } from '../src/server/import/to-model';
import { writeVersion } from '../src/server/import/write-version';
import { storeTimetable, withoutDrafts } from '../src/server/jobs/calc-job';
import { comparisonResult } from '../src/server/services/compare-result';
import { compareSide, compareStored } from '../src/server/services/compare-sides';
import { clearCompareCache, keptRows } from '../src/server/services/compare-cache';
import { keptIndexes, pageOf } from '../src/domain/versions/compare-page';
import { packCompareSide } from '../src/server/services/compare-packed';
import { copyContent } from '../src/server/services/content';
import { insertVersion } from '../src/server/services/eps';
import { benchDoc, scheduleDoc } from './bench-schedule';

const ROWS = Number(process.argv[2] ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`compare-db benchmark self-check failed: ${what}`);
}
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1]! * 10) / 10;
const best = (xs: number[]) => Math.round(Math.min(...xs) * 10) / 10;

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, schema: `bench_${process.pid}` })
  : await openDatabase({ kind: 'pglite' });
const db = database.db;

const space = (
  await db
    .insertInto('spaces')
    .values({ name: 'Bench', kind: 'free', ip_allow_list: [] })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
const node = async (kind: 'facility' | 'project' | 'schedule', parent: string | null, name: string) =>
  (
    await db
      .insertInto('eps_nodes')
      .values({ space_id: space, kind, parent_id: parent, name, sort_order: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const schedule = await node('schedule', await node('project', await node('facility', null, 'F'), 'P'), 'S');

// The base: the generated schedule with codes A1…, written calculated.
let t = performance.now();
const doc = benchDoc(ROWS);
let n = 0;
for (const r of doc.rows.values()) r.code = `A${++n}`;
const { model, result } = scheduleDoc(doc);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const base = await db
  .transaction()
  .execute((tx) => writeVersion(tx, { spaceId: space, scheduleId: schedule, label: 'Base', model, result }));
await db.updateTable('versions').set({ timetable_state: 'calculated' }).where('id', '=', base.id).execute();
const writeBaseMs = performance.now() - t;

// The update: a copy, edited by code, then calculated.
t = performance.now();
const tasks = [...doc.rows.values()].filter((r) => r.nodeType === 'task').map((r) => r.code);
const longer: string[] = [];
const removed: string[] = [];
const recoded: string[] = [];
for (let i = 0; i < tasks.length; i++) {
  if (i % 50 === 7) longer.push(tasks[i]!);
  else if (i % 300 === 11 && removed.length < 300) removed.push(tasks[i]!);
  else if (i % 400 === 13 && recoded.length < 200) recoded.push(tasks[i]!);
}
const update = await db.transaction().execute(async (tx) => {
  const v = await insertVersion(tx, space, schedule, 'Update', 'version');
  await copyContent(tx, space, base.id, v.id);
  const where = sql`space_id = ${space} AND version_id = ${v.id}`;
  await sql`UPDATE wbs_items SET duration = duration + 2400 WHERE ${where} AND code = ANY(${longer}::text[])`.execute(
    tx,
  );
  await sql`DELETE FROM wbs_items WHERE ${where} AND code = ANY(${removed}::text[])`.execute(tx);
  await sql`UPDATE wbs_items SET code = code || '-R' WHERE ${where} AND code = ANY(${recoded}::text[])`.execute(
    tx,
  );
  await sql`INSERT INTO wbs_items (space_id, version_id, id, parent_id, order_key, node_type, code, name, duration)
    SELECT w.space_id, w.version_id, gen_random_uuid(), w.parent_id, 'z' || lpad(g::text, 4, '0'), 'task',
      'N' || g, 'New ' || g, w.duration
    FROM (SELECT * FROM wbs_items WHERE ${where} AND code = ${tasks[0]!}) w, generate_series(0, 299) g`.execute(
    tx,
  );
  return v;
});
const loaded = await loadVersionModel(db, space, update.id);
const cut = withoutDrafts(loaded.model);
const scheduled = scheduleModel(cut.model);
check(scheduled.errors.length === 0, 'the update schedules');
await db.transaction().execute((tx) => storeTimetable(tx, space, update.id, scheduled, cut.left));
await db.updateTable('versions').set({ timetable_state: 'calculated' }).where('id', '=', update.id).execute();
const makeUpdateMs = performance.now() - t;
await sql`ANALYZE`.execute(db);

// What a calculation or an import now does after storing a version: its side packed (read from the
// rows, packed, written), timed per version.
const packCpu: number[] = [];
const packWall: number[] = [];
for (const id of [base.id, update.id]) {
  clearCompareCache();
  const c0 = cpuMs();
  const w0 = performance.now();
  await packCompareSide(db, space, id);
  packCpu.push(cpuMs() - c0);
  packWall.push(performance.now() - w0);
}
const packedBytes = Number(
  (
    await sql<{ n: string }>`SELECT sum(octet_length(body)) AS n FROM version_compare_sides
      WHERE space_id = ${space}`.execute(db)
  ).rows[0]?.n ?? 0,
);

const version = (id: string, label: string): Version =>
  ({ id, label, kind: 'version', schedule_id: schedule }) as unknown as Version;

const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
const record = (stage: string, w: number, c: number) => {
  (wall[stage] ??= []).push(w);
  (cpu[stage] ??= []).push(c);
};
/** Times `f` as `stage` (wall and CPU of the process). */
const timed = async <T>(stage: string, f: () => T | Promise<T>): Promise<T> => {
  const c0 = cpuMs();
  const t0 = performance.now();
  const v = await f();
  record(stage, performance.now() - t0, cpuMs() - c0);
  return v;
};
const PAGE = { show: 'differences', offset: 0, limit: 200 } as const;
let full: ReturnType<typeof comparisonResult> | null = null;
let first: ReturnType<typeof comparisonResult> | null = null;
let fullBytes = 0;
let pageBytes = 0;
let dates = '';
let sameSides = true;
const answer = async (slip: number, offset: number, packed = true) => {
  const { comparison, key } = await compareStored(db, space, base.id, update.id, slip, { packed });
  const kept = keptRows(key, comparison, PAGE.show, undefined);
  const page = pageOf(comparison, kept, { ...PAGE, offset });
  const r = comparisonResult(version(base.id, 'Base'), version(update.id, 'Update'), comparison, 0, page);
  return { r, bytes: JSON.stringify(r).length };
};
for (let k = 0; k < REPEAT; k++) {
  // Before: nothing kept, both versions' rows read, every row answered (the call as it was).
  clearCompareCache();
  const t0 = [performance.now(), cpuMs()] as const;
  const [a, b] = await timed('before_read', () =>
    Promise.all([
      compareSide(db, space, base.id, { packed: false }),
      compareSide(db, space, update.id, { packed: false }),
    ]),
  );
  dates = `${a.dates}/${b.dates}`;
  const c = await timed('before_compare', () => compareVersions(a.side, b.side, 5));
  full = await timed('before_answer', () =>
    comparisonResult(version(base.id, 'Base'), version(update.id, 'Update'), c, 0),
  );
  fullBytes = JSON.stringify(full).length;
  record('before_total', performance.now() - t0[0], cpuMs() - t0[1]);
  // The comparison's steps on their own: matching the rows, and the first page of a comparison.
  await timed('match', () => matchActivities(a.side.activities, b.side.activities));
  await timed('page', () => {
    const kept = keptIndexes(c, PAGE.show, undefined);
    const r = comparisonResult(
      version(base.id, 'Base'),
      version(update.id, 'Update'),
      c,
      0,
      pageOf(c, kept, PAGE),
    );
    return JSON.stringify(r).length;
  });

  // Cold, rows read: nothing kept and no packed side used (the call before the packed sides).
  clearCompareCache();
  await timed('cold_rows_total', () => answer(5, 0, false));

  // Cold: nothing kept in memory, both sides read from their packed texts (the call as it is now).
  clearCompareCache();
  const [pa, pb] = await timed('packed_read', () =>
    Promise.all([compareSide(db, space, base.id), compareSide(db, space, update.id)]),
  );
  if (k === 0) sameSides = JSON.stringify([pa.side, pb.side]) === JSON.stringify([a.side, b.side]);
  clearCompareCache();
  const cold = await timed('cold_total', () => answer(5, 0));
  first = cold.r;
  pageBytes = cold.bytes;
  // Warm: both versions' sides kept (unchanged since), a new comparison (another threshold).
  clearCompareCache('comparisons');
  await timed('warm_total', () => answer(6, 0));
  // The next page of a kept comparison (the view scrolling).
  await timed('page_total', () => answer(6, 5000));
}
const s = first!.summary;
check(sameSides, 'the packed sides equal the sides read from the rows');
check(dates === 'stored/stored', `both calculated versions read with their stored dates (${dates})`);
check(s.removed === removed.length, `removed ${s.removed} ≠ ${removed.length}`);
check(s.added === 300, `added ${s.added} ≠ 300`);
check(
  full!.rows.filter((r) => r.matched_by === 'id').length === recoded.length,
  'recoded rows matched by id',
);
check(s.changed >= longer.length, 'every longer task changed');
check(full!.rows.length === ROWS + 300, 'one row per compared row (before)');
check(first!.total === s.added + s.removed + s.changed, 'the page counts every difference');
check(first!.rows.length === Math.min(200, first!.total), 'one page of rows');
check(JSON.stringify(first!.summary) === JSON.stringify(full!.summary), 'the same summary before and after');

const out: Record<string, unknown> = {
  bench: 'compare-db',
  database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  activities: ROWS,
  budget_ms: 2000,
  write_base_ms: Math.round(writeBaseMs),
  make_update_ms: Math.round(makeUpdateMs),
  changed: s.changed,
  longer_tasks: longer.length,
  added: s.added,
  removed: s.removed,
  slipped: s.slipped,
  finish_moved_days: s.finish_moved_days,
  answer_before_mb: Math.round((fullBytes / 1e6) * 10) / 10,
  answer_page_kb: Math.round(pageBytes / 1e3),
  pack_per_version_cpu_ms: packCpu.map(Math.round),
  pack_per_version_ms: packWall.map(Math.round),
  packed_mb: Math.round((packedBytes / 1e6) * 10) / 10,
};
for (const k of Object.keys(wall)) {
  out[`${k}_ms`] = median(wall[k]!);
  out[`${k}_best_ms`] = best(wall[k]!);
  out[`${k}_cpu_ms`] = median(cpu[k]!);
}
out.cold_rows_within_budget = (out.cold_rows_total_cpu_ms as number) <= 2000;
out.cold_within_budget = Math.min(out.cold_total_best_ms as number, out.cold_total_cpu_ms as number) <= 2000;
out.warm_within_budget = Math.min(out.warm_total_best_ms as number, out.warm_total_cpu_ms as number) <= 2000;
out.load_average_1m = Math.round(loadavg()[0]! * 100) / 100;
process.stdout.write(JSON.stringify(out) + '\n');
await database.close();
