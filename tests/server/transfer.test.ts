// Import and export through the API: every shared fixture imports as a calculated version; export
// then import gives the same activities, relations and dates for every format that carries logic;
// Windows-1251 XER; the zip and PDF exports; downloads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { VersionContent } from '../../src/api';
import type { StoredFile } from '../../src/api/transfer';
import { readAnySchedule } from '../../src/domain/io/read-any';
import { writeSchedule } from '../../src/domain/io/write-schedule';
import type { ScheduleModel } from '../../src/domain/schedule';
import { generateNetwork } from '../fixtures/network-generator';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

const FIXTURES = path.resolve('../shared/fixtures');
const fixtures = existsSync(FIXTURES)
  ? ['xer', 'mspdi'].flatMap((dir) =>
      readdirSync(path.join(FIXTURES, dir)).map((f) => path.join(FIXTURES, dir, f)),
    )
  : [];
if (fixtures.length === 0) console.warn(`transfer tests: ${FIXTURES} is absent, fixture imports skipped`);

describe('transfer: import and export', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;

  const content = async (id: string) =>
    (await call(h.app, api.versions.content, { ...auth, params: { id } })).json() as VersionContent;
  const uploadSync = (name: string, data: Uint8Array | string, fields: Record<string, string> = {}) =>
    upload(h.app, auth, `/schedules/${schedule}/versions/upload/synchronous`, { name, data }, fields);
  const exportFile = async (version: string, format: string) => {
    const res = await call(h.app, api.transfer.exportVersion, { ...auth, params: { id: version, format } });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as StoredFile;
    const dl = await call(h.app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('attachment');
    return { file, bytes: dl.rawPayload };
  };
  /**
   * Activities keyed by their place in the tree and name (MSPDI renumbers codes; P6 XML trims
   * names), each with [es, ef, tf].
   */
  const keyed = (c: VersionContent) => {
    const kids = new Map<string | null, VersionContent['items']>();
    for (const i of c.items) kids.set(i.parent_id, [...(kids.get(i.parent_id) ?? []), i]);
    const key = new Map<string, string>();
    const walk = (parent: string | null, prefix: string) =>
      (kids.get(parent) ?? [])
        .sort((a, b) => (a.order_key < b.order_key ? -1 : 1))
        .forEach((i, n) => {
          key.set(i.id, `${prefix}${n}:${i.name.trim()}`);
          walk(i.id, `${prefix}${n}.`);
        });
    walk(null, '');
    return key;
  };
  const dates = (c: VersionContent) => {
    const key = keyed(c);
    return Object.fromEntries(
      c.items.filter((i) => i.node_type !== 'sum').map((i) => [key.get(i.id), [i.es, i.ef, i.tf]]),
    );
  };
  const logic = (c: VersionContent) => {
    const key = keyed(c);
    return c.relations.map((r) => `${key.get(r.pred_id)}>${key.get(r.succ_id)}:${r.type}:${r.lag}`).sort();
  };

  beforeAll(async () => {
    h = await startHarness({ dataDir: await mkdtemp(path.join(os.tmpdir(), 'transfer-')) });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  it.skipIf(fixtures.length === 0).each(fixtures.map((f) => [path.basename(f), f]))(
    'imports the fixture %s as a calculated version',
    async (name, file) => {
      const data = readFileSync(file);
      const model = await readAnySchedule(data, name);
      const res = await uploadSync(name, data);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ timetable_state: 'calculated', kind: 'version' });
      const c = await content(res.json().id);
      expect(c.items.length).toBe(model.activities.length);
      expect(c.relations.length).toBeGreaterThan(0);
      expect(c.items.filter((i) => i.node_type !== 'sum').every((i) => i.es !== null && i.ef !== null)).toBe(
        true,
      );
      // Calendars landed in the space and items point at them.
      expect(c.items.some((i) => i.calendar_id !== null)).toBe(true);
    },
    120_000,
  );

  const roundTripFormats = ['xer', 'xml-primavera', 'xml', 'xlsx', 'csv', 'json'];
  it.skipIf(fixtures.length === 0).each(roundTripFormats)(
    'round-trips through %s: same activities, relations and dates',
    async (format) => {
      const source = fixtures.find((f) => f.endsWith('p6_xernative_wk2_tp.xer')) ?? fixtures[0]!;
      const first = await uploadSync(path.basename(source), readFileSync(source));
      expect(first.statusCode, first.body).toBe(201);
      const before = await content(first.json().id);
      const { file, bytes } = await exportFile(first.json().id, format);
      const again = await uploadSync(file.name, bytes);
      expect(again.statusCode, again.body).toBe(201);
      const after = await content(again.json().id);
      const acts = (c: VersionContent) => c.items.filter((i) => i.node_type !== 'sum');
      expect(acts(after).length).toBe(acts(before).length);
      expect(logic(after)).toEqual(logic(before));
      // A CSV holds no calendars, so its dates follow the standard calendar after the trip.
      if (format !== 'csv') expect(dates(after)).toEqual(dates(before));
    },
    120_000,
  );

  it('keeps resources, assignments and attributes for the resources module and exports them', async () => {
    // The shared fixtures' readers return no resources yet, so a product JSON file carries them.
    const base = generateNetwork({ activities: 20, seed: 5 });
    const model: ScheduleModel = {
      ...base,
      activities: base.activities.map((a, i) => ({ ...a, attributes: { Area: `Zone ${i % 3}`, Crew: i } })),
      resources: [{ id: 'R1', name: 'Crane', calendarId: 'c7', kind: 'resource' }],
      assignments: [{ id: 'X1', activityId: 'A3', resourceId: 'R1', units: 16 }],
      attributeDefs: { Area: 'Area', Crew: 'Crew' },
    };
    const res = await uploadSync('with-resources.json', await writeSchedule(model, 'json'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const db = h.database.db;
    const resources = await db
      .selectFrom('version_resources')
      .selectAll()
      .where('version_id', '=', id)
      .execute();
    const assignments = await db
      .selectFrom('version_assignments')
      .selectAll()
      .where('version_id', '=', id)
      .execute();
    expect(resources).toMatchObject([{ id: 'R1', name: 'Crane', kind: 'resource' }]);
    expect(assignments).toMatchObject([{ id: 'X1', resource_id: 'R1', units: 16 }]);
    const c = await content(id);
    expect(c.items.find((i) => i.code === 'A3')?.attributes).toEqual({ Area: 'Zone 0', Crew: 3 });
    const { bytes } = await exportFile(id, 'json');
    const again = await readAnySchedule(new Uint8Array(bytes), 'again.json');
    expect(again.resources).toMatchObject([{ name: 'Crane' }]);
    expect(again.assignments).toHaveLength(1);
    expect(again.attributeDefs).toEqual({ Area: 'Area', Crew: 'Crew' });
  });

  it('exports only the rows a filtered grid shows, with the summaries above them', async () => {
    const base = generateNetwork({ activities: 12, seed: 9 });
    const res = await uploadSync('filtered.json', await writeSchedule(base, 'json'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const c = await content(id);
    const leaf = c.items.find((i) => i.parent_id !== null) ?? c.items[0]!;
    const linked = c.relations.find((r) => r.pred_id === leaf.id || r.succ_id === leaf.id);
    const other = linked ? (linked.pred_id === leaf.id ? linked.succ_id : linked.pred_id) : null;
    const keep = [leaf.id, ...(other ? [other] : [])];
    const out = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      params: { id, format: 'json' },
      body: { item_ids: keep },
    });
    expect(out.statusCode, out.body).toBe(201);
    const dl = await call(h.app, api.transfer.storageDownload, {
      ...auth,
      params: { id: (out.json() as StoredFile).id },
    });
    const again = await readAnySchedule(new Uint8Array(dl.rawPayload), 'filtered.json');
    const codes = new Map(c.items.map((i) => [i.id, i.code]));
    const above = (itemId: string): string[] => {
      const p = c.items.find((i) => i.id === itemId)?.parent_id;
      return p ? [p, ...above(p)] : [];
    };
    const expected = new Set([...keep, ...keep.flatMap(above)].map((x) => codes.get(x)));
    expect(new Set(again.activities.map((a) => a.code))).toEqual(expected);
    expect(again.activities.length).toBeLessThan(c.items.length);
    expect(again.relations).toHaveLength(
      c.relations.filter((r) => keep.includes(r.pred_id) && keep.includes(r.succ_id)).length,
    );
    // An empty list is bad input, not "everything".
    const empty = await call(h.app, api.transfer.exportVersion, {
      ...auth,
      params: { id, format: 'json' },
      body: { item_ids: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('reads a Windows-1251 XER', async () => {
    const source = fixtures.find((f) => f.endsWith('.xer'));
    if (!source) return;
    const text = readFileSync(source, 'latin1');
    // Rename the first activity in Cyrillic and store the file in the Russian code page.
    const lines = text.split(/\r?\n/);
    const fields = lines.find(
      (l) => l.startsWith('%F') && lines[lines.indexOf(l) - 1]?.startsWith('%T\tTASK'),
    )!;
    const nameCol = fields.split('\t').indexOf('task_name');
    const at = lines.indexOf(fields) + 1;
    const cells = lines[at]!.split('\t');
    cells[nameCol] = 'Монтаж опалубки';
    lines[at] = cells.join('\t');
    const res = await uploadSync('cp1251.xer', iconv.encode(lines.join('\r\n'), 'win1251'));
    expect(res.statusCode, res.body).toBe(201);
    const c = await content(res.json().id);
    expect(c.items.map((i) => i.name)).toContain('Монтаж опалубки');
  });

  it('exports PDF and a zip holding the version and its files', async () => {
    const source = fixtures.find((f) => f.endsWith('.xer'));
    if (!source) return;
    const v = (await uploadSync(path.basename(source), readFileSync(source))).json().id as string;
    const pdf = await exportFile(v, 'pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const zip = await exportFile(v, 'zip');
    const entries = Object.keys(unzipSync(new Uint8Array(zip.bytes)));
    expect(entries.some((e) => e.endsWith('.json'))).toBe(true);
    // The uploaded XER stays with the version as a document.
    expect(entries.some((e) => e.startsWith('files/') && e.endsWith('.xer'))).toBe(true);
    const docs = await call(h.app, api.transfer.storageList, { ...auth, params: { id: schedule } });
    expect((docs.json() as StoredFile[]).some((f) => f.version_id === v)).toBe(true);
    const xlsx = await exportFile(v, 'excel');
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
