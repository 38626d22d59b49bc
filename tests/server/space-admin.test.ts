// Running a space: members and roles, settings, calendars, rename and delete; and the app routes.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api } from '../../src/api';
import type { Calendar, Member, Role } from '../../src/api';
import { STANDARD_WEEK } from '../../src/server/services/spaces';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('space administration', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let space: string;
  const params = () => ({ space_id: space });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    owner = await signUp(app, 'mod');
    space = await makeSpace(app, owner.token, 'Admin space');
  });
  afterAll(() => h.close());

  it('invites, changes roles and kicks out members, keeping a moderator', async () => {
    const token = owner.token;
    const u = await signUp(app, 'planner');
    const roles = (await call(app, api.roles.list, { token, space })).json() as Role[];
    expect(roles.map((r) => r.value).sort()).toEqual([
      'fact_gathering',
      'moderator',
      'planning_and_control',
      'student',
    ]);
    const planning = roles.find((r) => r.value === 'planning_and_control')!;
    const moderator = roles.find((r) => r.value === 'moderator')!;

    const invited = await call(app, api.space.invite, {
      token,
      params: params(),
      body: { login: u.login, role_id: planning.id },
    });
    expect(invited.json()).toMatchObject({ login: u.login, role_value: 'planning_and_control' });
    expect(
      (await call(app, api.space.invite, { token, params: params(), body: { login: u.login } })).statusCode,
    ).toBe(409);
    expect(
      (await call(app, api.space.invite, { token, params: params(), body: { login: 'ghost' } })).statusCode,
    ).toBe(404);

    // planning_and_control edits the structure but does not administer the space.
    expect(
      (await call(app, api.facilities.create, { token: u.token, space, body: { name: 'Depot' } })).statusCode,
    ).toBe(201);
    expect(
      (await call(app, api.roles.create, { token: u.token, space, body: { name: 'X', value: 'student' } }))
        .statusCode,
    ).toBe(403);

    const members = (await call(app, api.space.users, { token, params: params() })).json() as Member[];
    expect(members.map((m) => m.login)).toEqual([owner.login, u.login]);

    const last = await call(app, api.space.setRole, {
      token,
      params: params(),
      body: { user_id: owner.user.id, role_id: planning.id },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error_message[0].code).toBe('last_moderator');
    expect(
      (await call(app, api.space.kickout, { token, params: params(), body: { user_id: owner.user.id } }))
        .statusCode,
    ).toBe(409);

    await call(app, api.space.setRole, {
      token,
      params: params(),
      body: { user_id: u.user.id, role_id: moderator.id },
    });
    const config = (await call(app, api.users.spaceConfig, { token: u.token, space })).json();
    expect(config).toMatchObject({
      role_value: 'moderator',
      can: { read: true, edit: true, admin: true },
      licence: { user_cap: 5, members: 2 },
    });
    expect(
      (
        await call(app, api.space.kickout, {
          token: u.token,
          params: params(),
          body: { user_id: owner.user.id },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(app, api.eps.tree, { token, params: params() })).statusCode).toBe(403);
    owner = { ...owner, token: u.token };
  });

  it('creates, renames and deletes roles; built-in and held roles stay', async () => {
    const token = owner.token;
    const created = await call(app, api.roles.create, {
      token,
      space,
      body: { name: 'Site engineer', value: 'fact_gathering' },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json() as Role;
    expect(role).toMatchObject({ builtin: false, value: 'fact_gathering' });
    const updated = await call(app, api.roles.update, {
      token,
      space,
      params: { id: role.id },
      body: { name: 'Site lead', value: 'planning_and_control' },
    });
    expect(updated.json()).toMatchObject({ name: 'Site lead', value: 'planning_and_control' });
    const worker = await signUp(app, 'worker');
    await call(app, api.space.invite, {
      token,
      params: params(),
      body: { login: worker.login, role_id: role.id },
    });
    expect(
      (await call(app, api.roles.remove, { token, space, params: { id: role.id } })).json().error_message[0]
        .code,
    ).toBe('role_in_use');
    await call(app, api.space.kickout, { token, params: params(), body: { user_id: worker.user.id } });
    expect((await call(app, api.roles.remove, { token, space, params: { id: role.id } })).statusCode).toBe(
      200,
    );
    const builtin = ((await call(app, api.roles.list, { token, space })).json() as Role[]).find(
      (r) => r.builtin,
    )!;
    expect((await call(app, api.roles.remove, { token, space, params: { id: builtin.id } })).statusCode).toBe(
      409,
    );
  });

  it('reads and writes settings and access', async () => {
    const token = owner.token;
    expect((await call(app, api.space.getSettings, { token, params: params() })).json()).toEqual({
      ip_allow_list: [],
      plan_edit_days: null,
      fact_edit_days: null,
      default_language: null,
      idle_timeout_minutes: null,
      storage_max_file_bytes: null,
      storage_quota_bytes: null,
    });
    const put = await call(app, api.space.putSettings, {
      token,
      params: params(),
      body: { ip_allow_list: ['127.0.0.1'], plan_edit_days: 14, fact_edit_days: 3 },
    });
    expect(put.json()).toEqual({
      ip_allow_list: ['127.0.0.1'],
      plan_edit_days: 14,
      fact_edit_days: 3,
      default_language: null,
      idle_timeout_minutes: null,
      storage_max_file_bytes: null,
      storage_quota_bytes: null,
    });
    expect(
      (await call(app, api.space.access, { token, params: params(), query: { eps_id: crypto.randomUUID() } }))
        .statusCode,
    ).toBe(404);
    expect((await call(app, api.space.access, { token, params: params() })).json().can.admin).toBe(true);
  });

  it('keeps calendars with exactly one default', async () => {
    const token = owner.token;
    const [standard] = (await call(app, api.calendars.list, { token, space })).json() as Calendar[];
    expect(standard).toMatchObject({ name: 'Standard 5x8', is_default: true, hours_per_day: 8 });
    const body = {
      name: 'Six-day site',
      week: STANDARD_WEEK.map((d, i) => (i === 6 ? [{ start: 420, end: 780 }] : d)),
      exceptions: [{ day: 9862, intervals: [] }],
      hours_per_day: 8,
      hours_per_week: 46,
      hours_per_month: 199,
    };
    const created = (await call(app, api.calendars.create, { token, space, body })).json() as Calendar;
    expect(created).toMatchObject({
      name: 'Six-day site',
      is_default: false,
      exceptions: [{ day: 9862, intervals: [] }],
    });
    const changed = await call(app, api.calendars.update, {
      token,
      space,
      params: { id: created.id },
      body: { ...body, name: 'Six-day' },
    });
    expect(changed.json().name).toBe('Six-day');
    await call(app, api.calendars.setDefault, { token, space, params: { id: created.id } });
    const list = (await call(app, api.calendars.list, { token, space })).json() as Calendar[];
    expect(list.filter((c) => c.is_default).map((c) => c.id)).toEqual([created.id]);
    expect(
      (await call(app, api.calendars.list, { token, space, query: { name: 'six' } })).json(),
    ).toHaveLength(1);
    expect(
      (await call(app, api.calendars.remove, { token, space, params: { id: created.id } })).statusCode,
    ).toBe(409);
    expect(
      (await call(app, api.calendars.remove, { token, space, params: { id: standard!.id } })).statusCode,
    ).toBe(200);
    const reversed = await call(app, api.calendars.create, {
      token,
      space,
      body: { ...body, week: [[{ start: 600, end: 500 }], [], [], [], [], [], []] },
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('fills a space with the demo schedule, renames it, deletes it', async () => {
    const token = owner.token;
    const demo = await call(app, api.space.demo, { token, params: params() });
    expect(demo.statusCode, demo.body).toBe(201);
    const content = (
      await call(app, api.versions.content, { token, space, params: { id: demo.json().version_id } })
    ).json();
    expect(content.items.length).toBeGreaterThan(200);
    const renamed = await call(app, api.space.rename, {
      token,
      params: params(),
      body: { name: 'Renamed space' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed space', kind: 'free' });
    expect((await call(app, api.space.deleteFree, { token, params: params() })).statusCode).toBe(200);
    expect((await call(app, api.users.spaces, { token })).json()).toEqual([]);
    const left = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM wbs_items WHERE space_id = ${space}`.execute(h.database.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('deletes any space with DELETE space/{id}, and delete-free refuses other kinds', async () => {
    const s = await makeSpace(app, owner.token, 'Paid one');
    await sql`UPDATE spaces SET kind = 'paid' WHERE id = ${s}`.execute(h.database.db);
    expect(
      (await call(app, api.space.deleteFree, { token: owner.token, params: { space_id: s } })).statusCode,
    ).toBe(409);
    expect(
      (await call(app, api.space.remove, { token: owner.token, params: { space_id: s } })).statusCode,
    ).toBe(200);
  });
});

describe('app routes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 10 });
  });
  afterAll(() => h.close());

  it('serves system state, guide, health and stores client errors', async () => {
    const state = (await call(h.app, api.app.systemState)).json();
    expect(state).toMatchObject({
      allowed_langs: ['en', 'ru', 'fr'],
      idle_timeout_minutes: 30,
      licence: { estimates: { enabled: true, user_cap: 10 }, bim: { enabled: false } },
    });
    const ru = (await call(h.app, api.app.guide, { headers: { language: 'ru' } })).json();
    expect(ru.sections[0].title).toBe('Пространства');
    expect((await call(h.app, api.app.healthCheck)).json()).toEqual({ status: 'ok', database: 'ok' });
    const err = await call(h.app, api.app.clientError, {
      body: { message: 'TypeError: x is undefined', url: '/abc' },
    });
    expect(err.statusCode).toBe(200);
    const rows = await h.database.db.selectFrom('client_errors').select(['message', 'url']).execute();
    expect(rows).toEqual([{ message: 'TypeError: x is undefined', url: '/abc' }]);
  });

  it('publishes an OpenAPI document with every contract route', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    for (const r of allRoutes) {
      const p = `/api/v1${r.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(paths, p).toContain(p);
      expect(doc.paths[p][r.method.toLowerCase()], `${r.method} ${p}`).toBeDefined();
    }
  });
});
