// Complex relations between directories: relations and their rows, dependent directories, loops
// refused, export and import of the rows, and the norms applied to a version's assignments (the
// indicator names stale rows; the recalculation adds, changes and removes assignments).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { ComplexIndicator, Directory, DirectoryRelation, DirectoryRelationRow } from '../../src/api';
import { makeSpace, makeTree, signUp, type Tree } from './support/fixtures';
import { call, startHarness, type Harness } from './support/harness';
import { upload } from './transfer-helpers';

describe('directory complex relations', () => {
  let h: Harness;
  let auth: { token: string; space: string };
  let tree: Tree;
  let version: string;
  let row: string;
  const dirs: Record<string, Directory> = {};
  const value = (d: string, code: string) => dirs[d]!.values.find((v) => v.code === code)!.id;
  let wm: DirectoryRelation;
  let ml: DirectoryRelation;
  const R = api.directoryRelations;
  const indicator = async () =>
    (await call(h.app, R.indicator, { ...auth, params: { id: version } })).json() as ComplexIndicator;
  const assignments = async () =>
    Object.fromEntries(
      (
        (
          await call(h.app, api.resources.assignments, {
            ...auth,
            query: { version_id: version, wbs_id: row },
          })
        ).json() as { items: { resource_name: string; units: number }[] }
      ).items.map((a) => [a.resource_name, a.units]),
    );

  beforeAll(async () => {
    h = await startHarness();
    const owner = await signUp(h.app, 'dirrel');
    auth = { token: owner.token, space: await makeSpace(h.app, owner.token, 'Norms') };
    tree = await makeTree(h.app, owner.token, auth.space);
    for (const [name, csv] of [
      ['Work', 'code;name\nW1;Wall\nW2;Slab\n'],
      ['Materials', 'code;name\nBR;Brick\nMO;Mortar\n'],
      ['Labour', 'code;name\nMA;Mason\n'],
    ] as const) {
      const d = await upload(h.app, auth, `/eps/${auth.space}/directory/upload`, {
        name: `${name}.csv`,
        data: csv,
      });
      expect(d.statusCode, d.body).toBe(201);
      dirs[name] = d.json() as Directory;
    }
    for (const [code, name] of [
      ['BR', 'Brick'],
      ['MO', 'Mortar'],
      ['MA', 'Mason'],
    ])
      expect((await call(h.app, api.resources.create, { ...auth, body: { code, name } })).statusCode).toBe(
        201,
      );
    const v = await upload(h.app, auth, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
      name: 'site.csv',
      data: 'Code,Name,Duration (d)\nA10,Brick wall,2\nA20,Other,1\n',
    });
    expect(v.statusCode, v.body).toBe(201);
    version = v.json().id;
    const items = (await call(h.app, api.versions.content, { ...auth, params: { id: version } })).json()
      .items as {
      id: string;
      code: string;
    }[];
    row = items.find((i) => i.code === 'A10')!.id;
    await h.database.db
      .updateTable('wbs_items')
      .set({ volume: 10 })
      .where('space_id', '=', auth.space)
      .where('id', '=', row)
      .execute();
    const link = await call(h.app, api.directories.setWbsLink, {
      ...auth,
      params: { id: version, wbsId: row },
      body: { directory_id: dirs.Work!.id, value_id: value('Work', 'W1') },
    });
    expect(link.statusCode, link.body).toBe(200);
  });
  afterAll(() => h.close());

  it('creates relations with rows, lists dependents and refuses loops and doubles', async () => {
    const create = (source: string, target: string, name = '') =>
      call(h.app, R.create, {
        ...auth,
        body: { source_directory_id: dirs[source]!.id, target_directory_id: dirs[target]!.id, name },
      });
    const a = await create('Work', 'Materials', 'Materials per m²');
    expect(a.statusCode, a.body).toBe(201);
    wm = a.json();
    expect(wm).toMatchObject({ source_name: 'Work', target_name: 'Materials', assign: true, row_count: 0 });
    ml = (await create('Materials', 'Labour')).json();
    expect((await create('Labour', 'Work')).json()).toMatchObject({
      error_message: [{ code: 'relation.cycle' }],
    });
    expect((await create('Labour', 'Work')).statusCode).toBe(400);
    expect((await create('Work', 'Materials')).statusCode).toBe(409);

    const rows = await call(h.app, R.assignRows, {
      ...auth,
      params: { id: wm.id },
      body: {
        rows: [
          { source_value_id: value('Work', 'W1'), target_value_id: value('Materials', 'BR'), norm: 400 },
          { source_value_id: value('Work', 'W1'), target_value_id: value('Materials', 'MO'), norm: 0.25 },
        ],
      },
    });
    expect(rows.statusCode, rows.body).toBe(200);
    expect(
      (rows.json() as DirectoryRelationRow[]).map((r) => [r.source_code, r.target_code, r.norm]),
    ).toEqual([
      ['W1', 'BR', 400],
      ['W1', 'MO', 0.25],
    ]);
    await call(h.app, R.assignRows, {
      ...auth,
      params: { id: ml.id },
      body: {
        rows: [
          { source_value_id: value('Materials', 'BR'), target_value_id: value('Labour', 'MA'), norm: 0.01 },
          { source_value_id: value('Materials', 'MO'), target_value_id: value('Labour', 'MA'), norm: 2 },
        ],
      },
    });
    const wrong = await call(h.app, R.assignRows, {
      ...auth,
      params: { id: wm.id },
      body: {
        rows: [{ source_value_id: value('Work', 'W1'), target_value_id: value('Labour', 'MA'), norm: 1 }],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_message[0]).toMatchObject({
      code: 'relation.wrong_value',
      params: { field: 'body.rows.0.target_value_id' },
    });

    const all = (await call(h.app, R.allRelations, { ...auth, params: { id: dirs.Materials!.id } })).json();
    expect(all.map((r: DirectoryRelation) => [r.source_name, r.target_name, r.row_count])).toEqual([
      ['Materials', 'Labour', 2],
      ['Work', 'Materials', 2],
    ]);
    const deps = (await call(h.app, R.dependents, { ...auth, body: { directory_id: dirs.Work!.id } })).json();
    expect(deps).toEqual([
      { directory_id: dirs.Materials!.id, name: 'Materials', depth: 1 },
      { directory_id: dirs.Labour!.id, name: 'Labour', depth: 2 },
    ]);
    const only = (
      await call(h.app, R.rows, {
        ...auth,
        body: { relation_id: ml.id, source_value_id: value('Materials', 'MO') },
      })
    ).json();
    expect(only.map((r: DirectoryRelationRow) => r.target_code)).toEqual(['MA']);
  });

  it('shows stale rows and recalculates the assignments from the volumes and norms', async () => {
    const before = await indicator();
    expect(before).toMatchObject({ checked: 1, stale: 1, missing: [] });
    expect(before.rows[0]!.required.map((a) => [a.code, a.units])).toEqual([
      ['BR', 4000],
      ['MA', 45],
      ['MO', 2.5],
    ]);
    expect(before.rows[0]!.actual).toEqual([]);
    const rec = await call(h.app, R.recalculate, { ...auth, params: { id: version } });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({ rows: 1, added: 3, updated: 0, removed: 0 });
    expect(await assignments()).toEqual({ Brick: 4000, Mason: 45, Mortar: 2.5 });
    expect(await indicator()).toMatchObject({ checked: 1, stale: 0, rows: [] });
    // Again: nothing to do.
    expect((await call(h.app, R.recalculate, { ...auth, params: { id: version } })).json()).toMatchObject({
      rows: 0,
    });
  });

  it('follows changed norms and removed rows', async () => {
    const rows = (
      await call(h.app, R.rows, { ...auth, body: { relation_id: wm.id } })
    ).json() as DirectoryRelationRow[];
    const brick = rows.find((r) => r.target_code === 'BR')!;
    const mortar = rows.find((r) => r.target_code === 'MO')!;
    const upd = await call(h.app, R.updateRows, {
      ...auth,
      params: { id: wm.id },
      body: { rows: [{ id: brick.id, norm: 500 }] },
    });
    expect(upd.json()[0]).toMatchObject({ norm: 500 });
    const del = await call(h.app, R.deleteRows, {
      ...auth,
      params: { id: wm.id },
      body: { ids: [mortar.id] },
    });
    expect(del.json()).toEqual({ success: true, removed: 1 });
    expect((await indicator()).stale).toBe(1);
    expect((await call(h.app, R.recalculate, { ...auth, params: { id: version } })).json()).toMatchObject({
      rows: 1,
      added: 0,
      updated: 2,
      removed: 1,
    });
    expect(await assignments()).toEqual({ Brick: 5000, Mason: 50 });
    // A reference relation (assign off) decides nothing: its targets' assignments stay as they are.
    await call(h.app, R.updateOptions, { ...auth, body: { id: ml.id, assign: false } });
    const labour = (await call(h.app, R.rows, { ...auth, body: { relation_id: ml.id } })).json();
    await call(h.app, R.updateRows, {
      ...auth,
      params: { id: ml.id },
      body: { rows: [{ id: labour[0].id, norm: 0.02 }] },
    });
    expect((await call(h.app, R.recalculate, { ...auth, params: { id: version } })).json()).toMatchObject({
      rows: 0,
    });
    expect(await assignments()).toEqual({ Brick: 5000, Mason: 50 });
    await call(h.app, R.updateOptions, { ...auth, body: { id: ml.id, assign: true } });
  });

  it('exports the rows and imports them back, naming the rows of a bad file', async () => {
    const file = await call(h.app, R.exportRelations, {
      ...auth,
      params: { sourceId: dirs.Work!.id, targetId: dirs.Materials!.id },
      query: { format: 'xlsx' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = (
      await call(h.app, R.rows, { ...auth, body: { relation_id: wm.id } })
    ).json() as DirectoryRelationRow[];
    await call(h.app, R.deleteRows, { ...auth, params: { id: wm.id }, body: { ids: rows.map((r) => r.id) } });
    const back = await upload(
      h.app,
      auth,
      `/directory-complex-relations/import-relations/${dirs.Work!.id}/${dirs.Materials!.id}`,
      {
        name: 'rel.xlsx',
        data: file.rawPayload,
      },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ rows: 1, relation: { id: wm.id, row_count: 1 } });
    const again = (await call(h.app, R.rows, { ...auth, body: { relation_id: wm.id } })).json();
    expect(again.map((r: DirectoryRelationRow) => [r.source_code, r.target_code, r.norm])).toEqual([
      ['W1', 'BR', 500],
    ]);

    const bad = await upload(
      h.app,
      auth,
      `/directory-complex-relations/import-relations/${dirs.Work!.id}/${dirs.Materials!.id}`,
      { name: 'rel.csv', data: 'source code;target code;norm\nW1;BR;1\nW7;BR;1\nW2;XX;1\n' },
      {},
      'ru',
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad.json().error_message.map((e: { code: string; params: { row: number } }) => [e.code, e.params.row]),
    ).toEqual([
      ['relation.unknown_source', 3],
      ['relation.unknown_target', 4],
    ]);
    expect(bad.json().error_message[0].error_message).toContain('Строка 3');
    // A new pair: the import creates the relation.
    const fresh = await upload(
      h.app,
      auth,
      `/directory-complex-relations/import-relations/${dirs.Work!.id}/${dirs.Labour!.id}`,
      {
        name: 'rel.csv',
        data: 'source code,target code,norm\nW2,MA,"1,5"\n',
      },
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ rows: 1, relation: { source_name: 'Work', target_name: 'Labour' } });
  });

  it('deletes a relation and its rows', async () => {
    const del = await call(h.app, R.remove, { ...auth, params: { id: ml.id } });
    expect(del.statusCode).toBe(200);
    expect(
      (await call(h.app, R.allRelations, { ...auth, params: { id: dirs.Labour!.id } })).json(),
    ).toHaveLength(1);
    expect((await call(h.app, R.remove, { ...auth, params: { id: ml.id } })).statusCode).toBe(404);
  });
});
