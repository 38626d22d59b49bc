// The analytics summaries (migration 026): every figure read from them equals the same figure
// computed from the rows (the sweep over the rows' ramps, sums over the rows), and a summary
// follows every input it depends on — the WBS rows, assignments, resource prices, the data date —
// and goes with its version.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { PeriodUnit } from '../../src/domain/analytics';
import { toMinutes } from '../../src/domain/calendar/time';
import type { DB } from '../../src/server/db/schema';
import { dashboard, keyedCurve, measureCurve, stats } from '../../src/server/services/analytics-figures';
import { keyedRamps, measureRamps, scopeCtes } from '../../src/server/services/analytics-scope';
import type { AnalyticsScope } from '../../src/server/services/analytics-scope';
import { sweep } from '../../src/server/services/analytics-sweep';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';

const DAY = 1440;
const D0 = toMinutes(2024, 3, 4);

/** Deterministic rows: shared dates, points, zero prices, progress, a summary and a draft. */
function rowsOf(n: number, seed: number) {
  let x = seed;
  const rnd = () => (x = (x * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => {
    const es = D0 + Math.floor(rnd() * 90) * DAY + (rnd() < 0.3 ? 480 : 0);
    const len = rnd() < 0.15 ? 0 : Math.ceil(rnd() * 20) * DAY;
    const started = rnd() < 0.4;
    const type = i === 0 ? 'sum' : i === 1 ? 'draft' : len === 0 ? 'milestone_finish' : 'task';
    return {
      id: randomUUID(),
      node_type: type as 'sum' | 'draft' | 'milestone_finish' | 'task',
      es,
      ef: es + len,
      price: rnd() < 0.1 ? null : rnd() < 0.1 ? 0 : Math.round(rnd() * 1000),
      volume: rnd() < 0.3 ? null : Math.round(rnd() * 50),
      percent: started ? Math.round(rnd() * 100) : 0,
      actual_start: started ? es : null,
      actual_finish: started && rnd() < 0.3 ? es + len : null,
    };
  });
}

async function insertRows(db: Kysely<DB>, space: string, version: string, rows: ReturnType<typeof rowsOf>) {
  await db
    .insertInto('wbs_items')
    .values(
      rows.map((r, i) => ({
        ...r,
        space_id: space,
        version_id: version,
        order_key: `a${String(i).padStart(4, '0')}`,
        code: `A${i}`,
        name: `Row ${i}`,
        duration: r.ef - r.es,
        remaining: 0,
        attributes: '{}',
      })),
    )
    .execute();
}

/** The same curve computed from the rows, as before the summaries. */
async function fromRows(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  ramps: ReturnType<typeof measureRamps>,
  unit: PeriodUnit,
  range: { from?: number; to?: number } = {},
) {
  return sweep(db, scopeCtes(scope), ramps, unit, range);
}

describe('analytics summaries', () => {
  let h: Harness;
  let db: Kysely<DB>;
  let space: string;
  let tree: Tree;
  let target: string;
  let crew: string;
  let vrCrew: string;
  let scope: AnalyticsScope;
  const rows = rowsOf(120, 7);

  beforeAll(async () => {
    h = await startHarness();
    db = h.database.db;
    const user = await signUp(h.app, 'summaries');
    space = await makeSpace(h.app, user.token, 'Summaries');
    tree = await makeTree(h.app, user.token, space);
    await insertRows(db, space, tree.version, rows);
    // Every minute works: working time is calendar time, so the stored day amounts must give what
    // the sweep over the rows' ramps gives (working-time spreading itself: analytics.test.ts).
    await db
      .updateTable('calendars')
      .set({ week: JSON.stringify(Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }])) })
      .where('space_id', '=', space)
      .execute();
    await db
      .updateTable('versions')
      .set({ data_date: D0 + 30 * DAY })
      .where('id', '=', tree.version)
      .execute();
    const t = await call(h.app, api.versions.create, {
      token: user.token,
      space,
      params: { id: tree.schedule },
      body: { label: 'Target', kind: 'target' },
    });
    target = (t.json() as { id: string }).id;
    // The target: the rows a week earlier, one of them past everything with no price (its
    // moments still span the target's curve).
    const tr = rows.slice(2, 60).map((r) => ({ ...r, es: r.es - 7 * DAY, ef: r.ef - 7 * DAY }));
    tr.push({ ...rows[5]!, id: randomUUID(), es: D0 + 200 * DAY, ef: D0 + 210 * DAY, price: 0 });
    await insertRows(db, space, target, tr);
    crew = (
      await db
        .insertInto('resources')
        .values({ space_id: space, name: 'Crew', resource_type: 'labor', price: 40, limits: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    vrCrew = randomUUID();
    await db
      .insertInto('version_resources')
      .values({ space_id: space, version_id: tree.version, id: vrCrew, name: 'Crew', resource_id: crew })
      .execute();
    await db
      .insertInto('version_assignments')
      .values(
        rows.slice(0, 80).map((r, i) => ({
          space_id: space,
          version_id: tree.version,
          id: randomUUID(),
          wbs_id: r.id,
          resource_id: vrCrew,
          units: 8 + i,
        })),
      )
      .execute();
    scope = { kind: 'space', spaceId: space };
  });
  afterAll(() => h.close());

  const expectSame = (a: { bounds: number[]; values: Map<string, number[]> }, b: typeof a) => {
    expect(a.bounds).toEqual(b.bounds);
    // Series the rows have none of are answered as zeros.
    for (const [k, list] of a.values)
      if (!b.values.has(k))
        expect(
          list.every((v) => v === 0),
          k,
        ).toBe(true);
    for (const k of b.values.keys()) expect(a.values.has(k), k).toBe(true);
    for (const [k, list] of b.values) {
      const got = a.values.get(k)!;
      list.forEach((v, i) => expect(got[i]!, `${k} ${i}`).toBeCloseTo(v, 6));
    }
  };
  const asSweep = (c: Awaited<ReturnType<typeof measureCurve>>) => ({
    bounds: [c.periods[0]!.from, ...c.periods.map((p) => p.to)],
    values: new Map(c.series.map((s) => [s.key, [0, ...s.cumulative]])),
  });

  it('gives every curve the rows give, by every unit and over a range', async () => {
    const version: AnalyticsScope = {
      kind: 'version',
      spaceId: space,
      versionId: tree.version,
      scheduleId: tree.schedule,
    };
    for (const s of [scope, version])
      for (const amount of ['money', 'cost', 'labour', 'volume'] as const)
        for (const unit of ['day', 'week', 'month', 'quarter', 'year'] as const) {
          const series = ['plan', 'fact', 'target'] as const;
          const got = await measureCurve(db, s, amount, { unit }, series);
          const want = await fromRows(db, s, measureRamps(space, amount, series), unit);
          // The curve's cumulative before the first period is what lies before it: zero here.
          const w = { bounds: want.bounds, values: new Map([...want.values].filter(([k]) => k !== null)) };
          expectSame(asSweep(got), w);
          const keys = got.series.filter((x) => x.total !== 0).map((x) => x.key);
          if (amount === 'money') expect(keys).toEqual(['plan', 'fact', 'target']);
        }
    const range = { from: D0 + 10 * DAY, to: D0 + 50 * DAY };
    const got = await measureCurve(db, scope, 'money', { unit: 'week', ...range });
    const want = await fromRows(
      db,
      scope,
      measureRamps(space, 'money', ['plan', 'fact', 'target']),
      'week',
      range,
    );
    expect(got.periods[0]!.from).toBe(want.bounds[0]);
    for (const s of got.series)
      s.cumulative.forEach((v, i) => expect(v).toBeCloseTo(want.values.get(s.key)![i + 1]!, 6));
    // Ranges that start and end inside a bucket (week and month), read from the buckets.
    for (const unit of ['week', 'month', 'quarter'] as const) {
      const r = { from: D0 + 17 * DAY + 300, to: D0 + 75 * DAY + 7 };
      const c = await measureCurve(db, scope, 'labour', { unit, ...r });
      const w = await fromRows(db, scope, measureRamps(space, 'labour', ['plan', 'fact', 'target']), unit, r);
      expect([c.periods[0]!.from, ...c.periods.map((p) => p.to)]).toEqual(w.bounds);
      for (const s of c.series)
        s.cumulative.forEach((v, i) =>
          expect(v, `${unit} ${s.key} ${i}`).toBeCloseTo(w.values.get(s.key)?.[i + 1] ?? 0, 6),
        );
    }
    for (const unit of ['day', 'week', 'month', 'year'] as const) {
      const bySchedule = await keyedCurve(db, scope, 'money', 'sched', { unit });
      const rowsBySchedule = await fromRows(db, scope, keyedRamps(space, 'money', 'sched'), unit);
      expect(bySchedule.series.map((s) => s.label)).toEqual(['Schedule']);
      expectSame(asSweep(bySchedule), rowsBySchedule);
      // The executor series from the summaries' executor events equal the rows' sweep (every
      // minute works here and the assignments are uniform, so working time is calendar time).
      for (const amount of ['cost', 'labour'] as const) {
        const byExec = await keyedCurve(db, scope, amount, 'exec', { unit });
        expect(byExec.series.length).toBeGreaterThan(0);
        expectSame(asSweep(byExec), await fromRows(db, scope, keyedRamps(space, amount, 'exec'), unit));
      }
    }
  });

  it('sums the same totals as the rows', async () => {
    const s = await stats(db, scope);
    const acts = rows.filter((r) => r.node_type !== 'sum' && r.node_type !== 'draft');
    expect(s.activities).toBe(acts.length);
    const money = acts.reduce((a, r) => a + (r.price === null ? 0 : r.price * (r.volume ?? 1)), 0);
    expect(s.money).toBeCloseTo(money, 6);
    const labour = rows
      .slice(0, 80)
      .reduce((a, r, i) => a + (r.node_type === 'sum' || r.node_type === 'draft' ? 0 : 8 + i), 0);
    expect(s.labour).toBeCloseTo(labour, 6);
    expect(s.cost).toBeCloseTo(labour * 40, 6);
    const d = await dashboard(db, space, null);
    expect(d.find((c) => c.node_id === tree.facility)!.activities).toBe(acts.length);
    expect(d.find((c) => c.node_id === tree.facility)!.money_plan).toBeCloseTo(money, 6);
  });

  it('follows the rows, the assignments, resource prices and the data date', async () => {
    const before = await stats(db, scope);
    const task = rows.find((r) => r.node_type === 'task' && r.price)!;
    await db
      .updateTable('wbs_items')
      .set({ price: (task.price ?? 0) + 1000, volume: 1 })
      .where('version_id', '=', tree.version)
      .where('id', '=', task.id)
      .execute();
    const priced = await stats(db, scope);
    expect(priced.money).toBeCloseTo(before.money - task.price! * (task.volume ?? 1) + task.price! + 1000, 6);
    await db.updateTable('resources').set({ price: 50 }).where('id', '=', crew).execute();
    expect((await stats(db, scope)).cost).toBeCloseTo((before.cost / 40) * 50, 6);
    await sql`UPDATE version_assignments SET units = units + 1 WHERE version_id = ${tree.version}`.execute(
      db,
    );
    const n = rows.slice(0, 80).filter((r) => r.node_type !== 'sum' && r.node_type !== 'draft').length;
    expect((await stats(db, scope)).labour).toBeCloseTo(before.labour + n, 6);
    const fact = async () =>
      (await measureCurve(db, scope, 'money', { unit: 'month' }, ['fact'])).series[0]!.total;
    const earlier = await fact();
    await db
      .updateTable('versions')
      .set({ data_date: D0 + 60 * DAY })
      .where('id', '=', tree.version)
      .execute();
    const later = await fact();
    const want = await fromRows(db, scope, measureRamps(space, 'money', ['fact']), 'month');
    expect(later).toBeCloseTo(want.values.get('fact')!.at(-1)!, 6);
    expect(later).toBeCloseTo(earlier, 6); // the earned total is the same, spread over longer
    const c = await measureCurve(db, scope, 'money', { unit: 'month' }, ['fact']);
    expect(c.periods.at(-1)!.to).toBe(want.bounds.at(-1));
    // A calendar edit remakes the spread (migration 049): Sundays off move money off them.
    const sunday = async () => {
      const d = await measureCurve(db, scope, 'money', { unit: 'day' }, ['plan']);
      return d.periods.reduce(
        (a, p, i) => a + (((p.from / DAY + 6) % 7 === 0 ? d.series[0]!.per_period[i] : 0) ?? 0),
        0,
      );
    };
    const onSunday = await sunday();
    expect(onSunday).toBeGreaterThan(0);
    const week = Array.from({ length: 7 }, (_, i) => (i === 0 ? [] : [{ start: 0, end: 1440 }]));
    await db
      .updateTable('calendars')
      .set({ week: JSON.stringify(week) })
      .where('space_id', '=', space)
      .execute();
    // What stays on Sundays: milestones and ramps with no working minute (over calendar time).
    expect(await sunday()).toBeLessThan(onSunday / 2);
  });

  it('keeps at most one event per day and series: the day buckets', async () => {
    await measureCurve(db, scope, 'money', { unit: 'day' });
    const r = await sql<{ amount: string; series: string; n: string; days: string; odd: string }>`
      SELECT amount, series, COUNT(*) AS n, COUNT(DISTINCT t / 1440) AS days,
        COUNT(*) FILTER (WHERE t % 1440 <> 0) AS odd
      FROM analytics_version_events WHERE version_id = ${tree.version} GROUP BY amount, series`.execute(db);
    expect(r.rows.length).toBeGreaterThan(0);
    for (const x of r.rows) {
      // Jumps at midnights, plus the series' first start and last finish.
      expect(Number(x.odd), `${x.amount} ${x.series}`).toBeLessThanOrEqual(2);
      expect(Number(x.n)).toBeLessThanOrEqual(Number(x.days) + 2);
    }
  });

  it('goes with its version', async () => {
    await measureCurve(db, scope, 'money', { unit: 'month' });
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT COUNT(*) AS n FROM analytics_version_events WHERE version_id = ${target}`.execute(db)
        ).rows[0]!.n,
      );
    expect(await count()).toBeGreaterThan(0);
    await db.deleteFrom('versions').where('id', '=', target).execute();
    expect(await count()).toBe(0);
  });
});
