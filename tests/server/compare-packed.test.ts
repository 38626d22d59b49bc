// The packed side of a calculated version (migration 066, services/compare-packed.ts): a compare
// that reads the packed texts gives exactly the comparison the rows read gives, after random edits
// of the demo's working version (fast-check drives the edits, SQL writes them as a calculation, an
// import or a copy would leave a calculated version); a packed text of an older key is never used.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, UserSpace, Version } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { clearCompareCache } from '../../src/server/services/compare-cache';
import { packCompareSide, readPackedSide } from '../../src/server/services/compare-packed';
import { sideKey } from '../../src/server/services/compare-read';
import { compareSide, compareStored } from '../../src/server/services/compare-sides';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

/** One edit of a row (by its index among the version's tasks) or of a relation. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('rename' as const), row: fc.nat(), name: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('duration' as const),
    row: fc.nat(),
    by: fc.integer({ min: -480, max: 4800 }),
  }),
  fc.record({
    kind: fc.constant('recode' as const),
    row: fc.nat(),
    code: fc.constantFrom('', 'X1', 'A1010'),
  }),
  fc.record({
    kind: fc.constant('dates' as const),
    row: fc.nat(),
    by: fc.integer({ min: -2880, max: 14400 }),
  }),
  fc.record({ kind: fc.constant('critical' as const), row: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), row: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), row: fc.nat(), name: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('attribute' as const),
    row: fc.nat(),
    value: fc.oneof(fc.string(), fc.integer()),
  }),
  fc.record({ kind: fc.constant('limit' as const), row: fc.nat(), date: fc.nat({ max: 9_000_000 }) }),
  fc.record({ kind: fc.constant('assign' as const), row: fc.nat(), units: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('lag' as const), row: fc.nat(), lag: fc.integer({ min: -960, max: 960 }) }),
  fc.record({ kind: fc.constant('unlink' as const), row: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

describe('compare: packed sides', () => {
  let h: Harness;
  let space: string;
  let target: Version;
  let working: Version;

  beforeAll(async () => {
    h = await startHarness();
    await seedIfEmpty(h.database.db);
    const login = await call(h.app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [s] = (await call(h.app, api.users.spaces, { token })).json() as UserSpace[];
    space = s!.id;
    const tree = (await call(h.app, api.eps.tree, { token, params: { space_id: space } })).json() as EpsTree;
    working = tree.versions.find((v) => v.kind === 'version')!;
    target = tree.versions.find((v) => v.kind === 'target' && v.schedule_id === working.schedule_id)!;
    await h.database.db
      .updateTable('versions')
      .set({ timetable_state: 'calculated' })
      .where('id', 'in', [working.id, target.id])
      .execute();
  }, 240_000);
  afterAll(() => h?.close());

  async function apply(e: Edit): Promise<void> {
    const db = h.database.db;
    const v = working.id;
    const where = sql`space_id = ${space} AND version_id = ${v}`;
    const ids = (
      await sql<{
        id: string;
      }>`SELECT id FROM wbs_items WHERE ${where} AND node_type = 'task' ORDER BY order_key, id`.execute(db)
    ).rows.map((r) => r.id);
    if (!ids.length) return;
    const id = ids[e.row % ids.length]!;
    const row = sql`${where} AND id = ${id}`;
    switch (e.kind) {
      case 'rename':
        return void (await sql`UPDATE wbs_items SET name = ${e.name} WHERE ${row}`.execute(db));
      case 'duration':
        return void (await sql`UPDATE wbs_items SET duration = greatest(0, duration + ${e.by}) WHERE ${row}`.execute(
          db,
        ));
      case 'recode':
        return void (await sql`UPDATE wbs_items SET code = ${e.code} WHERE ${row}`.execute(db));
      case 'dates':
        return void (await sql`UPDATE wbs_items SET es = es + ${e.by}, ef = ef + ${e.by}, tf = coalesce(tf, 0) - ${e.by} WHERE ${row}`.execute(
          db,
        ));
      case 'critical':
        return void (await sql`UPDATE wbs_items SET critical = NOT coalesce(critical, false) WHERE ${row}`.execute(
          db,
        ));
      case 'delete':
        return void (await sql`DELETE FROM wbs_items WHERE ${row}`.execute(db));
      case 'add':
        return void (await sql`INSERT INTO wbs_items (space_id, version_id, id, parent_id, order_key, node_type, code, name, duration, es, ef, tf, critical)
          SELECT space_id, version_id, gen_random_uuid(), parent_id, order_key || 'm', 'task', '', ${e.name}, duration, es, ef, tf, critical
          FROM wbs_items WHERE ${row}`.execute(db));
      case 'attribute':
        return void (await sql`UPDATE wbs_items SET attributes = attributes || jsonb_build_object('k', ${JSON.stringify(e.value)}::jsonb) WHERE ${row}`.execute(
          db,
        ));
      case 'limit':
        return void (await sql`UPDATE wbs_items SET start_limit_type = 'not_earlier', start_limit_date = ${e.date} WHERE ${row}`.execute(
          db,
        ));
      case 'assign': {
        const r = await sql<{
          id: string;
        }>`SELECT id FROM version_resources WHERE space_id = ${space} AND version_id = ${v} LIMIT 1`.execute(
          db,
        );
        const resource =
          r.rows[0]?.id ??
          (
            await sql<{ id: string }>`INSERT INTO version_resources (space_id, version_id, id, name)
              VALUES (${space}, ${v}, gen_random_uuid(), 'Crane') RETURNING id`.execute(db)
          ).rows[0]!.id;
        return void (await sql`INSERT INTO version_assignments (space_id, version_id, id, wbs_id, resource_id, units)
          VALUES (${space}, ${v}, gen_random_uuid(), ${id}, ${resource}, ${e.units})`.execute(db));
      }
      case 'lag':
        return void (await sql`UPDATE wbs_relations SET lag = ${e.lag} WHERE ${where}
          AND (pred_id = ${id} OR succ_id = ${id})`.execute(db));
      case 'unlink':
        return void (await sql`DELETE FROM wbs_relations WHERE ${where} AND (pred_id = ${id} OR succ_id = ${id})`.execute(
          db,
        ));
    }
  }

  it('compares as the rows read after random edits', async () => {
    const db = h.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 10 }),
        async (edits, slip) => {
          for (const e of edits) await apply(e);
          // What a calculation does after storing the dates: the version's side packed.
          await packCompareSide(db, space, working.id);
          await packCompareSide(db, space, target.id);
          const key = await sideKey(db, space, working.id);
          expect(await readPackedSide(db, space, working.id, key.key)).not.toBeNull();
          clearCompareCache();
          const packed = await compareStored(db, space, target.id, working.id, slip);
          clearCompareCache();
          const rows = await compareStored(db, space, target.id, working.id, slip, { packed: false });
          expect(packed.comparison).toEqual(rows.comparison);
        },
      ),
      { numRuns: 12 },
    );
  }, 600_000);

  it('never uses a packed side of an older key', async () => {
    const db = h.database.db;
    const v = working.id;
    await packCompareSide(db, space, v);
    const before = await sideKey(db, space, v);
    const first = (
      await sql<{ id: string }>`SELECT id FROM wbs_items WHERE space_id = ${space} AND version_id = ${v}
        AND node_type = 'task' ORDER BY order_key, id LIMIT 1`.execute(db)
    ).rows[0]!.id;
    await sql`UPDATE wbs_items SET name = 'Renamed after packing' WHERE space_id = ${space} AND version_id = ${v} AND id = ${first}`.execute(
      db,
    );
    const after = await sideKey(db, space, v);
    expect(after.key).not.toBe(before.key);
    expect(await readPackedSide(db, space, v, after.key)).toBeNull();
    clearCompareCache();
    const { side } = await compareSide(db, space, v);
    expect(side.activities.find((a) => a.id === first)!.name).toBe('Renamed after packing');
  }, 120_000);
});
