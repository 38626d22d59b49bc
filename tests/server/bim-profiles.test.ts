// 3D/BIM appearance profiles (issue 25): create, change, activate and delete profiles by status or
// by an element key's value; the built-in profile only takes "active"; the values of a key group
// a model's elements (the small shared IFC fixture); bad input is a 400 in en and ru.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { BUILT_IN_PROFILE } from '../../src/api/bim';
import type { BimElement, BimInfo, BimModel, BimProfile } from '../../src/api/bim';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const SMALL = path.resolve(process.cwd(), '../shared/fixtures/ifc/schependomlaan/ifc/root_kalkzandsteen.ifc');
const present = existsSync(SMALL);
if (!present) console.warn(`bim-profiles.test: ${SMALL} is absent — the attribute values test is skipped`);

const colors = { not_started: '#111111', in_progress: '#222222', completed: '#333333', late: '#444444' };

describe('bim appearance profiles', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const as = () => ({ token, space });

  beforeAll(async () => {
    h = await startHarness({ bimUserCap: 5 });
    app = h.app;
    const u = await signUp(app, 'bimprof');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
  });
  afterAll(() => h?.close());

  const list = async () => (await call(app, api.bim.profiles, as())).json() as BimProfile[];

  it('creates, changes, activates and deletes profiles; the built-in one is active when none is', async () => {
    expect((await list()).map((p) => [p.id, p.is_active, p.mode])).toEqual([
      [BUILT_IN_PROFILE, true, 'status'],
    ]);
    const a = await call(app, api.bim.saveProfile, {
      ...as(),
      body: {
        name: 'By storey',
        colors,
        mode: 'attribute',
        attribute: { kind: 'storey' },
        value_colors: { '01 eerste verdieping': '#ff00ff' },
        is_active: true,
      },
    });
    expect(a.statusCode, a.body).toBe(201);
    const made = a.json() as BimProfile;
    expect(made).toMatchObject({ mode: 'attribute', attribute: { kind: 'storey' }, is_active: true });
    expect(made.value_colors).toEqual({ '01 eerste verdieping': '#ff00ff' });
    let all = await list();
    expect(all.find((p) => p.id === BUILT_IN_PROFILE)!.is_active).toBe(false);

    const b = await call(app, api.bim.saveProfile, { ...as(), body: { name: 'Site colours', colors } });
    expect(b.statusCode).toBe(201);
    const second = (b.json() as BimProfile).id;
    const up = await call(app, api.bim.updateProfile, {
      ...as(),
      params: { profile_id: second },
      body: { name: 'Site', colors: { late: '#ab0000' }, is_active: true },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ name: 'Site', is_active: true, mode: 'status' });
    expect(up.json().colors).toEqual({ ...colors, late: '#ab0000' });
    all = await list();
    expect(all.filter((p) => p.is_active).map((p) => p.id)).toEqual([second]);

    // The built-in profile takes only "active": every stored one is then inactive.
    const rename = await call(app, api.bim.updateProfile, {
      ...as(),
      params: { profile_id: BUILT_IN_PROFILE },
      body: { name: 'Mine' },
      headers: { language: 'ru' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error_message[0].error_message).toMatch(/Встроенный профиль нельзя изменить/);
    const builtIn = await call(app, api.bim.updateProfile, {
      ...as(),
      params: { profile_id: BUILT_IN_PROFILE },
      body: { is_active: true },
    });
    expect(builtIn.statusCode, builtIn.body).toBe(200);
    all = await list();
    expect(all.filter((p) => p.is_active).map((p) => p.id)).toEqual([BUILT_IN_PROFILE]);

    const del = await call(app, api.bim.deleteProfile, { ...as(), params: { profile_id: made.id } });
    expect(del.statusCode).toBe(200);
    expect((await list()).map((p) => p.id)).toEqual([BUILT_IN_PROFILE, second]);
    const again = await call(app, api.bim.deleteProfile, { ...as(), params: { profile_id: made.id } });
    expect(again.statusCode).toBe(404);
    const delBuiltIn = await call(app, api.bim.deleteProfile, {
      ...as(),
      params: { profile_id: BUILT_IN_PROFILE },
    });
    expect(delBuiltIn.statusCode).toBe(400);
  });

  it('refuses a profile by attribute without its key, in en and ru, and stores nothing', async () => {
    const before = (await list()).length;
    const noKey = await call(app, api.bim.saveProfile, {
      ...as(),
      body: { name: 'X', colors, mode: 'attribute' },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error_message[0]).toMatchObject({ code: 'bim.bad_profile' });
    expect(noKey.json().error_message[0].error_message).toMatch(/needs body\.attribute/);
    const noProp = await call(app, api.bim.saveProfile, {
      ...as(),
      body: {
        name: 'X',
        colors,
        mode: 'attribute',
        attribute: { kind: 'property', pset: 'Pset_WallCommon' },
      },
      headers: { language: 'ru' },
    });
    expect(noProp.statusCode).toBe(400);
    expect(noProp.json().error_message[0].error_message).toMatch(/Для профиля по атрибуту нужно указать/);
    const extra = await call(app, api.bim.saveProfile, {
      ...as(),
      body: { name: 'X', colors, surprise: 1 } as never,
    });
    expect(extra.statusCode).toBe(400);
    const badColour = await call(app, api.bim.saveProfile, {
      ...as(),
      body: { name: 'X', colors, value_colors: { a: 'red' } },
    });
    expect(badColour.statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  let modelId = '';
  it.skipIf(!present)('groups a model’s elements by a key’s value', { timeout: 180_000 }, async () => {
    const res = await upload(
      app,
      as(),
      `/projects/${tree.project}/3d/upload`,
      { name: 'root_kalkzandsteen.ifc', data: readFileSync(SMALL) },
      {},
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { model: BimModel }).model.id;
    modelId = id;
    let info: BimInfo | null = null;
    for (let i = 0; i < 1500 && info?.state !== 'ready'; i++) {
      info = (await call(app, api.bim.info, { ...as(), params: { id: tree.project, model_id: id } })).json();
      expect(info!.state).not.toBe('failed');
      if (info!.state !== 'ready') await new Promise((r) => setTimeout(r, 100));
    }
    const p = { id: tree.project, model_id: id };
    const r = await call(app, api.bim.attributeValues, { ...as(), params: p, query: { kind: 'storey' } });
    expect(r.statusCode, r.body).toBe(200);
    const groups = r.json() as { value: string; element_ids: number[] }[];
    const meta = (await call(app, api.bim.metadata, { ...as(), params: p })).json() as BimElement[];
    const drawn = meta.filter((e) => e.has_geometry && !e.spatial);
    // Every storey with drawn elements is a group holding exactly those elements.
    const want = new Map<string, number[]>();
    for (const e of drawn) if (e.storey) want.set(e.storey, [...(want.get(e.storey) ?? []), e.id]);
    expect(groups.map((g) => g.value).sort()).toEqual([...want.keys()].sort());
    for (const g of groups)
      expect(g.element_ids.sort((a, b) => a - b)).toEqual(want.get(g.value)!.sort((a, b) => a - b));
    const byClass = (
      await call(app, api.bim.attributeValues, { ...as(), params: p, query: { kind: 'class' } })
    ).json() as { value: string; element_ids: number[] }[];
    expect(byClass.reduce((n, g) => n + g.element_ids.length, 0)).toBe(drawn.length);
    const bad = await call(app, api.bim.attributeValues, {
      ...as(),
      params: p,
      query: { kind: 'property', pset: 'Pset_WallCommon' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it.skipIf(!present)('colours linked elements by a quality indicator (indicator-colors)', async () => {
    const hard = randomUUID();
    const free = randomUUID();
    const rows = [
      newRow(hard, 'task', null, 'a', {
        name: '01 eerste verdieping',
        duration: 480 * 5,
        startLimitType: 'mandatory',
        startLimitDate: 0,
      }),
      newRow(free, 'task', null, 'b', { name: '00 begane grond', duration: 480 * 5 }),
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
    const link = (
      await call(app, api.bim.saveLink, {
        ...as(),
        params: { id: tree.project },
        body: { model_id: modelId, schedule_id: tree.schedule },
      })
    ).json().id as string;
    const p = { id: tree.version, link_id: link };
    const made = await call(app, api.bim.createRelations, {
      ...as(),
      params: p,
      body: { rule: { element: { kind: 'storey' }, row: { kind: 'name' } } },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rels = (await call(app, api.bim.relations, { ...as(), params: p })).json() as {
      wbs_id: string;
      element_id: number;
    }[];
    const of = (w: string) =>
      rels
        .filter((r) => r.wbs_id === w)
        .map((r) => r.element_id)
        .sort((x, y) => x - y);
    expect(of(hard).length).toBeGreaterThan(0);
    expect(of(free).length).toBeGreaterThan(0);
    const r = await call(app, api.bim.indicatorColors, {
      ...as(),
      params: { ...p, indicator: 'hard_constraints' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json() as {
      flagged: number[];
      clear: number[];
      flagged_rows: string[];
      pass: boolean | null;
    };
    expect(out.flagged_rows).toEqual([hard]);
    expect(out.flagged).toEqual(of(hard));
    expect(out.clear).toEqual(of(free));
    expect(out.pass).toBe(false);
    const unknown = await call(app, api.bim.indicatorColors, {
      ...as(),
      params: { ...p, indicator: 'nonsense' as never },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
