// The compare call's narrow read of a calculated version (services/compare-sides.ts readStoredSide:
// only the columns compare needs, no engine model) gives exactly the side the engine model gives
// (modelSide 'stored': loadVersionModel + compareSideOf) — on the demo schedule with what the demo
// lacks set in SQL: attribute values of every kind, limits, constraints an import kept (shown by the
// columns and not), a draft, a row on another calendar, assignments to a resource.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, UserSpace, Version } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { compareSide, modelSide } from '../../src/server/services/compare-sides';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('compare: the narrow read of a calculated version', () => {
  let h: Harness;
  let space: string;
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
  }, 240_000);
  afterAll(() => h?.close());

  it('gives the side the engine model gives, row for row and in the same order', async () => {
    const db = h.database.db;
    const v = working.id;
    const where = sql`space_id = ${space} AND version_id = ${v}`;
    const ids = (
      await sql<{
        id: string;
      }>`SELECT id FROM wbs_items WHERE ${where} AND node_type = 'task' ORDER BY order_key, id`.execute(db)
    ).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(6);
    const [a, b, c, d, e, f] = ids as [string, string, string, string, string, string];
    await sql`UPDATE wbs_items SET attributes = ${JSON.stringify({ z: 2.5, a: 'x', e: '', n: null, o: { k: [1, 'é'] }, t: true, 10: 'ten' })}::jsonb
      WHERE ${where} AND id = ${a}`.execute(db);
    await sql`UPDATE wbs_items SET start_limit_type = 'not_earlier', start_limit_date = 100000 WHERE ${where} AND id = ${b}`.execute(
      db,
    );
    await sql`UPDATE wbs_items SET finish_limit_type = 'in_date', finish_limit_date = 200000, code = '' WHERE ${where} AND id = ${c}`.execute(
      db,
    );
    await sql`UPDATE wbs_items SET node_type = 'draft', percent = 33.3 WHERE ${where} AND id = ${d}`.execute(
      db,
    );
    // Kept constraints: one the columns no longer show (the columns win), one they do (kept wins).
    await sql`UPDATE wbs_items SET start_limit_type = 'in_date', start_limit_date = 300000,
      finish_limit_type = 'not_later', finish_limit_date = 400000 WHERE ${where} AND id = ${e}`.execute(db);
    const extras = {
      [e]: {
        constraints: [
          { on: 'start', type: 'mandatory', date: 300000 },
          { on: 'finish', type: 'not_later', date: 400000 },
        ],
      },
      [f]: { constraints: [{ on: 'start', type: 'mandatory', date: 5 }], sourceId: 'X1' },
    };
    const hasModel = await sql`SELECT 1 FROM version_models WHERE ${where}`.execute(db);
    if (hasModel.rows.length)
      await sql`UPDATE version_models SET item_extras = item_extras || ${JSON.stringify(extras)}::jsonb WHERE ${where}`.execute(
        db,
      );
    else
      await sql`INSERT INTO version_models (space_id, version_id, source, project_name, options, item_extras, relation_extras, calendar_ids, attribute_defs)
        VALUES (${space}, ${v}, 'product', '', 'null'::jsonb, ${JSON.stringify(extras)}::jsonb, '{}', '{}', '{}')`.execute(
        db,
      );
    const calendar = (
      await sql<{
        id: string;
      }>`INSERT INTO calendars (space_id, name, week, exceptions, hours_per_day, hours_per_week, hours_per_month)
        SELECT space_id, 'Night shift', week, exceptions, hours_per_day, hours_per_week, hours_per_month
        FROM calendars WHERE space_id = ${space} LIMIT 1 RETURNING id`.execute(db)
    ).rows[0]!;
    await sql`UPDATE wbs_items SET calendar_id = ${calendar.id} WHERE ${where} AND id = ${f}`.execute(db);
    const resource = '00000000-0000-4000-8000-0000000000a1';
    await sql`INSERT INTO version_resources (space_id, version_id, id, name) VALUES (${space}, ${v}, ${resource}, 'Crane')`.execute(
      db,
    );
    await sql`INSERT INTO version_assignments (space_id, version_id, id, wbs_id, resource_id, units)
      VALUES (${space}, ${v}, gen_random_uuid(), ${a}, ${resource}, 0.33333), (${space}, ${v}, gen_random_uuid(), ${a}, ${resource}, 2)`.execute(
      db,
    );
    await db.updateTable('versions').set({ timetable_state: 'calculated' }).where('id', '=', v).execute();

    const narrow = await compareSide(db, space, v);
    expect(narrow.dates).toBe('stored');
    const reference = await modelSide(db, space, v, 'stored');
    expect(narrow.side.activities.length).toBeGreaterThan(6);
    expect(narrow.side).toEqual(reference);
    const byId = new Map(narrow.side.activities.map((x) => [x.id, x]));
    // The edits show (so the equality above is over values that are there).
    expect(byId.get(a)!.attributes).toContain('o={"k":[1,"é"]}');
    expect(byId.get(a)!.assignments).toContain('Crane: 0.333; Crane: 2');
    expect(byId.get(e)!.constraint).toBe('start mandatory 300000, finish not_later 400000');
    expect(byId.get(f)!.calendarId).toBe('Night shift');
    expect(byId.get(f)!.constraint).toBe('');
    expect(byId.get(d)!.nodeType).toBe('draft');
  }, 120_000);
});
