// First start seeds the demo user and a space with a real schedule: ~200 activities with logic.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, Resource, ResourceUsage, UserSpace, VersionContent } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

/** Kahn's algorithm: true when the relations have no cycle. */
function acyclic(ids: string[], rels: { pred_id: string; succ_id: string }[]): boolean {
  const indeg = new Map(ids.map((id) => [id, 0]));
  const out = new Map<string, string[]>();
  for (const r of rels) {
    indeg.set(r.succ_id, (indeg.get(r.succ_id) ?? 0) + 1);
    out.set(r.pred_id, [...(out.get(r.pred_id) ?? []), r.succ_id]);
  }
  const queue = ids.filter((id) => indeg.get(id) === 0);
  let seen = 0;
  while (queue.length) {
    const id = queue.pop()!;
    seen += 1;
    for (const s of out.get(id) ?? []) {
      indeg.set(s, indeg.get(s)! - 1);
      if (indeg.get(s) === 0) queue.push(s);
    }
  }
  return seen === ids.length;
}

describe('demo seed', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: UserSpace;
  let tree: EpsTree;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    expect(await seedIfEmpty(h.database.db)).toBe(true);
    expect(await seedIfEmpty(h.database.db)).toBe(false);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    token = login.json().token;
    [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    tree = (await call(app, api.eps.tree, { token, params: { space_id: space!.id } })).json() as EpsTree;
  });
  afterAll(() => h.close());

  it('gives the demo user a demo space with facility, project, schedule, version and target', () => {
    expect(space).toMatchObject({ kind: 'demo', role_value: 'moderator' });
    expect(tree.nodes.map((n) => n.kind)).toEqual(['facility', 'project', 'schedule']);
    expect(tree.versions.map((v) => v.kind)).toEqual(['version', 'target']);
  });

  it('holds about 200 activities in a construction breakdown, with acyclic logic', async () => {
    const content = (
      await call(app, api.versions.content, { token, space: space.id, params: { id: tree.versions[0]!.id } })
    ).json() as VersionContent;
    const activities = content.items.filter((i) => i.node_type !== 'sum');
    expect(activities.length).toBeGreaterThanOrEqual(180);
    expect(activities.length).toBeLessThanOrEqual(230);
    expect(content.relations.length).toBeGreaterThanOrEqual(activities.length);
    const sums = content.items.filter((i) => i.node_type === 'sum').map((i) => i.name);
    for (const phase of [
      'Site works',
      'Substructure',
      'Structural frame',
      'Building envelope',
      'MEP services',
      'Internal finishes',
    ]) {
      expect(sums).toContain(phase);
    }
    const ids = new Set(content.items.map((i) => i.id));
    expect(content.relations.every((r) => ids.has(r.pred_id) && ids.has(r.succ_id))).toBe(true);
    expect(
      acyclic(
        activities.map((a) => a.id),
        content.relations,
      ),
    ).toBe(true);
    // Every activity is tied into the network, as a planner would require.
    const linked = new Set(content.relations.flatMap((r) => [r.pred_id, r.succ_id]));
    expect(activities.filter((a) => !linked.has(a.id)).map((a) => a.name)).toEqual([]);
    const calendars = (await call(app, api.calendars.list, { token, space: space.id })).json();
    expect(activities.every((a) => a.calendar_id === calendars[0].id)).toBe(true);
    expect(activities.find((a) => a.name === 'Notice to proceed')).toMatchObject({
      node_type: 'milestone_start',
      start_limit_type: 'not_earlier',
    });
    // The demo comes calculated: every activity has its dates, the version says so.
    expect(activities.every((a) => a.es !== null && a.ef !== null && a.critical !== null)).toBe(true);
    expect(content.version.timetable_state).toBe('calculated');
    expect(activities.some((a) => a.critical)).toBe(true);
  });

  it('copies the working version into the target with the same ids', async () => {
    const read = async (id: string) =>
      (
        await call(app, api.versions.content, { token, space: space.id, params: { id } })
      ).json() as VersionContent;
    const [work, target] = await Promise.all([read(tree.versions[0]!.id), read(tree.versions[1]!.id)]);
    expect(target.items.map((i) => i.id).sort()).toEqual(work.items.map((i) => i.id).sort());
    expect(target.relations.length).toBe(work.relations.length);
  });

  it('gives the demo resources assigned to its tasks, with the frame crew over its limit somewhere', async () => {
    const as = { token, space: space.id };
    const { items } = (await call(app, api.resources.list, as)).json() as { items: Resource[] };
    expect(items.filter((r) => r.parent_id === null).map((r) => r.name)).toEqual([
      'Labour',
      'Plant',
      'Materials',
    ]);
    const frame = items.find((r) => r.code === 'LAB.FR')!;
    expect(frame).toMatchObject({ resource_type: 'labor', unit: 'h', default_limit: 64 });
    const work = tree.versions.find((v) => v.kind === 'version')!;
    // Asked without a version, the usage is the working version's (not its target copy's).
    const usage = (
      await call(app, api.resources.usage, { ...as, params: { id: frame.id }, query: {} })
    ).json() as ResourceUsage;
    expect(usage.versions).toHaveLength(2);
    expect(usage.version_id).toBe(work.id);
    expect(usage.bars.length).toBeGreaterThan(20);
    expect(usage.periods.some((p) => p.usage > p.capacity)).toBe(true);
    expect(usage.periods.some((p) => p.usage > 0 && p.usage <= p.capacity)).toBe(true);
  });

  it("opens the demo user's scoreboard on the demo schedule", async () => {
    const res = await call(app, api.views.scoreboard, { token, space: space.id });
    expect(res.statusCode, res.body).toBe(200);
    const tiles = (res.json() as { items: { node_id: string; measure: string }[] }).items;
    expect(tiles.every((t) => t.node_id === tree.nodes.find((n) => n.kind === 'schedule')!.id)).toBe(true);
    expect(tiles.map((t) => t.measure)).toEqual([
      'activities',
      'percent',
      'critical',
      'slip_days',
      'dcma_passed',
    ]);
  });

  it('keeps the locations and work types of its tasks in directories, every task linked', async () => {
    const as = { token, space: space.id };
    const dirs = (await call(app, api.directories.list, as)).json() as { id: string; name: string }[];
    expect(dirs.map((d) => d.name).sort()).toEqual(['Locations', 'Work types']);
    const work = tree.versions.find((v) => v.kind === 'version')!;
    const content = (
      await call(app, api.versions.content, { ...as, params: { id: work.id } })
    ).json() as VersionContent;
    const slab = content.items.find((i) => i.name === 'L3 slab concrete pour')!;
    const links = (
      await call(app, api.directories.wbsLinks, { ...as, params: { id: work.id, wbsId: slab.id } })
    ).json() as { name: string }[];
    expect(links.map((l) => l.name).sort()).toEqual(['Level 3', 'Slab concrete pour']);
  });

  it('lets the demo try estimating without a configured entitlement', async () => {
    const res = await call(app, api.costr.list, { token, space: space.id });
    expect(res.statusCode, res.body).toBe(200);
  });
});
