// Status handling of spec §8: 401 missing or expired token, 402 licence, 403 IPNotAllowed,
// 403 Forbidden, localized texts, and the login rate limit.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('status codes', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let space: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    owner = await signUp(app, 'owner');
    space = await makeSpace(app, owner.token, 'Licensed');
  });
  afterAll(() => h.close());

  it('401 without a token, with a wrong one and with an idle-expired one', async () => {
    const none = await call(app, api.users.whoAmI);
    expect(none.statusCode).toBe(401);
    expect(none.headers['error-type']).toBe('localized');
    expect(none.json()).toEqual({
      error: 'Unauthorized',
      error_message: [{ code: 'Unauthorized', params: {}, error_message: 'User is not authorized' }],
    });
    expect((await call(app, api.eps.tree, { params: { space_id: space } })).statusCode).toBe(401);
    expect((await call(app, api.users.whoAmI, { token: 'made-up' })).statusCode).toBe(401);

    const s = await signUp(app, 'idle');
    expect((await call(app, api.users.whoAmI, { token: s.token })).statusCode).toBe(200);
    await sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = ${s.user.id}`.execute(
      h.database.db,
    );
    const expired = await call(app, api.users.whoAmI, { token: s.token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error_message[0].code).toBe('session_expired');
  });

  it('401 after logout, for that session only', async () => {
    const login = await call(app, api.auth.login, { body: { login: owner.login, password: owner.password } });
    const second = login.json().token as string;
    expect((await call(app, api.auth.logout, { token: second })).statusCode).toBe(200);
    expect((await call(app, api.users.whoAmI, { token: second })).statusCode).toBe(401);
    expect((await call(app, api.users.whoAmI, { token: owner.token })).statusCode).toBe(200);
  });

  it('403 Forbidden for a space the user is not a member of, or one that does not exist', async () => {
    const other = await signUp(app, 'other');
    for (const id of [space, crypto.randomUUID()]) {
      const res = await call(app, api.eps.tree, { token: other.token, params: { space_id: id } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Forbidden');
    }
  });

  it('403 Forbidden when the role does not allow the route', async () => {
    const student = await signUp(app, 'student');
    const invite = await call(app, api.space.invite, {
      token: owner.token,
      params: { space_id: space },
      body: { login: student.login },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(invite.json().role_value).toBe('student');
    expect(
      (await call(app, api.eps.tree, { token: student.token, params: { space_id: space } })).statusCode,
    ).toBe(200);
    const create = await call(app, api.facilities.create, {
      token: student.token,
      space,
      body: { name: 'Nope' },
    });
    expect(create.statusCode).toBe(403);
    const settings = await call(app, api.space.putSettings, {
      token: student.token,
      params: { space_id: space },
      body: { ip_allow_list: [], plan_edit_days: null, fact_edit_days: null },
    });
    expect(settings.statusCode).toBe(403);
    await call(app, api.space.kickout, {
      token: owner.token,
      params: { space_id: space },
      body: { user_id: student.user.id },
    });
  });

  it('403 IPNotAllowed when the allow-list rejects the caller, in the language asked for', async () => {
    const own = await call(app, api.space.putSettings, {
      token: owner.token,
      params: { space_id: space },
      body: { ip_allow_list: ['10.0.0.0/8'], plan_edit_days: null, fact_edit_days: null },
    });
    expect(own.statusCode).toBe(400); // would lock the moderator out
    expect(own.json().error_message[0].code).toBe('ip_excludes_caller');

    const ok = await call(app, api.space.putSettings, {
      token: owner.token,
      params: { space_id: space },
      body: { ip_allow_list: ['127.0.0.0/8', '::1'], plan_edit_days: 7, fact_edit_days: null },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await call(app, api.eps.tree, { token: owner.token, params: { space_id: space } })).statusCode,
    ).toBe(200);

    await sql`UPDATE spaces SET ip_allow_list = '{10.0.0.0/8}' WHERE id = ${space}`.execute(h.database.db);
    const res = await call(app, api.eps.tree, {
      token: owner.token,
      params: { space_id: space },
      headers: { language: 'ru' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'IPNotAllowed',
      error_message: [
        { code: 'IPNotAllowed', params: {}, error_message: 'Доступ с этого IP-адреса запрещён' },
      ],
    });
    await sql`UPDATE spaces SET ip_allow_list = '{}' WHERE id = ${space}`.execute(h.database.db);
  });

  it('402 LicenseLimit for members beyond the user cap, the first ones keep working', async () => {
    const late = await signUp(app, 'late');
    await call(app, api.space.invite, {
      token: owner.token,
      params: { space_id: space },
      body: { login: late.login },
    });
    await sql`UPDATE space_licences SET user_cap = 1 WHERE space_id = ${space}`.execute(h.database.db);
    const res = await call(app, api.eps.tree, { token: late.token, params: { space_id: space } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('LicenseLimit');
    expect(res.json().error_message[0].error_message).toBe('User limit exceeded for the selected space');
    expect(
      (await call(app, api.eps.tree, { token: owner.token, params: { space_id: space } })).statusCode,
    ).toBe(200);
    await sql`UPDATE space_licences SET user_cap = 5 WHERE space_id = ${space}`.execute(h.database.db);
  });

  it('402 LicenseNotFound without a licence or with an expired one', async () => {
    await sql`UPDATE space_licences SET expires_at = now() - interval '1 day' WHERE space_id = ${space}`.execute(
      h.database.db,
    );
    const expired = await call(app, api.users.spaceConfig, { token: owner.token, space });
    expect(expired.statusCode).toBe(402);
    expect(expired.json()).toMatchObject({
      error: 'LicenseNotFound',
      error_message: [{ code: 'LicenseExpired' }],
    });
    await sql`DELETE FROM space_licences WHERE space_id = ${space}`.execute(h.database.db);
    const res = await call(app, api.users.spaceConfig, { token: owner.token, space });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'LicenseNotFound',
      error_message: [{ code: 'LicenseNotFound' }],
    });
    // The space still shows in the list so the user can pick another one.
    expect((await call(app, api.users.spaces, { token: owner.token })).json()).toHaveLength(1);
  });

  it('404 in the error shape for unknown API paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NotFound');
  });

  it('429 after too many login attempts from one address', async () => {
    const fresh = await startHarness({ loginRateLimit: 3 });
    try {
      const attempts = [];
      for (let i = 0; i < 4; i++) {
        attempts.push(
          (await call(fresh.app, api.auth.login, { body: { login: 'nobody', password: 'x' } })).statusCode,
        );
      }
      expect(attempts).toEqual([401, 401, 401, 429]);
      const last = await call(fresh.app, api.auth.login, { body: { login: 'nobody', password: 'x' } });
      expect(last.json()).toMatchObject({
        error: 'TooManyRequests',
        error_message: [{ code: 'TooManyRequests' }],
      });
    } finally {
      await fresh.close();
    }
  });
});
