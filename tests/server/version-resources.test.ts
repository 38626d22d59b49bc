// A node's resource assignments and a version's attribute definitions, as real P6 and MS Project
// files bring them in (read in place from ../shared/fixtures; skipped with a message when absent).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Assignment, AttributeDef, VersionContent } from '../../src/api';
import { readAnySchedule } from '../../src/domain/io/read-any';
import type { ScheduleModel } from '../../src/domain/schedule';
import { resourceTypeOf } from '../../src/domain/schedule/resource-type';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

const FIXTURES = path.resolve('../shared/fixtures');
const XER = path.join(FIXTURES, 'xer/p6_xernative_wk2_tp.xer');
const MSPDI = path.join(FIXTURES, 'mspdi/msp_mpxj_legacy_sample.xml');
const TAKT = path.join(FIXTURES, 'xer/p6_xernative_sample_takt.xer');
const present = existsSync(XER) && existsSync(MSPDI);
if (!present) console.warn(`version resources: ${FIXTURES} is absent, fixture imports skipped`);

describe('version resources: assignments and attribute definitions', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;
  let emptyVersion: string;

  const assignments = (version: string, wbsId: string) =>
    call(h.app, api.versionResources.assignments, { ...auth, params: { id: version, wbsId } });
  const attributes = (version: string) =>
    call(h.app, api.versionResources.attributes, { ...auth, params: { id: version } });

  /** Imports a fixture; answers the version, its content and the model the file reads as. */
  const importFixture = async (file: string) => {
    const data = readFileSync(file);
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: path.basename(file), data },
      {},
    );
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().id as string;
    const c = (await call(h.app, api.versions.content, { ...auth, params: { id: version } })).json();
    const model = await readAnySchedule(data, path.basename(file));
    return { version, content: c as VersionContent, model };
  };

  /** The model's assignments by the stored item of their activity (matched by code and name). */
  const expected = (model: ScheduleModel, content: VersionContent) => {
    const byKey = new Map(content.items.map((i) => [`${i.code}|${i.name}`, i.id]));
    const out = new Map<string, { resource: string; units: number; kind?: string }[]>();
    for (const a of model.assignments) {
      const act = model.activities.find((x) => x.id === a.activityId)!;
      const res = model.resources.find((r) => r.id === a.resourceId)!;
      const item = byKey.get(`${act.code}|${act.name}`)!;
      expect(item, `${act.code} ${act.name}`).toBeDefined();
      out.set(item, [...(out.get(item) ?? []), { resource: res.name, units: a.units, kind: res.kind }]);
    }
    return out;
  };

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'resources-')) });
    const token = (await signUp(h.app, 'res')).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    const tree = await makeTree(h.app, token, space);
    schedule = tree.schedule;
    emptyVersion = tree.version;
  });
  afterAll(() => h.close());

  it('knows the resource types P6 and MS Project files name', () => {
    expect(
      ['RT_Labor', 'RT_Equip', 'RT_Mat', 'work', 'material', 'cost', 'odd', null].map(resourceTypeOf),
    ).toEqual(['labor', 'nonlabor', 'material', 'labor', 'material', 'cost', null, null]);
  });

  it('answers empty lists for a version made in the product, 404 for a node not in it', async () => {
    const attrs = await attributes(emptyVersion);
    expect(attrs.statusCode, attrs.body).toBe(200);
    expect(attrs.json()).toEqual({ items: [] });
    const res = await assignments(emptyVersion, emptyVersion);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NotFound' });
  });

  it.skipIf(!present)(
    'lists the assignments of every node of a P6 file (XER), with the resource',
    async () => {
      const { version, content, model } = await importFixture(XER);
      expect(model.assignments.length).toBeGreaterThan(500);
      const want = expected(model, content);
      let seen = 0;
      for (const item of content.items) {
        const res = await assignments(version, item.id);
        expect(res.statusCode, res.body).toBe(200);
        const got = (res.json() as { items: Assignment[] }).items;
        const sortKey = (x: { resource: string; units: number }) => `${x.resource}|${x.units}`;
        expect(
          got
            .map((a) => ({ resource: a.resource_name, units: a.units }))
            .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)),
        ).toEqual(
          (want.get(item.id) ?? [])
            .map(({ resource, units }) => ({ resource, units }))
            .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)),
        );
        for (const a of got) {
          expect(a.wbs_id).toBe(item.id);
          expect(a.kind).toBe('resource');
          expect(a.calendar_id).not.toBeNull();
        }
        seen += got.length;
      }
      expect(seen).toBe(model.assignments.length);
      // The excavator (RT_Equip) on its first activity: nonlabor, hours as P6 stored them.
      const first = model.assignments[0]!;
      const item = [...want.entries()].find(([, list]) => list.some((x) => x.units === first.units))![0];
      const got = (await assignments(version, item)).json().items as Assignment[];
      expect(got.find((a) => a.resource_name === 'excavator')).toMatchObject({
        resource_type: 'nonlabor',
        units: first.units,
      });

      const attrs = await attributes(version);
      expect(attrs.statusCode, attrs.body).toBe(200);
      const defs = (attrs.json() as { items: AttributeDef[] }).items;
      expect(defs).toEqual(
        Object.entries(model.attributeDefs ?? {})
          .map(([key, label]) => ({ key, label }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      );
      expect(defs).toContainEqual({ key: 'actv:1734', label: '01 project' });
    },
    // One read per node of a 1,000-row import: 3 s on a quiet machine, 30 s at load 13.
    120_000,
  );

  it.skipIf(!present)(
    'lists the assignments of an MS Project file (MSPDI): two resources on one task',
    async () => {
      const { version, content, model } = await importFixture(MSPDI);
      const want = expected(model, content);
      expect(want.size).toBe(1);
      const [item, list] = [...want.entries()][0]!;
      const res = await assignments(version, item);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { items: Assignment[] }).items).toEqual(
        list.map((x, i) =>
          expect.objectContaining({
            id: model.assignments[i]!.id,
            wbs_id: item,
            resource_name: x.resource,
            kind: 'resource',
            resource_type: 'labor',
            units: x.units,
          }),
        ),
      );
    },
  );

  it.skipIf(!existsSync(TAKT))(
    'stores a P6 resource curve an XER brings, and gives it back with the assignment',
    async () => {
      // The takt sample's one assignment put on a curve rising linearly (written into a copy).
      const lines = readFileSync(TAKT, 'utf8').split(/\r?\n/);
      let table = '';
      let at = -1;
      for (let i = 0; i < lines.length; i++) {
        const cells = lines[i]!.split('\t');
        if (cells[0] === '%T') table = cells[1]!;
        else if (cells[0] === '%F' && table === 'TASKRSRC') at = cells.indexOf('curv_id');
        else if (cells[0] === '%R' && table === 'TASKRSRC')
          lines[i] = cells.map((c, k) => (k === at ? 'C1' : c)).join('\t');
      }
      const points = Array.from({ length: 21 }, (_, i) => i);
      const fields = points.map((_, i) => `pct_usage_${i}`).join('\t');
      lines.splice(
        lines.findIndex((l) => l.startsWith('%E')),
        0,
        '%T\tRSRCCURVDATA',
        `%F\tcurv_id\tcurv_name\tdefault_flag\t${fields}`,
        `%R\tC1\tRamp\tN\t${points.join('\t')}`,
      );
      const res = await upload(
        h.app,
        auth,
        `/schedules/${schedule}/versions/upload/synchronous`,
        { name: 'takt-curve.xer', data: Buffer.from(lines.join('\r\n')) },
        {},
      );
      expect(res.statusCode, res.body).toBe(201);
      const version = res.json().id as string;
      const got = await call(h.app, api.resources.assignments, { ...auth, query: { version_id: version } });
      expect(got.statusCode, got.body).toBe(200);
      const [a] = got.json().items as { curve: string; curve_values: number[] | null }[];
      expect(a!.curve).toBe('custom');
      // Twentieth i holds (i + i + 1) / 2 of a total of 200.
      expect(a!.curve_values).toHaveLength(20);
      a!.curve_values!.forEach((v, i) => expect(v).toBeCloseTo(((i + 0.5) / 200) * 100, 5));
      // Exported as XER and P6 XML, the files carry the curve back: the same twentieths.
      for (const format of ['xer', 'xml-primavera'] as const) {
        const ex = await call(h.app, api.transfer.exportVersion, {
          ...auth,
          params: { id: version, format },
        });
        expect(ex.statusCode, ex.body).toBe(201);
        const dl = await call(h.app, api.transfer.storageDownload, { ...auth, params: { id: ex.json().id } });
        expect(dl.statusCode).toBe(200);
        const back = await readAnySchedule(
          new Uint8Array(dl.rawPayload),
          `back.${format === 'xer' ? 'xer' : 'xml'}`,
        );
        const c = back.assignments[0]!.curve!;
        expect(c.kind, format).toBe('custom');
        c.values!.forEach((v, i) => expect(v).toBeCloseTo(a!.curve_values![i]!, 4));
      }
    },
  );

  it('answers 404 for a version of another space', async () => {
    const other = await signUp(h.app, 'res2');
    const space = await makeSpace(h.app, other.token);
    const res = await call(h.app, api.versionResources.attributes, {
      token: other.token,
      space,
      params: { id: emptyVersion },
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
