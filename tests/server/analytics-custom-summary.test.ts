// The stored custom-cost summaries (migration 083): the custom-cost graph read from the versions'
// summaries of a number attribute equals the same graph spread from the rows per request (the
// direct path), by every unit, over a range, for a space and a version with its target — and
// still does after each kind of write: a value, dates, a row added and one deleted, a value that
// is not a number, a calendar, the data date, a version copied, the calculation job's remake and a
// version deleted.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CurveResponse } from '../../src/api/analytics';
import type { AttributeWithRoles } from '../../src/api/attributes';
import type { PeriodUnit } from '../../src/domain/analytics';
import { toMinutes } from '../../src/domain/calendar/time';
import type { DB } from '../../src/server/db/schema';
import { refreshVersionCustom } from '../../src/server/services/analytics-custom-summary';
import { customCostCurve } from '../../src/server/services/analytics-figures';
import type { AnalyticsScope } from '../../src/server/services/analytics-scope';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';

const DAY = 1440;
const D0 = toMinutes(2024, 3, 4);
const UNITS: PeriodUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Deterministic rows: shared dates, milestones, a summary and a draft, values of every kind. */
function rowsOf(n: number, seed: number, key: string) {
  let x = seed;
  const rnd = () => (x = (x * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => {
    const es = D0 + Math.floor(rnd() * 120) * DAY + (rnd() < 0.3 ? 480 : 0);
    const len = rnd() < 0.15 ? 0 : Math.ceil(rnd() * 25) * DAY + (rnd() < 0.2 ? 300 : 0);
    const type = i === 0 ? 'sum' : i === 1 ? 'draft' : len === 0 ? 'milestone_finish' : 'task';
    const v = rnd();
    const value = v < 0.1 ? null : v < 0.15 ? 'n/a' : v < 0.2 ? 0 : Math.round(rnd() * 1000) / 10;
    return {
      id: randomUUID(),
      node_type: type as 'sum' | 'draft' | 'milestone_finish' | 'task',
      es,
      ef: es + len,
      attributes: JSON.stringify(value === null ? {} : { [key]: value }),
    };
  });
}

describe('stored custom-cost summaries', () => {
  let h: Harness;
  let db: Kysely<DB>;
  let owner: { token: string; space: string };
  let space: string;
  let tree: Tree;
  let target: string;
  let key: string;
  let spaceScope: AnalyticsScope;
  let versionScope: AnalyticsScope;

  const insertRows = async (version: string, rows: ReturnType<typeof rowsOf>, prefix = 'a') => {
    await db
      .insertInto('wbs_items')
      .values(
        rows.map((r, i) => ({
          ...r,
          space_id: space,
          version_id: version,
          order_key: `${prefix}${String(i).padStart(4, '0')}`,
          code: `${prefix}${i}`,
          percent: 0,
          name: `Row ${i}`,
          duration: r.ef - r.es,
          remaining: 0,
        })),
      )
      .execute();
  };

  beforeAll(async () => {
    h = await startHarness();
    db = h.database.db;
    const user = await signUp(h.app, 'custom-summary');
    space = await makeSpace(h.app, user.token, 'Custom summaries');
    owner = { token: user.token, space };
    tree = await makeTree(h.app, user.token, space);
    const res = await call(h.app, api.attributes.create, {
      ...owner,
      body: { name: 'Weight', type: 'number', scope: 'space', node_id: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    key = (res.json() as AttributeWithRoles).key;
    await insertRows(tree.version, rowsOf(150, 11, key));
    await db
      .updateTable('versions')
      .set({ data_date: D0 + 30 * DAY })
      .where('id', '=', tree.version)
      .execute();
    // The target: a copy of the working version (version copy), its rows then a week earlier.
    const t = await call(h.app, api.versions.create, {
      ...owner,
      params: { id: tree.schedule },
      body: { label: 'Target', kind: 'target', copy_from_version_id: tree.version },
    });
    expect(t.statusCode, t.body).toBe(201);
    target = (t.json() as { id: string }).id;
    await sql`UPDATE wbs_items SET es = es - 7 * 1440, ef = ef - 7 * 1440
      WHERE space_id = ${space} AND version_id = ${target}`.execute(db);
    spaceScope = { kind: 'space', spaceId: space };
    versionScope = { kind: 'version', spaceId: space, versionId: tree.version, scheduleId: tree.schedule };
  });
  afterAll(() => h.close());

  /** The stored graph equals the direct one: the same periods, every value within 1e-9 relative. */
  const expectSame = (got: CurveResponse, want: CurveResponse, what: string) => {
    expect(got.periods, what).toEqual(want.periods);
    expect(got.series.map((s) => s.key)).toEqual(want.series.map((s) => s.key));
    want.series.forEach((w, i) => {
      const g = got.series[i]!;
      const scale = Math.max(1, Math.abs(w.total));
      w.cumulative.forEach((v, k) =>
        expect(Math.abs(g.cumulative[k]! - v), `${what} ${w.key} cumulative ${k}`).toBeLessThan(1e-9 * scale),
      );
      w.per_period.forEach((v, k) =>
        expect(Math.abs(g.per_period[k]! - v), `${what} ${w.key} period ${k}`).toBeLessThan(1e-9 * scale),
      );
    });
  };
  const both = async (scope: AnalyticsScope, range: Parameters<typeof customCostCurve>[3]) => ({
    stored: await customCostCurve(db, scope, key, range),
    direct: await customCostCurve(db, scope, key, range, true),
  });
  /** Every unit and two ranges, space and version; the plan totals of the space. */
  const expectAllSame = async (what: string) => {
    for (const scope of [spaceScope, versionScope]) {
      for (const unit of UNITS) {
        const c = await both(scope, { unit });
        expectSame(c.stored, c.direct, `${what} ${scope.kind} ${unit}`);
      }
      for (const unit of ['week', 'month', 'quarter'] as const) {
        const c = await both(scope, { unit, from: D0 + 17 * DAY + 300, to: D0 + 75 * DAY + 7 });
        expectSame(c.stored, c.direct, `${what} ${scope.kind} ${unit} range`);
      }
    }
    const c = await customCostCurve(db, spaceScope, key, { unit: 'month' });
    return {
      plan: c.series.find((s) => s.key === 'plan')!.total,
      target: c.series.find((s) => s.key === 'target')!.total,
    };
  };
  const attributeSum = async (version: string) =>
    Number(
      (
        await sql<{ s: number | null }>`SELECT SUM((attributes ->> ${key})::float8) AS s FROM wbs_items
          WHERE space_id = ${space} AND version_id = ${version} AND node_type NOT IN ('sum', 'draft')
            AND jsonb_typeof(attributes -> ${key}) = 'number'`.execute(db)
      ).rows[0]!.s ?? 0,
    );
  /** Whether the version's stored summary of the attribute was made from its current stamps. */
  const upToDate = async (version: string) =>
    (
      await sql<{
        ok: boolean;
      }>`SELECT (c.content_stamp = v.content_stamp AND c.analytics_stamp = v.analytics_stamp
          AND c.data_date IS NOT DISTINCT FROM v.data_date) AS ok
        FROM versions v JOIN analytics_custom_summaries c ON c.version_id = v.id AND c.attribute = ${key}
        WHERE v.id = ${version}`.execute(db)
    ).rows[0]?.ok ?? false;

  it('gives the graph the rows give, by every unit, over a range, plan and target', async () => {
    const totals = await expectAllSame('initial');
    expect(totals.plan).toBeCloseTo(await attributeSum(tree.version), 6);
    expect(totals.plan).toBeGreaterThan(0);
    expect(totals.target).toBeCloseTo(totals.plan, 6); // the target is a copy, a week earlier
    const kept = await sql<{
      unit: string;
      n: string;
    }>`SELECT unit, COUNT(*) AS n FROM analytics_custom_buckets
      WHERE space_id = ${space} AND attribute = ${key} GROUP BY unit ORDER BY unit`.execute(db);
    expect(kept.rows.map((r) => r.unit)).toEqual(['day', 'month', 'week']);
    // A month holds fewer rows than its days: the buckets are what a monthly curve sweeps.
    const n = Object.fromEntries(kept.rows.map((r) => [r.unit, Number(r.n)]));
    expect(n.month!).toBeLessThan(n.week!);
    expect(n.week!).toBeLessThan(n.day!);
  });

  it('follows every write of the rows, the calendars and the data date', async () => {
    const before = await expectAllSame('before');
    const row = await sql<{ id: string; v: number }>`SELECT id, (attributes ->> ${key})::float8 AS v
      FROM wbs_items WHERE version_id = ${tree.version} AND node_type = 'task'
        AND jsonb_typeof(attributes -> ${key}) = 'number' AND (attributes ->> ${key})::float8 > 0
      ORDER BY order_key LIMIT 1`.execute(db);
    const { id, v } = row.rows[0]!;
    // A value.
    await sql`UPDATE wbs_items SET attributes = jsonb_set(attributes, ${`{${key}}`}::text[], to_jsonb(${v + 500}::float8))
      WHERE version_id = ${tree.version} AND id = ${id}`.execute(db);
    expect(await upToDate(tree.version)).toBe(false);
    const valued = await expectAllSame('value');
    expect(await upToDate(tree.version)).toBe(true);
    expect(valued.plan).toBeCloseTo(before.plan + 500, 6);
    expect(valued.target).toBeCloseTo(before.target, 6);
    // Dates: the row moves two months later.
    await sql`UPDATE wbs_items SET es = es + 60 * 1440, ef = ef + 60 * 1440
      WHERE version_id = ${tree.version} AND id = ${id}`.execute(db);
    await expectAllSame('dates');
    // A value that is not a number counts nothing.
    await sql`UPDATE wbs_items SET attributes = jsonb_set(attributes, ${`{${key}}`}::text[], '"many"')
      WHERE version_id = ${tree.version} AND id = ${id}`.execute(db);
    expect((await expectAllSame('text')).plan).toBeCloseTo(before.plan - v, 6);
    // A row added (as an import writes them) and one deleted.
    await insertRows(
      tree.version,
      rowsOf(3, 5, key).map((r, i) => ({ ...r, node_type: 'task' as const, ef: r.es + (i + 2) * DAY })),
      'b',
    );
    await expectAllSame('added');
    await db.deleteFrom('wbs_items').where('version_id', '=', tree.version).where('id', '=', id).execute();
    const added = await expectAllSame('deleted');
    expect(added.plan).toBeCloseTo(await attributeSum(tree.version), 6);
    // A calendar edit (migration 049 moves the analytics stamp): Saturdays off.
    const sat = async () => {
      const d = await customCostCurve(db, versionScope, key, { unit: 'day' });
      const plan = d.series.find((s) => s.key === 'plan')!;
      return d.periods.reduce((a, p, i) => a + ((p.from / DAY) % 7 === 0 ? plan.per_period[i]! : 0), 0);
    };
    await db
      .updateTable('calendars')
      .set({ week: JSON.stringify(Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }])) })
      .where('space_id', '=', space)
      .execute();
    await expectAllSame('every day works');
    const onSaturday = await sat();
    expect(onSaturday).toBeGreaterThan(0);
    const week = Array.from({ length: 7 }, (_, i) => (i === 6 ? [] : [{ start: 0, end: 1440 }]));
    await db
      .updateTable('calendars')
      .set({ week: JSON.stringify(week) })
      .where('space_id', '=', space)
      .execute();
    await expectAllSame('saturdays off');
    // What stays on Saturdays: milestones and ramps with no working minute (over calendar time).
    expect(await sat()).toBeLessThan(onSaturday / 2);
    // The data date (the summary records it, as the money summary does).
    await db
      .updateTable('versions')
      .set({ data_date: D0 + 90 * DAY })
      .where('id', '=', tree.version)
      .execute();
    expect(await upToDate(tree.version)).toBe(false);
    await expectAllSame('data date');
  });

  it('is remade by the calculation job without a read, and only for defined attributes', async () => {
    await customCostCurve(db, versionScope, key, { unit: 'month' });
    await sql`UPDATE wbs_items SET es = es + 1440, ef = ef + 1440
      WHERE version_id = ${tree.version} AND node_type = 'task'`.execute(db);
    expect(await upToDate(tree.version)).toBe(false);
    await refreshVersionCustom(db, space, tree.version);
    expect(await upToDate(tree.version)).toBe(true);
    const kept = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT COUNT(*) AS n FROM analytics_custom_summaries
            WHERE version_id = ${tree.version} AND attribute = ${key}`.execute(db)
        ).rows[0]!.n,
      );
    await expectAllSame('after the job');
    // A key the space does not define as a number attribute is spread per request, never kept.
    await customCostCurve(db, versionScope, 'loose', { unit: 'month' });
    const loose = await sql<{ n: string }>`SELECT COUNT(*) AS n FROM analytics_custom_summaries
      WHERE space_id = ${space} AND attribute = 'loose'`.execute(db);
    expect(Number(loose.rows[0]!.n)).toBe(0);
    // Once the attribute is no longer a number attribute, the job drops its summaries.
    expect(await kept()).toBe(1);
    await db
      .updateTable('attributes')
      .set({ type: 'text' })
      .where('space_id', '=', space)
      .where('key', '=', key)
      .execute();
    await refreshVersionCustom(db, space, tree.version);
    expect(await kept()).toBe(0);
    await db
      .updateTable('attributes')
      .set({ type: 'number' })
      .where('space_id', '=', space)
      .where('key', '=', key)
      .execute();
  });

  it('goes with its version', async () => {
    await customCostCurve(db, spaceScope, key, { unit: 'month' });
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT (SELECT COUNT(*) FROM analytics_custom_buckets WHERE version_id = ${target})
            + (SELECT COUNT(*) FROM analytics_custom_summaries WHERE version_id = ${target}) AS n`.execute(db)
        ).rows[0]!.n,
      );
    expect(await count()).toBeGreaterThan(0);
    await db.deleteFrom('versions').where('id', '=', target).execute();
    expect(await count()).toBe(0);
  });
});
