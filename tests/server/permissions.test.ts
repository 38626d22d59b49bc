// The permission matrix is enforced on every space route: for each role value (its default matrix)
// and each route of the contract, a route the matrix does not allow answers 403; reading routes it
// allows answer something else. An edited matrix takes effect on the next call.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api, moduleOfRoute } from '../../src/api';
import type { Role } from '../../src/api';
import type { RouteDef } from '../../src/api/route';
import { ROLE_VALUES } from '../../src/api/roles';
import type { RoleValue } from '../../src/api/roles';
import { allows, defaultMatrix } from '../../src/domain/admin/permissions';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { routeKey, samples } from './support/samples';

const spaceRoutes = allRoutes.filter((r) => r.scope === 'space');

/** Whether a role value's default matrix lets a member call a route. */
const expected = (value: RoleValue, def: RouteDef): boolean => {
  const module = moduleOfRoute(def);
  return module === null || allows(defaultMatrix(value), module, def.ability ?? 'read');
};

describe('permission matrix', () => {
  let h: Harness;
  let app: FastifyInstance;
  let tree: Tree & { space: string; userId: string };
  let ownerToken: string;
  const tokens = {} as Record<RoleValue, string>;
  let roles: Role[];

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const owner = await signUp(app, 'owner');
    ownerToken = owner.token;
    const space = await makeSpace(app, owner.token, 'Matrix space');
    tree = { ...(await makeTree(app, owner.token, space)), space, userId: owner.user.id };
    roles = (await call(app, api.roles.list, { token: owner.token, space })).json() as Role[];
    tokens.moderator = owner.token;
    for (const value of ROLE_VALUES.filter((v) => v !== 'moderator')) {
      const u = await signUp(app, value.replace(/_/g, '-'));
      const role = roles.find((r) => r.value === value)!;
      const res = await call(app, api.space.invite, {
        token: owner.token,
        params: { space_id: space },
        body: { login: u.login, role_id: role.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      tokens[value] = u.token;
    }
  });
  afterAll(() => h.close());

  const cases = ROLE_VALUES.filter((v) => v !== 'moderator').flatMap((value) =>
    spaceRoutes.map((def) => [value, routeKey(def), def] as const),
  );

  it.each(cases)('%s: %s', async (value, _, def) => {
    const allowed = expected(value, def);
    // Allowed writes would change the shared space under the other cases: only their refusal is sent.
    if (allowed && def.method !== 'GET') return;
    const sample = samples[routeKey(def)]!(tree);
    const res = await call(app, def, { ...sample, token: tokens[value], space: tree.space });
    if (allowed) expect(res.statusCode, res.body).not.toBe(403);
    else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Forbidden' });
    }
  });

  it('a moderator holds every ability of every module', () => {
    for (const def of spaceRoutes) expect(expected('moderator', def), routeKey(def)).toBe(true);
  });

  it('an edited matrix refuses and then allows again, on the next call', async () => {
    const planning = roles.find((r) => r.value === 'planning_and_control')!;
    const token = tokens.planning_and_control;
    const create = () =>
      call(app, api.facilities.create, { token, space: tree.space, body: { name: 'Yard' } });
    expect((await create()).statusCode).toBe(201);

    const without = { ...planning.permissions, structure: ['read'] as ('read' | 'edit')[] };
    const upd = await call(app, api.roles.update, {
      token: ownerToken,
      space: tree.space,
      params: { id: planning.id },
      body: { name: planning.name, value: planning.value, permissions: without },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((upd.json() as Role).permissions.structure).toEqual(['read']);
    expect((await create()).statusCode).toBe(403);
    const tree2 = await call(app, api.eps.tree, { token, params: { space_id: tree.space } });
    expect(tree2.statusCode).toBe(200);
    const config = await call(app, api.users.spaceConfig, { token, space: tree.space });
    expect(config.json()).toMatchObject({ permissions: { structure: ['read'] } });

    await call(app, api.roles.update, {
      token: ownerToken,
      space: tree.space,
      params: { id: planning.id },
      body: { name: planning.name, value: planning.value, permissions: planning.permissions },
    });
    expect((await create()).statusCode).toBe(201);
  });

  it('refuses a matrix that would lock the moderators out, or an ability without read', async () => {
    const moderator = roles.find((r) => r.value === 'moderator')!;
    const put = (permissions: Role['permissions']) =>
      call(app, api.roles.update, {
        token: ownerToken,
        space: tree.space,
        params: { id: moderator.id },
        body: { name: moderator.name, value: 'moderator', permissions },
      });
    const locked = await put({ ...moderator.permissions, administration: ['read', 'edit'] });
    expect(locked.statusCode).toBe(400);
    expect(locked.body).toContain('moderator_keeps_admin');
    const noRead = await put({ ...moderator.permissions, calendars: ['edit'] });
    expect(noRead.statusCode).toBe(400);
    expect(noRead.body).toContain('ability_needs_read');
  });
});
