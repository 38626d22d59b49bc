// GET versions/{id}/wbs/columns holds exactly the rows and relations of GET versions/{id}/wbs,
// by columns: the same values, parent / pred / succ as positions, sparse attributes.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, UserSpace, VersionColumns, VersionContent } from '../../src/api';
import { decodeColumns } from '../../src/api/columns-binary';
import { columnsOfContent, contentOfColumns } from '../../src/api/version-columns';
import { getVersion } from '../../src/server/routes/versions';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { contentColumnsJson } from '../../src/server/services/content-columns';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('version content by columns', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: UserSpace;
  let tree: EpsTree;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    token = (await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } })).json()
      .token;
    [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    tree = (await call(app, api.eps.tree, { token, params: { space_id: space!.id } })).json() as EpsTree;
  });
  afterAll(() => h.close());

  const read = async (id: string) => {
    const rows = (await call(app, api.versions.content, { token, space: space.id, params: { id } })).json();
    const cols = await call(app, api.versions.contentColumns, { token, space: space.id, params: { id } });
    expect(cols.statusCode).toBe(200);
    // The workbench's binary read (src/api/columns-binary.ts) decodes to the same columns.
    const bin = await call(app, api.versions.contentColumns, {
      token,
      space: space.id,
      params: { id },
      query: { format: 'binary' },
    });
    expect(bin.statusCode).toBe(200);
    expect(bin.headers['content-type']).toBe('application/octet-stream');
    const raw = bin.rawPayload;
    const decoded = decodeColumns(
      raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer,
    );
    expect(decoded).toEqual(cols.json());
    return { rows: rows as VersionContent, cols: cols.json() as VersionColumns };
  };

  it('matches the row content of the demo version, attributes and nulls included', async () => {
    const version = tree.versions[0]!;
    const { rows: before } = await read(version.id);
    const tagged = before.items.find((i) => i.node_type === 'task')!;
    await h.database.db
      .updateTable('wbs_items')
      .set({ attributes: JSON.stringify({ zone: 'B2', crew: 4 }) as never })
      .where('id', '=', tagged.id)
      .execute();
    const { rows, cols } = await read(version.id);
    // Items in tree order; relations in no particular order (compared as sets below).
    const expected = columnsOfContent(rows);
    expect({ ...cols, relations: null }).toEqual({ ...expected, relations: null });
    expect(cols.relations.id.length).toBe(expected.relations.id.length);
    // The demo's rows carry Location and Work type; the tagged row holds exactly what was stored.
    expect(cols.items.attributes).toContainEqual([cols.items.id.indexOf(tagged.id), { zone: 'B2', crew: 4 }]);
    const back = contentOfColumns(cols);
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect([...back.items].sort(byId)).toEqual([...rows.items].sort(byId));
    expect([...back.relations].sort(byId)).toEqual([...rows.relations].sort(byId));
    // Siblings come out in order-key order, under their parent's position.
    const { parent, order_key } = cols.items;
    for (let i = 1; i < parent.length; i++)
      if (parent[i] === parent[i - 1]) expect(order_key[i]! >= order_key[i - 1]!).toBe(true);
  });

  it('answers an empty version with empty columns', async () => {
    const copy = (
      await call(app, api.versions.create, {
        token,
        space: space.id,
        params: { id: tree.nodes.find((n) => n.kind === 'schedule')!.id },
        body: { label: 'Empty', kind: 'version' },
      })
    ).json() as { id: string };
    const { cols } = await read(copy.id);
    expect(cols.items.id).toEqual([]);
    expect(cols.items.attributes).toEqual([]);
    expect(cols.items.sched).toEqual([]);
    expect(cols.version.schedule_options).toBeNull();
    expect(cols.relations).toEqual({ id: [], pred: [], succ: [], type: [], lag: [], lag_calendar: [] });
  });

  it('keeps a prepared read for the route: the stamp it reads itself and the one read with the version agree', async () => {
    const version = tree.versions[0]!;
    const db = h.database.db;
    // As prewarmColumns reads it (its own stamp query), then as the route does (the version's row).
    const prepared = await contentColumnsJson(db, space.id, version.id);
    const row = await getVersion(db, space.id, version.id);
    expect(await contentColumnsJson(db, space.id, version.id, row.content_stamp)).toBe(prepared);
  });

  it('follows every write of the content: a kept read never outlives a change', async () => {
    const version = tree.versions[0]!;
    const stamp = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('versions')
            .select(sql<string>`content_stamp::text`.as('s'))
            .where('id', '=', version.id)
            .executeTakeFirstOrThrow()
        ).s,
      );
    const first = (await read(version.id)).cols;
    // Read again unchanged: the same answer (kept), the same stamp.
    const s0 = await stamp();
    expect((await read(version.id)).cols).toEqual(first);
    expect(await stamp()).toBe(s0);
    const id = first.items.id[first.items.node_type.indexOf('task')]!;
    const items = () => h.database.db.selectFrom('wbs_items').where('version_id', '=', version.id);
    // Items: update, delete, insert (through SQL, as any writer would) each move the stamp.
    await h.database.db.updateTable('wbs_items').set({ name: 'Renamed' }).where('id', '=', id).execute();
    expect(await stamp()).toBe(s0 + 1);
    const cols = (await read(version.id)).cols;
    expect(cols.items.name[cols.items.id.indexOf(id)]).toBe('Renamed');
    const row = await items().selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rels = await h.database.db
      .selectFrom('wbs_relations')
      .selectAll()
      .where('version_id', '=', version.id)
      .execute();
    const touching = rels.filter((r) => r.pred_id === id || r.succ_id === id);
    await h.database.db
      .deleteFrom('wbs_relations')
      .where(
        'id',
        'in',
        touching.length ? touching.map((r) => r.id) : ['00000000-0000-4000-8000-000000000000'],
      )
      .execute();
    await h.database.db
      .deleteFrom('wbs_items')
      .where('id', '=', id)
      .where('version_id', '=', version.id)
      .execute();
    expect((await read(version.id)).cols.items.id).not.toContain(id);
    await h.database.db
      .insertInto('wbs_items')
      .values({ ...row, attributes: JSON.stringify(row.attributes) as never })
      .execute();
    if (touching.length) await h.database.db.insertInto('wbs_relations').values(touching).execute();
    const back = (await read(version.id)).cols;
    expect(back.items.id).toContain(id);
    expect(back.relations.id.length).toBe(first.relations.id.length);
    expect(await stamp()).toBeGreaterThanOrEqual(s0 + 4);
  });
});
