// The cyclogram beside the grid draws what the views page draws: the workbench's chart, built in
// the browser from the version's content as the workbench opens it (GET versions/{id}/wbs/columns,
// stored dates), has the same locations, kinds of work, works, dates and clashes as the server's
// GET versions/{id}/cyclogram/{attributeId} on the demo schedule, for an attribute and a WBS level.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { expandCyclogram } from '../../src/api/views';
import type { CyclogramLine } from '../../src/api/views';
import type { CyclogramResponse, EpsTree, UserSpace, VersionColumns } from '../../src/api';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { docFromColumns } from '../../src/state/workbench/columns-content';
import { workbenchCyclogram } from '../../src/state/workbench/cyclogram';
import { loadVersionDoc } from '../../src/state/workbench/data';
import { storedSchedule } from '../../src/state/workbench/stored-schedule';
import { workbench } from '../../src/state/workbench/store';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('the workbench cyclogram and the server one', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let version: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    const tree = (
      await call(app, api.eps.tree, { token, params: { space_id: space!.id } })
    ).json() as EpsTree;
    version = tree.versions.find((v) => v.kind === 'version')!.id;
    // The workbench's open: the content by columns into the store, its stored dates as the schedule.
    const res = await call(app, api.versions.contentColumns, { ...auth, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json() as VersionColumns;
    const { doc, index } = docFromColumns(content.items, content.relations);
    loadVersionDoc(content.version, doc, index);
    const stored = storedSchedule(content, workbench.get().dataRevision);
    expect(stored).not.toBeNull();
    workbench.set({ schedule: stored });
  });
  afterAll(() => h.close());

  const server = async (attributeId: string, kind_by: string) => {
    const res = await call(app, api.views.cyclogram, {
      ...auth,
      params: { id: version, attributeId },
      query: { kind_by },
    });
    expect(res.statusCode, res.body).toBe(200);
    return expandCyclogram(res.json() as CyclogramResponse);
  };
  /** Each line as kind → its works (id, location, start, finish) in order. */
  const shape = (c: { locations: readonly string[]; lines: readonly CyclogramLine[] }) =>
    c.lines.map((l) => ({
      kind: l.kind,
      works: l.segments.map((s) => [s.id, c.locations[s.loc], s.start, s.finish]),
    }));

  it.each([
    ['Location', 'Work type'],
    ['wbs:3', 'name'],
  ])('locations by %s, kinds by %s', async (loc, kind) => {
    const s = await server(loc, kind);
    const w = workbenchCyclogram(workbench.get(), loc, kind, {});
    expect(w.locations).toEqual(s.locations);
    expect(shape(w)).toEqual(shape(s));
    expect(w.clashes.length).toBe(s.clashes.length);
    expect(w.locations.length).toBeGreaterThan(1);
  });
});
