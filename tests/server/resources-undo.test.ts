// The server-kept undo history of a space's resources (src/server/services/resource-undo.ts):
// create, edit, batch (paste) and delete each undone and redone, a delete's undo putting back the
// versions' copies and assignments, per-member histories, a step another member's edit overtook
// refused with 409 (en and ru) and dropped, and each member's saved layout of the Resources grid.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Resource, ResourceAssignment, Role } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('resource undo and layout', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let other: { token: string; space: string };
  let tree: Tree;
  const row = randomUUID();

  const list = async () =>
    ((await call(app, api.resources.list, { ...as })).json() as { items: Resource[] }).items;
  const byName = async (name: string) => (await list()).find((r) => r.name === name);
  const undo = (who = as) => call(app, api.resources.undo, { ...who });
  const redo = (who = as) => call(app, api.resources.redo, { ...who });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'resundo');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const m = await signUp(app, 'resundo2');
    other = { token: m.token, space };
    const inv = await call(app, api.space.invite, {
      ...as,
      params: { space_id: space },
      body: { login: m.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const roles = (await call(app, api.roles.list, as)).json() as Role[];
    const planner = roles.find((x) => x.value === 'planning_and_control')!;
    const set = await call(app, api.space.setRole, {
      ...as,
      params: { space_id: space },
      body: { user_id: m.user.id, role_id: planner.id },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Walls', duration: 2400 }));
    });
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: {
        revision: 0,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'edit', ...c }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => h.close());

  it('undoes and redoes a create and an edit, newest first', async () => {
    const state0 = (await call(app, api.resources.undoState, { ...as })).json();
    expect(state0).toEqual({ can_undo: false, can_redo: false, undo_label: null, redo_label: null });
    expect((await undo()).statusCode).toBe(409);
    const created = await call(app, api.resources.create, { ...as, body: { name: 'Crane', price: 10 } });
    expect(created.statusCode).toBe(201);
    const crane = created.json() as Resource;
    const edit = await call(app, api.resources.update, {
      ...as,
      params: { id: crane.id },
      body: { price: 25, unit: 'h' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const u1 = await undo();
    expect(u1.statusCode, u1.body).toBe(200);
    expect(u1.json()).toMatchObject({ label: 'edit', ids: [crane.id], can_undo: true, can_redo: true });
    expect(await byName('Crane')).toMatchObject({ price: 10, unit: '' });
    const u2 = await undo();
    expect(u2.json()).toMatchObject({ label: 'create', can_undo: false, redo_label: 'create' });
    expect(await byName('Crane')).toBeUndefined();
    expect((await redo()).statusCode).toBe(200);
    expect(await byName('Crane')).toMatchObject({ id: crane.id, price: 10 });
    expect((await redo()).json()).toMatchObject({ label: 'edit', can_redo: false });
    expect(await byName('Crane')).toMatchObject({ id: crane.id, price: 25, unit: 'h' });
    expect((await redo()).statusCode).toBe(409);
  });

  it('undoes a paste batch as one step and a new edit clears the redo stack', async () => {
    const crane = (await byName('Crane'))!;
    const batch = await call(app, api.resources.batch, {
      ...as,
      body: { items: [{ id: crane.id, price: 99 }, { name: 'Mason', default_limit: 3 }, { name: 'Pump' }] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const u = await undo();
    expect(u.json()).toMatchObject({ label: 'batch' });
    expect((u.json() as { ids: string[] }).ids).toHaveLength(3);
    const names = (await list()).map((r) => r.name);
    expect(names).toContain('Crane');
    expect(names).not.toContain('Mason');
    expect(names).not.toContain('Pump');
    expect((await byName('Crane'))!.price).toBe(25);
    // A new edit: the undone batch can no longer be redone.
    await call(app, api.resources.update, { ...as, params: { id: crane.id }, body: { specialty: 'Lift' } });
    const st = (await call(app, api.resources.undoState, { ...as })).json();
    expect(st).toMatchObject({ can_redo: false, undo_label: 'edit' });
  });

  it("puts a deleted group back with its members, their versions' copies and assignments", async () => {
    const group = (
      await call(app, api.resources.create, { ...as, body: { name: 'Crews' } })
    ).json() as Resource;
    const mason = (
      await call(app, api.resources.create, {
        ...as,
        body: {
          name: 'Bricklayer',
          parent_id: group.id,
          default_limit: 2,
          limits: [{ from: 0, to: 4800, limit: 4 }],
        },
      })
    ).json() as Resource;
    const save = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ resource_id: mason.id, units: 40, units_per_day: 8, curve: 'bell' }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const assigned = (save.json() as { items: ResourceAssignment[] }).items;
    const del = await call(app, api.resources.remove, { ...as, params: { id: group.id } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await byName('Bricklayer')).toBeUndefined();
    const query = { version_id: tree.version, wbs_id: row };
    const none = (await call(app, api.resources.assignments, { ...as, query })).json() as {
      items: ResourceAssignment[];
    };
    expect(none.items).toHaveLength(0);

    const u = await undo();
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toMatchObject({ label: 'delete' });
    const back = (await byName('Bricklayer'))!;
    expect(back).toMatchObject({ id: mason.id, parent_id: group.id, default_limit: 2 });
    expect(back.limits).toEqual([{ from: 0, to: 4800, limit: 4 }]);
    const again = (await call(app, api.resources.assignments, { ...as, query })).json() as {
      items: ResourceAssignment[];
    };
    expect(again.items).toEqual(assigned);

    expect((await redo()).statusCode).toBe(200);
    expect(await byName('Crews')).toBeUndefined();
    expect(
      ((await call(app, api.resources.assignments, { ...as, query })).json() as { items: [] }).items,
    ).toEqual([]);
    expect((await undo()).statusCode).toBe(200);
    expect(await byName('Bricklayer')).toBeDefined();
  });

  it("keeps each member's history apart and refuses a step another member's edit overtook", async () => {
    const pump = (
      await call(app, api.resources.create, { ...other, body: { name: 'Hoist' } })
    ).json() as Resource;
    // The owner's history still ends with the owner's own steps (the delete is undone: next is
    // the create of Bricklayer, and the delete can be redone).
    const mine = (await call(app, api.resources.undoState, { ...as })).json();
    expect(mine).toMatchObject({ undo_label: 'create', redo_label: 'delete' });
    const theirs = (await call(app, api.resources.undoState, { ...other })).json();
    expect(theirs).toMatchObject({ can_undo: true, undo_label: 'create' });
    // The owner renames the other member's resource; the other member's undo of the create would
    // remove the owner's edit: refused in the caller's language, and the step leaves the history.
    await call(app, api.resources.update, { ...as, params: { id: pump.id }, body: { name: 'Hoist 2' } });
    const refused = await call(app, api.resources.undo, { ...other, headers: { language: 'ru' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message[0].code).toBe('resources.undo_changed');
    expect(refused.json().error_message[0].error_message).toMatch(/[а-яА-Я]/);
    expect(await byName('Hoist 2')).toBeDefined();
    expect((await call(app, api.resources.undoState, { ...other })).json()).toMatchObject({
      can_undo: false,
    });
    // The owner's own undo still works on it.
    expect((await undo()).json()).toMatchObject({ label: 'edit' });
    expect(await byName('Hoist')).toBeDefined();
  });

  it('refuses to undo a create once a version uses the resource', async () => {
    const r = (
      await call(app, api.resources.create, { ...as, body: { name: 'Scaffold' } })
    ).json() as Resource;
    const save = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ resource_id: r.id, units: 5 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const u = await undo();
    expect(u.statusCode).toBe(409);
    expect(await byName('Scaffold')).toBeDefined();
  });

  it("keeps each member's layout of the Resources grid", async () => {
    expect((await call(app, api.resources.layout, { ...as })).json()).toEqual({ layout: null });
    const layout = {
      columns: [
        { id: 'name', width: 300, visible: true },
        { id: 'code', width: 80, visible: false },
        { id: 'price', width: 120, visible: true },
      ],
      frozen: 1,
    };
    const put = await call(app, api.resources.saveLayout, { ...as, body: layout });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(app, api.resources.layout, { ...as })).json()).toEqual({ layout });
    expect((await call(app, api.resources.layout, { ...other })).json()).toEqual({ layout: null });
    const bad = await call(app, api.resources.saveLayout, {
      ...as,
      body: { columns: [{ id: 'name', width: 5, visible: true }], frozen: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message[0].params.field).toBe('body.columns.0.width');
  });
});
