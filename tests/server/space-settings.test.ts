// Space settings of the administration screen: language and idle time-out stored, kept when left
// out, handed to members in the space configuration; the IP allow-list (CIDR ranges) applies to
// the very next call of every member.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, api } from '../../src/api';
import type { Role } from '../../src/api';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('space settings', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  let space: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    owner = await signUp(app, 'owner');
    member = await signUp(app, 'member');
    space = await makeSpace(app, owner.token, 'Settings space');
    const roles = (await call(app, api.roles.list, { token: owner.token, space })).json() as Role[];
    const res = await call(app, api.space.invite, {
      token: owner.token,
      params: { space_id: space },
      body: { login: member.login, role_id: roles.find((r) => r.value === 'student')!.id },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(() => h.close());

  const put = (body: object) =>
    call(app, api.space.putSettings, { token: owner.token, params: { space_id: space }, body });
  /** The member's tree call from a given address. */
  const treeFrom = (remoteAddress: string) =>
    app.inject({
      method: 'GET',
      url: `${API_PREFIX}/space/${space}/eps`,
      headers: { authorization: `Bearer ${member.token}` },
      remoteAddress,
    });

  it('stores the language and the idle time-out, keeps them when left out, and hands them to members', async () => {
    const base = { ip_allow_list: [], plan_edit_days: 10, fact_edit_days: 2 };
    const first = await put({ ...base, default_language: 'ru', idle_timeout_minutes: 15 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      ...base,
      default_language: 'ru',
      idle_timeout_minutes: 15,
      storage_max_file_bytes: null,
      storage_quota_bytes: null,
    });
    const kept = await put({ ...base, plan_edit_days: 11 });
    expect(kept.json()).toMatchObject({
      plan_edit_days: 11,
      default_language: 'ru',
      idle_timeout_minutes: 15,
    });
    const config = await call(app, api.users.spaceConfig, { token: member.token, space });
    expect(config.json()).toMatchObject({ default_language: 'ru', idle_timeout_minutes: 15 });

    const bad = await put({ ...base, default_language: 'de', idle_timeout_minutes: 0 });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().error_message as { params: { field?: string } }[]).map((e) => e.params.field);
    expect(fields).toEqual(expect.arrayContaining(['body.default_language', 'body.idle_timeout_minutes']));

    const cleared = await put({ ...base, default_language: null, idle_timeout_minutes: null });
    expect(cleared.json()).toMatchObject({ default_language: null, idle_timeout_minutes: null });
  });

  it('stores the storage limits, which storage/max-size then answers; bad ones name their field', async () => {
    const base = { ip_allow_list: [], plan_edit_days: null, fact_edit_days: null };
    const set = await put({ ...base, storage_max_file_bytes: 5 * 1048576, storage_quota_bytes: 3 * 2 ** 32 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      storage_max_file_bytes: 5 * 1048576,
      storage_quota_bytes: 3 * 2 ** 32,
    });
    const max = await call(app, api.transfer.storageMaxSize, { token: owner.token, space });
    expect(max.json()).toMatchObject({ max_size: 5 * 1048576, quota: 3 * 2 ** 32 });
    // Left out: kept; null: the deployment's default and no quota again.
    expect((await put(base)).json()).toMatchObject({ storage_max_file_bytes: 5 * 1048576 });
    for (const language of ['en', 'ru']) {
      const bad = await call(app, api.space.putSettings, {
        token: owner.token,
        headers: { language },
        params: { space_id: space },
        body: { ...base, storage_max_file_bytes: 0, storage_quota_bytes: -1 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('body.storage_max_file_bytes');
      expect(bad.body).toContain('body.storage_quota_bytes');
    }
    const cleared = await put({ ...base, storage_max_file_bytes: null, storage_quota_bytes: null });
    expect(cleared.json()).toMatchObject({ storage_max_file_bytes: null, storage_quota_bytes: null });
    const after = (await call(app, api.transfer.storageMaxSize, { token: owner.token, space })).json() as {
      quota: number | null;
    };
    expect(after.quota).toBeNull();
  });

  it('applies a CIDR allow-list to the next call of a member, and lifts it as fast', async () => {
    expect((await treeFrom('10.1.2.3')).statusCode).toBe(200);
    const rules = ['127.0.0.0/8', '192.168.0.0/16', '::1'];
    const set = await put({ ip_allow_list: rules, plan_edit_days: null, fact_edit_days: null });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await treeFrom('10.1.2.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'IPNotAllowed' });
    expect((await treeFrom('192.168.44.5')).statusCode).toBe(200);
    expect((await treeFrom('192.169.0.1')).statusCode).toBe(403);

    const bad = await put({ ip_allow_list: ['10.0.0.0/33'], plan_edit_days: null, fact_edit_days: null });
    expect(bad.statusCode).toBe(400);

    await put({ ip_allow_list: [], plan_edit_days: null, fact_edit_days: null });
    expect((await treeFrom('10.1.2.3')).statusCode).toBe(200);
  });
});
