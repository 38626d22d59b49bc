// Daily work plans end to end on the server: values, distribution over stored dates, upload,
// statuses, clears, the undo log (undo_wdp actions restored like WBS ones), the workbench's
// batches carrying wdp patches, editing periods, roles, and timesheets approved into facts.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { WdpGantt } from '../../src/api/wdp';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { today } from '../../src/server/services/wdp-periods';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('wdp', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  const work = randomUUID();
  const other = randomUUID();
  const as = () => ({ token, space });
  const v = () => ({ id: tree.version });

  const gantt = async () => {
    const res = await call(app, api.wdp.gantt, { ...as(), params: v() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WdpGantt;
  };
  const sumOf = (g: WdpGantt, kind: 'plan' | 'fact' | 'approved_plan', id = work) =>
    Math.round(g.days.filter((d) => d.item_id === id).reduce((s, d) => s + (d[kind] ?? 0), 0) * 1000) / 1000;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'wdp');
    token = u.token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(work, 'work', null, 'a', { name: 'Concrete', code: 'W1', volume: 100, duration: 480 * 10 }),
      newRow(other, 'work', null, 'b', { name: 'Rebar', code: 'W2', volume: 20, duration: 480 * 5 }),
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
    const calc = await call(app, api.wbsBatch.calculateSynchronous, { ...as(), params: v() });
    expect(calc.statusCode, calc.body).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('distributes a volume evenly over the stored dates, and the undo log restores it', async () => {
    const res = await call(app, api.wdp.distribute, {
      ...as(),
      params: v(),
      body: { item_ids: [work], mode: 'evenly', base: 'by_date' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const g = await gantt();
    expect(g.days.filter((d) => d.item_id === work)).toHaveLength(10);
    expect(sumOf(g, 'plan')).toBe(100);
    const log = (await call(app, api.wbsBatch.undoActions, { ...as(), params: v() })).json();
    expect(log.items[0]).toMatchObject({ kind: 'undo_wdp', label: 'wdp.distribute', origin: 'do' });
    const restored = await call(app, api.wbsBatch.restore, {
      ...as(),
      params: { id: tree.version, actionId: log.items[0].id },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(sumOf(await gantt(), 'plan')).toBe(0);
  });

  it('takes wdp patches in the workbench batch, and refuses bad ones with the list', async () => {
    const g = await gantt();
    const cell = { plan: 5, fact: null, approved_plan: null, status: 'open' };
    const ok = await call(app, api.wbsBatch.batch, {
      ...as(),
      params: v(),
      body: {
        revision: g.revision,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wdp',
          labelKey: 'wdp.edit',
          patches: [{ op: 'add', path: ['wdp', work, 9000], value: cell }],
          inversePatches: [{ op: 'remove', path: ['wdp', work, 9000] }],
        },
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await gantt()).days.find((d) => d.day === 9000)).toMatchObject({ item_id: work, plan: 5 });
    const bad = await call(app, api.wbsBatch.batch, {
      ...as(),
      params: v(),
      body: {
        revision: ok.json().revision,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wdp',
          labelKey: 'wdp.edit',
          patches: [{ op: 'add', path: ['wdp', work, -4], value: { ...cell, plan: 'x' } }],
          inversePatches: [],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message[0]).toMatchObject({ code: 'wbs.bad_patch', params: { reason: 'day' } });
  });

  it('sets values, approves days, clears values and whole rows', async () => {
    const set = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: {
        kind: 'plan',
        values: [
          { item_id: other, day: 9001, value: 3 },
          { item_id: other, day: 9002, value: 4 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const ok = await call(app, api.wdp.toggleStatus, {
      ...as(),
      params: v(),
      body: { cells: [{ item_id: other, day: 9001 }], status: 'approved' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    let g = await gantt();
    expect(g.days.find((d) => d.item_id === other && d.day === 9001)).toMatchObject({
      status: 'approved',
      approved_plan: 3,
    });
    await call(app, api.wdp.clearValues, {
      ...as(),
      params: v(),
      body: { item_ids: [other], kinds: ['plan'] },
    });
    g = await gantt();
    expect(sumOf(g, 'plan', other)).toBe(0);
    expect(sumOf(g, 'approved_plan', other)).toBe(3);
    await call(app, api.wdp.clearWdp, { ...as(), params: v(), body: { item_ids: [other] } });
    expect((await gantt()).days.filter((d) => d.item_id === other)).toEqual([]);
  });

  it('answers 400 with the error list for bad input and unknown rows', async () => {
    const res = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: { kind: 'volume', values: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(Array.isArray(res.json().error_message)).toBe(true);
    const unknown = await call(app, api.wdp.distribute, {
      ...as(),
      params: v(),
      body: { item_ids: [randomUUID()], mode: 'evenly', base: 'by_date' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_message[0].code).toBe('wdp.unknown_item');
  });

  it('reads a CSV upload of day values by code and date', async () => {
    const csv = 'code,kind,2024-06-03,2024-06-04\nW2,fact,1.5,2\nNOPE,plan,1,1\n';
    const boundary = 'b0undary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="days.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/versions/${tree.version}/wdp/upload`,
      headers: {
        authorization: `Bearer ${token}`,
        'space-id': space,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cells: 2, skipped: [{ line: 3 }] });
    expect(sumOf(await gantt(), 'fact', other)).toBe(3.5);
  });

  it('derives percent complete from facts when the version is set so', async () => {
    const res = await call(app, api.wdp.estimatedData, {
      ...as(),
      params: v(),
      body: { progress_from_facts: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(1);
    const content = (await call(app, api.versions.content, { ...as(), params: v() })).json();
    expect(content.items.find((i: { id: string }) => i.id === other).percent).toBe(17.5);
    expect((await gantt()).progress_from_facts).toBe(true);
  });

  it('keeps days before the editing period read-only', async () => {
    await call(app, api.space.putSettings, {
      token,
      params: { space_id: space },
      body: { ip_allow_list: [], plan_edit_days: null, fact_edit_days: 3 },
    });
    const old = today() - 10;
    const res = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: { kind: 'fact', values: [{ item_id: work, day: old, value: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message[0]).toMatchObject({ code: 'wdp.day_closed', params: { kind: 'fact' } });
    const fresh = await call(app, api.wdp.updateMany, {
      ...as(),
      params: v(),
      body: { kind: 'fact', values: [{ item_id: work, day: today() - 1, value: 1 }] },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await gantt()).periods).toMatchObject({
      key_day: today(),
      fact_from: today() - 3,
      plan_from: null,
    });
    await call(app, api.space.putSettings, {
      token,
      params: { space_id: space },
      body: { ip_allow_list: [], plan_edit_days: null, fact_edit_days: null },
    });
  });

  it("a fact gatherer's timesheet, submitted and approved by the planner, flows into facts", async () => {
    const fg = await signUp(app, 'site');
    const invited = await call(app, api.space.invite, {
      token,
      params: { space_id: space },
      body: { login: fg.login },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await call(app, api.space.setRole, {
      token,
      params: { space_id: space },
      body: { user_id: fg.user.id, role_id: tree.role },
    });
    const me = { token: fg.token, space };
    const plan = await call(app, api.wdp.updateMany, {
      ...me,
      params: v(),
      body: { kind: 'plan', values: [{ item_id: work, day: 9100, value: 1 }] },
    });
    expect(plan.statusCode).toBe(403);
    const created = await call(app, api.wdp.createTimesheet, {
      ...me,
      params: v(),
      body: { first_day: 9100, last_day: 9106 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ts = created.json().id as string;
    // A sheet reports on the works assigned to its owner: not yet.
    const stray = await call(app, api.wdp.updateTimesheetDay, {
      ...me,
      params: { id: ts },
      body: { days: [{ item_id: work, day: 9101, hours: 8, fact: 12.5 }] },
    });
    expect(stray.statusCode, stray.body).toBe(400);
    expect(stray.json().error_message[0]).toMatchObject({ code: 'timesheet.not_assigned' });
    // The planner assigns the work to them (they gather its facts as its executor).
    const flagged = await call(app, api.executors.setExecutor, {
      ...as(),
      params: { id: fg.user.id },
      body: { executor: true },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const assigned = await call(app, api.executors.setRowExecutors, {
      ...as(),
      params: v(),
      body: { wbs_ids: [work], executor_id: fg.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const listed = (await call(app, api.wdp.timesheets, { ...me, params: v() })).json();
    expect(listed.works.find((w: { item_id: string }) => w.item_id === work).executor_id).toBe(fg.user.id);
    const day = await call(app, api.wdp.updateTimesheetDay, {
      ...me,
      params: { id: ts },
      body: { days: [{ item_id: work, day: 9101, hours: 8, fact: 12.5 }] },
    });
    expect(day.statusCode, day.body).toBe(200);
    const early = await call(app, api.wdp.updateTimesheet, {
      ...me,
      params: { id: ts },
      body: { status: 'APPROVED' },
    });
    expect(early.statusCode).toBe(403);
    expect(
      (await call(app, api.wdp.updateTimesheet, { ...me, params: { id: ts }, body: { status: 'submitted' } }))
        .statusCode,
    ).toBe(200);
    const note = (await call(app, api.wdp.timesheetNotification, { token })).json();
    expect(note.to_decide).toBe(1);
    const approved = await call(app, api.wdp.updateTimesheet, {
      ...as(),
      params: { id: ts },
      body: { status: 'APPROVED' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    expect((await gantt()).days.find((d) => d.item_id === work && d.day === 9101)?.fact).toBe(12.5);
    const users = (await call(app, api.wdp.timesheetUsers, { ...as(), params: v() })).json();
    expect(users.items[0]).toMatchObject({ user_id: fg.user.id, approved: 1, works: 1 });
    expect((await call(app, api.wdp.deleteTimesheet, { ...me, params: { id: ts } })).statusCode).toBe(409);
  });

  it('saves distribution defaults per EPS node', async () => {
    const saved = await call(app, api.wdp.saveDistribution, {
      ...as(),
      body: { eps_id: tree.project, mode: 'end', base: 'by_fact' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const by = (await call(app, api.wdp.distributionByEps, { ...as(), params: { id: tree.project } })).json();
    expect(by.distribution).toMatchObject({ mode: 'end', base: 'by_fact' });
    const one = await call(app, api.wdp.distribution, { ...as(), params: { id: saved.json().id } });
    expect(one.json().eps_id).toBe(tree.project);
  });

  it('lists works without volume or plan, and the plan up to a day', async () => {
    const empty = (await call(app, api.wdp.checkEmptyWorks, { ...as(), params: v() })).json();
    // W2's plan was cleared (its facts came from the upload); W1 keeps the plan of the batch.
    expect(empty.no_plan.map((w: { code: string }) => w.code)).toEqual(['W2']);
    const at = (await call(app, api.wdp.planAtDay, { ...as(), params: v(), query: { day: '9101' } })).json();
    expect(at.items.find((i: { item_id: string }) => i.item_id === work)).toMatchObject({
      plan: 5,
      volume: 100,
    });
  });
});
