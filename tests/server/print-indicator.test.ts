// The print of the schedule page's indicator filter (settings.filter_indicator, issue 24) on the
// demo schedule: the PDF holds the codes of exactly the rows the indicator flags and their
// ancestors, recomputed here from the stored rows (critical), a target version made to finish one
// activity earlier (delayed) and the indicators call (quality checks); with the page's filter too,
// rows pass both; the layout's sort with the print's own columns; start/finish sorted by the early
// dates; 400s naming the field in en and ru; the indicator is never kept with saved settings.
// The layout's volume and price printed, filtered and sorted; and a grouped layout's headers read
// back from the PDF: each header's Volume and Price the sums of the rows printed under it (their
// stored amounts, their printed cells checked against them), its Start and Finish the earliest
// start and latest finish those rows print.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, PrintSettings, UserSpace } from '../../src/api';
import type { Job, StoredFile } from '../../src/api/transfer';
import type { IndicatorsResponse } from '../../src/api/views';
import { formatNumber } from '../../src/domain/format';
import { defaultSettings } from '../../src/domain/print/settings';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { readPdf } from '../support/pdf-reader';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { settledJob } from './support/jobs';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;

interface Item {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  node_type: string;
  critical: boolean | null;
  es: number | null;
  ef: number | null;
}

