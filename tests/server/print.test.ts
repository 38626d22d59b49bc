// Print and reports on the demo schedule: print/count equals the PDF's page count, every page is
// the sheet, the header text is in the PDF (read by tests/support/pdf-reader, not pdfkit); sheet
// format rules and names (spec §5); per-user print settings; report templates: built-ins, upload
// checks, rename, EPS attachment, runs whose XLSX holds the version's figures.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, PrintSettings, Report, UserSpace } from '../../src/api';
import type { Job, StoredFile } from '../../src/api/transfer';
import { defaultSettings } from '../../src/domain/print/settings';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { readPdf } from '../support/pdf-reader';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const A3 = [0, 0, 1190.551181, 841.889764];

describe('print and reports on the demo schedule', () => {
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
  }, 180_000);
  afterAll(() => h.close());

  const fetchFile = async (file: Pick<StoredFile, 'id'>) => {
    const res = await call(app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  const printPdf = async (settings: PrintSettings) => {
    const res = await call(app, api.print.print, { ...auth, params: { id: version }, body: { settings } });
    expect(res.statusCode, res.body).toBe(201);
    let job = res.json() as Job;
    for (let i = 0; i < 200 && job.state !== 'done' && job.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const rep = await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [job.id] } });
      job = (rep.json() as Job[])[0]!;
    }
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    expect(job.type).toBe('print_version');
    return readPdf(await fetchFile({ id: job.file_id! }));
  };

  it('prints as many A3 pages as print/count says, with the header and Cyrillic text', async () => {
    const settings = defaultSettings();
    settings.fit = { mode: 'pages', pages_wide: 2 };
    settings.header.default = { left: '{schedule}', center: 'Печать {page}/{pages}', right: '{version}' };
    settings.header.last = { left: 'Last page', center: '', right: '' };
    const count = await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } });
    expect(count.statusCode, count.body).toBe(200);
    const n = count.json() as { pages: number; across: number; down: number; rows: number };
    expect(n.across).toBe(2);
    expect(n.pages).toBe(n.across * n.down);
    const pdf = await printPdf(settings);
    expect(pdf.pages.length).toBe(n.pages);
    for (const p of pdf.pages) expect(p.mediaBox).toEqual(A3);
    expect(pdf.pages[0]!.text).toContain(`Печать 1/${n.pages}`);
    expect(pdf.pages[0]!.text).toContain('Construction schedule');
    expect(pdf.pages.at(-1)!.text).toContain('Last page');
    expect(pdf.pages.at(-1)!.text).not.toContain(`Печать ${n.pages}/${n.pages}`);
  });

  it("prints the user's grid layout: its visible columns, attributes included, in its order", async () => {
    const layout = {
      columns: [
        { id: 'attr:Location', width: 160, visible: true },
        { id: 'name', width: 300, visible: true },
        { id: 'duration', width: 84, visible: false },
        { id: 'status', width: 120, visible: true },
      ],
      frozen: 0,
    };
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: layout,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = { ...defaultSettings(), use_layout: true };
    const count = (
      await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } })
    ).json() as { pages: number };
    const pdf = await printPdf(settings);
    expect(pdf.pages.length).toBe(count.pages);
    const first = pdf.pages[0]!.text;
    expect(first).toContain('Location');
    expect(first).toContain('Status');
    expect(first).not.toContain('Dur (d)');
    expect(first).not.toContain('TF (d)');
    // A location of a demo row and a status word, translated (ru).
    const rows = await h.database.db
      .selectFrom('wbs_items')
      .select('attributes')
      .where('version_id', '=', version)
      .where('node_type', '!=', 'sum')
      .execute();
    const locations = rows
      .map((r) => (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes))
      .map((a) => (a as Record<string, string>).Location)
      .filter((l): l is string => !!l);
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.some((l) => first.includes(l))).toBe(true);
    // The preview draws the columns in the layout's order: Location, then Name, then Status.
    const svg = (
      await call(app, api.print.preview, {
        ...auth,
        params: { id: version },
        body: { settings, page: 0 },
        headers: { 'accept-language': 'ru' },
      })
    ).body;
    const xOf = (word: string) => {
      const m = new RegExp(`<text x="([\\d.]+)"[^>]*>${word}<`).exec(svg);
      expect(m, word).not.toBeNull();
      return Number(m![1]);
    };
    expect(xOf('Location')).toBeLessThan(xOf('Наименование'));
    expect(xOf('Наименование')).toBeLessThan(xOf('Статус'));
    expect(svg).toMatch(/Не начата|Выполняется|Завершена/);
  });

  it("prints in the layout's sort and grouping, with group headers, and only the filter's rows", async () => {
    // Grouped by location, each group's rows by name descending (the workbench's arrangement).
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: {
        columns: [
          { id: 'code', width: 64, visible: true },
          { id: 'name', width: 300, visible: true },
        ],
        frozen: 0,
        sort: [{ column: 'name', dir: 'desc' }],
        group_by: 'attr:Location',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const leaves = (
      await h.database.db
        .selectFrom('wbs_items')
        .select(['name', 'attributes', 'node_type'])
        .where('version_id', '=', version)
        .where('node_type', '!=', 'sum')
        .execute()
    ).map((r) => {
      const a = (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes) as Record<
        string,
        string
      > | null;
      return { name: r.name, location: a?.Location ?? '' };
    });
    const byLocation = new Map<string, string[]>();
    for (const l of leaves) byLocation.set(l.location, [...(byLocation.get(l.location) ?? []), l.name]);
    const locations = [...byLocation.keys()].filter((l) => l !== '');
    expect(locations.length).toBeGreaterThan(1);
    const settings = { ...defaultSettings(), use_layout: true };
    settings.fit = { mode: 'pages', pages_wide: 1 };
    const lines = (await printPdf(settings)).pages.flatMap((p) => p.text.split('\n'));
    const headers = lines.filter((l) => l.startsWith('Location: '));
    expect(headers.length).toBe(byLocation.size);
    // Values ascending (numbers in digits' order), the empty value last, each with its count.
    const sorted = [...locations].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    expect(headers.map((l) => l.split(' · ')[0])).toEqual([
      ...sorted.map((l) => `Location: ${l}`),
      ...(byLocation.has('') ? ['Location: (none)'] : []),
    ]);
    for (const hdr of headers) {
      const value = hdr.split(' · ')[0]!.slice('Location: '.length);
      const n = byLocation.get(value === '(none)' ? '' : value)!.length;
      expect(hdr).toContain(`· ${n} ${n === 1 ? 'activity' : 'activities'}`);
    }
    // Under the first header, its rows' names in descending order, and no summary rows.
    const first = lines.indexOf(headers[0]!);
    const second = lines.indexOf(headers[1]!);
    const names = byLocation.get(sorted[0]!)!;
    const printed = lines.slice(first + 1, second).filter((l) => names.includes(l.trim()));
    expect(printed.length).toBe(names.length);
    expect(printed.map((l) => l.trim())).toEqual(
      [...names].sort((a, b) => -a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })),
    );

    // The schedule page's filter: only the rows of one location print (one group).
    settings.filter = JSON.stringify({ field: 'attr:Location', op: 'eq', value: sorted[0] });
    const count = (
      await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } })
    ).json() as { rows: number };
    expect(count.rows).toBe(names.length + 1);
    const filtered = (await printPdf(settings)).pages.flatMap((p) => p.text.split('\n'));
    expect(filtered.filter((l) => l.startsWith('Location: '))).toEqual([headers[0]]);
    // A filter that is not one is a 400 naming the field.
    const bad = await call(app, api.print.count, {
      ...auth,
      params: { id: version },
      body: { settings: { ...settings, filter: '{"field":"name","op":"nope"}' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.settings.filter');
    // Back to the layout of the previous tests' kind (no arrangement) for the tests after this one.
    await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: { columns: [], frozen: 0, sort: [], group_by: null },
    });
  });

  it('a fixed scale and a custom sheet change the pages and their size', async () => {
    const settings = defaultSettings();
    settings.format = {
      name: 'Plot',
      width_mm: 600,
      height_mm: 300,
      margins_mm: { top: 0, right: 0, bottom: 0, left: 0 },
    };
    settings.fit = { mode: 'scale', percent: 200 };
    const n = (
      await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } })
    ).json() as { pages: number; across: number };
    expect(n.across).toBeGreaterThan(1);
    const pdf = await printPdf(settings);
    expect(pdf.pages.length).toBe(n.pages);
    const w = (600 * 72) / 25.4;
    const hgt = (300 * 72) / 25.4;
    for (const p of pdf.pages) {
      expect(p.mediaBox[2]).toBeCloseTo(w, 3);
      expect(p.mediaBox[3]).toBeCloseTo(hgt, 3);
    }
  });

  it('adds a last page with the cyclogram: counted, previewed and printed; bad keys are a 400', async () => {
    const settings = defaultSettings();
    const plain = (
      await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } })
    ).json().pages as number;
    settings.cyclogram = { location_by: 'Location', kind_by: 'Work type' };
    settings.footer.last = { left: 'Cyclogram footer', center: '', right: '' };
    const count = await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } });
    expect(count.statusCode, count.body).toBe(200);
    const pages = (count.json() as { pages: number }).pages;
    expect(pages).toBe(plain + 1);
    // The preview of the last page is the cyclogram: its title, the demo's floors and work kinds.
    const preview = await call(app, api.print.preview, {
      ...auth,
      params: { id: version },
      body: { settings, page: pages - 1 },
      headers: { language: 'ru' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('Циклограмма');
    expect(preview.body).toContain('Cyclogram footer');
    const chart = (
      await call(app, api.views.cyclogram, {
        ...auth,
        params: { id: version, attributeId: 'Location' },
        query: { kind_by: 'Work type' },
      })
    ).json() as { locations: string[]; lines: { kind: string; color: string }[] };
    expect(chart.locations.length).toBeGreaterThan(1);
    for (const loc of chart.locations) expect(preview.body).toContain(loc.replace(/&/g, '&amp;'));
    for (const line of chart.lines) expect(preview.body).toContain(line.color);
    // The PDF has the same pages, the last one the chart's.
    const pdf = await printPdf(settings);
    expect(pdf.pages.length).toBe(pages);
    expect(pdf.pages.at(-1)!.mediaBox).toEqual(A3);
    expect(pdf.pages.at(-1)!.text).toContain('Cyclogram');
    expect(pdf.pages.at(-1)!.text).toContain(chart.locations[0]);
    expect(pdf.pages[0]!.text).not.toContain('Cyclogram footer');
    // A key naming nothing in the version is refused, naming the field.
    settings.cyclogram = { location_by: 'No such attribute', kind_by: 'Work type' };
    const bad = await call(app, api.print.count, { ...auth, params: { id: version }, body: { settings } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message).toContainEqual(
      expect.objectContaining({
        params: expect.objectContaining({ field: 'body.settings.cyclogram.location_by' }),
      }),
    );
  });

  it('previews a page as an SVG image with the page count', async () => {
    const res = await call(app, api.print.preview, {
      ...auth,
      params: { id: version },
      body: { settings: defaultSettings(), page: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(Number(res.headers['x-print-pages'])).toBeGreaterThan(0);
    expect(res.body).toMatch(/^<svg [^>]*width="1190.55pt" height="841.89pt"/);
    expect(res.body).toContain('Construction schedule');
  });

  it('refuses sheets below the minimum, negative margins and unknown title values, naming the field', async () => {
    const bad = async (patch: (s: PrintSettings) => void, field: string, code: string) => {
      const settings = defaultSettings();
      patch(settings);
      const res = await call(app, api.print.count, {
        ...auth,
        params: { id: version },
        body: { settings },
        headers: { language: 'ru' },
      });
      expect(res.statusCode, res.body).toBe(400);
      const items = res.json().error_message as {
        code: string;
        params: { field: string };
        error_message: string;
      }[];
      expect(items).toContainEqual(
        expect.objectContaining({ code, params: expect.objectContaining({ field }) }),
      );
      return items;
    };
    const w = await bad(
      (s) => (s.format.width_mm = 296),
      'body.settings.format.width_mm',
      'print.sheet_width',
    );
    expect(w[0]!.error_message).toContain('297');
    await bad((s) => (s.format.height_mm = 209.9), 'body.settings.format.height_mm', 'print.sheet_height');
    await bad((s) => (s.format.margins_mm.left = -1), 'body.settings.format.margins_mm.left', 'invalid');
    await bad(
      (s) => (s.header.default.left = '{nope}'),
      'body.settings.header.default.left',
      'print.unknown_value',
    );
  });

  it('keeps sheet formats per user with unique names', async () => {
    const format = {
      name: 'Plotter',
      width_mm: 900,
      height_mm: 600,
      margins_mm: { top: 5, right: 5, bottom: 5, left: 5 },
    };
    const made = await call(app, api.print.createPreset, { ...auth, body: format });
    expect(made.statusCode, made.body).toBe(201);
    for (const name of ['plotter', 'A3']) {
      const dup = await call(app, api.print.createPreset, { ...auth, body: { ...format, name } });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().error_message[0]).toMatchObject({
        code: 'print.format_name_taken',
        params: { field: 'body.name' },
        error_message: 'A format with this name already exists',
      });
    }
    const low = await call(app, api.print.createPreset, {
      ...auth,
      body: { ...format, name: 'Low', height_mm: 200 },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().error_message[0].params.field).toBe('body.height_mm');
    const listed = await call(app, api.print.presets, auth);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json() as {
      items: { id: string; name: string }[];
      builtin: unknown[];
    };
    expect(list.items.map((p) => p.name)).toEqual(['Plotter']);
    expect(list.builtin.length).toBeGreaterThan(3);
    const del = await call(app, api.print.removePreset, { ...auth, params: { id: list.items[0]!.id } });
    expect(del.statusCode).toBe(200);
    expect(
      (await call(app, api.print.removePreset, { ...auth, params: { id: list.items[0]!.id } })).statusCode,
    ).toBe(404);
  });

  it('saves print settings per version and user, defaults until then', async () => {
    const first = (await call(app, api.print.settings, { ...auth, params: { id: version } })).json();
    expect(first.saved).toBe(false);
    const settings = { ...defaultSettings(), legend: false, columns: ['name' as const, 'finish' as const] };
    // A page filter sent along is the print's, not kept with the settings.
    const filter = JSON.stringify({ field: 'name', op: 'like', value: 'x' });
    const saved = await call(app, api.print.createSettings, {
      ...auth,
      body: { version_id: version, settings: { ...settings, filter } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const back = (await call(app, api.print.settings, { ...auth, params: { id: version } })).json();
    expect(back).toEqual({ version_id: version, settings, saved: true });
  });

  const runReport = async (reportId: string) => {
    const res = await call(app, api.reports.runOnVersion, {
      ...auth,
      params: { id: version, report_id: reportId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fetchFile(res.json() as StoredFile)) as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  };

  it('lists the built-in reports and runs them on the version', async () => {
    const list = (await call(app, api.reports.list, auth)).json() as { items: Report[] };
    expect(list.items.map((r) => r.builtin)).toEqual([
      'summary',
      'look_ahead_2w',
      'look_ahead_4w',
      'critical',
      'delayed',
      'quality',
      'resources',
    ]);
    const summary = await runReport(list.items[0]!.id);
    expect(String(summary.getCell('A1').value)).toBe(
      'Schedule summary: Construction schedule — ' + tree.versions.find((v) => v.id === version)!.label,
    );
    const figures = new Map<string, unknown>();
    summary.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(typeof figures.get('Activities'), JSON.stringify([...figures].slice(0, 20))).toBe('number');
    expect(figures.get('Activities')).toBeGreaterThan(10);
    expect(figures.get('Data date')).toBeInstanceOf(Date);
    // The critical table has exactly count_critical rows, each marked critical by the engine.
    const critical = await runReport(list.items[3]!.id);
    let header = 0;
    critical.eachRow((row, r) => {
      if (row.getCell(1).value === 'Code') header = r;
    });
    const title = String(critical.getCell(`A${header - 1}`).value);
    const n = Number(/\((\d+)\)/.exec(title)![1]);
    expect(n).toBeGreaterThan(0);
    expect(critical.getCell(`A${header + n}`).value).toBeTruthy();
    expect(critical.getCell(`A${header + n + 1}`).value ?? null).toBeNull();
    expect(critical.getCell(`C${header + 1}`).value).toBeInstanceOf(Date);
    // Quality: the relation counts are the version's relations; the open-ends table has as many
    // rows as its count, each with no predecessor or no successor.
    const quality = await runReport(list.items[5]!.id);
    const q = new Map<string, unknown>();
    let qHeader = 0;
    quality.eachRow((row, r) => {
      q.set(String(row.getCell(1).value), row.getCell(2).value);
      if (row.getCell(1).value === 'Code') qHeader = r;
    });
    const rel = await h.database.db
      .selectFrom('wbs_relations')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.count<string>('lag').filterWhere('lag', '<', 0).as('leads'),
        eb.fn.count<string>('lag').filterWhere('type', '!=', 'fs').as('non_fs'),
      ])
      .where('space_id', '=', auth.space)
      .where('version_id', '=', version)
      .executeTakeFirstOrThrow();
    expect(q.get('Relations')).toBe(Number(rel.n));
    expect(q.get('Relations with a lead')).toBe(Number(rel.leads));
    expect(q.get('Relations other than finish-to-start')).toBe(Number(rel.non_fs));
    const open = q.get('Without a predecessor or a successor') as number;
    expect(open).toBeGreaterThan(0);
    expect(quality.getCell(`A${qHeader + open}`).value).toBeTruthy();
    expect(quality.getCell(`A${qHeader + open + 1}`).value ?? null).toBeNull();
    for (let r = qHeader + 1; r <= qHeader + open; r++)
      expect(Math.min(Number(quality.getCell(`C${r}`).value), Number(quality.getCell(`D${r}`).value))).toBe(
        0,
      );
  });

  const template = async (cells: string[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('T');
    for (const r of cells) ws.addRow(r);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  };

  it('uploads a template, checks its placeholders, renames, attaches, runs and deletes it', async () => {
    const notXlsx = await upload(app, auth, '/reports/add', { name: 'a.xlsx', data: 'hello' });
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().error_message[0]).toMatchObject({
      code: 'report.not_xlsx',
      params: { field: 'body.file' },
    });
    const unknown = await upload(
      app,
      auth,
      '/reports/add',
      {
        name: 'u.xlsx',
        data: await template([['{{schedule}}', '{{budget}}']]),
      },
      {},
      'ru',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_message[0]).toMatchObject({
      code: 'report.unknown_placeholder',
      params: { field: 'body.file', placeholder: '{{budget}}', cell: 'B1' },
    });
    expect(unknown.json().error_message[0].error_message).toContain('Неизвестная подстановка');

    const added = await upload(app, auth, '/reports/add?name=Weekly', {
      name: 'weekly.xlsx',
      data: await template([
        ['Schedule', '{{schedule}}'],
        ['Milestones', '{{count_milestones}}'],
        ['{{rows.milestones}}{{row.code}}', '{{row.name}}', '{{row.finish}}'],
        ['End of report'],
      ]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const report = added.json() as Report;
    expect(report).toMatchObject({ name: 'Weekly', builtin: null, eps_ids: [] });

    const renamed = await call(app, api.reports.rename, {
      ...auth,
      params: { id: report.id },
      body: { name: 'Monday' },
    });
    expect(renamed.json().name).toBe('Monday');
    const project = tree.nodes.find((n) => n.kind === 'project')!.id;
    const attached = await call(app, api.reports.attach, {
      ...auth,
      params: { id: report.id, eps_id: project },
    });
    expect(attached.json().eps_ids).toEqual([project]);
    const byEps = (await call(app, api.reports.byEps, { ...auth, params: { id: project } })).json() as {
      items: Report[];
    };
    expect(byEps.items.map((r) => r.id)).toEqual([report.id]);

    const ws = await runReport(report.id);
    expect(ws.getCell('B1').value).toBe('Construction schedule');
    const milestones = Number(ws.getCell('B2').value);
    expect(milestones).toBeGreaterThan(0);
    for (let i = 0; i < milestones; i++) expect(ws.getCell(`C${3 + i}`).value).toBeInstanceOf(Date);
    expect(ws.getCell(`A${3 + milestones}`).value).toBe('End of report');

    const detached = await call(app, api.reports.detach, {
      ...auth,
      params: { id: report.id, eps_id: project },
    });
    expect(detached.json().eps_ids).toEqual([]);
    expect((await call(app, api.reports.remove, { ...auth, params: { id: report.id } })).statusCode).toBe(
      200,
    );
    const builtin = ((await call(app, api.reports.list, auth)).json() as { items: Report[] }).items[0]!;
    const refused = await call(app, api.reports.remove, { ...auth, params: { id: builtin.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_message[0].code).toBe('report.builtin');
  });
});
