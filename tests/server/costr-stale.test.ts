// Stale cost marks for the workbench (issue 28): GET costr/versions/{id}/stale lists the rows whose
// cost or labour written by update-costs differ from their estimate now — none before an update,
// none right after it, the edited row after an edit, none again after the next update; a member
// without an estimate seat reads the marks without taking one.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CostNode } from '../../src/api/costr';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const position = (over: Partial<CostNode>): CostNode => ({
  id: randomUUID(),
  parent_id: null,
  order_key: 'a0',
  kind: 'position',
  code: '',
  name: 'Work',
  measure: 'm3',
  quantity: '1',
  labour_price: '10',
  machines_price: '',
  materials_price: '',
  labour_hours: '1',
  dictionary_id: null,
  wbs_item_id: null,
  notes: '',
  ...over,
});

describe('costr stale marks', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const w1 = randomUUID();
  const w2 = randomUUID();
  const as = () => ({ token, space });

  // Starting the harness (migrations on a fresh database) takes over a minute at the shared machine's load.
  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 1 });
    app = h.app;
    token = (await signUp(app, 'costrstale')).token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(w1, 'work', null, 'a', { name: 'Concrete', code: 'S-1', duration: 480 }),
      newRow(w2, 'work', null, 'b', { name: 'Rebar', code: 'S-2', duration: 480 }),
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
  }, 240_000);
  afterAll(() => h?.close());

  const stale = async (t = token) => {
    const r = await call(app, api.costr.staleRows, { token: t, space, params: { id: tree.version } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().rows as { item_id: string; written_cost: string; cost: string | null }[];
  };

  it('lists the rows whose estimate changed after update-costs, and only those', async () => {
    const e = (
      await call(app, api.costr.create, {
        ...as(),
        body: { name: 'E', kind: 'estimate', version_id: tree.version },
      })
    ).json() as { id: string; revision: number };
    const p1 = position({ code: 'S-1', order_key: 'a0', wbs_item_id: w1, quantity: '2' });
    const p2 = position({ code: 'S-2', order_key: 'a1', wbs_item_id: w2, quantity: '3' });
    let r = await call(app, api.costr.edit, {
      ...as(),
      params: { id: e.id },
      body: { revision: e.revision, label: 'edit', upserts: [p1, p2], deletes: [] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stale()).toEqual([]);

    r = await call(app, api.costr.updateCosts, { ...as(), params: { id: tree.version }, body: {} });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stale()).toEqual([]);

    r = await call(app, api.costr.edit, {
      ...as(),
      params: { id: e.id },
      body: { revision: e.revision + 1, label: 'edit', upserts: [{ ...p2, quantity: '5' }], deletes: [] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stale()).toEqual([
      expect.objectContaining({ item_id: w2, written_cost: '30.00', cost: '50.00' }),
    ]);

    // A member without a seat (the cap is 1 and taken) sees the marks and takes no seat.
    const other = await signUp(app, 'costrstale2');
    const inv = await call(app, api.space.invite, {
      token,
      params: { space_id: space },
      body: { login: other.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    expect((await stale(other.token)).map((x) => x.item_id)).toEqual([w2]);
    const seats = await h.database.db
      .selectFrom('costr_users')
      .select('user_id')
      .where('space_id', '=', space)
      .execute();
    expect(seats).toHaveLength(1);

    // Unlinking the position: the row's written cost has nothing behind it now.
    r = await call(app, api.costr.edit, {
      ...as(),
      params: { id: e.id },
      body: { revision: e.revision + 2, label: 'edit', upserts: [{ ...p1, wbs_item_id: null }], deletes: [] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await stale()).find((x) => x.item_id === w1)).toMatchObject({
      written_cost: '20.00',
      cost: null,
    });

    r = await call(app, api.costr.updateCosts, { ...as(), params: { id: tree.version }, body: {} });
    expect(r.statusCode, r.body).toBe(200);
    expect((await stale()).map((x) => x.item_id)).toEqual([w1]);
  });
});
