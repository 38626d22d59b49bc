// Analytics budgets (issue 24): a version's money S-curve over 100k activities (≤ 300 ms) and a
// space dashboard over 100 schedules (≤ 1 s; the size is 1,000,000 activities in all —
// `--per-schedule 10000` — the default is 2,000 per schedule, 200k in all, to keep the run short on
// the shared machine). Rows are generated inside the database (INSERT … SELECT generate_series),
// each with a price, volume, progress and a labour assignment. On PGlite in memory, or PostgreSQL
// with DATABASE_URL. Medians of repeated runs, each checked against a total computed in SQL
// another way. Prints JSON.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/server/db';
import type { DB } from '../src/server/db/schema';
import { customCostCurve, dashboard, measureCurve, stats } from '../src/server/services/analytics-figures';
import {
  ensureCustomSummaries,
  refreshCustomSummaries,
} from '../src/server/services/analytics-custom-summary';
import { ensureSummaries, storedEvents } from '../src/server/services/analytics-summary';
import { scopeCtes } from '../src/server/services/analytics-scope';
import { sweep } from '../src/server/services/analytics-sweep';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VERSION_ROWS = arg('version-rows', 100_000);
const SCHEDULES = arg('schedules', 100);
const PER_SCHEDULE = arg('per-schedule', 2_000);
const RUNS = arg('runs', 5);
const DAY = 1440;
const START = 24 * 365 * DAY; // 2024

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(runs: number, f: () => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return Math.round(median(out) * 10) / 10;
}

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, schema: `bench_${process.pid}` })
  : await openDatabase({ kind: 'pglite' });
const db: Kysely<DB> = database.db;

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
// 'extra' is a number attribute of the space: its custom-cost graph has stored summaries.
await db
  .insertInto('attributes')
  .values({ space_id: space, scope: 'space', key: 'extra', name: 'Extra', type: 'number', list_values: '[]' })
  .execute();
