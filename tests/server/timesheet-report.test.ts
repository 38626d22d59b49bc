// Works assigned to the people who gather their facts (the rows' executors, many at once), their
// timesheets, and the timesheet report over a period: per person and work, by status, only one's
// own for a fact gatherer, and its XLSX / CSV export.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Notice } from '../../src/api/collab';
import type { TimesheetReport } from '../../src/api/wdp';
import { serializeEntry } from '../../src/domain/history';
import { newRow } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('timesheet works and reports', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;
  let ann: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  const w1 = randomUUID();
  const w2 = randomUUID();
  const w3 = randomUUID();
  const as = () => ({ token, space });
  const noticesOf = async (who: { token: string; space: string }) =>
    (await call(app, api.notices.list, who)).json().notices as Notice[];
  const v = () => ({ id: tree.version });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    token = (await signUp(app, 'tsr')).token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
    const rows = [
      newRow(w1, 'work', null, 'a', {
        name: 'Concrete',
        code: 'W1',
        volume: 100,
        duration: 480 * 10,
        price: 50,
      }),
      newRow(w2, 'work', null, 'b', { name: 'Rebar', code: 'W2', volume: 20, duration: 480 * 5 }),
      newRow(w3, 'work', null, 'c', { name: 'Formwork', code: 'W3', volume: 30, duration: 480 * 5 }),
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
    ann = await signUp(app, 'ann');
    bob = await signUp(app, 'bob');
    for (const u of [ann, bob]) {
      await call(app, api.space.invite, { token, params: { space_id: space }, body: { login: u.login } });
      await call(app, api.space.setRole, {
        token,
        params: { space_id: space },
        body: { user_id: u.user.id, role_id: tree.role },
      });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const assign = (ids: string[], executor: string | null, who = as()) =>
    call(app, api.executors.setRowExecutors, {
      ...who,
      params: v(),
      body: { wbs_ids: ids, executor_id: executor },
    });
  const report = async (query: Record<string, string>, who = as()) =>
    call(app, api.wdp.timesheetReport, { ...who, params: { space_id: space }, query });

  it('assigns works to the members who gather their facts, many rows at once', async () => {
    const notExecutor = await assign([w1, w3], ann.user.id);
    expect(notExecutor.statusCode).toBe(400);
    expect(notExecutor.body).toContain('people.not_executor');
    for (const u of [ann, bob])
      expect(
        (
          await call(app, api.executors.setExecutor, {
            ...as(),
            params: { id: u.user.id },
            body: { executor: true },
          })
        ).statusCode,
      ).toBe(200);
    const unknown = await assign([w1, randomUUID()], ann.user.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('people.unknown_row');
    // A fact gatherer cannot assign works (schedules edit).
    expect((await assign([w1], ann.user.id, { token: ann.token, space })).statusCode).toBe(403);

    const done = await assign([w1, w3], ann.user.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ changed: 2 });
    expect((await assign([w2], bob.user.id)).json().changed).toBe(1);
    // Again: nothing changes; the executor named in the node panel is the same data.
    expect((await assign([w1, w3], ann.user.id)).json().changed).toBe(0);
    const people = (await call(app, api.executors.rowPeople, { ...as(), params: v() })).json();
    expect(people.rows).toHaveLength(3);
    // Ann heard of her two works.
    const notes = (await call(app, api.notices.list, { token: ann.token, space })).json();
    expect(
      notes.notices.filter((n: { type: string }) => n.type === 'executor_assigned_to_task'),
    ).toHaveLength(2);
    // Unassign W3: its executor is cleared.
    expect((await assign([w3], null)).json().rows).toEqual([
      { wbs_id: w3, executor_id: null, curator_id: null },
    ]);
    const users = (await call(app, api.wdp.timesheetUsers, { ...as(), params: v() })).json();
    expect(users.items.map((u: { user_id: string; works: number }) => [u.user_id, u.works]).sort()).toEqual(
      [
        [ann.user.id, 1],
        [bob.user.id, 1],
      ].sort(),
    );
  });

  it('reports hours and facts per person and work over a period; a gatherer sees only their own', async () => {
    const sheet = async (u: typeof ann, item: string, facts: [number, number, number][]) => {
      const me = { token: u.token, space };
      const created = await call(app, api.wdp.createTimesheet, {
        ...me,
        params: v(),
        body: { first_day: 9100, last_day: 9106 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const put = await call(app, api.wdp.updateTimesheetDay, {
        ...me,
        params: { id },
        body: { days: facts.map(([day, hours, fact]) => ({ item_id: item, day, hours, fact })) },
      });
      expect(put.statusCode, put.body).toBe(200);
      // Not assigned to them: refused.
      const stray = await call(app, api.wdp.updateTimesheetDay, {
        ...me,
        params: { id },
        body: { days: [{ item_id: w3, day: 9101, hours: 1, fact: 1 }] },
      });
      expect(stray.statusCode).toBe(400);
      expect(stray.body).toContain('timesheet.not_assigned');
      expect(
        (await call(app, api.wdp.updateTimesheet, { ...me, params: { id }, body: { status: 'submitted' } }))
          .statusCode,
      ).toBe(200);
      return id;
    };
    const annSheet = await sheet(ann, w1, [
      [9100, 8, 10],
      [9101, 8, 12.5],
      [9105, 4, 2],
    ]);
    await sheet(bob, w2, [[9102, 6, 3]]);
    const approved = await call(app, api.wdp.updateTimesheet, {
      ...as(),
      params: { id: annSheet },
      body: { status: 'APPROVED' },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // Notices (issue 26): each submitted sheet asks those who approve facts (here the owner) to
    // accept its daily data; the approval tells its author.
    const waiting = (await noticesOf(as())).filter((n) => n.type === 'task_need_accept_daily_data');
    expect(waiting.map((n) => n.params.user).sort()).toEqual([ann.login, bob.login].sort());
    const accepted = (await noticesOf({ token: ann.token, space })).filter(
      (n) => n.type === 'assignment_accepted',
    );
    expect(accepted.map((n) => n.link.timesheet_id)).toEqual([annSheet]);
    expect((await noticesOf({ token: bob.token, space })).some((n) => n.type === 'assignment_accepted')).toBe(
      false,
    );

    // The planner: everyone, Mon–Thu (9105 left out).
    const all = await report({ from: '9100', to: '9103' });
    expect(all.statusCode, all.body).toBe(200);
    const r = all.json() as TimesheetReport;
    const line = (user: string) => r.lines.find((l) => l.user_id === user)!;
    expect(r.lines).toHaveLength(2);
    expect(line(ann.user.id)).toMatchObject({ item_id: w1, code: 'W1', hours: 16, fact: 22.5, cost: 1125 });
    expect(line(ann.user.id).days).toEqual([
      { day: 9100, hours: 8, fact: 10 },
      { day: 9101, hours: 8, fact: 12.5 },
    ]);
    expect(line(bob.user.id)).toMatchObject({ item_id: w2, hours: 6, fact: 3, cost: null });
    expect(line(ann.user.id).version_label).toBeTruthy();
    expect(r.people.find((p) => p.user_id === ann.user.id)).toMatchObject({
      hours: 16,
      cost: 1125,
      works: 1,
      days: 2,
    });

    // By status: only the approved sheet's lines; by person: only theirs.
    const onlyApproved = (
      await report({ from: '9100', to: '9106', status: 'APPROVED' })
    ).json() as TimesheetReport;
    expect(onlyApproved.lines.map((l) => [l.user_id, l.fact])).toEqual([[ann.user.id, 24.5]]);
    const onlyBob = (
      await report({ from: '9100', to: '9106', user_id: bob.user.id })
    ).json() as TimesheetReport;
    expect(onlyBob.lines.map((l) => l.user_id)).toEqual([bob.user.id]);

    // A fact gatherer reads only their own; asking for another's is refused.
    const annOwn = (
      await report({ from: '9100', to: '9106' }, { token: ann.token, space })
    ).json() as TimesheetReport;
    expect(annOwn.lines.map((l) => l.user_id)).toEqual([ann.user.id]);
    expect(
      (await report({ from: '9100', to: '9106', user_id: bob.user.id }, { token: ann.token, space }))
        .statusCode,
    ).toBe(403);
    // A backwards period is 400.
    const backwards = await report({ from: '9106', to: '9100' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('timesheet.bad_period');
  });

  it('a declined timesheet asks its author for the actuals again (a notice)', async () => {
    const me = { token: bob.token, space };
    const created = await call(app, api.wdp.createTimesheet, {
      ...me,
      params: v(),
      body: { first_day: 9121, last_day: 9127 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await call(app, api.wdp.updateTimesheetDay, {
      ...me,
      params: { id },
      body: { days: [{ item_id: w2, day: 9122, hours: 2, fact: 1 }] },
    });
    await call(app, api.wdp.updateTimesheet, { ...me, params: { id }, body: { status: 'submitted' } });
    const declined = await call(app, api.wdp.updateTimesheet, {
      ...as(),
      params: { id },
      body: { status: 'DECLINED' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const asked = (await noticesOf(me)).filter((n) => n.type === 'task_need_actual_by_timesheet');
    expect(asked.map((n) => n.link.timesheet_id)).toEqual([id]);
  });

  it('exports the report as CSV and XLSX', async () => {
    const csv = await call(app, api.wdp.exportTimesheetReport, {
      ...as(),
      params: { space_id: space },
      query: { from: '9100', to: '9102', format: 'csv' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Person');
    expect(lines[0]).toContain('2024-11-30'); // day 9100
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Concrete'))).toMatch(/16.*22\.5.*1125.*10.*12\.5/);
    const ru = await call(app, api.wdp.exportTimesheetReport, {
      ...as(),
      params: { space_id: space },
      query: { from: '9100', to: '9102', format: 'csv' },
      headers: { language: 'ru' },
    });
    expect(ru.body).toContain('Сотрудник');
    const xlsx = await call(app, api.wdp.exportTimesheetReport, {
      ...as(),
      params: { space_id: space },
      query: { from: '9100', to: '9102' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
