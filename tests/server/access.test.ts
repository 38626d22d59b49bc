// Access grants (issue 21; spec §6 access calls: get resource access, grant, revoke, free
// abilities): an administrator grants a student edit on one project's schedules, the student may
// relabel a version under that project and not one under another; the grant shows in the
// student's own GET space/{id}/access?eps_id and in the list; revoking takes it back at the next
// call; a space-wide grant opens a module everywhere; bad input is named (en and ru); a planner
// may read but not grant; kicking the member out drops the grants.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { AccessGrant, FreeAbilities, ResourceAccess, Role, SpaceConfig } from '../../src/api';
import { STANDARD_WEEK } from '../../src/server/services/spaces';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('access grants', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let tree: Tree;
  let other: Tree;
  let student: { token: string; id: string };
  let planner: { token: string; id: string };
  let roles: Role[];

  const invite = async (login: string, value: Role['value']) => {
    const res = await call(app, api.space.invite, {
      token: owner.token,
      params: { space_id: owner.space },
      body: { login, role_id: roles.find((r) => r.value === value)!.id },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const relabel = (token: string, version: string, label: string) =>
    call(app, api.versions.changeLabel, {
      token,
      space: owner.space,
      params: { id: version },
      body: { label },
    });
  const grant = (body: unknown, token = owner.token, lang = 'en') =>
    call(app, api.access.grant, {
      token,
      params: { space_id: owner.space },
      body,
      headers: { language: lang },
    });
  const revoke = (body: unknown) =>
    call(app, api.access.revoke, { token: owner.token, params: { space_id: owner.space }, body });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const o = await signUp(app, 'acc-owner');
    const space = await makeSpace(app, o.token, 'Access');
    owner = { token: o.token, space };
    tree = await makeTree(app, o.token, space);
    other = await makeTree(app, o.token, space);
    roles = (await call(app, api.roles.list, { token: o.token, space })).json() as Role[];
    const s = await signUp(app, 'acc-student');
    const p = await signUp(app, 'acc-planner');
    student = { token: s.token, id: s.user.id };
    planner = { token: p.token, id: p.user.id };
    await invite(s.login, 'student');
    await invite(p.login, 'planning_and_control');
  });
  afterAll(() => h.close());

  it('grants edit on a project: allowed under it, not elsewhere; revoke takes it back', async () => {
    expect((await relabel(student.token, tree.version, 'S1')).statusCode).toBe(403);

    const free = await call(app, api.access.freeAbilities, {
      ...owner,
      params: { space_id: owner.space },
      query: { user_id: student.id, eps_id: tree.project },
    });
    expect(free.statusCode, free.body).toBe(200);
    const f = free.json() as FreeAbilities;
    expect(f.free.schedules).toEqual(['edit', 'approve', 'admin']);
    expect(f.free.administration).toEqual([]); // not grantable on a node

    const g = await grant({
      user_id: student.id,
      eps_id: tree.project,
      permissions: { schedules: ['edit'] },
    });
    expect(g.statusCode, g.body).toBe(200);
    const a = g.json() as ResourceAccess;
    expect(a.granted_here.schedules).toEqual(['edit']);
    expect(a.permissions.schedules).toEqual(['read', 'edit']);
    expect(a.role_permissions.schedules).toEqual(['read']);
    expect(a.free.schedules).toEqual(['approve', 'admin']);

    const ok = await relabel(student.token, tree.version, 'S1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await relabel(student.token, other.version, 'S1')).statusCode).toBe(403);

    // The schedule under the project inherits the grant; the space as a whole does not have it.
    const below = (
      await call(app, api.access.resource, {
        ...owner,
        params: { space_id: owner.space },
        query: { user_id: student.id, eps_id: tree.schedule },
      })
    ).json() as ResourceAccess;
    expect(below.granted.schedules).toEqual(['edit']);
    expect(below.granted_here.schedules).toEqual([]);
    const mine = (eps?: string) =>
      call(app, api.space.access, {
        token: student.token,
        params: { space_id: owner.space },
        ...(eps ? { query: { eps_id: eps } } : {}),
      }).then((r) => r.json() as SpaceConfig);
    expect((await mine(tree.project)).permissions.schedules).toEqual(['read', 'edit']);
    expect((await mine()).permissions.schedules).toEqual(['read']);

    const list = (
      await call(app, api.access.grants, { ...owner, params: { space_id: owner.space } })
    ).json() as AccessGrant[];
    expect(list.map((x) => [x.user_id, x.eps_id, x.module, x.ability])).toEqual([
      [student.id, tree.project, 'schedules', 'edit'],
    ]);
    expect(list[0]!.eps_name).toBeTruthy();

    // Granting it again keeps one grant.
    await grant({ user_id: student.id, eps_id: tree.project, permissions: { schedules: ['edit'] } });
    const again = (
      await call(app, api.access.grants, { ...owner, params: { space_id: owner.space } })
    ).json() as AccessGrant[];
    expect(again).toHaveLength(1);

    const r = await revoke({
      user_id: student.id,
      eps_id: tree.project,
      permissions: { schedules: ['edit'] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as ResourceAccess).permissions.schedules).toEqual(['read']);
    expect((await relabel(student.token, tree.version, 'S2')).statusCode).toBe(403);
  });

  it('a grant on the space opens a module everywhere; revoke without permissions drops all there', async () => {
    const calendar = {
      name: 'Granted shift',
      week: STANDARD_WEEK,
      exceptions: [],
      hours_per_day: 8,
      hours_per_week: 40,
      hours_per_month: 173,
    };
    const make = () =>
      call(app, api.calendars.create, { token: student.token, space: owner.space, body: calendar });
    expect((await make()).statusCode).toBe(403);
    const g = await grant({ user_id: student.id, permissions: { calendars: ['edit'], views: ['edit'] } });
    expect(g.statusCode, g.body).toBe(200);
    expect((g.json() as ResourceAccess).eps_id).toBeNull();
    expect((await make()).statusCode).toBe(201);
    const r = await revoke({ user_id: student.id });
    expect(r.statusCode, r.body).toBe(200);
    const after = r.json() as ResourceAccess;
    expect(after.granted_here.calendars).toEqual([]);
    expect(after.granted_here.views).toEqual([]);
    expect((await make()).statusCode).toBe(403);
  });

  it('names bad input in en and ru; a planner reads but may not grant', async () => {
    const code = async (body: unknown, lang = 'en') => {
      const res = await grant(body, owner.token, lang);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { error_message: { code: string; error_message: string }[] };
    };
    expect((await code({ user_id: student.id, permissions: {} })).error_message[0]!.code).toBe(
      'access.empty',
    );
    const admin = await code(
      { user_id: student.id, eps_id: tree.project, permissions: { administration: ['admin'] } },
      'ru',
    );
    expect(admin.error_message[0]!.code).toBe('access.administration_on_node');
    expect(admin.error_message[0]!.error_message).toContain('Администрирование');
    expect(
      (await code({ user_id: tree.version, permissions: { views: ['read'] } })).error_message[0]!.code,
    ).toBe('access.not_member');
    const foreign = await signUp(app, 'acc-foreign');
    const foreignSpace = await makeSpace(app, foreign.token, 'Foreign');
    const foreignTree = await makeTree(app, foreign.token, foreignSpace);
    expect(
      (await code({ user_id: student.id, eps_id: foreignTree.project, permissions: { views: ['read'] } }))
        .error_message[0]!.code,
    ).toBe('access.unknown_node');
    // .strict(): an unknown field, an unknown module, an unknown ability.
    await code({ user_id: student.id, permissions: { views: ['read'] }, extra: 1 });
    await code({ user_id: student.id, permissions: { reports: ['read'] } });
    await code({ user_id: student.id, permissions: { views: ['own'] } });

    // A role without read on schedules: edit alone is refused, read and edit together pass.
    const studentRole = roles.find((r) => r.value === 'student')!;
    const put = await call(app, api.roles.update, {
      ...owner,
      params: { id: studentRole.id },
      body: {
        name: studentRole.name,
        value: 'student',
        permissions: { ...studentRole.permissions, schedules: [] },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const needs = await code(
      { user_id: student.id, eps_id: tree.project, permissions: { schedules: ['edit'] } },
      'ru',
    );
    expect(needs.error_message[0]!.code).toBe('access.needs_read');
    expect(needs.error_message[0]!.error_message).toContain('чтение');
    const both = await grant({
      user_id: student.id,
      eps_id: tree.project,
      permissions: { schedules: ['read', 'edit'] },
    });
    expect(both.statusCode, both.body).toBe(200);
    // Revoking read alone would leave edit without read.
    const lone = await revoke({
      user_id: student.id,
      eps_id: tree.project,
      permissions: { schedules: ['read'] },
    });
    expect(lone.statusCode, lone.body).toBe(400);
    expect(lone.body).toContain('access.needs_read');
    await call(app, api.roles.update, {
      ...owner,
      params: { id: studentRole.id },
      body: { name: studentRole.name, value: 'student', permissions: studentRole.permissions },
    });

    const read = await call(app, api.access.resource, {
      token: planner.token,
      params: { space_id: owner.space },
      query: { user_id: student.id },
    });
    expect(read.statusCode, read.body).toBe(200);
    const refused = await grant(
      { user_id: planner.id, permissions: { administration: ['admin'] } },
      planner.token,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('kicking a member out drops the grants', async () => {
    await grant({ user_id: planner.id, permissions: { calendars: ['admin'] } });
    const before = (
      await call(app, api.access.grants, {
        ...owner,
        params: { space_id: owner.space },
        query: { user_id: planner.id },
      })
    ).json() as AccessGrant[];
    expect(before).toHaveLength(1);
    const kick = await call(app, api.space.kickout, {
      ...owner,
      params: { space_id: owner.space },
      body: { user_id: planner.id },
    });
    expect(kick.statusCode, kick.body).toBe(200);
    const after = (
      await call(app, api.access.grants, {
        ...owner,
        params: { space_id: owner.space },
        query: { user_id: planner.id },
      })
    ).json() as AccessGrant[];
    expect(after).toEqual([]);
  });
});
