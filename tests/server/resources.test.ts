// Resources of a space and the assignment calls (src/api/resources.ts): create, edit, delete, a
// batch that is all or nothing, bad input naming its field in en and ru, assignments saved,
// changed, restored under their id and deleted, and durations from rated assignments.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Resource, ResourceAssignment, ResourceUsage } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, readVersionDoc, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;

describe('resources and assignments', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  const rowA = randomUUID();
  const rowB = randomUUID();

  const create = async (body: Record<string, unknown>) => {
    const res = await call(app, api.resources.create, { ...as, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Resource;
  };
  const list = async () =>
    ((await call(app, api.resources.list, { ...as })).json() as { items: Resource[] }).items;
  const assignmentsOf = async (query: Record<string, string>) => {
    const res = await call(app, api.resources.assignments, {
      ...as,
      query: { version_id: tree.version, ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: ResourceAssignment[] }).items;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'resources');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(rowA, newRow(rowA, 'task', null, 'a0', { name: 'A', duration: 5 * DAY }));
      d.rows.set(
        rowB,
        newRow(rowB, 'task', null, 'a1', { name: 'B', duration: 3 * DAY, percentComplete: 50 }),
      );
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

  it('creates a tree of resources with every field and lists parents before children', async () => {
    const crew = await create({ name: 'Crews', kind: 'resource' });
    const mason = await create({
      name: 'Mason',
      parent_id: crew.id,
      code: 'MAS',
      resource_type: 'labor',
      unit: 'h',
      price: 35.5,
      default_limit: 8,
      limits: [{ from: 0, to: 100_000, limit: 16 }],
      calendar_id: tree.calendar,
      specialty: 'Masonry',
      user_id: null,
    });
    expect(mason).toMatchObject({
      parent_id: crew.id,
      code: 'MAS',
      price: 35.5,
      default_limit: 8,
      specialty: 'Masonry',
    });
    expect(mason.limits).toEqual([{ from: 0, to: 100_000, limit: 16 }]);
    const kinds = ['document', 'cost', 'step', 'custom', 'actvcode', 'checklist', 'worktype'];
    for (const kind of kinds) await create({ name: `K ${kind}`, kind });
    const all = await list();
    expect(all.findIndex((r) => r.id === crew.id)).toBeLessThan(all.findIndex((r) => r.id === mason.id));
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['resource', ...kinds]));
    const costs = (await call(app, api.resources.list, { ...as, query: { kind: 'cost' } })).json() as {
      items: Resource[];
    };
    expect(costs.items.map((r) => r.name)).toEqual(['K cost']);
  });

  it('changes only the fields a patch names and refuses a move under itself', async () => {
    const [crew, mason] = (await list()).filter((r) => r.name === 'Crews' || r.name === 'Mason');
    const res = await call(app, api.resources.update, {
      ...as,
      params: { id: mason!.id },
      body: { price: 40 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: 40, default_limit: 8, code: 'MAS', parent_id: crew!.id });
    const loop = await call(app, api.resources.update, {
      ...as,
      params: { id: crew!.id },
      body: { parent_id: mason!.id },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error_message[0].params.field).toBe('body.parent_id');
  });

  it('answers bad input with 400 naming the field, in en and ru, and saves nothing', async () => {
    const before = (await list()).length;
    const neg = await call(app, api.resources.create, { ...as, body: { name: 'X', default_limit: -1 } });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error_message[0].params.field).toBe('body.default_limit');
    const limit = await call(app, api.resources.create, {
      ...as,
      body: { name: 'X', limits: [{ from: 0, to: 10, limit: -2 }] },
      headers: { language: 'ru' },
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error_message[0].params.field).toBe('body.limits.0.limit');
    expect(limit.json().error_message[0].error_message).toMatch(/[а-яА-Я]/);
    // A batch whose third row is bad stores none of its rows.
    const batch = await call(app, api.resources.batch, {
      ...as,
      body: { items: [{ name: 'P1' }, { name: 'P2' }, { name: 'P3', calendar_id: randomUUID() }] },
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().error_message[0].params.field).toBe('body.items.2.calendar_id');
    expect((await list()).length).toBe(before);
  });

  it('assigns resources, changes, deletes and restores an assignment under its id', async () => {
    const mason = (await list()).find((r) => r.name === 'Mason')!;
    const crane = await create({ name: 'Crane', resource_type: 'nonlabor', default_limit: 1 });
    const save = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: {
        wbs_id: rowA,
        items: [
          { resource_id: mason.id, units: 80, units_per_day: 8 },
          { resource_id: crane.id, units: 20, curve: 'custom', curve_values: [70, 30] },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const saved = (save.json() as { items: ResourceAssignment[] }).items;
    expect(saved.map((a) => [a.resource_name, a.units, a.curve])).toEqual([
      ['Crane', 20, 'custom'],
      ['Mason', 80, 'uniform'],
    ]);
    // The panel's read of the row sees them too.
    const panel = await call(app, api.versionResources.assignments, {
      ...as,
      params: { id: tree.version, wbsId: rowA },
    });
    expect(panel.json().items.map((a: { resource_name: string }) => a.resource_name)).toEqual([
      'Crane',
      'Mason',
    ]);
    expect((await assignmentsOf({ resource_id: mason.id })).map((a) => a.wbs_id)).toEqual([rowA]);

    const masonA = saved.find((a) => a.resource_name === 'Mason')!;
    const upd = await call(app, api.resources.updateOne, {
      ...as,
      params: { id: tree.schedule, aid: masonA.id },
      body: { version_id: tree.version, intensity: 50, curve: 'bell' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ intensity: 50, curve: 'bell', units: 80, units_per_day: 8 });

    const del = await call(app, api.resources.removeOne, {
      ...as,
      params: { id: tree.schedule, aid: masonA.id },
      query: { version_id: tree.version },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await assignmentsOf({ wbs_id: rowA })).map((a) => a.resource_name)).toEqual(['Crane']);
    // Undo of the delete: save it back under its id with what it had.
    const back = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: {
        wbs_id: rowA,
        items: [
          { id: masonA.id, resource_id: mason.id, units: 80, units_per_day: 8, intensity: 50, curve: 'bell' },
        ],
      },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await assignmentsOf({ wbs_id: rowA })).find((a) => a.id === masonA.id)).toMatchObject({
      intensity: 50,
      curve: 'bell',
    });
  });

  it('refuses negative units, an unknown resource and a curve that does not sum to 100', async () => {
    const mason = (await list()).find((r) => r.name === 'Mason')!;
    const bad = async (item: Record<string, unknown>, field: string) => {
      const res = await call(app, api.resources.save, {
        ...as,
        params: { id: tree.version },
        body: { wbs_id: rowB, items: [{ resource_id: mason.id, units: 1, ...item }] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_message[0].params.field).toBe(field);
    };
    await bad({ units: -3 }, 'body.items.0.units');
    await bad({ resource_id: randomUUID() }, 'body.items.0.resource_id');
    await bad({ curve: 'custom', curve_values: [50, 40] }, 'body.items.0.curve_values');
    expect(await assignmentsOf({ wbs_id: rowB })).toEqual([]);
    const wrongSchedule = await call(app, api.resources.removeOne, {
      ...as,
      params: { id: tree.project, aid: 'nothing' },
      query: { version_id: tree.version },
    });
    expect(wrongSchedule.statusCode).toBe(404);
  });

  it('gives rated rows their remaining duration by intensity', async () => {
    const mason = (await list()).find((r) => r.name === 'Mason')!;
    // B: 50 % done, 48 units left of 96 at 8 a day and 100 % → 6 days remain.
    await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: rowB, items: [{ resource_id: mason.id, units: 96, units_per_day: 8 }] },
    });
    const res = await call(app, api.resources.remainsByIntensity, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(2);
    const { doc } = await readVersionDoc(app, as, tree.version);
    // A: 80 units at 8 a day at 50 % → 20 days.
    expect(doc.rows.get(rowA)!.duration).toBe(20 * DAY);
    expect(doc.rows.get(rowB)!.remaining).toBe(6 * DAY);
  });

  it("gives a resource's usage by period against its availability", async () => {
    const mason = (await list()).find((r) => r.name === 'Mason')!;
    const res = await call(app, api.resources.usage, {
      ...as,
      params: { id: mason.id },
      query: { unit: 'week' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json() as ResourceUsage;
    expect(u.versions.map((v) => v.id)).toEqual([tree.version]);
    expect(u.version_id).toBe(tree.version);
    expect(u.bars.map((b) => b.units).sort()).toEqual([80, 96]);
    // Every unit lands in some week; a week of 5 working days at 8 a day holds 40.
    expect(u.periods.reduce((s, p) => s + p.usage, 0)).toBeCloseTo(176, 6);
    expect(Math.max(...u.periods.map((p) => p.capacity))).toBe(40);
    expect(u.periods.some((p) => p.usage > p.capacity)).toBe(true);
    const days = await call(app, api.resources.usage, {
      ...as,
      params: { id: mason.id },
      query: { unit: 'day' },
    });
    expect((days.json() as ResourceUsage).periods.length).toBeGreaterThan(u.periods.length);
  });

  it("rolls a resource group's usage and availability up from its members", async () => {
    const all = await list();
    const crew = all.find((r) => r.name === 'Crews')!;
    const mason = all.find((r) => r.name === 'Mason')!;
    const members = [crew, ...all.filter((r) => r.parent_id === crew.id)];
    const usage = async (id: string) =>
      (
        await call(app, api.resources.usage, { ...as, params: { id }, query: { unit: 'week' } })
      ).json() as ResourceUsage;
    const group = await usage(crew.id);
    const one = await usage(mason.id);
    expect(group.members).toBe(members.length);
    expect(one.members).toBe(1);
    expect(group.versions.map((v) => v.id)).toEqual([tree.version]);
    expect(group.periods.reduce((s, p) => s + p.usage, 0)).toBeCloseTo(176, 6);
    // Each member offers its limit on each of its five working days a week.
    const perWeek = members.reduce((s, m) => s + 5 * m.default_limit, 0);
    expect(Math.max(...group.periods.map((p) => p.capacity))).toBeCloseTo(perWeek, 6);
  });

  it('deletes a resource with its children and their assignments', async () => {
    const crew = (await list()).find((r) => r.name === 'Crews')!;
    const res = await call(app, api.resources.remove, { ...as, params: { id: crew.id } });
    expect(res.statusCode, res.body).toBe(200);
    const names = (await list()).map((r) => r.name);
    expect(names).not.toContain('Mason');
    expect((await assignmentsOf({})).map((a) => a.resource_name)).toEqual(['Crane']);
  });
});
