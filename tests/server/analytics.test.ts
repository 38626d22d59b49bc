// Analytics figures on a small schedule, each recomputed here another way: per period as the
// overlap of the period with each row's dates (the server sweeps slope changes in SQL), counts and
// sums by filtering the rows in the test. Plus the settings and presets, and bad input.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type {
  AnalyticsSetting,
  BarsResponse,
  CountResponse,
  CurveResponse,
  DashboardResponse,
  IndicatorResponse,
  StatsResponse,
} from '../../src/api';
import { toMinutes } from '../../src/domain/calendar/time';
import { curveShare } from '../../src/domain/resources/curves';
import type { DB } from '../../src/server/db/schema';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';

const DAY = 1440;
const D0 = toMinutes(2024, 1, 29); // a Monday
interface Row {
  id: string;
  node_type: 'task' | 'milestone_finish' | 'sum';
  es: number;
  ef: number;
  price: number | null;
  volume: number | null;
  percent: number;
  actual_start: number | null;
  actual_finish: number | null;
  attributes: Record<string, unknown>;
}
const row = (p: Partial<Row> & Pick<Row, 'es' | 'ef'>): Row => ({
  id: randomUUID(),
  node_type: 'task',
  price: null,
  volume: null,
  percent: 0,
  actual_start: null,
  actual_finish: null,
  attributes: {},
  ...p,
});

/** The share of [s, f) inside [a, b) in calendar time (a point: inside when a ≤ s < b). */
const overlapShare = (s: number, f: number, a: number, b: number) =>
  f <= s ? (s >= a && s < b ? 1 : 0) : Math.max(0, Math.min(f, b) - Math.max(s, a)) / (f - s);

/** A calendar as the API gives it: working intervals per weekday (0 = Sunday) and exceptions. */
interface WeekCalendar {
  week: { start: number; end: number }[][];
  exceptions: { day: number; intervals: { start: number; end: number }[] }[];
}
/** Working minutes in [x, y), day by day from the calendar's intervals (not the engine's index). */
function workIn(cal: WeekCalendar, x: number, y: number): number {
  let n = 0;
  for (let d = Math.floor(x / DAY); d * DAY < y; d++) {
    const list = cal.exceptions.find((e) => e.day === d)?.intervals ?? cal.week[(((d + 6) % 7) + 7) % 7]!; // 2000-01-01 was a Saturday
    for (const iv of list) n += Math.max(0, Math.min(y, d * DAY + iv.end) - Math.max(x, d * DAY + iv.start));
  }
  return n;
}
/**
 * The share of a ramp [s, f) inside [a, b) over working time — the recomputation of the server's
 * spread: in proportion to working minutes, shaped by a curve's parts when given; a ramp with no
 * working minute in calendar time; a point inside when a ≤ s < b.
 */
function workShare(cal: WeekCalendar, s: number, f: number, a: number, b: number, parts?: number[]) {
  if (f <= s) return s >= a && s < b ? 1 : 0;
  const total = workIn(cal, s, f);
  if (total === 0) return overlapShare(s, f, a, b);
  const lo = Math.max(s, a);
  const hi = Math.min(f, b);
  if (hi <= lo) return 0;
  const p = workIn(cal, s, lo) / total;
  const q = workIn(cal, s, hi) / total;
  return parts ? curveShare(parts, p, q) : q - p;
}

async function insertRows(
  db: Kysely<DB>,
  space: string,
  version: string,
  rows: Row[],
  parent: string | null,
) {
  await db
    .insertInto('wbs_items')
    .values(
      rows.map((r, i) => ({
        ...r,
        space_id: space,
        version_id: version,
        parent_id: r.node_type === 'sum' ? null : parent,
        order_key: `a${String(i).padStart(4, '0')}`,
        code: `A${i}`,
        name: `Row ${i}`,
        duration: r.ef - r.es,
        remaining: 0,
        attributes: JSON.stringify(r.attributes),
      })),
    )
    .execute();
}

