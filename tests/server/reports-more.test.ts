// Reports beyond one table of activities, on the demo schedule: the resource usage table (rows
// per resource and week whose units add up to the assignments' units), chart images (a real PNG
// of the S-curve anchored in the sheet), the checks of the new placeholders (en and ru), and the
// master report over every schedule of the project as a run_report job.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsNode, EpsTree, Report, UserSpace, Version } from '../../src/api';
import type { Job, StoredFile } from '../../src/api/transfer';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

describe('resource usage, charts and master reports', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let tree: EpsTree;
  let version: string;
  let reports: Report[];

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
    reports = ((await call(app, api.reports.list, auth)).json() as { items: Report[] }).items;
  }, 180_000);
  afterAll(() => h.close());

  const load = async (file: StoredFile) => {
    const res = await call(app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };
  const run = async (reportId: string, master = false) => {
    const res = await call(app, master ? api.reports.runMaster : api.reports.runOnVersion, {
      ...auth,
      params: { id: version, report_id: reportId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return load(res.json() as StoredFile);
  };
  const builtin = (key: string) => reports.find((r) => r.builtin === key)!;
  const template = async (cells: string[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('T');
    for (const r of cells) ws.addRow(r);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  };

  it('fills the resource usage table: per resource and week, adding up to the assignments', async () => {
    expect(reports.map((r) => r.builtin)).toContain('resources');
    const ws = (await run(builtin('resources').id)).worksheets[0]!;
    let header = 0;
    ws.eachRow((row, r) => {
      if (row.getCell(1).value === 'Resource') header = r;
    });
    expect(header).toBeGreaterThan(0);
    const byResource = new Map<string, { sum: number; last: number; weeks: number }>();
    for (let r = header + 1; ws.getCell(`A${r}`).value; r++) {
      const name = String(ws.getCell(`A${r}`).value);
      const from = ws.getCell(`C${r}`).value as Date;
      const to = ws.getCell(`D${r}`).value as Date;
      expect(from).toBeInstanceOf(Date);
      expect(from.getUTCDay()).toBe(1); // weeks start on Monday
      expect(to.getTime() - from.getTime()).toBe(7 * 86_400_000);
      const units = Number(ws.getCell(`E${r}`).value);
      expect(units).toBeGreaterThan(0);
      const e = byResource.get(name) ?? { sum: 0, last: 0, weeks: 0 };
      byResource.set(name, {
        sum: e.sum + units,
        last: Number(ws.getCell(`F${r}`).value),
        weeks: e.weeks + 1,
      });
    }
    // Recomputed another way: the assignments of activities with dates, summed per resource.
    const assigned = await h.database.db
      .selectFrom('version_assignments as a')
      .innerJoin('version_resources as vr', (j) =>
        j.onRef('vr.version_id', '=', 'a.version_id').onRef('vr.id', '=', 'a.resource_id'),
      )
      .select(['vr.name', (eb) => eb.fn.sum<string>('a.units').as('units')])
      .where('a.space_id', '=', auth.space)
      .where('a.version_id', '=', version)
      .where('a.units', '>', 0)
      .groupBy('vr.name')
      .execute();
    expect(assigned.length).toBeGreaterThan(0);
    expect([...byResource.keys()].sort()).toEqual(assigned.map((a) => a.name).sort());
    for (const a of assigned) {
      const got = byResource.get(a.name)!;
      expect(got.sum).toBeCloseTo(Number(a.units), 1);
      expect(got.last).toBeCloseTo(Number(a.units), 1);
    }
    // The labour S-curve under the table.
    expect(ws.getImages()).toHaveLength(1);
  });

  it('draws the S-curve of the summary as a PNG image in the sheet', async () => {
    const wb = await run(builtin('summary').id);
    const ws = wb.worksheets[0]!;
    const images = ws.getImages();
    expect(images).toHaveLength(1);
    const media = wb.getImage(Number(images[0]!.imageId));
    expect(media.extension).toBe('png');
    const png = Buffer.from(media.buffer as unknown as ArrayBuffer);
    if (process.env.REPORT_CHART_OUT) await sharp(png).toFile(process.env.REPORT_CHART_OUT);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 720, 360]);
    // Not blank: the curves' colours are in it (plan blue, earned green).
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const has = (r: number, g: number, b: number) => {
      for (let i = 0; i < data.length; i += info.channels)
        if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 30)
          return true;
      return false;
    };
    expect(has(0x2f, 0x7e, 0xd8)).toBe(true);
    expect(has(0x2e, 0x9e, 0x44)).toBe(true);
    // The placeholder's cell is emptied.
    let left = false;
    ws.eachRow((row) => row.eachCell((c) => void (left ||= String(c.value).includes('{{chart'))));
    expect(left).toBe(false);
  });

  it('refuses a chart sharing its cell and resource fields outside a resource table (en, ru)', async () => {
    const chart = await upload(app, auth, '/reports/add', {
      name: 'c.xlsx',
      data: await template([['Curve: {{chart.s_curve}}']]),
    });
    expect(chart.statusCode).toBe(400);
    expect(chart.json().error_message[0]).toMatchObject({
      code: 'report.chart_not_alone',
      params: { field: 'body.file', cell: 'A1' },
    });
    const field = await upload(
      app,
      auth,
      '/reports/add',
      { name: 'f.xlsx', data: await template([['{{rows.activities}}{{res.units}}']]) },
      {},
      'ru',
    );
    expect(field.statusCode).toBe(400);
    expect(field.json().error_message[0]).toMatchObject({
      code: 'report.field_outside_table',
      params: { field: 'body.file', placeholder: '{{res.units}}' },
    });
    expect(field.json().error_message[0].error_message).toContain('поле строки');
    const unit = await upload(app, auth, '/reports/add', {
      name: 'u.xlsx',
      data: await template([['{{resources.fortnight}}{{res.units}}']]),
    });
    expect(unit.json().error_message[0]).toMatchObject({
      code: 'report.unknown_placeholder',
      params: { placeholder: '{{resources.fortnight}}' },
    });
  });

  it('runs a master report over every schedule of the project as a job with progress', async () => {
    const project = tree.nodes.find((n) => n.kind === 'project')!.id;
    const created = await call(app, api.projects.createSchedule, {
      ...auth,
      params: { id: project },
      body: { name: 'Second building' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = (created.json() as EpsNode).id;
    const empty = (
      (await call(app, api.eps.tree, { ...auth, params: { space_id: auth.space } })).json() as EpsTree
    ).versions.find((v) => v.schedule_id === second)!;
    const copy = await call(app, api.versionCompare.copyTo, {
      ...auth,
      params: { id: version, scheduleId: second },
      body: { label: 'Copy' },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((copy.json() as Version).id).not.toBe(empty.id);
    const removed = await call(app, api.versions.remove, { ...auth, params: { id: empty.id } });
    expect(removed.statusCode, removed.body).toBe(200);

    const added = await upload(app, auth, '/reports/add?name=Master', {
      name: 'm.xlsx',
      data: await template([
        ['{{schedule}}', '{{count_activities}}'],
        ['{{rows.activities}}{{row.schedule}}', '{{row.code}}'],
      ]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as Report).id;
    const single = (await run(id)).worksheets[0]!;
    const one = Number(single.getCell('B1').value);
    expect(one).toBeGreaterThan(10);
    const ws = (await run(id, true)).worksheets[0]!;
    expect(ws.getCell('A1').value).toBe(tree.nodes.find((n) => n.id === project)!.name);
    expect(ws.getCell('B1').value).toBe(2 * one);
    const names = new Map<string, number>();
    for (let r = 2; r < 2 + 2 * one; r++) {
      const s = String(ws.getCell(`A${r}`).value);
      names.set(s, (names.get(s) ?? 0) + 1);
    }
    expect(names).toEqual(
      new Map([
        ['Construction schedule', one],
        ['Second building', one],
      ]),
    );
    const jobs = (await call(app, api.transfer.batchReport, { ...auth, body: {} })).json() as Job[];
    const job = jobs.find((j) => j.type === 'run_report')!;
    expect(job).toMatchObject({ state: 'done', progress: 100 });
  });
});
