// 3D/BIM on the server (issue 25): every shared IFC fixture uploads as a job, is read in a worker
// thread and answers the element counts per class and the storeys its inventory.json holds
// (IfcOpenShell's figures); broken input is a 400 in en and ru with nothing stored; the BIM
// entitlement and its cap; links by hand and by rule, coverage, the player's data.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { BimElement, BimInfo, BimModel } from '../../src/api/bim';
import { unpackGeometry } from '../../src/domain/bim';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, onPostgres, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const DIR = path.resolve(process.cwd(), '../shared/fixtures/ifc');
const present = existsSync(path.join(DIR, 'inventory.json'));
if (!present) console.warn(`bim.test: ${DIR} is absent — the IFC fixture tests are skipped`);

interface InventoryFile {
  kind: string;
  schema: string;
  products_with_geometry: number;
  products_with_geometry_by_class: Record<string, number>;
  storeys: { count: number; list: { name: string | null; elevation: number | null; global_id: string }[] };
}
const inventory = present
  ? (JSON.parse(readFileSync(path.join(DIR, 'inventory.json'), 'utf8')) as {
      files: Record<string, InventoryFile>;
    })
  : { files: {} };
const ifcFiles = Object.keys(inventory.files).filter((f) => f.endsWith('.ifc'));
const SMALL = 'schependomlaan/ifc/root_kalkzandsteen.ifc';
// The parse is the same on either database and takes most of this file's time: PostgreSQL's run
// reads the fixtures up to 2 MB (12 of 14; the elements go through its own statements all the
// same), the default database's run reads every one.
const readHere = onPostgres
  ? ifcFiles.filter((f) => statSync(path.join(DIR, f)).size <= 2_000_000)
  : ifcFiles;