const labour = (
  await db
    .insertInto('resources')
    .values({ space_id: space, name: 'Crew', resource_type: 'labor', price: 40, limits: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;

/** A version of `n` activities with dates over about two years, made by the database itself. */
async function fillVersion(scheduleId: string, n: number): Promise<string> {
  const v = await db
    .insertInto('versions')
    .values({
      space_id: space,
      schedule_id: scheduleId,
      kind: 'version',
      label: 'Working',
      sort_order: 0,
      data_date: START + 200 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO wbs_items (space_id, version_id, id, order_key, node_type, es, ef, duration, price, volume, percent, actual_start, attributes)
    SELECT ${space}, ${v.id}, gen_random_uuid(), lpad(g::text, 8, '0'), 'task',
      ${START} + (g * 7919 % 600) * ${DAY}, ${START} + (g * 7919 % 600 + 1 + g % 30) * ${DAY}, (1 + g % 30) * 480,
      10 + g % 90, 1 + g % 7, CASE WHEN g * 7919 % 600 < 200 THEN 50 ELSE 0 END,
      CASE WHEN g * 7919 % 600 < 200 THEN ${START} + (g * 7919 % 600) * ${DAY} END,
      jsonb_build_object('extra', 5 + g % 11)
    FROM generate_series(1, ${n}) g`.execute(db);
  const vr = `00000000-0000-0000-0000-${String(1).padStart(12, '0')}`;
  await sql`INSERT INTO version_resources (space_id, version_id, id, name, resource_id)
    VALUES (${space}, ${v.id}, ${vr}, 'Crew', ${labour})`.execute(db);
  await sql`
    INSERT INTO version_assignments (space_id, version_id, id, wbs_id, resource_id, units)
    SELECT space_id, version_id, gen_random_uuid(), id, ${vr}, 8 * (duration / 480) FROM wbs_items
    WHERE space_id = ${space} AND version_id = ${v.id}`.execute(db);
  return v.id;
}

const facility = await node('facility', null, 'Campus');
const project = await node('project', facility, 'Project');
const big = await node('schedule', project, 'Large schedule');
let t = performance.now();
const bigVersion = await fillVersion(big, VERSION_ROWS);
const fillBigMs = performance.now() - t;

t = performance.now();
const spaceFacility = await node('facility', null, 'Portfolio');
for (let p = 0; p < 10; p++) {
  const pr = await node('project', spaceFacility, `Project ${p}`);
  for (let s = 0; s < SCHEDULES / 10; s++)
    await fillVersion(await node('schedule', pr, `Schedule ${p}.${s}`), PER_SCHEDULE);
}
const fillSpaceMs = performance.now() - t;
await sql`ANALYZE`.execute(db);

const versionScope = { kind: 'version' as const, spaceId: space, versionId: bigVersion, scheduleId: big };
const spaceScope = { kind: 'space' as const, spaceId: space };
// The summaries (migration 026) are made by the calculation job when it writes a version, or by
// the first read that finds them stale: timed here once for the large version and for the space.
t = performance.now();
await ensureSummaries(db, versionScope);
const summaryVersionMs = performance.now() - t;
t = performance.now();
await ensureSummaries(db, spaceScope);
const summarySpaceMs = performance.now() - t;
// Checked: the curve's total equals the version's money summed directly.
const curve = await measureCurve(db, versionScope, 'money', { unit: 'week' });
const direct = await sql<{
  m: number;
}>`SELECT SUM(price * volume) AS m FROM wbs_items WHERE version_id = ${bigVersion}`.execute(db);
const plan = curve.series.find((s) => s.key === 'plan')!;
if (Math.abs(plan.total - Number(direct.rows[0]!.m)) > 1e-6 * plan.total)
  throw new Error('S-curve total is wrong');

const curveWeekMs = await time(RUNS, () => measureCurve(db, versionScope, 'money', { unit: 'week' }));
const curveDayMs = await time(RUNS, () => measureCurve(db, versionScope, 'money', { unit: 'day' }));
const labourMonthMs = await time(RUNS, () => measureCurve(db, versionScope, 'labour', { unit: 'month' }));

const dash = await dashboard(db, space, null);
const totalActivities = dash.reduce((a, c) => a + c.activities, 0);
if (totalActivities !== VERSION_ROWS + SCHEDULES * PER_SCHEDULE) throw new Error('dashboard: wrong count');
// The space dashboard screen: its breakdown and totals, and the money S-curve by month.
const dashboardMs = await time(RUNS, () => Promise.all([dashboard(db, space, null), stats(db, spaceScope)]));
const spaceCurveMs = await time(RUNS, () => measureCurve(db, spaceScope, 'money', { unit: 'month' }));
// The same monthly curve swept over every stored event instead of the month buckets (migration
// 031): the path before the buckets, timed on the same data; both must give the same values.
const spaceEvents = () =>
  sweep(
    db,
    scopeCtes(spaceScope),
    null,
    'month',
    {},
    storedEvents(space, 'money', ['plan', 'fact', 'target']),
  );
const spaceCurveEventsMs = await time(RUNS, spaceEvents);
{
  const byBuckets = await measureCurve(db, spaceScope, 'money', { unit: 'month' });
  const byEvents = await spaceEvents();
  if (byBuckets.periods.length !== byEvents.bounds.length - 1) throw new Error('buckets: other periods');
  for (const s of byBuckets.series)
    s.cumulative.forEach((v, i) => {
      const w = byEvents.values.get(s.key)?.[i + 1] ?? 0;
      if (Math.abs(v - w) > 1e-9 * Math.max(1, Math.abs(w)))
        throw new Error(`buckets: ${s.key} ${i}: ${v} ≠ ${w}`);
    });
}
// Every answer the space dashboard screen asks for (src/modules/analytics/load.ts): the breakdown
// and totals, the money and the labour S-curves by month.
const spaceScreenMs = await time(RUNS, () =>
  Promise.all([
    dashboard(db, space, null),
    stats(db, spaceScope),
    measureCurve(db, spaceScope, 'money', { unit: 'month' }),
    measureCurve(db, spaceScope, 'labour', { unit: 'month' }),
  ]),
);

// The custom-cost graph of 'extra' (a number attribute of the space on every row): read from the
// versions' stored summaries of it (migration 083), made once here — the large version, then the
// rest of the space — and, as before them, spread per request from the rows (`direct`). The large
// version by week and the whole space by month; both paths must give the same values, and the
// total equals the attribute's sum.
t = performance.now();
await ensureCustomSummaries(db, versionScope, 'extra');
const customSummaryVersionMs = performance.now() - t;
t = performance.now();
await ensureCustomSummaries(db, spaceScope, 'extra');
const customSummarySpaceMs = performance.now() - t;
// The same space's summaries made one version per transaction (as the money summaries are), to
// weigh what making every stale version in one statement saves: cleared, then remade in a loop.
await sql`DELETE FROM analytics_custom_summaries WHERE space_id = ${space} AND version_id <> ${bigVersion}`.execute(
  db,
);
const others = await sql<{ id: string }>`SELECT version_id::text AS id FROM analytics_custom_buckets
  WHERE space_id = ${space} AND version_id <> ${bigVersion} GROUP BY 1`.execute(db);
t = performance.now();
for (const v of others.rows) await refreshCustomSummaries(db, space, 'extra', [v.id]);
const customSummaryPerVersionMs = performance.now() - t;
const customVersionMs = await time(RUNS, () => customCostCurve(db, versionScope, 'extra', { unit: 'week' }));
const customSpaceMs = await time(RUNS, () => customCostCurve(db, spaceScope, 'extra', { unit: 'month' }));
const customVersionDirectMs = await time(RUNS, () =>
  customCostCurve(db, versionScope, 'extra', { unit: 'week' }, true),
);
const customSpaceDirectMs = await time(RUNS, () =>
  customCostCurve(db, spaceScope, 'extra', { unit: 'month' }, true),
);
{
  const c = await customCostCurve(db, versionScope, 'extra', { unit: 'week' });
  const sum = await sql<{ m: number }>`SELECT SUM((attributes ->> 'extra')::float8) AS m FROM wbs_items
    WHERE version_id = ${bigVersion}`.execute(db);
  const total = c.series.find((s) => s.key === 'plan')!.total;
  if (Math.abs(total - Number(sum.rows[0]!.m)) > 1e-6 * total) throw new Error('custom cost total is wrong');
  const stored = await customCostCurve(db, spaceScope, 'extra', { unit: 'month' });
  const direct = await customCostCurve(db, spaceScope, 'extra', { unit: 'month' }, true);
  if (JSON.stringify(stored.periods) !== JSON.stringify(direct.periods))
    throw new Error('custom: other periods');
  for (const s of direct.series)
    s.cumulative.forEach((v, i) => {
      const w = stored.series.find((x) => x.key === s.key)?.cumulative[i] ?? 0;
      if (Math.abs(v - w) > 1e-9 * Math.max(1, Math.abs(v)))
        throw new Error(`custom: ${s.key} ${i}: ${w} ≠ ${v}`);
    });
}
// The space screen's answers with the custom-cost graph beside them.
const spaceAllWithCustomMs = await time(RUNS, () =>
  Promise.all([
    dashboard(db, space, null),
    stats(db, spaceScope),
    measureCurve(db, spaceScope, 'money', { unit: 'month' }),
    measureCurve(db, spaceScope, 'labour', { unit: 'month' }),
    customCostCurve(db, spaceScope, 'extra', { unit: 'month' }),
  ]),
);

console.log(
  JSON.stringify({
    custom_cost_version_week_ms: customVersionMs,
    custom_cost_space_month_ms: customSpaceMs,
    custom_cost_version_week_direct_ms: customVersionDirectMs,
    custom_cost_space_month_direct_ms: customSpaceDirectMs,
    space_screen_with_custom_cost_ms: spaceAllWithCustomMs,
    custom_summary_version_ms: Math.round(customSummaryVersionMs),
    custom_summary_space_ms: Math.round(customSummarySpaceMs),
    custom_summary_space_per_version_ms: Math.round(customSummaryPerVersionMs),
    database: database.kind,
    version_activities: VERSION_ROWS,
    version_money_s_curve_week_ms: curveWeekMs,
    version_money_s_curve_day_ms: curveDayMs,
    version_labour_s_curve_month_ms: labourMonthMs,
    version_weeks: curve.periods.length,
    space_schedules: SCHEDULES + 1,
    space_activities: totalActivities,
    space_dashboard_ms: dashboardMs,
    space_money_s_curve_month_ms: spaceCurveMs,
    space_money_s_curve_month_from_events_ms: spaceCurveEventsMs,
    space_screen_all_answers_ms: spaceScreenMs,
    summary_version_ms: Math.round(summaryVersionMs),
    summary_space_ms: Math.round(summarySpaceMs),
    fill_version_ms: Math.round(fillBigMs),
    fill_space_ms: Math.round(fillSpaceMs),
  }),
);
await database.close();
