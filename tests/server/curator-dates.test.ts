// Accepted curator dates on a copy of the demo schedule: rows accepted by name and all at once, a
// longer task recalculated shows both dates and the slip, a withdrawal, refusals named (en, ru)
// with nothing written; and the limit for daily plans: the space's days, the schedule's own
// (PATCH schedules/{id}/settings), and the day matrix refusing a day before the schedule's limit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CuratorDates, DpLimit, EpsTree, UserSpace, Version } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { today } from '../../src/server/services/wdp-periods';
import { makeSpace, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { updateValues, WBS_COLUMNS } from '../../src/domain/wbs';
import { wbsState } from '../../src/domain/wbs/change';

describe('accepted curator dates and the limit for daily plans', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let schedule: string;
  let copy: Version;

  const read = async (id = copy.id) =>
    (await call(app, api.curatorDates.curatorDates, { ...auth, params: { id } })).json() as CuratorDates;
  const accept = (body: unknown, lang = 'en') =>
    call(app, api.curatorDates.acceptCuratorDates, {
      ...auth,
      params: { id: copy.id },
      body,
      headers: { language: lang },
    });
  const calculate = async () => {
    const res = await call(app, api.wbsBatch.calculateSynchronous, { ...auth, params: { id: copy.id } });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    const tree = (
      await call(app, api.eps.tree, { token, params: { space_id: space!.id } })
    ).json() as EpsTree;
    const working = tree.versions.find((v) => v.kind === 'version')!;
    schedule = working.schedule_id;
    const created = await call(app, api.versions.create, {
      ...auth,
      params: { id: schedule },
      body: { label: 'Curated', copy_from_version_id: working.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    copy = created.json() as Version;
  });
  afterAll(() => h.close());

  it('refuses to accept dates of a version not calculated, naming it (en, ru)', async () => {
    const before = await read();
    if (before.timetable_state === 'calculated') return; // a copy of a calculated version
    const en = await accept({});
    expect(en.statusCode).toBe(400);
    expect(en.json().error_message[0]).toMatchObject({ code: 'curator.not_calculated' });
    expect(en.json().error_message[0].error_message).toContain('Curated');
    const ru = await accept({}, 'ru');
    expect(ru.json().error_message[0].error_message).toContain('Сначала рассчитайте версию «Curated»');
  });

  it('accepts the proposed dates of rows named, then of all; a recalculation shows both', async () => {
    await calculate();
    const fresh = await read();
    expect(fresh.timetable_state).toBe('calculated');
    expect(fresh.accepted).toBe(0);
    expect(fresh.rows.every((r) => r.state === 'none')).toBe(true);
    // Tree order: a summary before its rows, one level deeper.
    const a1060 = fresh.rows.find((r) => r.code === 'A1060')!;
    const parentAt = fresh.rows.findIndex((r) => r.depth === a1060.depth - 1);
    expect(parentAt).toBeGreaterThanOrEqual(0);
    expect(parentAt).toBeLessThan(fresh.rows.indexOf(a1060));

    const one = await accept({ wbs_ids: [a1060.wbs_id] });
    expect(one.statusCode, one.body).toBe(200);
    const afterOne = one.json() as CuratorDates;
    expect(afterOne.accepted).toBe(1);
    expect(afterOne.rows.find((r) => r.code === 'A1060')).toMatchObject({
      state: 'accepted',
      accepted_start: a1060.start,
      accepted_finish: a1060.finish,
      finish_diff_days: 0,
    });
    expect(afterOne.rows.find((r) => r.code === 'A1060')!.accepted_by).toBeTruthy();

    const all = (await accept({})).json() as CuratorDates;
    const dated = fresh.rows.filter((r) => r.start !== null && r.finish !== null).length;
    expect(all.accepted).toBe(dated);
    expect(all.moved).toBe(0);

    // The task ten working days longer, recalculated: its proposed finish moves, the accepted stays.
    const { doc } = await readVersionDoc(app, auth, copy.id);
    const state = wbsState(doc, false);
    const row = [...doc.rows.values()].find((r) => r.code === 'A1060')!;
    const v = (await call(app, api.versions.get, { ...auth, params: { id: copy.id } })).json() as Version;
    const change = updateValues(state.doc, state.index, [
      { id: row.id, column: WBS_COLUMNS.duration, value: row.duration + 10 * 480 },
    ]);
    expect((await sendChange(app, auth, copy.id, v.revision, change)).statusCode).toBe(200);
    await calculate();
    const moved = await read();
    const r = moved.rows.find((x) => x.code === 'A1060')!;
    expect(r.state).toBe('moved');
    expect(r.accepted_finish).toBe(a1060.finish);
    expect(r.finish).toBeGreaterThan(a1060.finish!);
    expect(r.finish_diff_days).toBeGreaterThanOrEqual(10);
    expect(moved.moved).toBeGreaterThan(1); // its successors moved too
    expect(moved.accepted).toBe(dated);

    // Accepting again takes the new dates; withdrawing one leaves the rest.
    expect(
      (await accept({ wbs_ids: [r.wbs_id] })).json().rows.find((x: { code: string }) => x.code === 'A1060'),
    ).toMatchObject({ state: 'accepted', accepted_finish: r.finish });
    const withdrawn = (await accept({ wbs_ids: [r.wbs_id], withdraw: true })).json() as CuratorDates;
    expect(withdrawn.rows.find((x) => x.code === 'A1060')).toMatchObject({
      state: 'none',
      accepted_finish: null,
    });
    expect(withdrawn.accepted).toBe(dated - 1);
  });

  it('refuses bad rows naming the field (en, ru), writing nothing', async () => {
    const before = await read();
    const [a, b] = before.rows;
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const twice = await accept({ wbs_ids: [a!.wbs_id, b!.wbs_id, a!.wbs_id], withdraw: false });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_message[0]).toMatchObject({
      code: 'curator.duplicate_row',
      params: { field: 'body.wbs_ids.2' },
    });
    const ru = await accept({ wbs_ids: [a!.wbs_id, unknown] }, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toContain('не относится к этой версии: body.wbs_ids.1');
    const extra = await accept({ wbs_ids: [a!.wbs_id], all: true });
    expect(extra.statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('answers the limit for daily plans: the space, then the schedule, and the matrix keeps to it', async () => {
    const base = (
      await call(app, api.scheduleSettings.limitForDp, { ...auth, params: { id: schedule } })
    ).json() as DpLimit;
    expect(base).toMatchObject({ schedule_id: schedule, key_day: today(), plan_source: expect.any(String) });
    expect(base.schedule_plan_edit_days).toBeNull();

    const set = await call(app, api.scheduleSettings.settings, {
      ...auth,
      params: { id: schedule },
      body: { plan_edit_days: 3, fact_edit_days: 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      plan_edit_days: 3,
      fact_edit_days: 0,
      plan_from: today() - 3,
      fact_from: today(),
      plan_source: 'schedule',
      fact_source: 'schedule',
    });
    // Only the plan back to the space's.
    const half = await call(app, api.scheduleSettings.settings, {
      ...auth,
      params: { id: schedule },
      body: { plan_edit_days: null },
    });
    expect(half.json()).toMatchObject({
      fact_edit_days: 0,
      schedule_plan_edit_days: null,
      fact_source: 'schedule',
    });
    expect(half.json().plan_source).toBe(base.plan_source);

    // The daily plans of the schedule's version answer the schedule's periods.
    const gantt = await call(app, api.wdp.gantt, { ...auth, params: { id: copy.id } });
    expect(gantt.statusCode, gantt.body).toBe(200);
    expect(gantt.json().periods).toMatchObject({ fact_from: today() });

    const bad = await call(app, api.scheduleSettings.settings, {
      ...auth,
      params: { id: schedule },
      body: { plan_edit_days: -1 },
    });
    expect(bad.statusCode).toBe(400);
    const unknownField = await call(app, api.scheduleSettings.settings, {
      ...auth,
      params: { id: schedule },
      body: { days: 3 },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it("keeps another space's users out", async () => {
    const other = await signUp(app, 'curator2');
    const space2 = await makeSpace(app, other.token);
    const own = await call(app, api.curatorDates.curatorDates, {
      token: other.token,
      space: space2,
      params: { id: copy.id },
    });
    expect(own.statusCode).toBe(404);
    const foreign = await call(app, api.scheduleSettings.limitForDp, {
      token: other.token,
      space: auth.space,
      params: { id: schedule },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