describe.skipIf(!present)('bim', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const as = () => ({ token, space });
  const models = new Map<string, string>();

  beforeAll(async () => {
    h = await startHarness({ bimUserCap: 1 });
    app = h.app;
    const u = await signUp(app, 'bim');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
  });
  afterAll(() => h?.close());

  const send = (name: string, data: Uint8Array | string, lang = 'en') =>
    upload(app, as(), `/projects/${tree.project}/3d/upload`, { name, data }, {}, lang);

  const waitReady = async (id: string): Promise<BimInfo> => {
    for (let i = 0; i < 600; i++) {
      const r = await call(app, api.bim.info, { ...as(), params: { id: tree.project, model_id: id } });
      expect(r.statusCode, r.body).toBe(200);
      const info = r.json() as BimInfo;
      if (info.state !== 'processing') return info;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('model not read in time');
  };

  it(
    'reads every shared IFC fixture into the counts and storeys of its inventory',
    { timeout: 600_000 },
    async () => {
      expect(ifcFiles.length).toBeGreaterThanOrEqual(14);
      expect(readHere).toContain(SMALL);
      for (const f of readHere) {
        const res = await send(path.basename(f), readFileSync(path.join(DIR, f)));
        expect(res.statusCode, res.body).toBe(201);
        const { model, job } = res.json() as { model: BimModel; job: { type: string } };
        expect(job.type).toBe('bim_upload');
        const info = await waitReady(model.id);
        expect(info.state, `${f}: ${JSON.stringify(info.errors)}`).toBe('ready');
        const inv = inventory.files[f]!;
        expect(info.ifc_schema, f).toBe(inv.schema);
        expect(info.classes, f).toEqual(inv.products_with_geometry_by_class);
        expect(info.storeys.length, f).toBe(inv.storeys.count);
        const want = inv.storeys.list.map((s) => [s.global_id, s.name, s.elevation]).sort();
        const got = info.storeys.map((s) => [s.global_id, s.name, s.elevation]).sort();
        expect(got, f).toEqual(want);
        models.set(f, model.id);
      }
    },
  );

  it('streams the packed geometry of a model: one range per element with triangles', async () => {
    const id = models.get(SMALL)!;
    const r = await call(app, api.bim.geometry, { ...as(), params: { id: tree.project, model_id: id } });
    expect(r.statusCode).toBe(200);
    const g = unpackGeometry(new Uint8Array(r.rawPayload));
    expect(g.ranges.length).toBe(135 - 0);
    expect(g.indices.length % 3).toBe(0);
    for (const range of g.ranges) expect(range.indexCount).toBeGreaterThan(0);
    // millimetre file, metre geometry: the building is tens of metres wide, not kilometres.
    const size = Math.max(g.max[0] - g.min[0], g.max[2] - g.min[2]);
    expect(size).toBeGreaterThan(5);
    expect(size).toBeLessThan(200);
  });

  it('answers attribute calls as queries: by text, by ids, element info, tree, metadata', async () => {
    const id = models.get(SMALL)!;
    const p = { id: tree.project, model_id: id };
    const t = await call(app, api.bim.byText, { ...as(), params: p, query: { q: 'IfcWallStandardCase' } });
    expect(t.statusCode, t.body).toBe(200);
    expect((t.json() as BimElement[]).length).toBe(78);
    const meta = (await call(app, api.bim.metadata, { ...as(), params: p })).json() as BimElement[];
    const wall = meta.find((e) => e.ifc_class === 'IfcWall')!;
    expect(wall.storey).toMatch(/verdieping|grond|dak/);
    const info = await call(app, api.bim.elementInfo, {
      ...as(),
      params: { ...p, element_id: String(wall.id) },
    });
    expect(info.statusCode).toBe(200);
    expect(Object.keys(info.json().psets).length).toBeGreaterThan(0);
    const ids = await call(app, api.bim.byIds, { ...as(), params: p, body: { ids: [wall.id] } });
    expect(ids.json()[0].global_id).toBe(wall.global_id);
    const pbs = (await call(app, api.bim.reducedPbs, { ...as(), params: p })).json() as {
      ifc_class: string;
    }[];
    expect(pbs.filter((n) => n.ifc_class === 'IfcBuildingStorey').length).toBe(5);
    expect(pbs.some((n) => n.ifc_class === 'IfcSite')).toBe(true);
    const attrs = (await call(app, api.bim.attributes, { ...as(), params: p })).json();
    expect(attrs.storeys).toContain('01 eerste verdieping');
  });

  it('refuses broken input with a 400 in en and ru and stores nothing', async () => {
    const before = (await call(app, api.bim.list, { ...as(), params: { id: tree.project } })).json().length;
    const notIfc = await send('notes.ifc', 'hello, this is not a model');
    expect(notIfc.statusCode).toBe(400);
    expect(notIfc.json().error_message[0]).toMatchObject({ code: 'bim.not_ifc' });
    expect(notIfc.json().error_message[0].error_message).toMatch(/not an IFC model.*file/);
    const ru = await send('notes.ifc', 'hello', 'ru');
    expect(ru.json().error_message[0].error_message).toMatch(/не является моделью IFC/);
    const full = readFileSync(path.join(DIR, SMALL));
    const cut = await send('cut.ifc', full.subarray(0, Math.floor(full.length / 2)));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error_message[0]).toMatchObject({ code: 'bim.truncated' });
    const after = (await call(app, api.bim.list, { ...as(), params: { id: tree.project } })).json().length;
    expect(after).toBe(before);
    const unknown = await call(app, api.bim.elementInfo, {
      ...as(),
      params: { id: tree.project, model_id: models.get(SMALL)!, element_id: '999999' },
      headers: { language: 'ru' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_message[0].error_message).toMatch(/нет элемента 999999/);
  });

  it('links elements to rows by rule and by hand, lists coverage, feeds the player', async () => {
    const modelId = models.get(SMALL)!;
    const storeyRow = randomUUID();
    const handRow = randomUUID();
    const idle = randomUUID();
    const rows = [
      newRow(storeyRow, 'work', null, 'a', { name: '01 eerste verdieping', code: 'W-1', duration: 480 * 5 }),
      newRow(handRow, 'work', null, 'b', { name: 'Hand', code: 'W-2', duration: 480 * 3 }),
      newRow(idle, 'work', null, 'c', { name: 'No element', code: 'W-3', duration: 480 }),
    ];
    const b = await call(app, api.wbsBatch.batch, {
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
    expect(b.statusCode, b.body).toBe(200);
    const l = await call(app, api.bim.saveLink, {
      ...as(),
      params: { id: tree.project },
      body: { model_id: modelId, schedule_id: tree.schedule },
    });
    expect(l.statusCode, l.body).toBe(201);
    const link = l.json().id as string;
    const p = { id: tree.version, link_id: link };
    const meta = (
      await call(app, api.bim.metadata, { ...as(), params: { id: tree.project, model_id: modelId } })
    ).json() as BimElement[];
    const walls = meta.filter(
      (e) => e.storey === '01 eerste verdieping' && e.ifc_class.startsWith('IfcWall'),
    );
    expect(walls.length).toBeGreaterThan(0);
    const byRule = await call(app, api.bim.createRelations, {
      ...as(),
      params: p,
      body: { rule: { element: { kind: 'storey' }, row: { kind: 'name' }, classes: ['IfcWall'] } },
    });
    expect(byRule.statusCode, byRule.body).toBe(200);
    expect(byRule.json()).toMatchObject({ created: walls.length, rows: 1, elements: walls.length });
    const other = meta.find((e) => e.ifc_class === 'IfcBuildingElementProxy')!;
    const hand = await call(app, api.bim.createRelations, {
      ...as(),
      params: p,
      body: { wbs_ids: [handRow], element_ids: [other.id] },
    });
    expect(hand.json().created).toBe(1);
    const nodeIds = await call(app, api.bim.nodeIds, { ...as(), params: p, body: { wbs_ids: [storeyRow] } });
    expect((nodeIds.json() as number[]).sort()).toEqual(walls.map((w) => w.id).sort());
    const back = await call(app, api.bim.wbsIdsByElements, {
      ...as(),
      params: p,
      body: { element_ids: [walls[0]!.id] },
    });
    expect(back.json()).toEqual([storeyRow]);
    const cov = (await call(app, api.bim.coverage, { ...as(), params: p })).json();
    expect(cov.rows_without_elements.map((r: { wbs_id: string }) => r.wbs_id)).toEqual([idle]);
    expect(cov.elements_without_rows.length).toBe(cov.elements - walls.length - 1);
    const player = (await call(app, api.bim.player, { ...as(), params: p })).json();
    expect(player.rows.map((r: { wbs_id: string }) => r.wbs_id).sort()).toEqual([storeyRow, handRow].sort());
    // A row of another version, an unknown element: 400 naming the field, nothing stored.
    const badRow = await call(app, api.bim.createRelations, {
      ...as(),
      params: p,
      body: { wbs_ids: [randomUUID()], element_ids: [other.id] },
      headers: { language: 'ru' },
    });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().error_message[0]).toMatchObject({ code: 'bim.other_version' });
    expect(badRow.json().error_message[0].error_message).toMatch(/не относится к версии/);
    const badEl = await call(app, api.bim.createRelations, {
      ...as(),
      params: p,
      body: { wbs_ids: [idle], element_ids: [other.id, 987654] },
    });
    expect(badEl.statusCode).toBe(400);
    expect(badEl.json().error_message[0].params.field).toBe('body.element_ids');
    const rel = (await call(app, api.bim.relations, { ...as(), params: p })).json() as unknown[];
    expect(rel.length).toBe(walls.length + 1);
    const del = await call(app, api.bim.deleteRelation, { ...as(), params: p, query: { wbs_id: handRow } });
    expect(del.json().deleted).toBe(1);
  });

  it('enforces the BIM entitlement and its user cap', { timeout: 120_000 }, async () => {
    const h2 = await startHarness({ bimUserCap: null });
    try {
      const u = await signUp(h2.app, 'nobim');
      const s = await makeSpace(h2.app, u.token);
      const t = await makeTree(h2.app, u.token, s);
      const r = await call(h2.app, api.bim.list, { token: u.token, space: s, params: { id: t.project } });
      expect(r.statusCode).toBe(403);
      expect(r.json().error_message[0].code).toBe('BimNotLicensed');
    } finally {
      await h2.close();
    }
    const other = await signUp(app, 'bim2');
    const inv = await call(app, api.space.invite, {
      token,
      params: { space_id: space },
      body: { login: other.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const r = await call(app, api.bim.list, {
      token: other.token,
      space,
      params: { id: tree.project },
      headers: { language: 'ru' },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_message[0]).toMatchObject({ code: 'BimUsersExceeded' });
    expect(r.json().error_message[0].error_message).toMatch(/BIM/);
  });
});
