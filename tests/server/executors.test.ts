// Executors (issue 21): an administrator makes a member an executor and takes it back; the
// version's users list members and executors; a non-member is 404, a planner may not set it (403),
// a bad body names its field.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Member, Role, VersionUsers } from '../../src/api';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('executors', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let tree: Tree;
  let colleague: { token: string; id: string; login: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const o = await signUp(app, 'exec-owner');
    const space = await makeSpace(app, o.token, 'Executors');
    owner = { token: o.token, space };
    tree = await makeTree(app, o.token, space);
    const c = await signUp(app, 'exec-worker');
    colleague = { token: c.token, id: c.user.id, login: c.login };
    const roles = (await call(app, api.roles.list, { token: o.token, space })).json() as Role[];
    const planner = roles.find((r) => r.value === 'planning_and_control')!;
    const inv = await call(app, api.space.invite, {
      token: o.token,
      params: { space_id: space },
      body: { login: c.login, role_id: planner.id },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
  });
  afterAll(() => h.close());

  it('sets and clears the flag; the version lists members and executors', async () => {
    const set = await call(app, api.executors.setExecutor, {
      ...owner,
      params: { id: colleague.id },
      body: { executor: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Member).executor).toBe(true);
    const users = (
      await call(app, api.executors.versionUsers, { ...owner, params: { id: tree.version } })
    ).json() as VersionUsers;
    expect(users.members).toHaveLength(2);
    expect(users.executors.map((m) => m.login)).toEqual([colleague.login]);
    const members = (
      await call(app, api.space.users, { ...owner, params: { space_id: owner.space } })
    ).json() as Member[];
    expect(members.find((m) => m.user_id === colleague.id)?.executor).toBe(true);

    const cleared = await call(app, api.executors.setExecutor, {
      ...owner,
      params: { id: colleague.id },
      body: { executor: false },
    });
    expect((cleared.json() as Member).executor).toBe(false);
    const after = (
      await call(app, api.executors.versionUsers, { ...owner, params: { id: tree.version } })
    ).json() as VersionUsers;
    expect(after.executors).toEqual([]);
  });

  it('refuses a non-member (404), a planner (403) and a bad body (400 naming the field)', async () => {
    const stranger = await signUp(app, 'exec-stranger');
    const nm = await call(app, api.executors.setExecutor, {
      ...owner,
      params: { id: stranger.user.id },
      body: { executor: true },
    });
    expect(nm.statusCode).toBe(404);
    const planner = await call(app, api.executors.setExecutor, {
      token: colleague.token,
      space: owner.space,
      params: { id: colleague.id },
      body: { executor: true },
    });
    expect(planner.statusCode).toBe(403);
    for (const lang of ['en', 'ru']) {
      const bad = await call(app, api.executors.setExecutor, {
        ...owner,
        headers: { language: lang },
        params: { id: colleague.id },
        body: { executor: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('body.executor');
    }
  });
});
