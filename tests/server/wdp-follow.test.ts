// Plans follow the dates: a calculation that moves a planned row re-plans its days by the row's
// mode and base in the same step, logged as one undo_wdp action (wdp.follow_dates) the synchronous
// answer carries; the timetable stays calculated, facts stay, and the undo log puts the plan back.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { WdpGantt } from '../../src/api/wdp';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('wdp plans follow a recompute', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const first = randomUUID();
  const work = randomUUID();
  const link = randomUUID();
  const as = () => ({ token, space });
  const v = () => ({ id: tree.version });

  const gantt = async () => {
    const res = await call(app, api.wdp.gantt, { ...as(), params: v() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WdpGantt;
  };
  const planOf = (g: WdpGantt) =>
    new Map(g.days.filter((d) => d.item_id === work && d.plan !== null).map((d) => [d.day, d.plan!]));
  const sum = (m: Map<number, number>) =>
    Math.round([...m.values()].reduce((s, x) => s + x, 0) * 1000) / 1000;
  const batch = async (revision: number, patches: object[], inversePatches: object[]) => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as(),
      params: v(),
      body: {
        revision,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'cmd.edit', patches, inversePatches } as never),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().revision as number;
  };
  const calculate = async () => {
    const res = await call(app, api.wbsBatch.calculateSynchronous, { ...as(), params: v() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    token = (await signUp(app, 'wdpfollow')).token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(first, 'work', null, 'a', { name: 'Excavation', code: 'F1', duration: 480 * 5 }),
      newRow(work, 'work', null, 'b', { name: 'Concrete', code: 'F2', volume: 100, duration: 480 * 10 }),
    ];
    await batch(
      0,
      rows.map((r) => ({ op: 'add', path: ['rows', r.id], value: r })),
      rows.map((r) => ({ op: 'remove', path: ['rows', r.id] })),
    );
    const calc = await calculate();
    expect(calc.wdp_follow).toBeUndefined();
    const dist = await call(app, api.wdp.distribute, {
      ...as(),
      params: v(),
      body: { item_ids: [work], mode: 'evenly', base: 'by_date' },
    });
    expect(dist.statusCode, dist.body).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('re-plans a moved row over its new dates in the calculation, as one undo_wdp action', async () => {
    const before = planOf(await gantt());
    expect(before.size).toBe(10);
    // A fact on the first planned day, and a link that pushes the work a week later.
    const g0 = await gantt();
    const firstDay = Math.min(...before.keys());
    const fact = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: { kind: 'fact', values: [{ item_id: work, day: firstDay, value: 3 }] },
    });
    expect(fact.statusCode, fact.body).toBe(200);
    const rel = { id: link, predId: first, succId: work, type: 'fs', lag: 0 };
    await batch(
      g0.revision + 1,
      [{ op: 'add', path: ['relations', link], value: rel }],
      [{ op: 'remove', path: ['relations', link] }],
    );
    const calc = await calculate();
    expect(calc.timetable_state).toBe('calculated');
    expect(calc.wdp_follow).toMatchObject({ revision: calc.revision });
    expect(calc.wdp_follow.entry).toMatchObject({ kind: 'undo_wdp', labelKey: 'wdp.follow_dates' });

    const g = await gantt();
    const after = planOf(g);
    expect(sum(after)).toBe(100);
    expect(after.size).toBe(10);
    // Five working days later (the excavation's week): the first new day is a week after.
    expect(Math.min(...after.keys())).toBe(firstDay + 7);
    // The fact stayed on its day.
    expect(g.days.find((d) => d.item_id === work && d.day === firstDay)).toMatchObject({
      fact: 3,
      plan: null,
    });

    const log = (await call(app, api.wbsBatch.undoActions, { ...as(), params: v() })).json();
    expect(log.items[0]).toMatchObject({
      kind: 'undo_wdp',
      label: 'wdp.follow_dates',
      origin: 'do',
      id: calc.wdp_follow.action_id,
    });
    const version = (await call(app, api.versions.get, { ...as(), params: v() })).json();
    expect(version.timetable_state).toBe('calculated');

    // The undo log puts the old plan back.
    const restored = await call(app, api.wbsBatch.restore, {
      ...as(),
      params: { id: tree.version, actionId: calc.wdp_follow.action_id },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(planOf(await gantt())).toEqual(before);
  });

  it('leaves plans alone when a calculation moves nothing', async () => {
    await calculate();
    const planned = planOf(await gantt());
    const calc = await calculate();
    expect(calc.wdp_follow).toBeUndefined();
    expect(planOf(await gantt())).toEqual(planned);
  });
});
