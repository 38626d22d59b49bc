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
    h = await startHarness({ estimatesUserCap: 1000, bimUserCap: 1000 });
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

  it('every space route belongs to a module, but for the caller-own ones', () => {
    const free = spaceRoutes.filter((def) => moduleOfRoute(def) === null).map(routeKey);
    // Chat, one's own notices and handing on one's own rights: any member (docs/collab.md).
    const collab = [
      ...Object.values(api.chat),
      ...Object.values(api.notices),
      ...Object.values(api.delegation),
    ];
    // Every member loads the space's texts; overriding them is administration (docs/admin.md).
    const texts = [
      api.localization.list,
      api.localization.defaultTexts,
      api.localization.set,
      api.localization.texts,
    ];
    expect(free.sort()).toEqual(
      [
        'GET /space/:space_id/access',
        'GET /space/:space_id/home',
        'GET /users/space-config',
        ...collab.map(routeKey),
        ...texts.map(routeKey),
      ].sort(),
    );
  });

  it('fact entry is its own module: a fact gatherer enters facts, not plans, until the matrix says no', async () => {
    const token = tokens.fact_gathering;
    const facts = (kind: 'fact' | 'plan') =>
      call(app, api.wdp.updateMany, {
        token,
        space: tree.space,
        params: { id: tree.version },
        body: { kind, values: [{ item_id: tree.version, day: 9000, value: 1 }] },
      });
    expect((await facts('plan')).statusCode).toBe(403);
    const fact = await facts('fact');
    expect(fact.statusCode, fact.body).not.toBe(403);
    const sheet = () =>
      call(app, api.wdp.createTimesheet, {
        token,
        space: tree.space,
        params: { id: tree.version },
        body: { first_day: 9000, last_day: 9006 },
      });
    const made = await sheet();
    expect(made.statusCode, made.body).not.toBe(403);

    const gatherer = roles.find((r) => r.value === 'fact_gathering')!;
    const setFacts = (facts: Role['permissions']['facts']) =>
      call(app, api.roles.update, {
        token: ownerToken,
        space: tree.space,
        params: { id: gatherer.id },
        body: { name: gatherer.name, value: gatherer.value, permissions: { ...gatherer.permissions, facts } },
      });
    expect((await setFacts(['read'])).statusCode).toBe(200);
    expect((await facts('fact')).statusCode).toBe(403);
    expect((await sheet()).statusCode).toBe(403);
    expect((await setFacts(['read', 'edit'])).statusCode).toBe(200);
    expect((await facts('fact')).statusCode).not.toBe(403);
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
