// The wdp calls on periods and days: allocate plan/fact over a period, transfer a value between
// days, the day report and its edit, with labour and cost from the rows' price and resources;
// each change one undo_wdp action restorable from the undo log; roles and bad input.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { WdpGantt, WdpResourceGantt } from '../../src/api/wdp';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('wdp allocate, transfer-value, report', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const work = randomUUID();
  const other = randomUUID();
  const as = () => ({ token, space });
  const v = () => ({ id: tree.version });
  // A Monday to the Friday of the week after (2024-06-03 … 2024-06-14).
  const MON = 8920;

  const gantt = async () => {
    const res = await call(app, api.wdp.gantt, { ...as(), params: v() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WdpGantt;
  };
  const daysOf = (g: WdpGantt, id: string, kind: 'plan' | 'fact') =>
    new Map(g.days.filter((d) => d.item_id === id && d[kind] !== null).map((d) => [d.day, d[kind]]));
  const sum = (m: Map<number, number | null>) =>
    Math.round([...m.values()].reduce((s: number, x) => s + (x ?? 0), 0) * 1000) / 1000;
  const lastAction = async () =>
    (await call(app, api.wbsBatch.undoActions, { ...as(), params: v() })).json().items[0];

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'wdpops');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(work, 'work', null, 'a', { name: 'Concrete', code: 'C1', volume: 100, price: 12.5 }),
      newRow(other, 'work', null, 'b', { name: 'Masonry', code: 'M1', volume: 50 }),
    ];
    const res = await call(app, api.wbsBatch.batch, {
      ...as(),
      params: v(),
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
    // Masonry: 200 hours of a mason (labor, 30 an hour) and 10 t of mortar at 80.
    const mason = await call(app, api.resources.create, {
      ...as(),
      body: { name: 'Mason', resource_type: 'labor', unit: 'h', price: 30, default_limit: 48 },
    });
    const mortar = await call(app, api.resources.create, {
      ...as(),
      body: { name: 'Mortar', resource_type: 'material', unit: 't', price: 80 },
    });
    expect(mason.statusCode, mason.body).toBe(201);
    const saved = await call(app, api.resources.save, {
      ...as(),
      params: v(),
      body: {
        wbs_id: other,
        items: [
          { resource_id: mason.json().id, units: 200 },
          { resource_id: mortar.json().id, units: 10 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("reads the rows' labour and resource cost with the days", async () => {
    const g = await gantt();
    expect(g.resources).toEqual([{ item_id: other, labour: 200, cost: 200 * 30 + 10 * 80 }]);
  });

  it('allocates an amount of plan evenly over the working days of a period; the undo log restores it', async () => {
    const res = await call(app, api.wdp.allocate, {
      ...as(),
      params: v(),
      body: { item_ids: [work], kind: 'plan', mode: 'evenly', from: MON, to: MON + 11, amount: 70 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toBe(1);
    const plan = daysOf(await gantt(), work, 'plan');
    expect(sum(plan)).toBe(70);
    // Ten working days, the weekend between left empty.
    expect(plan.size).toBe(10);
    expect(plan.get(MON)).toBe(7);
    expect(plan.has(MON + 5)).toBe(false);
    const action = await lastAction();
    expect(action).toMatchObject({ kind: 'undo_wdp', label: 'wdp.allocate_plan' });
    const back = await call(app, api.wbsBatch.restore, {
      ...as(),
      params: { id: tree.version, actionId: action.id },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(daysOf(await gantt(), work, 'plan').size).toBe(0);
  });

  it('allocates what the volume leaves when no amount is given, keeping the days outside', async () => {
    const first = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: { kind: 'fact', values: [{ item_id: work, day: MON, value: 40 }] },
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await call(app, api.wdp.allocate, {
      ...as(),
      params: v(),
      body: { item_ids: [work], kind: 'fact', mode: 'end', from: MON + 1, to: MON + 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fact = daysOf(await gantt(), work, 'fact');
    expect(Object.fromEntries(fact)).toEqual({ [MON]: 40, [MON + 4]: 60 });
  });

  it('moves a value to another day, all of it or a part; the total is kept', async () => {
    const part = await call(app, api.wdp.transferValue, {
      ...as(),
      params: v(),
      body: { item_id: work, kind: 'fact', from_day: MON + 4, to_day: MON + 7, value: 15 },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().moved).toBe(15);
    let fact = daysOf(await gantt(), work, 'fact');
    expect(fact.get(MON + 4)).toBe(45);
    expect(fact.get(MON + 7)).toBe(15);
    expect(sum(fact)).toBe(100);
    const all = await call(app, api.wdp.transferValue, {
      ...as(),
      params: v(),
      body: { item_id: work, kind: 'fact', from_day: MON + 7, to_day: MON + 8 },
    });
    expect(all.statusCode, all.body).toBe(200);
    fact = daysOf(await gantt(), work, 'fact');
    expect(fact.has(MON + 7)).toBe(false);
    expect(fact.get(MON + 8)).toBe(15);
    expect((await lastAction()).label).toBe('wdp.transfer_value');
  });

  it('answers 400 with the error list for bad input, an empty day, too much, a closed period', async () => {
    const same = await call(app, api.wdp.transferValue, {
      ...as(),
      params: v(),
      body: { item_id: work, kind: 'fact', from_day: MON, to_day: MON },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error_message[0].params.field).toBe('body.to_day');
    const empty = await call(app, api.wdp.transferValue, {
      ...as(),
      params: v(),
      body: { item_id: work, kind: 'plan', from_day: MON + 2, to_day: MON },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_message[0].code).toBe('wdp.nothing_to_transfer');
    const much = await call(app, api.wdp.transferValue, {
      ...as(),
      params: v(),
      body: { item_id: work, kind: 'fact', from_day: MON, to_day: MON + 1, value: 41 },
    });
    expect(much.json().error_message[0].code).toBe('wdp.transfer_exceeds');
    const backwards = await call(app, api.wdp.allocate, {
      ...as(),
      params: v(),
      body: { item_ids: [work], kind: 'plan', mode: 'evenly', from: MON + 3, to: MON },
    });
    expect(backwards.statusCode).toBe(400);
    const weekend = await call(app, api.wdp.allocate, {
      ...as(),
      params: v(),
      body: { item_ids: [work, other], kind: 'plan', mode: 'evenly', from: MON + 5, to: MON + 6 },
    });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().error_message.map((e: { code: string }) => e.code)).toEqual([
      'wdp.no_working_days',
      'wdp.no_working_days',
    ]);
    const unknown = await call(app, api.wdp.reportEdit, {
      ...as(),
      params: v(),
      body: { day: MON, rows: [{ item_id: randomUUID(), fact: 1 }] },
    });
    expect(unknown.json().error_message[0].code).toBe('wdp.unknown_item');
  });

  it('edits the day report of several rows at once and reads it with labour and cost', async () => {
    const res = await call(app, api.wdp.reportEdit, {
      ...as(),
      params: v(),
      body: {
        day: MON + 9,
        rows: [
          { item_id: other, plan: 5, fact: 4 },
          { item_id: work, fact: 2 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastAction()).label).toBe('wdp.report_edit');
    const rep = await call(app, api.wdp.report, { ...as(), params: v(), query: { day: String(MON + 9) } });
    expect(rep.statusCode, rep.body).toBe(200);
    const lines = rep.json().rows as { item_id: string }[];
    expect(lines.map((l) => l.item_id)).toEqual([work, other]);
    // Concrete: fact 2 at 12.5 a unit; no labour. Masonry: fact 4 of 50 → 4 h a unit, 136 a unit.
    expect(lines[0]).toMatchObject({ code: 'C1', fact: 2, fact_to_date: 102, labour: null, cost: 25 });
    expect(lines[1]).toMatchObject({ plan: 5, fact: 4, plan_to_date: 5, labour: 16, cost: 544 });
  });

  it('lets a fact gatherer allocate and report facts, not plans; refuses other spaces', async () => {
    const fg = await signUp(app, 'site-ops');
    await call(app, api.space.invite, { token, params: { space_id: space }, body: { login: fg.login } });
    await call(app, api.space.setRole, {
      token,
      params: { space_id: space },
      body: { user_id: fg.user.id, role_id: tree.role },
    });
    const me = { token: fg.token, space };
    const plan = await call(app, api.wdp.allocate, {
      ...me,
      params: v(),
      body: { item_ids: [other], kind: 'plan', mode: 'start', from: MON, to: MON, amount: 1 },
    });
    expect(plan.statusCode).toBe(403);
    const planReport = await call(app, api.wdp.reportEdit, {
      ...me,
      params: v(),
      body: { day: MON, rows: [{ item_id: other, plan: 1 }] },
    });
    expect(planReport.statusCode).toBe(403);
    const fact = await call(app, api.wdp.reportEdit, {
      ...me,
      params: v(),
      body: { day: MON, rows: [{ item_id: other, fact: 1 }] },
    });
    expect(fact.statusCode, fact.body).toBe(200);
    const elsewhere = await makeSpace(app, fg.token, 'Own');
    const cross = await call(app, api.wdp.transferValue, {
      token: fg.token,
      space: elsewhere,
      params: v(),
      body: { item_id: other, kind: 'fact', from_day: MON, to_day: MON + 1 },
    });
    expect([403, 404]).toContain(cross.statusCode);
  });

  it('carries percent complete with facts when the version derives progress from facts', async () => {
    await call(app, api.wdp.estimatedData, { ...as(), params: v(), body: { progress_from_facts: true } });
    const res = await call(app, api.wdp.allocate, {
      ...as(),
      params: v(),
      body: { item_ids: [other], kind: 'fact', mode: 'evenly', from: MON, to: MON + 1, amount: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const content = (await call(app, api.versions.content, { ...as(), params: v() })).json();
    // 20 allocated over Monday and Tuesday (Monday's 1 replaced) + 4 reported later = 24 of 50.
    expect(content.items.find((i: { id: string }) => i.id === other).percent).toBe(48);
  });
  it('reads the daily plans by resource: each day of a work over its volume times the units', async () => {
    const D = MON + 28;
    const set = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: {
        kind: 'plan',
        values: [
          { item_id: other, day: D, value: 10 },
          { item_id: other, day: D + 1, value: 15 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const read = async (query: Record<string, unknown>) =>
      call(app, api.wdp.resourceGantt, {
        ...as(),
        params: v(),
        query: { from: String(D), to: String(D + 6), ...query },
      });
    const res = await read({});
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as WdpResourceGantt;
    expect(g.kind).toBe('plan');
    // Masonry: 50 m³ with 200 h of a mason and 10 t of mortar; 10 and 15 m³ planned.
    expect(g.resources.map((r) => [r.name, r.unit, r.type, r.total, r.days])).toEqual([
      [
        'Mason',
        'h',
        'labor',
        100,
        [
          { day: D, value: 40 },
          { day: D + 1, value: 60 },
        ],
      ],
      [
        'Mortar',
        't',
        'material',
        5,
        [
          { day: D, value: 2 },
          { day: D + 1, value: 3 },
        ],
      ],
    ]);
    // The mason's availability (48 h a working day) for the limit line; the mortar has none.
    expect(g.resources.map((r) => r.limit)).toEqual([{ default_limit: 48, limits: [] }, null]);
    expect(g.resources[0]!.works).toEqual([
      expect.objectContaining({
        item_id: other,
        code: 'M1',
        units: 200,
        first_day: D,
        last_day: D + 1,
        total: 100,
      }),
    ]);
    // No facts in the period: no resource; a bad kind is a 400 with the error list.
    expect(((await read({ kind: 'fact' })).json() as WdpResourceGantt).resources).toEqual([]);
    const badKind = await read({ kind: 'volume' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error_message[0].params.field).toBe('query.kind');
  });
});