describe('analytics on a small schedule', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let tree: Tree;
  let target: string;
  const sum = row({ node_type: 'sum', es: D0, ef: D0 + 60 * DAY, price: 1e9 });
  const rows: Row[] = [
    row({ es: D0, ef: D0 + 10 * DAY, price: 100, volume: 30, percent: 50, actual_start: D0 }),
    row({ es: D0 + 5 * DAY, ef: D0 + 40 * DAY, price: 2000, attributes: { weight: 7.5 } }),
    row({
      es: D0 + 20 * DAY,
      ef: D0 + 50 * DAY,
      price: 10,
      volume: 400,
      percent: 100,
      actual_start: D0 + 1 * DAY,
      actual_finish: D0 + 9 * DAY,
    }),
    row({
      node_type: 'milestone_finish',
      es: D0 + 50 * DAY,
      ef: D0 + 50 * DAY,
      price: 5000,
      attributes: { weight: 2 },
    }),
    row({ es: D0 + 3 * DAY, ef: D0 + 8 * DAY, volume: 12 }),
  ];
  // The target: the same first two rows, a week earlier.
  const targetRows = rows.slice(0, 2).map((r) => ({ ...r, es: r.es - 7 * DAY, ef: r.ef - 7 * DAY }));
  const dataDate = D0 + 5 * DAY;
  const money = (r: Row) => (r.price === null ? 0 : r.price * (r.volume ?? 1));
  let labourRes: string;
  let craneRes: string;
  let cal: WeekCalendar;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const user = await signUp(app, 'analyst');
    const space = await makeSpace(app, user.token, 'Analytics');
    auth = { token: user.token, space };
    tree = await makeTree(app, user.token, space);
    const db = h.database.db;
    await insertRows(db, space, tree.version, [sum], null);
    await insertRows(db, space, tree.version, rows, sum.id);
    await db.updateTable('versions').set({ data_date: dataDate }).where('id', '=', tree.version).execute();
    const t = await call(app, api.versions.create, {
      ...auth,
      params: { id: tree.schedule },
      body: { label: 'Target', kind: 'target' },
    });
    target = t.json().id as string;
    await insertRows(db, space, target, targetRows, null);
    // Resources: a labour crew at 50 per hour and a crane (non-labour) at 300.
    const res = await db
      .insertInto('resources')
      .values([
        { space_id: space, name: 'Crew', resource_type: 'labor', price: 50, limits: '[]' },
        { space_id: space, name: 'Crane', resource_type: 'nonlabor', price: 300, limits: '[]' },
      ])
      .returning(['id', 'name'])
      .execute();
    labourRes = res.find((r) => r.name === 'Crew')!.id;
    craneRes = res.find((r) => r.name === 'Crane')!.id;
    // The version's default calendar (the space's default): rows name none.
    const cals = (
      await call(app, api.calendars.list, { token: user.token, space })
    ).json() as (WeekCalendar & {
      is_default: boolean;
    })[];
    cal = cals.find((c) => c.is_default) ?? cals[0]!;
    // Weekends off: spreading over working time differs from calendar time here.
    expect(cal.week[0]).toEqual([]);
    const vr = [
      {
        space_id: space,
        version_id: tree.version,
        id: randomUUID(),
        name: 'Crew',
        resource_id: labourRes,
        kind: null,
        calendar_id: null,
      },
      {
        space_id: space,
        version_id: tree.version,
        id: randomUUID(),
        name: 'Crane',
        resource_id: craneRes,
        kind: null,
        calendar_id: null,
      },
    ];
    await db.insertInto('version_resources').values(vr).execute();
    await db
      .insertInto('version_assignments')
      .values([
        {
          space_id: space,
          version_id: tree.version,
          id: randomUUID(),
          wbs_id: rows[0]!.id,
          resource_id: vr[0]!.id,
          units: 80,
        },
        {
          space_id: space,
          version_id: tree.version,
          id: randomUUID(),
          wbs_id: rows[1]!.id,
          resource_id: vr[0]!.id,
          units: 200,
        },
        {
          space_id: space,
          version_id: tree.version,
          id: randomUUID(),
          wbs_id: rows[1]!.id,
          resource_id: vr[1]!.id,
          units: 16,
          // The crane works back-loaded (a resource curve).
          curve: 'back',
        },
      ])
      .execute();
    // Daily plan and facts of the first row.
    await db
      .insertInto('wdp_days')
      .values(
        [0, 1, 2, 3].map((d) => ({
          space_id: space,
          version_id: tree.version,
          item_id: rows[0]!.id,
          day: Math.floor(D0 / DAY) + d,
          plan: 3,
          fact: d < 2 ? 2.5 : null,
        })),
      )
      .execute();
  });
  afterAll(() => h.close());

  const get = async <T>(
    def: Parameters<typeof call>[1],
    params: Record<string, string>,
    query?: Record<string, string>,
  ) => {
    const res = await call(app, def, { ...auth, params, ...(query ? { query } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  /** Ramps spread over working time (the stored series) or, `calendarTime`, over calendar time. */
  const expectSeries = (
    c: CurveResponse,
    key: string,
    ramps: { s: number; f: number; a: number; parts?: number[] }[],
    calendarTime = false,
  ) => {
    const series = c.series.find((s) => s.key === key)!;
    expect(series, key).toBeDefined();
    let running = 0;
    c.periods.forEach((p, k) => {
      const share = (r: { s: number; f: number; parts?: number[] }) =>
        calendarTime ? overlapShare(r.s, r.f, p.from, p.to) : workShare(cal, r.s, r.f, p.from, p.to, r.parts);
      const expected = ramps.reduce((acc, r) => acc + r.a * share(r), 0);
      running += expected;
      expect(series.per_period[k]!, `${key} period ${k}`).toBeCloseTo(expected, 6);
      expect(series.cumulative[k]!, `${key} cumulative ${k}`).toBeCloseTo(running, 6);
    });
    expect(series.total).toBeCloseTo(
      ramps.reduce((a, r) => a + r.a, 0),
      6,
    );
  };

  const activities = rows.filter((r) => r.node_type !== 'sum');
  const planMoney = activities
    .filter((r) => r.price !== null)
    .map((r) => ({ s: r.es, f: r.ef, a: money(r) }));
  const factMoney = activities
    .filter((r) => r.price !== null && r.actual_start !== null && r.percent > 0)
    .map((r) => ({
      s: r.actual_start!,
      f: r.actual_finish ?? Math.max(dataDate, r.actual_start!),
      a: (money(r) * r.percent) / 100,
    }));
  const targetMoney = targetRows.map((r) => ({ s: r.es, f: r.ef, a: money(r) }));

  it.each(['day', 'week', 'month', 'quarter', 'year'] as const)(
    'spreads version money by %s',
    async (unit) => {
      const c = await get<CurveResponse>(
        api.analytics.versionCurve,
        { id: tree.version, measure: 'money' },
        { unit },
      );
      expect(c.data_date).toBe(dataDate);
      expect(c.periods[0]!.from).toBeLessThanOrEqual(
        Math.min(...planMoney.map((r) => r.s), ...targetMoney.map((r) => r.s)),
      );
      for (const p of c.periods) expect(p.to).toBeGreaterThan(p.from);
      expectSeries(c, 'plan', planMoney);
      expectSeries(c, 'fact', factMoney);
      expectSeries(c, 'target', targetMoney);
    },
  );

  it('cuts periods at calendar boundaries: Mondays, months, quarters', async () => {
    const week = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'money' },
      { unit: 'week' },
    );
    // Every boundary a Monday (2000-01-03 was a Monday, day 2).
    for (const p of week.periods) expect((((p.from / DAY - 2) % 7) + 7) % 7).toBe(0);
    const month = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'money' },
      { unit: 'month' },
    );
    expect(month.periods.map((p) => p.from)).toEqual([
      toMinutes(2024, 1, 1),
      toMinutes(2024, 2, 1),
      toMinutes(2024, 3, 1),
    ]);
    const quarter = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'money' },
      { unit: 'quarter' },
    );
    expect(quarter.periods.map((p) => p.from)).toEqual([toMinutes(2024, 1, 1)]);
    expect(quarter.periods[0]!.to).toBe(toMinutes(2024, 4, 1));
  });

  it('spreads resource cost and labour, and bars them by executor', async () => {
    const cost = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'cost' },
      { unit: 'week' },
    );
    expectSeries(cost, 'plan', [
      { s: rows[0]!.es, f: rows[0]!.ef, a: 80 * 50 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 200 * 50 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 16 * 300, parts: [2, 4, 5, 6, 8, 10, 12, 15, 18, 20] },
    ]);
    expectSeries(cost, 'fact', [{ s: D0, f: dataDate, a: 80 * 50 * 0.5 }]);
    const labour = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'labour' },
      { unit: 'day' },
    );
    expectSeries(labour, 'plan', [
      { s: rows[0]!.es, f: rows[0]!.ef, a: 80 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 200 },
    ]);
    const bars = await get<BarsResponse>(api.analytics.scheduleGraphExecutor, { id: tree.schedule });
    expect(bars.bars).toEqual([
      { key: labourRes, label: 'Crew', plan: 280 * 50, fact: 80 * 50 * 0.5 },
      { key: craneRes, label: 'Crane', plan: 16 * 300, fact: 0 },
    ]);
    const lb = await get<BarsResponse>(api.analytics.scheduleGraphExecutorLabour, { id: tree.schedule });
    expect(lb.bars).toEqual([{ key: labourRes, label: 'Crew', plan: 280, fact: 40 }]);
    const series = await get<CurveResponse>(
      api.analytics.projectSeries,
      { id: tree.project, kind: 'executor-labour' },
      { unit: 'month' },
    );
    expect(series.series.map((s) => s.label)).toEqual(['Crew']);
    expect(series.series[0]!.total).toBeCloseTo(280, 9);
    // The executor series on working time, each assignment by its curve (the crane back-loaded).
    expectSeries(series, labourRes, [
      { s: rows[0]!.es, f: rows[0]!.ef, a: 80 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 200 },
    ]);
    const byExec = await get<CurveResponse>(
      api.analytics.projectSeries,
      { id: tree.project, kind: 'executor' },
      { unit: 'week' },
    );
    expectSeries(byExec, labourRes, [
      { s: rows[0]!.es, f: rows[0]!.ef, a: 80 * 50 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 200 * 50 },
    ]);
    expectSeries(byExec, craneRes, [
      { s: rows[1]!.es, f: rows[1]!.ef, a: 16 * 300, parts: [2, 4, 5, 6, 8, 10, 12, 15, 18, 20] },
    ]);
    const byDay = await get<CurveResponse>(
      api.analytics.projectSeries,
      { id: tree.project, kind: 'executor' },
      { unit: 'day' },
    );
    expectSeries(byDay, craneRes, [
      { s: rows[1]!.es, f: rows[1]!.ef, a: 16 * 300, parts: [2, 4, 5, 6, 8, 10, 12, 15, 18, 20] },
    ]);
  });

  it('spreads volume: plan, daily-plan facts, target, daily plan', async () => {
    const v = await get<CurveResponse>(
      api.analytics.scheduleCurve,
      { id: tree.schedule, measure: 'volume' },
      { unit: 'day' },
    );
    expectSeries(
      v,
      'plan',
      activities.filter((r) => r.volume !== null).map((r) => ({ s: r.es, f: r.ef, a: r.volume! })),
    );
    expectSeries(v, 'target', [{ s: targetRows[0]!.es, f: targetRows[0]!.ef, a: 30 }]);
    expectSeries(
      v,
      'fact',
      [0, 1].map((d) => ({ s: D0 + d * DAY, f: D0 + (d + 1) * DAY, a: 2.5 })),
      true,
    );
    expectSeries(
      v,
      'dp',
      [0, 1, 2, 3].map((d) => ({ s: D0 + d * DAY, f: D0 + (d + 1) * DAY, a: 3 })),
      true,
    );
    const dp = await get<CurveResponse>(
      api.analytics.scheduleVolumeBy,
      { id: tree.schedule, by: 'by-dp' },
      { unit: 'week' },
    );
    expect(dp.series.map((s) => [s.key, s.total])).toEqual([
      ['dp', 12],
      ['fact', 5],
    ]);
  });

  it('spreads a number attribute (custom cost) and restricts to a range', async () => {
    // Spread per request while the space does not define the key, then read from the versions'
    // stored summaries once it is a number attribute of the space (migration 083): the same figures.
    const check = async () => {
      const res = await call(app, api.analytics.versionCustomCost, {
        ...auth,
        params: { id: tree.version },
        body: { attribute: 'weight', unit: 'week', from: D0 + 7 * DAY, to: D0 + 35 * DAY },
      });
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json() as CurveResponse;
      expect(c.periods[0]!.from).toBe(D0 + 7 * DAY);
      expect(c.periods.at(-1)!.to).toBe(D0 + 35 * DAY);
      const plan = c.series.find((s) => s.key === 'plan')!;
      const ramps = [
        { s: rows[1]!.es, f: rows[1]!.ef, a: 7.5 },
        { s: rows[3]!.es, f: rows[3]!.ef, a: 2 },
      ];
      // Over the rows' working time (weekends off), as money is spread.
      c.periods.forEach((p, k) => {
        expect(plan.per_period[k]!).toBeCloseTo(
          ramps.reduce((a, r) => a + r.a * workShare(cal, r.s, r.f, p.from, p.to), 0),
          6,
        );
        // Cumulative counts what lies before the range too.
        expect(plan.cumulative[k]!).toBeCloseTo(
          ramps.reduce((a, r) => a + r.a * workShare(cal, r.s, r.f, 0, p.to), 0),
          6,
        );
      });
      // By day: nothing on a Saturday or Sunday (calendar time would put some there).
      const byDay = await call(app, api.analytics.versionCustomCost, {
        ...auth,
        params: { id: tree.version },
        body: { attribute: 'weight', unit: 'day' },
      });
      const d = byDay.json() as CurveResponse;
      const dayPlan = d.series.find((s) => s.key === 'plan')!;
      expect(dayPlan.total).toBeCloseTo(9.5, 6);
      d.periods.forEach((p, k) => {
        const wd = ((Math.floor(p.from / DAY) % 7) + 7) % 7; // 0 = Saturday (2000-01-01)
        if (wd === 0 || wd === 1) expect(dayPlan.per_period[k]).toBe(0);
      });
      expect(d.periods.some((p, k) => ((Math.floor(p.from / DAY) % 7) + 7) % 7 === 0 && k > 0)).toBe(true);
    };
    await check();
    const db = h.database.db;
    const stored = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT COUNT(*) AS n FROM analytics_custom_buckets
            WHERE version_id = ${tree.version} AND attribute = 'weight'`.execute(db)
        ).rows[0]!.n,
      );
    expect(await stored()).toBe(0);
    await db
      .insertInto('attributes')
      .values({
        space_id: auth.space,
        scope: 'space',
        key: 'weight',
        name: 'Weight',
        type: 'number',
        list_values: '[]',
      })
      .execute();
    await check();
    expect(await stored()).toBeGreaterThan(0);
  });

  it('counts, totals and indicators', async () => {
    const count = await get<CountResponse>(api.analytics.versionCount, { id: tree.version });
    expect(count).toMatchObject({
      total: 5,
      sums: 1,
      by_type: { task: 4, milestone_finish: 1, work: 0 },
      by_status: { not_started: 3, in_progress: 1, completed: 1 },
    });
    const stats = await get<StatsResponse>(api.analytics.scheduleStats, { id: tree.schedule });
    expect(stats.activities).toBe(5);
    expect(stats.money).toBeCloseTo(
      activities.reduce((a, r) => a + money(r), 0),
      6,
    );
    expect(stats.cost).toBeCloseTo(280 * 50 + 16 * 300, 6);
    expect(stats.labour).toBe(280);
    expect(stats.volume).toBe(30 + 400 + 12);
    expect(stats.start).toBe(D0);
    expect(stats.finish).toBe(D0 + 50 * DAY);
    const weights = activities.map((r) => Math.max(r.ef - r.es, 1));
    expect(stats.percent!).toBeCloseTo(
      activities.reduce((a, r, i) => a + r.percent * weights[i]!, 0) / weights.reduce((a, w) => a + w, 0),
      4,
    );
    const ind = await get<IndicatorResponse>(api.analytics.versionIndicator, { id: tree.version });
    // Planned to the data date over working time (weekends off), as the money curve spreads it.
    const planned = planMoney.reduce((a, r) => a + r.a * workShare(cal, r.s, r.f, 0, dataDate), 0);
    expect(planned).not.toBeCloseTo(
      planMoney.reduce((a, r) => a + r.a * overlapShare(r.s, r.f, 0, dataDate), 0),
      0,
    );
    const earned = factMoney.reduce((a, r) => a + r.a, 0);
    expect(ind.planned_to_date).toBeCloseTo(planned, 6);
    expect(ind.earned_to_date).toBeCloseTo(earned, 6);
    expect(ind.spi!).toBeCloseTo(earned / planned, 6);
    expect(ind.target_finish).toBe(targetRows[1]!.ef);
    expect(ind.delayed).toBe(2);
    expect(ind.slip_days).toBe((D0 + 50 * DAY - targetRows[1]!.ef) / DAY);
  });

  it('adds up the space, facility and project the same as the version', async () => {
    const v = await get<CurveResponse>(
      api.analytics.versionCurve,
      { id: tree.version, measure: 'money' },
      { unit: 'month' },
    );
    const s = await get<CurveResponse>(
      api.analytics.spaceCurve,
      { space_id: auth.space, measure: 'money' },
      { unit: 'month' },
    );
    const f = await get<CurveResponse>(
      api.analytics.facilityCurve,
      { id: tree.facility, measure: 'money' },
      { unit: 'month' },
    );
    expect(s).toEqual(v);
    expect(f).toEqual(v);
    const d = await get<DashboardResponse>(api.analytics.spaceDashboard, { space_id: auth.space });
    expect(d.children).toHaveLength(1);
    expect(d.children[0]).toMatchObject({ node_id: tree.facility, schedules: 1, activities: 5, labour: 280 });
    expect(d.children[0]!.money_plan).toBeCloseTo(
      activities.reduce((a, r) => a + money(r), 0),
      6,
    );
    expect(d.children[0]!.money_earned).toBeCloseTo(
      factMoney.reduce((a, r) => a + r.a, 0),
      6,
    );
    expect(d.children[0]!.money_target).toBeCloseTo(
      targetMoney.reduce((a, r) => a + r.a, 0),
      6,
    );
    const pd = await get<DashboardResponse>(api.analytics.projectDashboard, { id: tree.project });
    expect(pd.children.map((c) => [c.kind, c.schedules])).toEqual([['schedule_group', 1]]);
    const series = await get<CurveResponse>(
      api.analytics.projectSeries,
      { id: tree.project, kind: 'schedule' },
      { unit: 'month' },
    );
    expect(series.series.map((x) => x.label)).toEqual(['Schedule']);
    expect(series.series[0]!.cumulative).toEqual(v.series.find((x) => x.key === 'plan')!.cumulative);
  });

  it('refuses an unknown measure, period unit, scope or range naming the field', async () => {
    const bad = async (
      def: Parameters<typeof call>[1],
      params: Record<string, string>,
      query?: Record<string, string>,
      body?: unknown,
    ) => {
      const res = await call(app, def, {
        ...auth,
        params,
        ...(query ? { query } : {}),
        ...(body ? { body } : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { error_message: { params: { field: string } }[] }).error_message[0]!.params
        .field;
    };
    expect(
      await bad(api.analytics.versionCurve, { id: tree.version, measure: 'money' }, { unit: 'fortnight' }),
    ).toBe('query.unit');
    expect(await bad(api.analytics.versionCurve, { id: tree.version, measure: 'gold' })).toBe(
      'params.measure',
    );
    expect(
      await bad(
        api.analytics.versionCurve,
        { id: tree.version, measure: 'money' },
        { from: '100', to: '50' },
      ),
    ).toBe('query.to');
    const config = { scope: 'galaxy', unit: 'month', charts: [], series: [], cumulative: true };
    expect(
      await bad(api.analyticsSettings.presetCreate, {}, undefined, { eps_id: null, name: 'x', config }),
    ).toBe('body.config.scope');
  });

  it('keeps presets per user and node with one active', async () => {
    const config = {
      scope: 'schedule',
      unit: 'week',
      charts: ['money_curve'],
      series: ['plan'],
      cumulative: true,
    };
    const create = async (name: string) => {
      const res = await call(app, api.analyticsSettings.presetCreate, {
        ...auth,
        body: { eps_id: tree.schedule, name, config },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AnalyticsSetting;
    };
    const a = await create('Weekly');
    const b = await create('Monthly');
    expect([a.active, b.active]).toEqual([true, false]);
    const list = async () =>
      (
        await call(app, api.analyticsSettings.presetList, { ...auth, query: { eps_id: tree.schedule } })
      ).json().items as AnalyticsSetting[];
    await call(app, api.analyticsSettings.presetActive, { ...auth, params: { id: b.id } });
    expect((await list()).map((p) => [p.name, p.active])).toEqual([
      ['Weekly', false],
      ['Monthly', true],
    ]);
    const up = await call(app, api.analyticsSettings.presetUpdate, {
      ...auth,
      body: { id: a.id, name: 'Weekly money', config: { ...config, unit: 'day' } },
    });
    expect(up.json()).toMatchObject({ name: 'Weekly money', config: { unit: 'day' } });
    await call(app, api.analyticsSettings.presetDelete, { ...auth, params: { id: b.id } });
    expect((await list()).map((p) => [p.name, p.active])).toEqual([['Weekly money', true]]);
    // Another user of the space sees none of them.
    const other = await signUp(app, 'other');
    const inv = await call(app, api.space.invite, {
      ...auth,
      params: { space_id: auth.space },
      body: { login: other.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const theirs = await call(app, api.analyticsSettings.presetList, {
      token: other.token,
      space: auth.space,
      query: { eps_id: tree.schedule },
    });
    expect(theirs.json().items).toEqual([]);
    // Settings and curved settings: same actions; curved ones reorder.
    const c1 = (
      await call(app, api.analyticsSettings.curvedCreate, {
        ...auth,
        body: { eps_id: null, name: 'One', config },
      })
    ).json() as AnalyticsSetting;
    const c2 = (
      await call(app, api.analyticsSettings.curvedCreate, {
        ...auth,
        body: { eps_id: null, name: 'Two', config },
      })
    ).json() as AnalyticsSetting;
    await call(app, api.analyticsSettings.curvedIndex, { ...auth, body: { ids: [c2.id, c1.id] } });
    const curved = await call(app, api.analyticsSettings.curvedList, { ...auth, params: { id: auth.space } });
    expect((curved.json().items as AnalyticsSetting[]).map((c) => c.name)).toEqual(['Two', 'One']);
    const s1 = await call(app, api.analyticsSettings.settingCreate, {
      ...auth,
      body: { eps_id: tree.project, name: 'Mine', config },
    });
    expect(s1.statusCode).toBe(201);
    const del = await call(app, api.analyticsSettings.settingDelete, {
      ...auth,
      params: { eps_id: tree.project, id: (s1.json() as AnalyticsSetting).id },
    });
    expect(del.statusCode, del.body).toBe(200);
  });
  it("spreads a resource-dependent activity's assignments over the resource's calendar", async () => {
    const db = h.database.db;
    // The crane works weekends only (08:00–16:00 Saturday and Sunday).
    const shift = [{ start: 480, end: 960 }];
    const weekends: WeekCalendar = { week: [shift, [], [], [], [], [], shift], exceptions: [] };
    const made = await call(app, api.calendars.create, {
      ...auth,
      body: { name: 'Weekends', ...weekends, hours_per_day: 8, hours_per_week: 16, hours_per_month: 70 },
    });
    expect(made.statusCode, made.body).toBe(201);
    await db
      .updateTable('resources')
      .set({ calendar_id: (made.json() as { id: string }).id })
      .where('id', '=', craneRes)
      .execute();
    const back = [2, 4, 5, 6, 8, 10, 12, 15, 18, 20];
    const crane = { s: rows[1]!.es, f: rows[1]!.ef, a: 16 * 300, parts: back };
    const byDay = () =>
      get<CurveResponse>(
        api.analytics.projectSeries,
        { id: tree.project, kind: 'executor' },
        { unit: 'day' },
      );
    // A task-dependent activity: its own calendar (weekdays), whatever the resource's.
    expectSeries(await byDay(), craneRes, [crane]);
    // Resource dependent (P6's activity type, as an import keeps it in the item extras).
    const extras = JSON.stringify({ [rows[1]!.id]: { kind: 'resource' } });
    const has = await db
      .selectFrom('version_models')
      .select('version_id')
      .where('version_id', '=', tree.version)
      .executeTakeFirst();
    if (has)
      await db
        .updateTable('version_models')
        .set({ item_extras: extras })
        .where('version_id', '=', tree.version)
        .execute();
    else
      await db
        .insertInto('version_models')
        .values({
          space_id: auth.space,
          version_id: tree.version,
          source: 'xer',
          project_name: '',
          options: '{}',
          item_extras: extras,
          relation_extras: '{}',
          calendar_ids: '{}',
          attribute_defs: '{}',
        })
        .execute();
    // An import writes extras with the rows; here the rows stay, so the content stamp is moved.
    await sql`UPDATE versions SET content_stamp = content_stamp + 1 WHERE id = ${tree.version}`.execute(db);
    const rd = await byDay();
    const share = (p: { from: number; to: number }) =>
      workShare(weekends, crane.s, crane.f, p.from, p.to, back);
    const series = rd.series.find((x) => x.key === craneRes)!;
    rd.periods.forEach((p, k) => expect(series.per_period[k]!).toBeCloseTo(crane.a * share(p), 6));
    expect(series.total).toBeCloseTo(crane.a, 6);
    // Only Saturdays and Sundays carry the crane now.
    rd.periods.forEach((p, k) => {
      const wd = ((Math.floor(p.from / DAY) % 7) + 7) % 7; // 0 = Saturday (2000-01-01)
      if (wd > 1) expect(series.per_period[k]).toBe(0);
    });
    expect(series.per_period.some((v) => v > 0)).toBe(true);
    // The crew has no calendar of its own: still the activity's.
    expectSeries(rd, labourRes, [
      { s: rows[0]!.es, f: rows[0]!.ef, a: 80 * 50 },
      { s: rows[1]!.es, f: rows[1]!.ef, a: 200 * 50 },
    ]);
  });
});
