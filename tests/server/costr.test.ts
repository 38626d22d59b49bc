// Cost estimating on the server (issue 28): the licence, estimates and dictionaries, per-field 400s
// in en and ru, the computed list, coefficient cycles, server-kept undo and redo, compliance, links
// by code, update-costs into the WBS rows with stale marks, JSON and mapped CSV round trips.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CostNode, EstimateDoc, Pdc } from '../../src/api/costr';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const node = (over: Partial<CostNode>): CostNode => ({
  id: randomUUID(),
  parent_id: null,
  order_key: 'a0',
  kind: 'position',
  code: '',
  name: '',
  measure: '',
  quantity: '',
  labour_price: '',
  machines_price: '',
  materials_price: '',
  labour_hours: '',
  dictionary_id: null,
  wbs_item_id: null,
  notes: '',
  ...over,
});

describe('costr', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const w1 = randomUUID();
  const w2 = randomUUID();
  const as = () => ({ token, space });

  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 1 });
    app = h.app;
    const u = await signUp(app, 'costr');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(w1, 'work', null, 'a', { name: 'Concrete', code: 'C-1', volume: 10, duration: 480 * 10 }),
      newRow(w2, 'work', null, 'b', { name: 'Rebar', code: 'C-2', volume: 2, duration: 480 * 5 }),
    ];
    const res = await call(app, api.wbsBatch.batch, {
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
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => h?.close());

  const create = async (kind: 'estimate' | 'dictionary', name: string, extra: object = {}) => {
    const r = await call(app, api.costr.create, { ...as(), body: { name, kind, ...extra } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { id: string; revision: number };
  };
  const doc = async (id: string) =>
    (await call(app, api.costr.get, { ...as(), params: { id } })).json() as EstimateDoc;
  const edit = (id: string, revision: number, upserts: CostNode[], deletes: string[] = [], lang = 'en') =>
    call(app, api.costr.edit, {
      ...as(),
      params: { id },
      body: { revision, label: 'edit', upserts, deletes },
      headers: { language: lang },
    });

  it('enforces the estimates entitlement and its user cap', { timeout: 180_000 }, async () => {
    const h2 = await startHarness();
    try {
      const u = await signUp(h2.app, 'nolic');
      const s = await makeSpace(h2.app, u.token);
      const r = await call(h2.app, api.costr.list, { token: u.token, space: s });
      expect(r.statusCode).toBe(403);
      expect(r.json().error_message[0].code).toBe('EstimatesNotLicensed');
    } finally {
      await h2.close();
    }
    // The cap is 1: the first user holds it, a second one in the same space is refused.
    expect((await call(app, api.costr.list, as())).statusCode).toBe(200);
    const other = await signUp(app, 'second');
    const inv = await call(app, api.space.invite, {
      token,
      params: { space_id: space },
      body: { login: other.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const r = await call(app, api.costr.list, { token: other.token, space, headers: { language: 'ru' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().error_message[0]).toMatchObject({ code: 'EstimateUsersExceeded' });
    expect(r.json().error_message[0].error_message).toMatch(/лицензии/);
  });

  it('stores a tree, answers bad fields per field in en and ru, computes the pdc, undoes and redoes', async () => {
    const dict = await create('dictionary', 'Price book');
    const d1 = node({
      code: 'D-1',
      name: 'Concrete B25',
      measure: 'm3',
      labour_price: '100',
      materials_price: '50',
    });
    expect((await edit(dict.id, 0, [d1])).statusCode).toBe(200);

    const e = await create('estimate', 'Building', { version_id: tree.version, default_coefficients: true });
    const s = node({ kind: 'section', code: '1', name: 'Frame' });
    const p1 = node({
      parent_id: s.id,
      code: 'C-1',
      name: 'Concrete',
      measure: 'm3',
      quantity: '10',
      labour_price: '120',
      materials_price: '50',
      labour_hours: '2.5',
      dictionary_id: d1.id,
    });
    const p2 = node({
      parent_id: s.id,
      order_key: 'a1',
      code: 'C-2',
      name: 'Rebar',
      measure: 't',
      quantity: '2',
      materials_price: '900.5',
    });

    const badRes = await edit(
      e.id,
      0,
      [s, { ...p1, quantity: 'ten', measure: 'furlong' }, { ...p2, labour_price: '-1' }],
      [],
      'ru',
    );
    expect(badRes.statusCode).toBe(400);
    const items = badRes.json().error_message as {
      code: string;
      params: { field: string };
      error_message: string;
    }[];
    expect(items.map((i) => [i.code, i.params.field])).toEqual([
      ['costr.unknown_measure', 'measure'],
      ['costr.not_number', 'quantity'],
      ['costr.negative', 'labourPrice'],
    ]);
    expect(items[1]!.error_message).toMatch(/Не число/);
    expect((await doc(e.id)).nodes).toHaveLength(0);

    const ok = await edit(e.id, 0, [s, p1, p2]);
    expect(ok.statusCode, ok.body).toBe(200);
    // p1's labour price 120 is 20 % over the dictionary's 100 (tolerance 10 %).
    expect(ok.json().violations).toEqual([
      {
        rule: 'price_range',
        node_id: p1.id,
        field: 'labourPrice',
        params: { value: '120', min: '90', max: '110' },
      },
    ]);

    const pdc = (await call(app, api.costr.pdc, { ...as(), params: { id: e.id } })).json() as Pdc;
    // Overhead 1.12 then VAT 1.20 on every component. p1: labour 1200 → 1344 → 1612.80; materials 500 → 560 → 672.
    const pp1 = pdc.positions.find((p) => p.id === p1.id)!;
    expect(pp1.steps.map((x) => x.total)).toEqual(['1700.00', '1904.00', '2284.80']);
    expect(pp1.final.hours).toBe('25.00');
    // p2: 1801 → 2017.12 → 2420.54 (2420.544 rounded half up)
    const pp2 = pdc.positions.find((p) => p.id === p2.id)!;
    expect(pp2.final.total).toBe('2420.54');
    expect(pdc.total.total).toBe('4705.34');
    expect(pdc.sections.find((x) => x.id === s.id)!.total).toBe('4705.34');

    // A coefficient cycle is a 400; nothing changes.
    const d = await doc(e.id);
    const [a, b] = d.coefficients;
    const cyc = await call(app, api.costr.coefficients, {
      ...as(),
      params: { id: e.id },
      body: {
        revision: d.revision,
        coefficients: [
          { ...a!, after: [b!.id] },
          { ...b!, after: [a!.id] },
        ],
      },
    });
    expect(cyc.statusCode).toBe(400);
    expect(cyc.json().error_message[0].code).toBe('costr.coefficient_cycle');

    // Fix the violation, then undo and redo it.
    const fix = await edit(e.id, d.revision, [{ ...p1, labour_price: '105' }]);
    expect(fix.json().violations).toEqual([]);
    const stale = await edit(e.id, d.revision, [{ ...p1, labour_price: '106' }]);
    expect(stale.statusCode).toBe(409);
    const u = await call(app, api.costr.undo, { ...as(), params: { id: e.id } });
    expect(u.json().violations).toHaveLength(1);
    expect((await doc(e.id)).nodes.find((n) => n.id === p1.id)!.labour_price).toBe('120');
    const r = await call(app, api.costr.redo, { ...as(), params: { id: e.id } });
    expect(r.json().violations).toEqual([]);
    const after = await doc(e.id);
    expect(after.nodes.find((n) => n.id === p1.id)!.labour_price).toBe('105');
    expect(after.can_undo).toBe(true);
    expect(after.can_redo).toBe(false);

    // Deleting the section takes its positions along.
    const del = await edit(e.id, after.revision, [], [s.id]);
    expect(del.statusCode).toBe(200);
    expect((await doc(e.id)).nodes).toHaveLength(0);
    await call(app, api.costr.undo, { ...as(), params: { id: e.id } });
    expect((await doc(e.id)).nodes).toHaveLength(3);
  });

  it('links by code, writes cost and labour into the rows, marks them stale after an edit', async () => {
    const list = (await call(app, api.costr.list, { ...as(), query: { kind: 'estimate' } })).json() as {
      id: string;
    }[];
    const id = list[0]!.id;
    const d = await doc(id);
    const link = await call(app, api.costr.linkByCode, {
      ...as(),
      params: { id },
      body: { revision: d.revision },
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().linked).toBe(2);
    // C-2: 2 t against a volume of 2 (no unit on the row): fine; C-1: 10 m3 against 10.
    expect(link.json().violations).toEqual([]);

    const up = await call(app, api.costr.updateCosts, { ...as(), params: { id: tree.version }, body: {} });
    expect(up.statusCode, up.body).toBe(200);
    // C-1: 1050 → 1176 → 1411.20 labour, 500 → 560 → 672 materials = 2083.20; C-2: 2420.54.
    expect(up.json()).toMatchObject({ rows: 2, cost: '4503.74', labour: '25.00' });
    const { doc: v } = await readVersionDoc(app, { token, space }, tree.version);
    const row1 = v.rows.get(w1)!;
    expect(row1.price).toBe(2083.2);
    expect(row1.attributes.costr_labour).toBe(25);

    const calc = await call(app, api.wbsBatch.calculateSynchronous, {
      ...as(),
      params: { id: tree.version },
    });
    expect(calc.statusCode, calc.body).toBe(200);
    let costs = (await call(app, api.costr.versionCosts, { ...as(), params: { id: tree.version } })).json();
    expect(costs.rows.every((r: { stale: boolean }) => !r.stale)).toBe(true);
    expect(costs.curve.at(-1).cost).toBeCloseTo(4503.74, 2);

    const d2 = await doc(id);
    const p = d2.nodes.find((n) => n.code === 'C-2')!;
    await edit(id, d2.revision, [{ ...p, quantity: '3' }]);
    costs = (await call(app, api.costr.versionCosts, { ...as(), params: { id: tree.version } })).json();
    expect(costs.rows.find((r: { item_id: string }) => r.item_id === w2).stale).toBe(true);
    expect(costs.rows.find((r: { item_id: string }) => r.item_id === w1).stale).toBe(false);
  });

  it('exports and re-imports an equal estimate (JSON) and reads a mapped CSV with per-cell errors', async () => {
    const list = (await call(app, api.costr.list, { ...as(), query: { kind: 'estimate' } })).json() as {
      id: string;
    }[];
    const id = list[0]!.id;
    const json = await call(app, api.costr.export, { ...as(), params: { id }, query: { format: 'json' } });
    expect(json.statusCode).toBe(200);
    const target = await create('estimate', 'Copy');
    const imp = await upload(app, { token, space }, `/costr/estimates/${target.id}/import`, {
      name: 'e.json',
      data: json.body,
    });
    expect(imp.statusCode, imp.body).toBe(200);
    const again = await call(app, api.costr.export, {
      ...as(),
      params: { id: target.id },
      query: { format: 'json' },
    });
    const strip = (t: string) => {
      const f = JSON.parse(t);
      const ids = new Map<string, string>();
      const m = (x: string | null) =>
        x === null ? null : (ids.get(x) ?? (ids.set(x, `#${ids.size}`), ids.get(x)!));
      return {
        nodes: f.nodes.map((n: Record<string, unknown>) => ({
          ...n,
          id: m(n.id as string),
          parentId: m(n.parentId as string | null),
          wbsItemId: null,
          dictionaryId: null,
        })),
        coefficients: f.coefficients.map((c: Record<string, unknown>) => ({ ...c, id: null })),
      };
    };
    expect(strip(again.body)).toEqual(strip(json.body));

    const map = await call(app, api.costr.saveMapping, {
      ...as(),
      body: {
        name: 'My sheet',
        mapping: {
          header_row: 2,
          columns: {
            code: 'Шифр',
            name: 'Наименование',
            measure: 'Ед.',
            quantity: 'Кол-во',
            materialsPrice: 'Материалы',
          },
        },
      },
    });
    expect(map.statusCode, map.body).toBe(200);
    const csv =
      'My estimate\nШифр;Наименование;Ед.;Кол-во;Материалы\n1;Земляные работы;;;\n1.1;Выемка;м3;12,5;100\n1.2;Засыпка;бочка;x;7\n';
    const t2 = await create('estimate', 'From CSV');
    const r = await upload(
      app,
      { token, space },
      `/costr/estimates/${t2.id}/import?mapping_id=${map.json().id}`,
      { name: 's.csv', data: csv },
      {},
      'ru',
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().added).toBe(3);
    expect(r.json().errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [5, 'measure'],
      [5, 'quantity'],
    ]);
    const nodes = (await doc(t2.id)).nodes;
    expect(nodes.find((n) => n.code === '1.1')).toMatchObject({
      measure: 'm3',
      quantity: '12.5',
      materials_price: '100',
    });
    const out = await call(app, api.costr.export, {
      ...as(),
      params: { id: t2.id },
      query: { format: 'csv', mapping_id: map.json().id },
    });
    expect(out.body).toContain('1.1,Выемка,m3,12.5,100');
    const x = await call(app, api.costr.export, {
      ...as(),
      params: { id: t2.id },
      query: { format: 'xlsx' },
    });
    expect(x.statusCode).toBe(200);
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
