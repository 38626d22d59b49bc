// Administration: the permission matrix of each role enforced on every space route, licence
// tokens (every licence error of spec §8), entitlements and the home page.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api, moduleOfRoute } from '../../src/api';
import type { LicenceInfo, Member, Role } from '../../src/api';
import type { LicencePayload } from '../../src/domain/admin/licence';
import { defaultMatrix } from '../../src/domain/admin/permissions';
import { signLicence } from '../../src/server/licence/token';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { routeKey, samples } from './support/samples';

const key = (f: string) => readFileSync(new URL(`../fixtures/licence/${f}`, import.meta.url), 'utf8');
const PRIVATE = key('TEST-ONLY-private-key.pem');
const PUBLIC = key('test-public-key.pem');

const day = 86_400_000;
let serial = 0;
const licence = (over: Partial<LicencePayload> = {}): LicencePayload => ({
  id: `lic-${++serial}`,
  customer: 'ACME',
  space_id: null,
  user_cap: 500,
  expires_at: new Date(Date.now() + 30 * day).toISOString(),
  min_version: '0.1',
  max_version: '9.9',
  estimates_users: 2,
  bim_users: null,
  issued_at: new Date().toISOString(),
  ...over,
});

describe('administration', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: string;
  let space: string;
  let tree: Tree;
  let member: { token: string; id: string };
  let roles: Role[];

  beforeAll(async () => {
    h = await startHarness({ licencePublicKey: PUBLIC });
    app = h.app;
    const a = await signUp(app, 'owner');
    owner = a.token;
    space = await makeSpace(app, owner, 'Admin space');
    tree = await makeTree(app, owner, space);
    // The table test below adds a member per route: room beyond the free cap of 5.
    await h.database.db
      .updateTable('space_licences')
      .set({ user_cap: 1000 })
      .where('space_id', '=', space)
      .execute();
    const b = await signUp(app, 'member');
    member = { token: b.token, id: b.user.id };
    roles = (await call(app, api.roles.list, { token: owner, space })).json();
    const pc = roles.find((r) => r.value === 'planning_and_control' && r.builtin)!;
    const res = await call(app, api.space.invite, {
      token: owner,
      params: { space_id: space },
      body: { login: b.login, role_id: pc.id },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(() => h.close());

  it('gives every role its defaults, shown in space-config', async () => {
    const res = await call(app, api.users.spaceConfig, { token: member.token, space });
    expect(res.json().permissions).toEqual(defaultMatrix('planning_and_control'));
  });

  it('refuses a moderator matrix without administration and a matrix without read', async () => {
    const mod = roles.find((r) => r.value === 'moderator')!;
    const noAdmin = { ...defaultMatrix('moderator'), administration: ['read'] as const };
    const r1 = await call(app, api.roles.update, {
      token: owner,
      space,
      params: { id: mod.id },
      body: { name: mod.name, value: 'moderator', permissions: noAdmin },
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error_message[0].code).toBe('moderator_keeps_admin');
    const r2 = await call(app, api.roles.create, {
      token: owner,
      space,
      body: {
        name: 'Odd',
        value: 'student',
        permissions: { ...defaultMatrix('student'), calendars: ['edit'] },
      },
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error_message[0].code).toBe('ability_needs_read');
  });

  // Table-driven: a role holding nothing in a route's module is refused that route (403), and
  // with the module's full row the refusal is gone (whatever else the sample meets: 2xx, 404, 409…).
  const moduleRoutes = allRoutes.filter((r) => r.scope === 'space' && moduleOfRoute(r) !== null);
  it.each(moduleRoutes.map((r) => [routeKey(r), r] as const))('%s follows the matrix', async (_, def) => {
    const module = moduleOfRoute(def)!;
    const ability = def.ability ?? 'read';
    const custom = await call(app, api.roles.create, {
      token: owner,
      space,
      body: {
        name: `Probe ${++serial}`,
        value: 'student',
        permissions: { ...defaultMatrix('moderator'), [module]: [] },
      },
    });
    expect(custom.statusCode, custom.body).toBe(201);
    const role = custom.json() as Role;
    expect(role.permissions[module]).toEqual([]);
    const probe = await signUp(app, 'probe');
    await call(app, api.space.invite, {
      token: owner,
      params: { space_id: space },
      body: { login: probe.login, role_id: role.id },
    });
    const sample = samples[routeKey(def)]!({ ...tree, space, userId: probe.user.id });
    const refused = await call(app, def, { ...sample, token: probe.token, space });
    expect(refused.statusCode, refused.body).toBe(403);
    // Give the module back with exactly the ability the route needs (and read).
    await call(app, api.roles.update, {
      token: owner,
      space,
      params: { id: role.id },
      body: {
        name: role.name,
        value: 'student',
        permissions: { ...defaultMatrix('moderator'), [module]: ['read', ability] },
      },
    });
    // Destructive samples (delete the space, kick out) are left out of the allowed half.
    if (def.method === 'DELETE' && def.path.startsWith('/space/:space_id') && !def.path.includes('licences'))
      return;
    if (def.path.endsWith('/kickout')) return;
    const allowed = await call(app, def, { ...sample, token: probe.token, space });
    expect(allowed.statusCode, allowed.body).not.toBe(403);
  });

  it("removing edit from a role refuses that member's edits at once", async () => {
    const pc = roles.find((r) => r.value === 'planning_and_control' && r.builtin)!;
    const create = () =>
      call(app, api.facilities.create, { token: member.token, space, body: { name: 'By member' } });
    expect((await create()).statusCode).toBe(201);
    const res = await call(app, api.roles.update, {
      token: owner,
      space,
      params: { id: pc.id },
      body: {
        name: pc.name,
        value: pc.value,
        permissions: { ...defaultMatrix('planning_and_control'), structure: ['read'] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await create()).statusCode).toBe(403);
    const tree2 = await call(app, api.eps.tree, { token: member.token, params: { space_id: space } });
    expect(tree2.statusCode).toBe(200);
  });

  describe('licences', () => {
    const load = (token: string) =>
      call(app, api.admin.loadLicence, { token: owner, params: { space_id: space }, body: { token } });
    const code = async (p: ReturnType<typeof load>) => {
      const res = await p;
      return [res.statusCode, res.json().error_message?.[0]?.code];
    };
    const entitle = (estimates: boolean, bim: boolean) =>
      call(app, api.admin.setEntitlements, {
        token: owner,
        params: { space_id: space },
        body: { user_id: member.id, estimates, bim },
      });

    it('reaches every licence error of spec §8 and loads a good token', async () => {
      // No licence loaded yet: a seat cannot be given.
      expect(await code(entitle(true, false))).toEqual([400, 'LicenseNoActive']);
      expect(await code(load('not-a-token'))).toEqual([400, 'LicenseDecrypt']);
      const forged = signLicence(licence(), PRIVATE).replace(
        /^[^.]+/,
        Buffer.from('{"id":"x"}').toString('base64url'),
      );
      expect(await code(load(forged))).toEqual([400, 'LicenseDecrypt']);
      expect(await code(load(signLicence(licence({ space_id: tree.facility }), PRIVATE)))).toEqual([
        400,
        'LicenseDecrypt',
      ]);
      expect(
        await code(
          load(signLicence(licence({ expires_at: new Date(Date.now() - day).toISOString() }), PRIVATE)),
        ),
      ).toEqual([400, 'LicenseExpired']);
      expect(
        await code(load(signLicence(licence({ min_version: '50.0', max_version: '60.0' }), PRIVATE))),
      ).toEqual([400, 'LicenseVersionNotSupported']);
      const members = (
        await call(app, api.space.users, { token: owner, params: { space_id: space } })
      ).json();
      expect(await code(load(signLicence(licence({ user_cap: members.length - 1 }), PRIVATE)))).toEqual([
        400,
        'LicensePaidUsersExceeded',
      ]);

      const good = licence({ space_id: space, user_cap: 500, estimates_users: 1, bim_users: null });
      const first = await load(signLicence(good, PRIVATE));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ id: good.id, active: true, user_cap: 500 });
      expect(await code(load(signLicence(good, PRIVATE)))).toEqual([400, 'LicenseAlreadyLoaded']);
      const config = (await call(app, api.users.spaceConfig, { token: owner, space })).json();
      expect(config.licence.user_cap).toBe(500);
      expect(config.kind).toBe('paid');

      // Entitlements within the caps of the active licence.
      expect((await entitle(true, false)).statusCode).toBe(200);
      expect(await code(entitle(true, true))).toEqual([400, 'LicenseBimNotIncluded']);
      const third = await signUp(app, 'third');
      await call(app, api.space.invite, {
        token: owner,
        params: { space_id: space },
        body: { login: third.login },
      });
      const more = await call(app, api.admin.setEntitlements, {
        token: owner,
        params: { space_id: space },
        body: { user_id: third.user.id, estimates: true, bim: false },
      });
      expect(more.statusCode).toBe(400);
      expect(more.json().error_message[0].code).toBe('LicenseEstimateUsersExceeded');
      // A licence without estimates cannot be loaded while a member holds an estimates seat.
      expect(await code(load(signLicence(licence({ estimates_users: null }), PRIVATE)))).toEqual([
        400,
        'LicenseEstimatesNotIncluded',
      ]);
      expect(await code(load(signLicence(licence({ estimates_users: 0 }), PRIVATE)))).toEqual([
        400,
        'LicenseEstimateUsersExceeded',
      ]);
      await call(app, api.admin.setEntitlements, {
        token: owner,
        params: { space_id: space },
        body: { user_id: third.user.id, estimates: false, bim: false },
      });
      // BIM seats: give one under a licence with BIM, then a licence without or with too few is refused.
      const bim = licence({ bim_users: 1, estimates_users: 5 });
      expect((await load(signLicence(bim, PRIVATE))).statusCode).toBe(201);
      expect((await entitle(true, true)).statusCode).toBe(200);
      expect(
        await code(load(signLicence(licence({ bim_users: null, estimates_users: 5 }), PRIVATE))),
      ).toEqual([400, 'LicenseBimNotIncluded']);
      expect(await code(load(signLicence(licence({ bim_users: 0, estimates_users: 5 }), PRIVATE)))).toEqual([
        400,
        'LicenseBimUsersExceeded',
      ]);

      // The newest is active; it cannot be removed, the older one can.
      const list = (
        await call(app, api.admin.licences, { token: owner, params: { space_id: space } })
      ).json() as LicenceInfo[];
      expect(list.map((l) => [l.id, l.active])).toEqual([
        [bim.id, true],
        [good.id, false],
      ]);
      const del = (id: string) =>
        call(app, api.admin.removeLicence, { token: owner, params: { space_id: space, id } });
      const active = await del(bim.id);
      expect(active.statusCode).toBe(409);
      expect(active.json().error_message[0].code).toBe('LicenseActiveDelete');
      expect((await del(good.id)).statusCode).toBe(200);
      expect((await del(good.id)).statusCode).toBe(404);
    });

    it('answers in Russian when asked', async () => {
      const res = await call(app, api.admin.loadLicence, {
        token: owner,
        params: { space_id: space },
        body: { token: 'x.y' },
        headers: { language: 'ru' },
      });
      expect(res.json().error_message[0].error_message).toBe('Не удалось расшифровать токен лицензии');
    });
  });

  it('lists members with last activity and seats', async () => {
    const list = (
      await call(app, api.space.users, { token: owner, params: { space_id: space } })
    ).json() as Member[];
    const me = list.find((m) => m.user_id === member.id)!;
    expect(me.last_seen_at).not.toBeNull();
    expect(me.estimates).toBe(true);
  });

  it('home: recent versions, marked when changed since the previous visit', async () => {
    const first = await call(app, api.admin.home, { token: owner, params: { space_id: space } });
    expect(first.statusCode, first.body).toBe(200);
    const home = first.json();
    expect(home.previous_visit_at).toBeNull();
    // Latest change first, at most 12 (the table test above made many versions); nothing marked yet.
    const stamps = home.recent.map((r: { changed_at: string }) => r.changed_at);
    expect(home.recent.length).toBeGreaterThan(0);
    expect(home.recent.length).toBeLessThanOrEqual(12);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(home.recent.every((r: { changed_since_visit: boolean }) => !r.changed_since_visit)).toBe(true);
    expect(home.recent.every((r: { schedule_name: string }) => r.schedule_name.length > 0)).toBe(true);
    // Pretend every version last changed two days ago and the visit was yesterday, then change one.
    await sql`UPDATE versions SET content_changed_at = now() - interval '2 days' WHERE space_id = ${space}`.execute(
      h.database.db,
    );
    // Pretend the visit was yesterday, then change the version: it is marked.
    await h.database.db
      .updateTable('space_members')
      .set({ home_seen_at: new Date(Date.now() - day) })
      .where('space_id', '=', space)
      .execute();
    const last = home.recent[home.recent.length - 1].version_id;
    // (migration 012's trigger sets content_changed_at on item writes; here the stamp is set directly)
    await sql`UPDATE versions SET content_changed_at = now() WHERE id = ${last}`.execute(h.database.db);
    const again = (await call(app, api.admin.home, { token: owner, params: { space_id: space } })).json();
    expect(again.previous_visit_at).not.toBeNull();
    expect(again.recent[0]).toMatchObject({
      version_id: last,
      changed_since_visit: true,
    });
    expect(again.recent.filter((r: { changed_since_visit: boolean }) => r.changed_since_visit).length).toBe(
      1,
    );
  });
});
