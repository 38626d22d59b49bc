// The views on the demo schedule: cyclogram (with colours and the target), indicators, the network
// diagram's reads, the scoreboard's tiles and order, and the project's pipeline and its settings.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { expandCyclogram } from '../../src/api/views';
import type { CyclogramResponse, EpsTree, IndicatorsResponse, ScoreTile, UserSpace } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('views on the demo schedule', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let tree: EpsTree;
  let version: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    tree = (await call(app, api.eps.tree, { token, params: { space_id: space!.id } })).json() as EpsTree;
    version = tree.versions.find((v) => v.kind === 'version')!.id;
  });
  afterAll(() => h.close());

  const cyclogram = async (attributeId: string, kind_by: string) => {
    const res = await call(app, api.views.cyclogram, {
      ...auth,
      params: { id: version, attributeId },
      query: { kind_by },
    });
    expect(res.statusCode, res.body).toBe(200);
    return expandCyclogram(res.json() as CyclogramResponse);
  };

  it('draws crews moving floor by floor, with the target beside them', async () => {
    const c = await cyclogram('Location', 'Work type');
    expect(c.locations).toEqual([
      'Zone A',
      'Zone B',
      'Level 1',
      'Level 2',
      'Level 3',
      'Level 4',
      'Level 5',
      'Level 6',
      'Roof',
    ]);
    const slab = c.lines.find((l) => l.kind === 'Slab formwork')!;
    // Levels 1–6 and the roof, in time order going up.
    expect(slab.segments.map((s) => c.locations[s.loc])).toEqual([
      'Level 1',
      'Level 2',
      'Level 3',
      'Level 4',
      'Level 5',
      'Level 6',
      'Roof',
    ]);
    expect(slab.rate).toBeGreaterThan(0);
    expect(slab.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(c.data_date).not.toBeNull();
    expect(c.target?.lines.length).toBe(c.lines.length);
    // Drywall and second fix overlap on each floor (start-to-start with a lag): marked.
    expect(c.clashes.length).toBeGreaterThan(0);
  });

  it('groups by a WBS level and saves colours per kind', async () => {
    const byLevel = await cyclogram('wbs:3', 'name');
    expect(byLevel.locations).toContain('Level 1 frame');
    const saved = await call(app, api.views.cyclogramColor, {
      ...auth,
      params: { id: version },
      body: { kind_by: 'Work type', colors: { 'Slab formwork': '#AA0000' } },
    });
    expect(saved.json()).toEqual({ colors: { 'Slab formwork': '#aa0000' } });
    const c = await cyclogram('Location', 'Work type');
    expect(c.lines.find((l) => l.kind === 'Slab formwork')!.color).toBe('#aa0000');
    const bad = await call(app, api.views.cyclogramColor, {
      ...auth,
      params: { id: version },
      body: { kind_by: 'Work type', colors: { x: 'red' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('assesses the schedule: 14 DCMA points and 3 target checks, naming rows', async () => {
    const res = await call(app, api.views.indicators, { ...auth, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as IndicatorsResponse;
    expect(r.indicators.filter((i) => i.group === 'dcma')).toHaveLength(14);
    expect(r.indicators.filter((i) => i.group === 'target')).toHaveLength(3);
    expect(r.target_version_id).not.toBeNull();
    const by = new Map(r.indicators.map((i) => [i.key, i]));
    // Some demo tasks have no resource (site set-up, piling, commissioning) and none has a lead;
    // open ends are within DCMA's 5 %.
    expect(by.get('resources')!.pass).toBe(false);
    expect(by.get('leads')!.pass).toBe(true);
    expect(by.get('logic')!.ids.length).toBeGreaterThan(0);
    expect(by.get('logic')!.pass).toBe(true);
  });

  it('answers the network diagram its boxes and arrows', async () => {
    const tasks = (await call(app, api.views.networkTasks, { ...auth, params: { id: version } })).json();
    const rels = (await call(app, api.views.networkRelations, { ...auth, params: { id: version } })).json();
    expect(tasks.items.length).toBeGreaterThan(150);
    expect(tasks.items.some((t: { critical: boolean }) => t.critical)).toBe(true);
    expect(rels.items.length).toBeGreaterThan(150);
  });

  it('keeps a user’s scoreboard tiles in order, moved up, down and by drag and drop', async () => {
    const project = tree.nodes.find((n) => n.kind === 'project')!.id;
    const schedule = tree.nodes.find((n) => n.kind === 'schedule')!.id;
    const add = async (node_id: string, measure: ScoreTile['measure']) => {
      const res = await call(app, api.views.scoreboardCreate, { ...auth, body: { node_id, measure } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ScoreTile;
    };
    // The demo user's board starts with the seeded tiles: this test orders its own.
    const seeded = (await call(app, api.views.scoreboard, auth)).json().items as ScoreTile[];
    for (const t of seeded) await call(app, api.views.scoreboardDelete, { ...auth, params: { id: t.id } });
    const a = await add(project, 'activities');
    const b = await add(schedule, 'percent');
    const c = await add(project, 'dcma_passed');
    expect(a.value).toBeGreaterThan(150);
    expect(b.value).toBe(0);
    expect(c.of).toBeGreaterThan(5);
    const order = async () =>
      ((await call(app, api.views.scoreboard, auth)).json().items as ScoreTile[]).map((t) => t.id);
    expect(await order()).toEqual([a.id, b.id, c.id]);
    await call(app, api.views.scoreboardUp, { ...auth, params: { id: c.id } });
    expect(await order()).toEqual([a.id, c.id, b.id]);
    await call(app, api.views.scoreboardDown, { ...auth, params: { id: a.id } });
    expect(await order()).toEqual([c.id, a.id, b.id]);
    await call(app, api.views.scoreboardOrder, { ...auth, body: { ids: [b.id, a.id] } });
    expect(await order()).toEqual([b.id, a.id, c.id]);
    const upd = await call(app, api.views.scoreboardUpdate, {
      ...auth,
      params: { id: b.id },
      body: { node_id: project, measure: 'slip_days' },
    });
    expect(upd.json()).toMatchObject({ measure: 'slip_days', value: 0 });
    await call(app, api.views.scoreboardDelete, { ...auth, params: { id: a.id } });
    expect(await order()).toEqual([b.id, c.id]);
    const gone = await call(app, api.views.scoreboardDelete, { ...auth, params: { id: a.id } });
    expect(gone.statusCode).toBe(404);
  });

  it('shows the project pipeline by stage against the target, and keeps its settings', async () => {
    const project = tree.nodes.find((n) => n.kind === 'project')!.id;
    const schedule = tree.nodes.find((n) => n.kind === 'schedule')!.id;
    const res = await call(app, api.views.pipes, { ...auth, params: { id: project } });
    expect(res.statusCode, res.body).toBe(200);
    const { pipes, settings } = res.json();
    expect(settings).toEqual({ stage_level: 2, hidden_schedules: [] });
    expect(pipes).toHaveLength(1);
    expect(pipes[0].stages.map((s: { name: string }) => s.name)).toContain('Structural frame');
    const frame = pipes[0].stages.find((s: { name: string }) => s.name === 'Structural frame');
    expect(frame.finish).toBeGreaterThan(frame.start);
    expect(frame.target_finish).toBe(frame.finish);
    await call(app, api.views.savePipeSettings, {
      ...auth,
      params: { id: project },
      body: { stage_level: 3, hidden_schedules: [schedule] },
    });
    const after = (await call(app, api.views.pipes, { ...auth, params: { id: project } })).json();
    expect(after.settings.stage_level).toBe(3);
    expect(after.pipes).toEqual([]);
    const wrong = await call(app, api.views.pipes, { ...auth, params: { id: schedule } });
    expect(wrong.statusCode).toBe(404);
  });
});
