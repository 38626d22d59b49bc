// GET projects/{id}/grid: the project's schedules in tree order (groups in their place) with the
// version the grid shows; another space's project is 404 from here (403 as a non-member: tenancy);
// GET/PUT projects/{id}/grid/layout: each user's layout of the grid.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsNode, ProjectGrid, Version } from '../../src/api';
import { activeVersion } from '../../src/server/routes/project-grid';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('project grid', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let tree: Tree;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    token = (await signUp(app, 'pgrid')).token;
    space = await makeSpace(app, token);
    tree = await makeTree(app, token, space);
  });
  afterAll(() => h.close());

  const grid = async (id: string, s = space) => {
    const res = await call(app, api.projectGrid.get, { token, space: s, params: { id } });
    return { status: res.statusCode, body: res.json() as ProjectGrid };
  };
  const schedule = async (name: string, group_id?: string) => {
    const res = await call(app, api.projects.createSchedule, {
      token,
      space,
      params: { id: tree.project },
      body: group_id ? { name, group_id } : { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as EpsNode;
  };

  it('lists the schedules in tree order with their active version', async () => {
    const direct = await schedule('Earthworks');
    const grouped = await schedule('Fit-out', tree.group);
    const g = await grid(tree.project);
    expect(g.status).toBe(200);
    expect(g.body.project.id).toBe(tree.project);
    // The group was made first (order 0), then the schedule directly under the project.
    expect(g.body.schedules.map((s) => s.schedule.name)).toEqual(['Schedule', 'Fit-out', 'Earthworks']);
    expect(g.body.schedules.map((s) => s.group?.id ?? null)).toEqual([tree.group, tree.group, null]);
    for (const s of g.body.schedules) {
      expect(s.version?.schedule_id).toBe(s.schedule.id);
      expect(s.versions.map((v) => v.id)).toContain(s.version!.id);
    }
    expect(g.body.schedules.find((s) => s.schedule.id === direct.id)?.version?.kind).toBe('version');
    expect(g.body.schedules.find((s) => s.schedule.id === grouped.id)).toBeDefined();
  });

  it('shows the actual version once one is set', async () => {
    const created = await call(app, api.versions.create, {
      token,
      space,
      params: { id: tree.schedule },
      body: { label: 'Second' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = created.json() as Version;
    const set = await call(app, api.versions.setActualStatus, {
      token,
      space,
      params: { id: second.id },
      body: { actual: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const g = await grid(tree.project);
    const s = g.body.schedules.find((x) => x.schedule.id === tree.schedule)!;
    expect(s.version?.id).toBe(second.id);
    expect(s.versions).toHaveLength(2);
  });

  it('refuses a node that is not a project, and a project of another space', async () => {
    expect((await grid(tree.schedule)).status).toBe(404);
    const other = await signUp(app, 'pgrid-other');
    const otherSpace = await makeSpace(app, other.token);
    const otherTree = await makeTree(app, other.token, otherSpace);
    // Our own space header with their project: not found here.
    expect((await grid(otherTree.project)).status).toBe(404);
    // Their space header: we are not a member.
    expect((await grid(otherTree.project, otherSpace)).status).toBe(403);
    const bad = await call(app, api.projectGrid.get, { token, space, params: { id: 'not-an-id' } });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps each user's layout of the project grid; 404 for a schedule, 400 naming the field", async () => {
    const get = (tk: string, id = tree.project) =>
      call(app, api.projectGrid.layout, { token: tk, space, params: { id } });
    const none = await get(token);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ layout: null });
    const layout = {
      columns: [
        { id: 'name', width: 240, visible: true },
        { id: 'attr:a_0123456789ab', width: 120, visible: true },
      ],
      frozen: 1,
      sort: [{ column: 'name', dir: 'desc' as const }],
      // One column as an older client sends it: read as a one-level list.
      group_by: 'attr:a_0123456789ab',
    };
    const put = await call(app, api.projectGrid.saveLayout, {
      token,
      space,
      params: { id: tree.project },
      body: layout,
    });
    expect(put.statusCode, put.body).toBe(200);
    const back = (await get(token)).json() as { layout: Record<string, unknown> };
    expect(back.layout).toEqual({ ...layout, group_by: ['attr:a_0123456789ab'] });
    // Saved again: replaced, not added.
    await call(app, api.projectGrid.saveLayout, {
      token,
      space,
      params: { id: tree.project },
      body: { ...layout, frozen: 0, group_by: null },
    });
    expect(((await get(token)).json() as { layout: { frozen: number } }).layout.frozen).toBe(0);
    // Another member has none of their own.
    const other = await signUp(app, 'pgrid-layout-member');
    const invited = await call(app, api.space.invite, {
      token,
      space,
      params: { space_id: space },
      body: { login: other.login },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const theirs = await get(other.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toEqual({ layout: null });
    // A schedule is not a project; a bad width is a 400 naming it.
    expect((await get(token, tree.schedule)).statusCode).toBe(404);
    const bad = await call(app, api.projectGrid.saveLayout, {
      token,
      space,
      params: { id: tree.project },
      body: { columns: [{ id: 'name', width: 3, visible: true }], frozen: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.columns.0.width');
  });

  it('picks actual, then working, then any version', () => {
    const v = (id: string, kind: Version['kind']) => ({ id, kind }) as Version;
    expect(activeVersion([v('t', 'target'), v('w', 'version'), v('a', 'actual')])?.id).toBe('a');
    expect(activeVersion([v('t', 'target'), v('w', 'version')])?.id).toBe('w');
    expect(activeVersion([v('t', 'target')])?.id).toBe('t');
    expect(activeVersion([])).toBeNull();
  });
});
