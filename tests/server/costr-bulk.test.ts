// The estimate's bulk writes (issue 28): a 2,000-row paste stored as one edit = one undo step, written
// by column arrays (unnest) on PGlite and PostgreSQL — texts that an array literal must quote
// (commas, quotes, braces, backslashes, "NULL", empty) come back as sent; an edit of stored rows
// (the UPDATE path), a delete, and undo/redo of each (re-inserting, removing) restore exactly; the
// step is stored packed, one row per edit.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { nodesToColumns, type CostNode, type EstimateDoc } from '../../src/api/costr';
import { keysBetween } from '../../src/domain/wbs/order-key';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const TRICKY = ['a,"b"', '{c}', 'back\\slash', 'NULL', '', ' spaced ', 'Бетон B25', "it's"];

describe('costr bulk writes', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  const as = () => ({ token, space });

  // Starting the harness (migrations on a fresh database) takes over a minute at the shared machine's load.
  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 5 });
    app = h.app;
    token = (await signUp(app, 'costrbulk')).token;
    space = await makeSpace(app, token);
  }, 240_000);
  afterAll(() => h?.close());

  const doc = async (id: string) =>
    (await call(app, api.costr.get, { ...as(), params: { id } })).json() as EstimateDoc;
  const byId = (d: EstimateDoc) => new Map(d.nodes.map((n) => [n.id, n]));
  const steps = (id: string) =>
    h.database.db
      .selectFrom('costr_undo')
      .select(['seq', 'undone', 'entry', 'packed'])
      .where('estimate_id', '=', id)
      .orderBy('seq')
      .execute();

  it(
    'stores a 2,000-row paste, an edit and a delete in bulk, each one undo step',
    { timeout: 120_000 },
    async () => {
      const created = await call(app, api.costr.create, {
        ...as(),
        body: { name: 'Bulk', kind: 'estimate' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const est = created.json() as { id: string; revision: number };
      const keys = keysBetween(null, null, 2000);
      const section: CostNode = {
        id: randomUUID(),
        parent_id: null,
        order_key: keys[0]!,
        kind: 'section',
        code: '1',
        name: 'Section {1}',
        measure: '',
        quantity: '',
        labour_price: '',
        machines_price: '',
        materials_price: '',
        labour_hours: '',
        dictionary_id: null,
        wbs_item_id: null,
        notes: '',
      };
      const pasted: CostNode[] = [section];
      for (let i = 1; i < 2000; i++)
        pasted.push({
          ...section,
          id: randomUUID(),
          parent_id: section.id,
          order_key: keys[i]!,
          kind: 'position',
          code: `P-${i}`,
          name: TRICKY[i % TRICKY.length]!,
          measure: 'm3',
          quantity: `${i}.5`,
          labour_price: '100.25',
          machines_price: i % 2 ? '' : '20',
          materials_price: '30.5',
          labour_hours: '1.5',
          notes: TRICKY[(i + 3) % TRICKY.length]!,
        });
      const r = await call(app, api.costr.edit, {
        ...as(),
        params: { id: est.id },
        body: { revision: est.revision, label: 'paste', upserts: pasted, deletes: [] },
      });
      expect(r.statusCode, r.body).toBe(200);
      const stored = byId(await doc(est.id));
      expect(stored.size).toBe(2000);
      for (const n of pasted) expect(stored.get(n.id)).toEqual(n);

      // One step, packed.
      let log = await steps(est.id);
      expect(log).toHaveLength(1);
      expect(log[0]!.entry).toBeNull();
      expect(log[0]!.packed).not.toBeNull();

      // Change 500 stored rows (UPDATE path) and delete 10 in one edit.
      const changed = pasted
        .slice(1, 501)
        .map((n, i) => ({ ...n, name: `${TRICKY[i % TRICKY.length]}!`, quantity: '7' }));
      const deleted = pasted.slice(1000, 1010).map((n) => n.id);
      const r2 = await call(app, api.costr.edit, {
        ...as(),
        params: { id: est.id },
        body: { revision: est.revision + 1, label: 'edit', upserts: changed, deletes: deleted },
      });
      expect(r2.statusCode, r2.body).toBe(200);
      const afterEdit = byId(await doc(est.id));
      expect(afterEdit.size).toBe(1990);
      for (const n of changed) expect(afterEdit.get(n.id)).toEqual(n);
      for (const id of deleted) expect(afterEdit.has(id)).toBe(false);
      log = await steps(est.id);
      expect(log).toHaveLength(2);

      // Undo the edit: the old rows and the deleted ones come back exactly.
      expect((await call(app, api.costr.undo, { ...as(), params: { id: est.id } })).statusCode).toBe(200);
      const undone = byId(await doc(est.id));
      expect(undone.size).toBe(2000);
      for (const n of pasted) expect(undone.get(n.id)).toEqual(n);
      // Undo the paste: nothing left; redo it twice: the edit again.
      expect((await call(app, api.costr.undo, { ...as(), params: { id: est.id } })).statusCode).toBe(200);
      expect((await doc(est.id)).nodes).toHaveLength(0);
      expect((await call(app, api.costr.redo, { ...as(), params: { id: est.id } })).statusCode).toBe(200);
      expect((await call(app, api.costr.redo, { ...as(), params: { id: est.id } })).statusCode).toBe(200);
      const redone = byId(await doc(est.id));
      expect(redone.size).toBe(1990);
      for (const n of changed) expect(redone.get(n.id)).toEqual(n);
    },
  );

  it('takes a big edit as columns: stored as the same nodes, one step; unequal columns are a 400 naming the column', async () => {
    const est = (
      await call(app, api.costr.create, { ...as(), body: { name: 'Columns', kind: 'estimate' } })
    ).json() as { id: string; revision: number };
    const keys = keysBetween(null, null, 300);
    const nodes: CostNode[] = keys.map((k, i) => ({
      id: randomUUID(),
      parent_id: null,
      order_key: k,
      kind: 'position',
      code: `C-${i}`,
      name: TRICKY[i % TRICKY.length]!,
      measure: i % 3 ? 'm3' : '',
      quantity: i % 5 ? `${i}.25` : '',
      labour_price: '10',
      machines_price: '',
      materials_price: '3.5',
      labour_hours: '',
      dictionary_id: null,
      wbs_item_id: null,
      notes: TRICKY[(i + 1) % TRICKY.length]!,
    }));
    const columns = nodesToColumns(nodes);
    const short = { ...columns, notes: columns.notes.slice(1) };
    const refused = await call(app, api.costr.edit, {
      ...as(),
      params: { id: est.id },
      body: { revision: est.revision, label: 'paste', upserts: [], upsert_columns: short, deletes: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'The column body.upsert_columns.notes must hold as many values as the column id',
    );
    expect((await doc(est.id)).nodes).toHaveLength(0);

    const r = await call(app, api.costr.edit, {
      ...as(),
      params: { id: est.id },
      body: { revision: est.revision, label: 'paste', upserts: [], upsert_columns: columns, deletes: [] },
    });
    expect(r.statusCode, r.body).toBe(200);
    const stored = byId(await doc(est.id));
    expect(stored.size).toBe(300);
    for (const n of nodes) expect(stored.get(n.id)).toEqual(n);
    expect(await steps(est.id)).toHaveLength(1);
  });
});
