// What a copy of a version carries (docs/versions.md "What a copy carries"): on the demo's working
// version — with its assignments and directory links, plus an executor and a curator on a row,
// accepted curator dates, a levelling (levelled starts and its head row), daily plans, a cyclogram
// colour, a layout and print settings — copy-to another schedule, a new version copied from it and
// "this version's dates become the target" each give a version whose every copied table holds the
// same rows as the source's (the row ids kept), the levelling current, and nothing else differs
// in a comparison with the source.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CompareResult, EpsNode, EpsTree, UserSpace, Version } from '../../src/api';
import type { DB } from '../../src/server/db/schema';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { COPIED_VERSION_TABLES } from '../../src/server/services/content';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const LEVEL_OPTIONS = {
  priority: [{ field: 'total_float' }],
  within_float: false,
  preserve_started: true,
  resource_ids: null,
  time_ms: 0,
};
const LEVEL_STATS = {
  levelled: 1,
  delayed: 1,
  overallocations_before: 1,
  overallocations_after: 0,
  resolved: true,
  finish_before: null,
  finish_after: null,
  passes: 1,
  ms: 3,
};

describe('a copy of a version carries what the version owns', () => {
  let h: Harness;
  let app: FastifyInstance;
  let db: Kysely<DB>;
  let auth: { token: string; space: string };
  let working: Version;

  /** A table's rows of a version, without the version id, as sorted JSON texts. */
  const rowsOf = async (table: string, versionId: string) => {
    const { rows } = await sql<{ r: string }>`SELECT (to_jsonb(t) - 'version_id')::text AS r
      FROM ${sql.table(table)} t WHERE t.space_id = ${auth.space} AND t.version_id = ${versionId}`.execute(
      db,
    );
    return rows.map((x) => x.r).sort();
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    db = h.database.db;
    await seedIfEmpty(db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const user = login.json().user?.id as string | undefined;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    const tree = (
      await call(app, api.eps.tree, { ...auth, params: { space_id: space!.id } })
    ).json() as EpsTree;
    working = tree.versions.find((v) => v.kind === 'version')!;
    const me =
      user ??
      (await db.selectFrom('users').select('id').where('login', '=', DEMO_LOGIN).executeTakeFirstOrThrow())
        .id;

    // Accepted curator dates through the call; the rest written as their own calls store them.
    const accepted = await call(app, api.curatorDates.acceptCuratorDates, {
      ...auth,
      params: { id: working.id },
      body: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tasks = await db
      .selectFrom('wbs_items')
      .select(['id', 'es', 'ef'])
      .where('space_id', '=', auth.space)
      .where('version_id', '=', working.id)
      .where('node_type', '=', 'task')
      .orderBy('order_key')
      .limit(3)
      .execute();
    const [a, b] = tasks;
    const v = { space: auth.space, version: working.id };
    const revision = (
      await db
        .selectFrom('versions')
        .select('revision')
        .where('id', '=', working.id)
        .executeTakeFirstOrThrow()
    ).revision;
    for (const q of [
      sql`INSERT INTO wbs_people (space_id, version_id, wbs_id, executor_id, curator_id, updated_by)
        VALUES (${v.space}, ${v.version}, ${a!.id}, ${me}, ${me}, ${me}), (${v.space}, ${v.version}, ${b!.id}, NULL, ${me}, ${me})`,
      sql`INSERT INTO levelled_starts (space_id, version_id, wbs_id, start, finish, delay, base_start, base_finish)
        VALUES (${v.space}, ${v.version}, ${b!.id}, ${b!.es! + 1440}, ${b!.ef! + 1440}, 480, ${b!.es}, ${b!.ef})`,
      sql`INSERT INTO version_levelling (space_id, version_id, options, stats, revision, levelled_by)
        VALUES (${v.space}, ${v.version}, ${JSON.stringify(LEVEL_OPTIONS)}, ${JSON.stringify(LEVEL_STATS)}, ${revision}, ${me})`,
      sql`INSERT INTO wdp_rows (space_id, version_id, item_id, unit, mode, base, rate)
        VALUES (${v.space}, ${v.version}, ${a!.id}, 'm3', 'start', 'by_volume', 12.5)`,
      sql`INSERT INTO wdp_days (space_id, version_id, item_id, day, plan, fact, status)
        VALUES (${v.space}, ${v.version}, ${a!.id}, 9500, 4, 3, 'approved'), (${v.space}, ${v.version}, ${a!.id}, 9501, 5, NULL, 'open')`,
      sql`INSERT INTO cyclogram_colors (space_id, version_id, kind_key, kind, color)
        VALUES (${v.space}, ${v.version}, 'Concrete', 'attribute', '#aa3300')`,
      sql`INSERT INTO version_layouts (space_id, version_id, user_id, layout)
        VALUES (${v.space}, ${v.version}, ${me}, '{"columns":["code","name"]}') ON CONFLICT DO NOTHING`,
      sql`INSERT INTO print_settings (space_id, version_id, user_id, settings)
        VALUES (${v.space}, ${v.version}, ${me}, '{"paper":"A3"}') ON CONFLICT DO NOTHING`,
      sql`INSERT INTO version_models (space_id, version_id, source, project_name, options)
        VALUES (${v.space}, ${v.version}, 'product', 'Demo', '{}') ON CONFLICT DO NOTHING`,
    ])
      await q.execute(db);
    // Every copied table has rows in the source, so each check below can fail.
    for (const table of COPIED_VERSION_TABLES)
      expect((await rowsOf(table, working.id)).length, `${table} in the source`).toBeGreaterThan(0);
  }, 240_000);
  afterAll(() => h.close());

  /** Every copied table of `copy` holds the source's rows (the levelling at the copy's revision). */
  const expectCopied = async (copyId: string) => {
    for (const table of COPIED_VERSION_TABLES) {
      const [source, copied] = await Promise.all([rowsOf(table, working.id), rowsOf(table, copyId)]);
      if (table === 'version_levelling') {
        const strip = (rs: string[]) => rs.map((r) => ({ ...JSON.parse(r), revision: 0 }));
        expect(strip(copied), table).toEqual(strip(source));
      } else expect(copied, table).toEqual(source);
    }
    const levelling = await call(app, api.levelling.read, { ...auth, params: { id: copyId } });
    expect(levelling.statusCode, levelling.body).toBe(200);
    expect(levelling.json()).toMatchObject({ levelled: true, out_of_date: false });
    expect((levelling.json() as { items: unknown[] }).items).toHaveLength(1);
  };

  it('copy-to another schedule carries assignments, row people, curator dates, levelling, plans', async () => {
    const tree = (
      await call(app, api.eps.tree, { ...auth, params: { space_id: auth.space } })
    ).json() as EpsTree;
    const projectId = tree.nodes.find((n) => n.id === working.schedule_id)!.parent_id!;
    const other = (
      await call(app, api.projects.createSchedule, {
        ...auth,
        params: { id: projectId },
        body: { name: 'Copies' },
      })
    ).json() as EpsNode;
    const res = await call(app, api.versionCompare.copyTo, {
      ...auth,
      params: { id: working.id, scheduleId: other.id },
      body: { label: 'Carried over' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Version;
    expect(copy.schedule_id).toBe(other.id);
    await expectCopied(copy.id);
    // The curator dates dialog of the copy shows the acceptances.
    const curator = await call(app, api.curatorDates.curatorDates, { ...auth, params: { id: copy.id } });
    expect(curator.statusCode, curator.body).toBe(200);
    expect((curator.json() as { accepted: number }).accepted).toBeGreaterThan(0);
  }, 120_000);

  it('a version copied in its schedule, and a target made from its dates, are the same as it', async () => {
    const created = await call(app, api.versions.create, {
      ...auth,
      params: { id: working.schedule_id },
      body: { label: 'Copy', copy_from_version_id: working.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = created.json() as Version;
    await expectCopied(copy.id);
    const res = await call(app, api.versionCompare.compare, {
      ...auth,
      params: { id: working.schedule_id },
      body: { base_version_id: working.id, version_id: copy.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as CompareResult;
    expect(c.rows.flatMap((r) => r.changed)).toEqual([]);
    expect(c.summary).toMatchObject({ added: 0, removed: 0, changed: 0, relations_added: 0 });

    const target = await call(app, api.versionCompare.targetDates, {
      ...auth,
      params: { id: working.id },
      body: {},
    });
    expect(target.statusCode, target.body).toBe(200);
    await expectCopied((target.json() as Version).id);
  }, 120_000);
});
