// 3D/BIM link sets (issue 25): named link rules of a project saved, listed, renamed, deleted;
// bad rules and names are a 400 naming the field in en and ru; applying a set to a version links
// exactly what create-relations by the same rules links, answers only the pairs it created, and
// removing those pairs (the screen's undo) leaves the relations as they were before.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { BimInfo, BimModel } from '../../src/api/bim';
import type { BimLinkSet } from '../../src/api/bim-sets';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const SMALL = path.resolve(process.cwd(), '../shared/fixtures/ifc/schependomlaan/ifc/root_kalkzandsteen.ifc');
const present = existsSync(SMALL);
if (!present) console.warn(`bim-sets.test: ${SMALL} is absent — applying a set is skipped`);

const byStorey = { element: { kind: 'storey' as const }, row: { kind: 'name' as const } };
const byClass = { element: { kind: 'class' as const }, row: { kind: 'code' as const } };
type Pair = { wbs_id: string; element_id: number };
const keys = (ps: Pair[]) => ps.map((p) => `${p.wbs_id}:${p.element_id}`).sort();

describe('bim link sets', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const as = () => ({ token, space });

  beforeAll(async () => {
    h = await startHarness({ bimUserCap: 5 });
    app = h.app;
    const u = await signUp(app, 'bimsets');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
  });
  afterAll(() => h?.close());

  const list = async () =>
    (await call(app, api.bim.linkSets, { ...as(), params: { id: tree.project } })).json() as BimLinkSet[];
  const create = (body: unknown, lang?: string) =>
    call(app, api.bim.createLinkSet, {
      ...as(),
      params: { id: tree.project },
      body: body as never,
      ...(lang ? { headers: { language: lang } } : {}),
    });

  it('saves, lists, renames and deletes link sets; bad input is a 400 naming the field', async () => {
    expect(await list()).toEqual([]);
    const a = await create({ name: 'Walls by storey', rules: [byStorey] });
    expect(a.statusCode, a.body).toBe(201);
    const made = a.json() as BimLinkSet;
    expect(made).toMatchObject({ name: 'Walls by storey', project_id: tree.project, rules: [byStorey] });
    expect(made.created_by).toBeTruthy();
    const b = await create({ name: 'Both', rules: [byStorey, { ...byClass, classes: ['IfcWall'] }] });
    expect(b.statusCode, b.body).toBe(201);
    expect((await list()).map((s) => s.name)).toEqual(['Both', 'Walls by storey']);

    // Same name ignoring case: 400 in en and ru, nothing stored.
    const dup = await create({ name: 'walls BY storey', rules: [byStorey] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error_message[0].params.field).toBe('body.name');
    expect(dup.json().error_message[0].error_message).toMatch(/already has a link set named/);
    const dupRu = await create({ name: 'WALLS by storey', rules: [byStorey] }, 'ru');
    expect(dupRu.json().error_message[0].error_message).toMatch(/уже есть набор связей/);
    // Empty name, an unknown element key, a property without its set, an attribute without a key.
    const empty = await create({ name: '  ', rules: [byStorey] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_message[0].params.field).toBe('body.name');
    const kind = await create(
      { name: 'K', rules: [{ element: { kind: 'colour' }, row: { kind: 'name' } }] },
      'ru',
    );
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error_message[0].params.field).toBe('body.rules.0.element.kind');
    expect(kind.json().error_message[0].error_message).toMatch(
      /Неверное значение|body\.rules\.0\.element\.kind/,
    );
    const prop = await create({
      name: 'P',
      rules: [byStorey, { element: { kind: 'property' }, row: { kind: 'name' } }],
    });
    expect(prop.statusCode).toBe(400);
    expect(prop.json().error_message[0].params.field).toBe('body.rules.1.element.property');
    const attr = await create(
      { name: 'A', rules: [{ element: { kind: 'name' }, row: { kind: 'attribute' } }] },
      'ru',
    );
    expect(attr.statusCode).toBe(400);
    expect(attr.json().error_message[0].params.field).toBe('body.rules.0.row.key');
    expect(attr.json().error_message[0].error_message).toMatch(/В правиле нужно указать/);
    // A fixed element value names its rows by row_value (row ids are not saved); unknown keys.
    const fixed = await create({
      name: 'F',
      rules: [byStorey, { element: { kind: 'storey' }, row: { kind: 'code' }, value: 'Level 1' }],
    });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().error_message[0].params.field).toBe('body.rules.1.row_value');
    const fixedRu = await create(
      { name: 'F', rules: [{ element: { kind: 'class' }, row: { kind: 'code' }, value: 'IfcSlab' }] },
      'ru',
    );
    expect(fixedRu.json().error_message[0].error_message).toMatch(/В правиле нужно указать/);
    const extra = await create({ name: 'X', rules: [byStorey, { ...byClass, wbs_ids: [randomUUID()] }] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error_message[0].params.field).toMatch(/^body\.rules\.1/);
    const none = await create({ name: 'N', rules: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_message[0].params.field).toBe('body.rules');
    expect((await list()).length).toBe(2);

    // Rename; to another set's name is refused; the same set may change its own case.
    const params = { id: tree.project, set_id: made.id };
    const ren = await call(app, api.bim.updateLinkSet, { ...as(), params, body: { name: 'Storeys' } });
    expect(ren.statusCode, ren.body).toBe(200);
    expect(ren.json()).toMatchObject({ name: 'Storeys', rules: [byStorey] });
    // Its rules replaced by a list in a new order, a fixed-value rule among them, kept as sent.
    const slabs = {
      element: { kind: 'class' as const },
      value: 'IfcSlab',
      row: { kind: 'code' as const },
      row_value: 'A1234',
    };
    const reorder = await call(app, api.bim.updateLinkSet, {
      ...as(),
      params,
      body: { rules: [slabs, byClass, byStorey] },
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await list()).find((s) => s.id === made.id)!.rules).toEqual([slabs, byClass, byStorey]);
    const badList = await call(app, api.bim.updateLinkSet, {
      ...as(),
      params,
      body: { rules: [byStorey, { ...byClass, row: { kind: 'attribute' } }] },
    });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().error_message[0].params.field).toBe('body.rules.1.row.key');
    await call(app, api.bim.updateLinkSet, { ...as(), params, body: { rules: [byStorey] } });
    const clash = await call(app, api.bim.updateLinkSet, { ...as(), params, body: { name: 'BOTH' } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error_message[0].params.field).toBe('body.name');
    const own = await call(app, api.bim.updateLinkSet, { ...as(), params, body: { name: 'STOREYS' } });
    expect(own.statusCode, own.body).toBe(200);

    const del = await call(app, api.bim.deleteLinkSet, { ...as(), params });
    expect(del.statusCode).toBe(200);
    expect((await list()).map((s) => s.name)).toEqual(['Both']);
    const gone = await call(app, api.bim.deleteLinkSet, { ...as(), params });
    expect(gone.statusCode).toBe(404);
    const unknown = await call(app, api.bim.updateLinkSet, {
      ...as(),
      params: { id: tree.project, set_id: randomUUID() },
      body: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it.skipIf(!present)(
    'applies a set as create-relations by its rules does; removing its pairs undoes it',
    async () => {
      const res = await upload(
        app,
        as(),
        `/projects/${tree.project}/3d/upload`,
        { name: 'root_kalkzandsteen.ifc', data: readFileSync(SMALL) },
        {},
      );
      expect(res.statusCode, res.body).toBe(201);
      const modelId = (res.json() as { model: BimModel }).model.id;
      let info: BimInfo | null = null;
      for (let i = 0; i < 1500 && info?.state !== 'ready'; i++) {
        info = (
          await call(app, api.bim.info, { ...as(), params: { id: tree.project, model_id: modelId } })
        ).json();
        expect(info!.state).not.toBe('failed');
        if (info!.state !== 'ready') await new Promise((r) => setTimeout(r, 100));
      }
      // Two rows: one named after a storey, one coded after a class.
      const floor = randomUUID();
      const walls = randomUUID();
      const rows = [
        newRow(floor, 'task', null, 'a', { name: '01 eerste verdieping', duration: 480 }),
        newRow(walls, 'task', null, 'b', { name: 'Proxy', code: 'IfcBuildingElementProxy', duration: 480 }),
      ];
      const batch = await call(app, api.wbsBatch.batch, {
        ...as(),
        params: { id: tree.version },
        body: {
          revision: 0,
          origin: 'do',
          entry: serializeEntry({
            kind: 'undo_wbs',
            labelKey: 'cmd.add',
            patches: rows.map((r) => ({ op: 'add' as const, path: ['rows', r.id], value: r })),
            inversePatches: rows.map((r) => ({ op: 'remove' as const, path: ['rows', r.id] })),
          }),
        },
      });
      expect(batch.statusCode, batch.body).toBe(200);
      const link = (
        await call(app, api.bim.saveLink, {
          ...as(),
          params: { id: tree.project },
          body: { model_id: modelId, schedule_id: tree.schedule },
        })
      ).json().id as string;
      const p = { id: tree.version, link_id: link };
      const relations = async () =>
        keys((await call(app, api.bim.relations, { ...as(), params: p })).json() as Pair[]);

      // What create-relations by the same rules links (then removed again).
      for (const rule of [byStorey, byClass])
        expect(
          (await call(app, api.bim.createRelations, { ...as(), params: p, body: { rule } })).statusCode,
        ).toBe(200);
      const expected = await relations();
      expect(expected.length).toBeGreaterThan(10);
      expect(expected.some((k) => k.startsWith(floor))).toBe(true);
      expect(expected.some((k) => k.startsWith(walls))).toBe(true);
      const all = (await call(app, api.bim.relations, { ...as(), params: p })).json() as Pair[];
      await call(app, api.bim.deleteRelations, {
        ...as(),
        params: p,
        body: { pairs: all.map((r) => ({ wbs_id: r.wbs_id, element_id: r.element_id })) },
      });
      expect(await relations()).toEqual([]);

      // One pair linked by hand before: the set keeps it and does not answer it as created.
      const first = all[0]!;
      await call(app, api.bim.createRelations, {
        ...as(),
        params: p,
        body: { wbs_ids: [first.wbs_id], element_ids: [first.element_id] },
      });
      const before = await relations();
      const set = (
        await create({ name: 'Storeys and classes', rules: [byStorey, byClass] })
      ).json() as BimLinkSet;
      const applied = await call(app, api.bim.applyLinkSet, { ...as(), params: { ...p, set_id: set.id } });
      expect(applied.statusCode, applied.body).toBe(200);
      const out = applied.json() as { created: number; rows: number; elements: number; pairs: Pair[] };
      expect(await relations()).toEqual(expected);
      expect(out.created).toBe(expected.length - 1);
      expect(keys(out.pairs)).toEqual(expected.filter((k) => k !== `${first.wbs_id}:${first.element_id}`));
      expect(out.rows).toBe(2);
      // Applying again creates nothing.
      const again = await call(app, api.bim.applyLinkSet, { ...as(), params: { ...p, set_id: set.id } });
      expect(again.json().created).toBe(0);
      // The undo removes exactly the pairs the apply created.
      const undo = await call(app, api.bim.deleteRelations, {
        ...as(),
        params: p,
        body: { pairs: out.pairs },
      });
      expect(undo.json().deleted).toBe(out.created);
      expect(await relations()).toEqual(before);
      // An unknown set: 404, nothing linked.
      const unknown = await call(app, api.bim.applyLinkSet, {
        ...as(),
        params: { ...p, set_id: randomUUID() },
      });
      expect(unknown.statusCode).toBe(404);
      expect(await relations()).toEqual(before);

      // Two rules of another kind: the ground floor's walls to the row coded as the proxies'
      // class (fixed values on both sides) and the first floor by name. It links what
      // create-relations by the same two rules links, and answers each rule's own counts.
      await call(app, api.bim.deleteRelations, {
        ...as(),
        params: p,
        body: { pairs: before.map((k) => ({ wbs_id: k.slice(0, 36), element_id: Number(k.slice(37)) })) },
      });
      const groundWalls = {
        element: { kind: 'storey' as const },
        value: '00 BEGANE GROND',
        row: { kind: 'code' as const },
        row_value: 'ifcbuildingelementproxy',
        classes: ['IfcWall'],
      };
      for (const rule of [groundWalls, byStorey])
        await call(app, api.bim.createRelations, { ...as(), params: p, body: { rule } });
      const twoRules = await relations();
      const wallsOnly = twoRules.filter((k) => k.startsWith(walls)).length;
      const floorOnly = twoRules.filter((k) => k.startsWith(floor)).length;
      expect(wallsOnly).toBeGreaterThan(5);
      expect(floorOnly).toBeGreaterThan(5);
      const cleared = (await call(app, api.bim.relations, { ...as(), params: p })).json() as Pair[];
      const gone = await call(app, api.bim.deleteRelations, {
        ...as(),
        params: p,
        body: { pairs: cleared.map((r) => ({ wbs_id: r.wbs_id, element_id: r.element_id })) },
      });
      expect(gone.json().deleted).toBe(twoRules.length);
      const set2 = (
        await create({ name: 'Ground walls, floors', rules: [groundWalls, byStorey] })
      ).json() as BimLinkSet;
      const out2 = (
        await call(app, api.bim.applyLinkSet, { ...as(), params: { ...p, set_id: set2.id } })
      ).json() as typeof out & { per_rule: { pairs: number; rows: number; elements: number }[] };
      expect(await relations()).toEqual(twoRules);
      expect(out2.created).toBe(twoRules.length);
      expect(out2.per_rule).toEqual([
        { pairs: wallsOnly, rows: 1, elements: wallsOnly },
        { pairs: floorOnly, rows: 1, elements: floorOnly },
      ]);
      await call(app, api.bim.deleteRelations, { ...as(), params: p, body: { pairs: out2.pairs } });
      expect(await relations()).toEqual([]);
    },
  );
});
