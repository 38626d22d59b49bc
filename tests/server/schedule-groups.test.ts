// Schedule groups with an order kept by the server: a schedule dropped at an index of a group or
// of the project lands there, the others keep their order; bad input is refused whole.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsNode } from '../../src/api';
import { makeSpace, makeTree, nodeNames, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('schedule groups: order', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  let t: Tree;
  const ids: Record<string, string> = {};

  const ok = async (def: Parameters<typeof call>[1], o: Parameters<typeof call>[2], status = 200) => {
    const res = await call(app, def, { token, space, ...o });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const children = async (parent: string) => {
    const tree = (await ok(api.eps.tree, { params: { space_id: space } })) as { nodes: EpsNode[] };
    return nodeNames(tree.nodes.filter((n) => n.parent_id === parent));
  };
  const move = (schedule_id: string, group_id: string | null, position?: number) =>
    ok(api.scheduleGroups.moveSchedule, {
      body: { schedule_id, group_id, ...(position === undefined ? {} : { position }) },
    });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    token = (await signUp(app, 'groups')).token;
    space = await makeSpace(app, token);
    t = await makeTree(app, token, space);
    for (const name of ['A', 'B', 'C']) {
      ids[name] = (
        await ok(api.projects.createSchedule, { params: { id: t.project }, body: { name } }, 201)
      ).id;
    }
  });
  afterAll(() => h.close());

  it('drops a schedule at an index of a group, the rest keeping their order', async () => {
    expect(await children(t.project)).toEqual([
      'schedule_group:Group',
      'schedule:A',
      'schedule:B',
      'schedule:C',
    ]);
    await move(ids.B!, t.group, 0);
    expect(await children(t.group)).toEqual(['schedule:B', 'schedule:Schedule']);
    await move(ids.C!, t.group, 1);
    expect(await children(t.group)).toEqual(['schedule:B', 'schedule:C', 'schedule:Schedule']);
    expect(await children(t.project)).toEqual(['schedule_group:Group', 'schedule:A']);
  });

  it('reorders inside one parent and takes a schedule back to the project at an index', async () => {
    await move(ids.B!, t.group, 2);
    expect(await children(t.group)).toEqual(['schedule:C', 'schedule:Schedule', 'schedule:B']);
    await move(ids.C!, null, 0);
    expect(await children(t.project)).toEqual(['schedule:C', 'schedule_group:Group', 'schedule:A']);
    // No position, same parent: nothing moves. No position, new parent: last.
    await move(ids.C!, null);
    expect(await children(t.project)).toEqual(['schedule:C', 'schedule_group:Group', 'schedule:A']);
    await move(ids.B!, null);
    expect(await children(t.project)).toEqual([
      'schedule:C',
      'schedule_group:Group',
      'schedule:A',
      'schedule:B',
    ]);
    // A position past the end appends.
    await move(ids.C!, null, 99);
    expect(await children(t.project)).toEqual([
      'schedule_group:Group',
      'schedule:A',
      'schedule:B',
      'schedule:C',
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await children(t.project);
    for (const body of [
      { schedule_id: ids.A, group_id: t.group, position: -1 },
      { schedule_id: ids.A, group_id: t.group, position: 1.5 },
      { schedule_id: ids.A, group_id: t.group, extra: 1 },
    ]) {
      const res = await call(app, api.scheduleGroups.moveSchedule, { token, space, body });
      expect(res.statusCode, res.body).toBe(400);
    }
    const other = await ok(
      api.facilities.createProject,
      { params: { id: t.facility }, body: { name: 'P2' } },
      201,
    );
    const group2 = await ok(api.scheduleGroups.create, { body: { project_id: other.id, name: 'G2' } }, 201);
    const wrong = await call(app, api.scheduleGroups.moveSchedule, {
      token,
      space,
      body: { schedule_id: ids.A, group_id: group2.id, position: 0 },
      headers: { 'accept-language': 'ru' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_message[0].params).toMatchObject({ field: 'body.group_id' });
    expect(await children(t.project)).toEqual(before);
  });
});
