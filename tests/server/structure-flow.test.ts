// The main path: register → sign in → who-am-i → space → facility → project → schedule → version
// → the tree shows them → rename, reorder, group, version actions, delete.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, Version } from '../../src/api';
import { nodeNames } from './support/fixtures';
import { call, newUser, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('structure flow', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  const ids: Record<string, string> = {};

  const tree = async () =>
    (await call(app, api.eps.tree, { token, params: { space_id: space } })).json() as EpsTree;
  const post = async (def: Parameters<typeof call>[1], o: Parameters<typeof call>[2], status = 201) => {
    const res = await call(app, def, { token, space, ...o });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
  });
  afterAll(() => h.close());

  it('registers, signs in and knows who is signed in', async () => {
    const body = newUser('flow');
    const reg = await call(app, api.users.register, { body });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json()).toMatchObject({ login: body.login, has_secret_question: true, avatar_url: null });
    expect(reg.body).not.toContain('password');

    const again = await call(app, api.users.register, { body: { ...body, email: 'other@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_message[0].code).toBe('login_taken');

    const bad = await call(app, api.auth.login, { body: { login: body.login, password: 'wrong-password' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error_message[0]).toMatchObject({
      code: 'wrong_credentials',
      error_message: 'Wrong login or password',
    });

    const login = await call(app, api.auth.login, {
      body: { login: body.email.toUpperCase(), password: body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().token;
    const me = await call(app, api.users.whoAmI, { token });
    expect(me.json()).toMatchObject({ login: body.login, email: body.email });
  });

  it('creates a space and the tree inside it', async () => {
    const created = await post(api.space.create, { body: { name: 'Harbour works' } });
    expect(created).toMatchObject({
      name: 'Harbour works',
      kind: 'free',
      role_value: 'moderator',
      is_owner: true,
    });
    space = created.id;
    ids.facility = (await post(api.facilities.create, { body: { name: 'North pier' } })).id;
    ids.facility2 = (await post(api.facilities.create, { body: { name: 'South pier' } })).id;
    ids.project = (
      await post(api.facilities.createProject, { params: { id: ids.facility }, body: { name: 'Quay wall' } })
    ).id;
    ids.schedule = (
      await post(api.projects.createSchedule, { params: { id: ids.project }, body: { name: 'Main works' } })
    ).id;
    const v2 = (await post(api.versions.create, {
      params: { id: ids.schedule },
      body: { label: 'Baseline', kind: 'target' },
    })) as Version;
    expect(v2).toMatchObject({
      kind: 'target',
      label: 'Baseline',
      order: 1,
      locked: false,
      timetable_state: 'not_calculated',
    });
    ids.target = v2.id;

    const t = await tree();
    expect(nodeNames(t.nodes)).toEqual([
      'facility:North pier',
      'project:Quay wall',
      'schedule:Main works',
      'facility:South pier',
    ]);
    expect(t.versions.map((v) => [v.label, v.kind])).toEqual([
      ['Version 1', 'version'],
      ['Baseline', 'target'],
    ]);
    ids.version = t.versions[0]!.id;
    expect(
      (await call(app, api.projects.get, { token, space, params: { id: ids.project } })).json().name,
    ).toBe('Quay wall');
    expect(
      (await call(app, api.schedules.get, { token, space, params: { id: ids.schedule } })).json().kind,
    ).toBe('schedule');
  });

  it('renames and reorders nodes and versions', async () => {
    await post(api.eps.rename, { params: { id: ids.facility }, body: { name: 'North pier (phase 1)' } }, 200);
    await post(api.eps.rename, { params: { id: ids.target }, body: { name: 'Contract baseline' } }, 200);
    await post(api.eps.down, { params: { id: ids.facility } }, 200);
    await post(api.eps.down, { params: { id: ids.facility } }, 200); // already last: nothing moves
    await post(api.eps.up, { params: { id: ids.target } }, 200);
    const t = await tree();
    expect(nodeNames(t.nodes)).toEqual([
      'facility:South pier',
      'facility:North pier (phase 1)',
      'project:Quay wall',
      'schedule:Main works',
    ]);
    expect(t.versions.map((v) => v.label)).toEqual(['Contract baseline', 'Version 1']);
    const missing = await call(app, api.eps.rename, {
      token,
      space,
      params: { id: crypto.randomUUID() },
      body: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('groups schedules, moves them and dissolves the group', async () => {
    const group = await post(api.scheduleGroups.create, {
      body: { project_id: ids.project, name: 'Marine' },
    });
    await post(
      api.scheduleGroups.moveSchedule,
      { body: { schedule_id: ids.schedule, group_id: group.id } },
      200,
    );
    const list = await call(app, api.scheduleGroups.list, {
      token,
      space,
      query: { project_id: ids.project },
    });
    expect(list.json().map((g: { name: string }) => g.name)).toEqual(['Marine']);
    const schedules = (
      await call(app, api.projects.schedules, { token, space, params: { id: ids.project } })
    ).json();
    expect(nodeNames(schedules)).toEqual(['schedule_group:Marine', 'schedule:Main works']);
    await post(api.scheduleGroups.patch, { params: { id: group.id }, body: { name: 'Marine works' } }, 200);

    const project2 = (
      await post(api.facilities.createProject, { params: { id: ids.facility2 }, body: { name: 'Deck' } })
    ).id;
    const wrong = await call(app, api.scheduleGroups.moveSchedule, {
      token,
      space,
      body: { schedule_id: ids.schedule, group_id: crypto.randomUUID() },
    });
    expect(wrong.statusCode).toBe(404);
    const moved = await post(
      api.scheduleGroups.move,
      { params: { id: group.id }, body: { project_id: project2 } },
      200,
    );
    expect(moved.parent_id).toBe(project2);
    await post(api.scheduleGroups.remove, { params: { id: group.id } }, 200);
    const t = await tree();
    expect(t.nodes.find((n) => n.id === ids.schedule)?.parent_id).toBe(project2);
    expect(t.nodes.some((n) => n.kind === 'schedule_group')).toBe(false);
  });

  it('labels, locks and marks versions actual, and copies content', async () => {
    const labelled = await post(
      api.versions.changeLabel,
      { params: { id: ids.version }, body: { label: 'Working' } },
      200,
    );
    expect(labelled.label).toBe('Working');
    expect(
      (await post(api.versions.setActualStatus, { params: { id: ids.version }, body: { actual: true } }, 200))
        .kind,
    ).toBe('actual');
    expect(
      (await post(api.versions.setActualStatus, { params: { id: ids.target }, body: { actual: true } }, 200))
        .kind,
    ).toBe('actual');
    expect(
      (await call(app, api.versions.get, { token, space, params: { id: ids.version } })).json().kind,
    ).toBe('version');
    expect(
      (await post(api.versions.setLocked, { params: { id: ids.version }, body: { locked: true } }, 200))
        .locked,
    ).toBe(true);
    const refused = await call(app, api.versions.remove, { token, space, params: { id: ids.version } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message[0].code).toBe('version_locked');
    await post(api.versions.setLocked, { params: { id: ids.version }, body: { locked: false } }, 200);

    const copy = await post(api.versions.create, {
      params: { id: ids.schedule },
      body: { label: 'Copy', copy_from_version_id: ids.version },
    });
    const content = (await call(app, api.versions.content, { token, space, params: { id: copy.id } })).json();
    expect(content).toMatchObject({ version: { id: copy.id, kind: 'version' }, items: [], relations: [] });
    const list = (
      await call(app, api.versions.list, { token, space, params: { id: ids.schedule } })
    ).json() as Version[];
    expect(list.map((v) => v.label)).toEqual(['Contract baseline', 'Working', 'Copy']);
    await post(api.versions.removeMany, { body: { ids: [copy.id, ids.version] } }, 200);
    expect((await tree()).versions.map((v) => v.label)).toEqual(['Contract baseline']);
  });

  it('deletes schedules, projects and facilities with what is under them', async () => {
    await post(api.schedules.remove, { params: { id: ids.schedule } }, 200);
    expect((await tree()).versions).toEqual([]);
    await post(api.projects.remove, { params: { id: ids.project } }, 200);
    await post(api.facilities.remove, { params: { id: ids.facility } }, 200);
    expect(nodeNames((await tree()).nodes)).toEqual(['facility:South pier', 'project:Deck']);
    const gone = await call(app, api.projects.get, { token, space, params: { id: ids.project } });
    expect(gone.statusCode).toBe(404);
    // A project id is not a facility id.
    const wrongKind = await call(app, api.facilities.remove, {
      token,
      space,
      params: { id: (await tree()).nodes[1]!.id },
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});
