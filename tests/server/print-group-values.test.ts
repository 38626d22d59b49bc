// The print of a grouped layout reads back its group headers' roll-ups: the demo schedule grouped
// by Location with Code, Name, Volume, Price, Start and Finish; in the PDF each header's Volume
// and Price are the sums of the rows printed under it (their values read from the database, their
// printed cells checked against them) and its Start and Finish the earliest start and latest
// finish those rows print.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { EpsTree, PrintSettings, UserSpace } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { formatNumber } from '../../src/domain/format';
import { defaultSettings } from '../../src/domain/print/settings';
import { DEMO_LOGIN, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/seed';
import { readPdf } from '../support/pdf-reader';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;

describe('print of group headers', () => {
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
    const settings: PrintSettings = { ...defaultSettings(), use_layout: true, fit: { mode: 'pages', pages_wide: 1 } };
    const res = await call(app, api.print.print, { ...auth, params: { id: version }, body: { settings } });
    expect(res.statusCode, res.body).toBe(201);
    let job = res.json() as Job;
    for (let i = 0; i < 300 && job.state !== 'done' && job.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (
        (await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [job.id] } })).json() as Job[]
      )[0]!;
    }
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    const pdf = readPdf(
      (await call(app, api.transfer.storageDownload, { ...auth, params: { id: job.file_id! } })).rawPayload,
    );

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