/** Prints the version with these settings and reads the PDF the job stored. */
async function printVersion(
  app: FastifyInstance,
  auth: { token: string; space: string },
  version: string,
  settings: PrintSettings,
) {
  const res = await call(app, api.print.print, { ...auth, params: { id: version }, body: { settings } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await settledJob(app, auth, res.json() as Job);
  expect(job.state, JSON.stringify(job.errors)).toBe('done');
  const file: Pick<StoredFile, 'id'> = { id: job.file_id! };
  const dl = await call(app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
  return readPdf(dl.rawPayload);
}

describe('print with the schedule page indicator filter', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let version: string;
  let target: string;
  let items: Item[];

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
    target = tree.versions.find((v) => v.kind === 'target')!.id;
    items = (await h.database.db
      .selectFrom('wbs_items')
      .select(['id', 'parent_id', 'code', 'name', 'node_type', 'critical', 'es', 'ef'])
      .where('version_id', '=', version)
      .execute()) as Item[];
  }, 180_000);
  afterAll(() => h.close());

  /** The ids and their ancestors. */
  const withAncestors = (ids: Iterable<string>) => {
    const parent = new Map(items.map((i) => [i.id, i.parent_id]));
    const out = new Set<string>();
    for (const id of ids) for (let at: string | null = id; at; at = parent.get(at) ?? null) out.add(at);
    return out;
  };

  const count = async (settings: PrintSettings, lang = 'en') =>
    call(app, api.print.count, {
      ...auth,
      params: { id: version },
      body: { settings },
      headers: { 'accept-language': lang },
    });

  const printPdf = (settings: PrintSettings) => printVersion(app, auth, version, settings);

  /** The codes of the version's rows the PDF prints (each code cell is one text line). */
  const printedCodes = async (settings: PrintSettings) => {
    const lines = new Set(
      (await printPdf(settings)).pages.flatMap((p) => p.text.split('\n').map((l) => l.trim())),
    );
    return new Set(items.filter((i) => i.code && lines.has(i.code)).map((i) => i.code));
  };
  const codesOf = (ids: Iterable<string>) =>
    new Set([...ids].map((id) => items.find((i) => i.id === id)!.code));

  const settings = (patch: Partial<PrintSettings>): PrintSettings => ({
    ...defaultSettings(),
    fit: { mode: 'pages', pages_wide: 1 },
    ...patch,
  });

  it('prints only the critical activities and their summaries', async () => {
    const critical = items.filter((i) => i.node_type !== 'sum' && i.critical === true).map((i) => i.id);
    expect(critical.length).toBeGreaterThan(0);
    expect(critical.length).toBeLessThan(items.filter((i) => i.node_type !== 'sum').length);
    const shown = withAncestors(critical);
    const s = settings({ filter_indicator: 'critical' });
    const n = await count(s);
    expect(n.statusCode, n.body).toBe(200);
    expect((n.json() as { rows: number }).rows).toBe(shown.size);
    expect(await printedCodes(s)).toEqual(codesOf(shown));
  });

  it('prints the delayed rows against the page target, nothing delayed without one', async () => {
    const leaf = items.find((i) => i.node_type === 'task' && i.ef !== null && i.code)!;
    // The target finishes that activity five days earlier than the version does.
    await h.database.db
      .updateTable('wbs_items')
      .set({ ef: leaf.ef! - 5 * 1440, actual_finish: null })
      .where('version_id', '=', target)
      .where('code', '=', leaf.code)
      .execute();
    const s = settings({ filter_indicator: 'delayed', filter_target: target });
    expect(await printedCodes(s)).toEqual(codesOf(withAncestors([leaf.id])));
    const none = await count(settings({ filter_indicator: 'delayed' }));
    expect((none.json() as { rows: number }).rows).toBe(0);
  });

  it("prints a quality check's rows: the indicators call's ids", async () => {
    const res = await call(app, api.views.indicators, { ...auth, params: { id: version } });
    expect(res.statusCode, res.body).toBe(200);
    const all = (res.json() as IndicatorsResponse).indicators;
    for (const key of ['logic', 'high_float'] as const) {
      const ids = all.find((i) => i.key === key)!.ids;
      const n = (await count(settings({ filter_indicator: key }))).json() as { rows: number };
      expect(n.rows, key).toBe(withAncestors(ids).size);
    }
    const logic = all.find((i) => i.key === 'logic')!.ids;
    expect(logic.length).toBeGreaterThan(0);
    expect(await printedCodes(settings({ filter_indicator: 'logic' }))).toEqual(
      codesOf(withAncestors(logic)),
    );
  });

  it("with the page's filter too, a row prints when it passes both", async () => {
    const critical = items.filter((i) => i.node_type !== 'sum' && i.critical === true);
    const word = critical[0]!.name.split(' ')[0]!;
    const both = critical.filter((i) => i.name.toLowerCase().includes(word.toLowerCase())).map((i) => i.id);
    const s = settings({
      filter_indicator: 'critical',
      filter: JSON.stringify({ field: 'name', op: 'like', value: word }),
    });
    const n = (await count(s)).json() as { rows: number };
    expect(n.rows).toBe(withAncestors(both).size);
  });

  it("sorts the print's own columns by the layout, start by the early dates", async () => {
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: { columns: [], frozen: 0, sort: [{ column: 'start', dir: 'desc' }], group_by: 'type' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const s = settings({ layout_sort: true, filter_indicator: 'critical' });
    const lines = (await printPdf(s)).pages.flatMap((p) => p.text.split('\n').map((l) => l.trim()));
    // Grouped by type: headers; the print's own columns (code first) kept.
    expect(lines.some((l) => l.startsWith('Type: '))).toBe(true);
    // The tasks' header as the grid words it (count), its rows rolled up in the printed Start and
    // Finish columns: first early start, last early finish (a finish at midnight ends the day
    // before).
    const critTasks = items.filter((i) => i.node_type === 'task' && i.critical === true);
    const iso = (m: number) => new Date(Date.UTC(2000, 0, 1) + m * 60_000).toISOString().slice(0, 10);
    const lastEf = Math.max(...critTasks.map((i) => i.ef!));
    const first = iso(Math.min(...critTasks.map((i) => i.es!)));
    const last = iso(lastEf % 1440 === 0 ? lastEf - 1 : lastEf);
    const at = lines.indexOf(`Type: Task · ${critTasks.length} activities`);
    expect(at, lines.filter((l) => l.startsWith('Type: ')).join(' | ')).toBeGreaterThanOrEqual(0);
    const after = lines.slice(at + 1, at + 8);
    expect(after, after.join(' | ')).toContain(first);
    expect(after, after.join(' | ')).toContain(last);
    // Within the tasks, codes in descending early start (the workbench's reading of `start`).
    const tasks = items.filter((i) => i.node_type === 'task' && i.critical === true && i.code);
    const order = lines.filter((l) => tasks.some((t) => t.code === l));
    const day = (m: number | null) => (m === null ? '' : new Date(m * 60_000).toISOString().slice(0, 10));
    const starts = order.map((c) => day(tasks.find((t) => t.code === c)!.es));
    expect(starts.length).toBe(tasks.length);
    expect(starts).toEqual([...starts].sort().reverse());
    await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: { columns: [], frozen: 0, sort: [], group_by: null },
    });
  });

  it('refuses an unknown indicator and a target of another schedule by field, in en and ru', async () => {
    const bad = await count({ ...settings({}), filter_indicator: 'nope' as never });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.settings.filter_indicator');
    const other = await h.database.db
      .selectFrom('versions')
      .select('id')
      .where(
        'schedule_id',
        '!=',
        (
          await h.database.db
            .selectFrom('versions')
            .select('schedule_id')
            .where('id', '=', version)
            .executeTakeFirstOrThrow()
        ).schedule_id,
      )
      .executeTakeFirst();
    const wrong = other?.id ?? '00000000-0000-4000-8000-000000000000';
    for (const [lang, text] of [
      ['en', 'The target version is not a version of this schedule'],
      ['ru', 'Целевая версия не принадлежит этому графику'],
    ] as const) {
      const res = await count(settings({ filter_indicator: 'delayed', filter_target: wrong }), lang);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('body.settings.filter_target');
      expect(res.body).toContain(text);
    }
  });

  it('never keeps the indicator with the saved settings', async () => {
    const s = settings({ legend: false });
    const saved = await call(app, api.print.createSettings, {
      ...auth,
      body: { version_id: version, settings: { ...s, filter_indicator: 'critical', filter_target: target } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const back = (await call(app, api.print.settings, { ...auth, params: { id: version } })).json();
    expect(back).toEqual({ version_id: version, settings: s, saved: true });
  });
});

describe('print of volume and price', () => {
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
  }, 180_000);
  afterAll(() => h.close());

  const printPdf = (settings: PrintSettings) => printVersion(app, auth, version, settings);

  it("prints the layout's volume and price columns as the grid shows them, and filters and sorts by them", async () => {
    const rows = await h.database.db
      .selectFrom('wbs_items')
      .select(['id', 'parent_id', 'code', 'volume', 'price', 'node_type'])
      .where('version_id', '=', version)
      .execute();
    const priced = rows.filter((r) => r.node_type !== 'sum' && r.volume !== null && r.volume > 0);
    expect(priced.length).toBeGreaterThan(2);
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: {
        columns: [
          { id: 'code', width: 64, visible: true },
          { id: 'volume', width: 90, visible: true },
          { id: 'price', width: 90, visible: true },
        ],
        frozen: 0,
        sort: [{ column: 'volume', dir: 'desc' }],
        group_by: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings: PrintSettings = {
      ...defaultSettings(),
      use_layout: true,
      filter: JSON.stringify({ field: 'volume', op: 'gt', value: 0 }),
    };
    const pdf = await printPdf(settings);
    const lines = pdf.pages.flatMap((p) => p.text.split('\n').map((l) => l.trim()));
    expect(lines).toContain('Volume');
    expect(lines).toContain('Price');
    // Only rows with a volume print (with their summaries), each sibling group by volume descending.
    const codes = lines.filter((l) => /^A\d{4,}$/.test(l));
    expect(new Set(codes)).toEqual(new Set(priced.map((r) => r.code)));
    const first = priced.find((r) => r.code === codes[0])!;
    const siblings = priced.filter((r) => r.parent_id === first.parent_id).map((r) => r.volume!);
    expect(first.volume).toBe(Math.max(...siblings));
    // The cells as the grid writes numbers: grouped thousands, two decimals.
    const fmt = (v: number) =>
      v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(lines).toContain(fmt(first.volume!));
    if (first.price !== null) expect(lines).toContain(fmt(first.price));
    await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: { columns: [], frozen: 0, sort: [], group_by: null },
    });
  });

  it("prints each header's volume and price sums and its rows' earliest start and latest finish", async () => {
    const attrs = (
      await call(app, api.versionResources.attributes, { ...auth, params: { id: version } })
    ).json() as { items: { key: string; label: string }[] };
    const location = attrs.items.find((a) => a.label === 'Location')!.key;
    const rows = await h.database.db
      .selectFrom('wbs_items')
      .select(['code', 'volume', 'price', 'node_type'])
      .where('version_id', '=', version)
      .execute();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const col = (id: string, width: number) => ({ id, width, visible: true });
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: {
        columns: [
          col('code', 80),
          col('name', 260),
          col('volume', 110),
          col('price', 110),
          col('start', 100),
          col('finish', 100),
        ],
        frozen: 0,
        sort: [],
        group_by: `attr:${location}`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings: PrintSettings = {
      ...defaultSettings(),
      use_layout: true,
      fit: { mode: 'pages', pages_wide: 1 },
    };
    const pdf = await printPdf(settings);

    const fmt = (v: number) => formatNumber(v, { lang: 'en' });
    const isHeader = (l: string) => l.startsWith('Location: ');
    let checked = 0;
    for (const page of pdf.pages) {
      const lines = page.text.split('\n').map((l) => l.trim());
      // A group whose header and every row print on this page: up to the next header on it.
      const heads = lines.flatMap((l, i) => (isHeader(l) ? [i] : []));
      for (let k = 0; k + 1 < heads.length; k++) {
        const block = lines.slice(heads[k]! + 1, heads[k + 1]!);
        // The header's own cells come first, before its first row's code.
        const first = block.findIndex((l) => byCode.has(l));
        expect(first, lines[heads[k]!]).toBeGreaterThan(0);
        const header = block.slice(0, first);
        // Its rows: a code, then its cells (name, volume and price when it has them, start, finish).
        const printed: { code: string; cells: string[] }[] = [];
        for (const l of block.slice(first))
          if (byCode.has(l)) printed.push({ code: l, cells: [] });
          else printed.at(-1)!.cells.push(l);
        const count = Number(/· (\d+) activit/.exec(lines[heads[k]!]!)?.[1]);
        expect(printed, lines[heads[k]!]).toHaveLength(count);
        let volume = 0;
        let price = 0;
        const starts: string[] = [];
        const finishes: string[] = [];
        for (const r of printed) {
          const db = byCode.get(r.code)!;
          expect(db.node_type).not.toBe('sum');
          // The row's printed amounts are its stored ones.
          const amounts = r.cells.filter((c) => NUMBER.test(c));
          const stored = [db.volume, db.price].filter((v): v is number => v !== null).map(fmt);
          expect(amounts, r.code).toEqual(stored);
          volume += db.volume ?? 0;
          price += db.price ?? 0;
          const dates = r.cells.filter((c) => DATE.test(c));
          expect(dates, r.code).toHaveLength(2);
          starts.push(dates[0]!);
          finishes.push(dates[1]!);
        }
        const want = [
          ...(printed.some((r) => byCode.get(r.code)!.volume !== null) ? [fmt(volume)] : []),
          ...(printed.some((r) => byCode.get(r.code)!.price !== null) ? [fmt(price)] : []),
          starts.sort()[0]!,
          finishes.sort().at(-1)!,
        ];
        expect(header, lines[heads[k]!]).toEqual(want);
        checked++;
      }
    }
    // Several groups checked, one of them with volume and price.
    expect(checked).toBeGreaterThanOrEqual(2);
    await call(app, api.wbsBatch.saveLayout, {
      ...auth,
      params: { id: version },
      body: { columns: [], frozen: 0, sort: [], group_by: null },
    });
  });
});
