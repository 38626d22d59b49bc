// A dashboard's print on the demo: a paged vector PDF made by the print job, as many pages as
// the count call answers, each exactly the format's sheet; the chart titles and the Cyrillic
// header are in the PDF's text (read by tests/support/pdf-reader, not pdfkit); the charts are
// paths, no image in the file; the preview is the same drawing; a preset's charts; 400s naming
// the field in en and ru.
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, UserSpace } from '../../src/api';
import type { DashboardPrintBody, DashboardPrintCount } from '../../src/api/print';
import type { Job } from '../../src/api/transfer';
import { PT_PER_MM } from '../../src/domain/print/layout';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { readPdf } from '../support/pdf-reader';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { settledJob } from './support/jobs';

/** The content streams of a PDF, inflated (pdfkit compresses them). */
function streams(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  const out: string[] = [];
  const re = /\/Length (\d+)[^]*?>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const raw = pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]));
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
  }
  return out;
}

describe("a dashboard's print", () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let tree: EpsTree;
  let schedule: string;

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    await seedIfEmpty(h.database.db);
    const login = await call(app, api.auth.login, { body: { login: DEMO_LOGIN, password: DEMO_PASSWORD } });
    const token = login.json().token as string;
    const [space] = (await call(app, api.users.spaces, { token })).json() as UserSpace[];
    auth = { token, space: space!.id };
    tree = (await call(app, api.eps.tree, { token, params: { space_id: space!.id } })).json() as EpsTree;
    schedule = tree.versions.find((v) => v.kind === 'version')!.schedule_id;
  }, 180_000);
  afterAll(() => h.close());

  const count = async (body: DashboardPrintBody, lang = 'en') => {
    const res = await call(app, api.print.dashboardCount, { ...auth, body, headers: { language: lang } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardPrintCount;
  };

  const printPdf = async (body: DashboardPrintBody, lang = 'en') => {
    const res = await call(app, api.print.dashboardPrint, { ...auth, body, headers: { language: lang } });
    expect(res.statusCode, res.body).toBe(201);
    const job = await settledJob(app, auth, res.json() as Job);
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    expect(job.type).toBe('print_version');
    expect(job.progress).toBe(100);
    const file = await call(app, api.transfer.storageDownload, { ...auth, params: { id: job.file_id! } });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };

  it('prints the schedule dashboard on A4 as count says: sheet size, titles, Cyrillic header, vectors', async () => {
    const header = {
      size: 10,
      first: null,
      default: { left: 'Панель графика: {schedule}', center: '', right: 'Стр. {page} из {pages}' },
      last: null,
    };
    const body: DashboardPrintBody = { scope: 'schedule', id: schedule, format: 'A4', header };
    const n = await count(body);
    expect(n.charts).toEqual([
      'tiles',
      'money_curve',
      'money_histogram',
      'labour_curve',
      'volume',
      'executors',
    ]);
    expect(n.columns).toBe(2);
    expect(n.pages).toBeGreaterThan(1);
    const raw = await printPdf(body);
    const pdf = readPdf(raw);
    expect(pdf.pages.length).toBe(n.pages);
    const a4 = [0, 0, 297 * PT_PER_MM, 210 * PT_PER_MM];
    for (const p of pdf.pages) p.mediaBox.forEach((v, i) => expect(v).toBeCloseTo(a4[i]!, 3));
    const text = pdf.pages.map((p) => p.text).join('\n');
    for (const title of ['Money: S-curve', 'Money per period', 'Labour: S-curve', 'Volume per period'])
      expect(text).toContain(title);
    const name = tree.nodes.find((x) => x.id === schedule)!.name;
    expect(pdf.pages[0]!.text).toContain(`Панель графика: ${name}`);
    expect(pdf.pages.at(-1)!.text).toContain(`Стр. ${n.pages} из ${n.pages}`);
    // Vectors: no image anywhere in the file; the pages draw lines and rectangles.
    expect(raw.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const content = streams(raw).join('\n');
    expect(content).toMatch(/[\d.]+ [\d.]+ l\b/);
    expect(content).toMatch(/[\d.]+ [\d.]+ [\d.]+ [\d.]+ re\b/);
  });

  it('prints in Russian on A3 with the default titles; the preview is the same page', async () => {
    const body: DashboardPrintBody = { scope: 'schedule', id: schedule, format: 'a3' };
    const n = await count(body, 'ru');
    expect(n.columns).toBe(3);
    const pdf = readPdf(await printPdf(body, 'ru'));
    expect(pdf.pages.length).toBe(n.pages);
    const a3 = [0, 0, 420 * PT_PER_MM, 297 * PT_PER_MM];
    for (const p of pdf.pages) p.mediaBox.forEach((v, i) => expect(v).toBeCloseTo(a3[i]!, 3));
    expect(pdf.pages[0]!.text).toContain('Деньги: S-кривая');
    expect(pdf.pages[0]!.text).toContain('Панель:');
    expect(pdf.pages[0]!.text).toContain(`Стр. 1 из ${n.pages}`);
    const preview = await call(app, api.print.dashboardPreview, {
      ...auth,
      body: { ...body, page: 0 },
      headers: { language: 'ru' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['x-print-pages']).toBe(String(n.pages));
    expect(preview.body).toContain('<svg');
    expect(preview.body).toContain('Деньги: S-кривая');
    expect(preview.body).not.toContain('<image');
  });

  it("prints the node's active preset, or the preset asked for", async () => {
    const created = await call(app, api.analyticsSettings.presetCreate, {
      ...auth,
      body: {
        eps_id: schedule,
        name: 'Labour only',
        config: {
          scope: 'schedule',
          unit: 'month',
          charts: ['labour_histogram'],
          series: ['plan'],
          cumulative: false,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const preset = created.json() as { id: string; active: boolean };
    if (!preset.active)
      await call(app, api.analyticsSettings.presetActive, { ...auth, params: { id: preset.id } });
    const n = await count({ scope: 'schedule', id: schedule, format: 'A4' });
    expect(n).toMatchObject({ charts: ['labour_histogram'], pages: 1 });
    expect(await count({ scope: 'schedule', id: schedule, format: 'A4', preset_id: preset.id })).toEqual(n);
    const pdf = readPdf(await printPdf({ scope: 'schedule', id: schedule, format: 'A4' }));
    expect(pdf.pages.length).toBe(1);
    expect(pdf.pages[0]!.text).toContain('Labour per period');
    expect(pdf.pages[0]!.text).not.toContain('Money: S-curve');
    await call(app, api.analyticsSettings.presetDelete, { ...auth, params: { id: preset.id } });
  });

  it('prints the space and a project dashboard with their breakdowns', async () => {
    const space = await count({ scope: 'space', id: auth.space, format: 'A4' });
    expect(space.charts).toContain('children');
    const project = tree.nodes.find((x) => x.kind === 'project')!;
    const p = await count({ scope: 'project', id: project.id, format: 'A4' });
    expect(p.charts).toContain('children_schedules');
    const version = tree.versions.find((v) => v.kind === 'version')!;
    const v = await count({ scope: 'version', id: version.id, format: 'A4' });
    expect(v.charts).toContain('executors');
  });

  it('answers 400 naming the field, in en and ru', async () => {
    const bad = async (body: unknown, field: string) => {
      for (const lang of ['en', 'ru']) {
        const res = await call(app, api.print.dashboardCount, {
          ...auth,
          body: body as DashboardPrintBody,
          headers: { language: lang },
        });
        expect(res.statusCode, res.body).toBe(400);
        const items = res.json().error_message as { params: { field: string }; error_message: string }[];
        const item = items.find((i) => i.params.field === field);
        expect(item, res.body).toBeTruthy();
        if (lang === 'ru') expect(item!.error_message).toMatch(/[а-яё]/i);
        else expect(item!.error_message).not.toMatch(/[а-яё]/i);
      }
    };
    await bad({ scope: 'galaxy', id: schedule, format: 'A4' }, 'body.scope');
    await bad({ scope: 'schedule', id: schedule, format: 'Napkin' }, 'body.format');
    await bad(
      { scope: 'schedule', id: schedule, format: 'A4', preset_id: '00000000-0000-4000-8000-000000000009' },
      'body.preset_id',
    );
    await bad({ scope: 'space', id: schedule, format: 'A4' }, 'body.id');
    await bad(
      {
        scope: 'schedule',
        id: schedule,
        format: 'A4',
        header: { size: 10, first: null, default: { left: '{nope}', center: '', right: '' }, last: null },
      },
      'body.header.default.left',
    );
    // A node of another kind is not found, as the analytics calls answer.
    const project = tree.nodes.find((x) => x.kind === 'project')!;
    const res = await call(app, api.print.dashboardCount, {
      ...auth,
      body: { scope: 'schedule', id: project.id, format: 'A4' },
    });
    expect(res.statusCode).toBe(404);
  });
});
