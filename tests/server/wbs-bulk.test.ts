// The WBS's set-based writes (issue 29): rows travel as one array-literal parameter per column,
// expanded by unnest (src/server/db/bulk.ts), on PGlite and PostgreSQL. The statement itself keeps
// every value (empty, NULL, quotes, backslashes, commas, braces, "NULL", unicode, very long texts,
// JSON, numbers, booleans; 10,000 rows); a paste-sized batch through the route stores such texts
// as sent and undo brings the rows back; a batch refused by the database leaves nothing stored;
// an import writes such texts as they were in the file.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { VersionContent } from '../../src/api';
import { serializeEntry } from '../../src/domain/history';
import { writeSchedule } from '../../src/domain/io/write-schedule';
import type { ScheduleModel } from '../../src/domain/schedule';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { unnestRows } from '../../src/server/db/bulk';
import type { BulkColumn } from '../../src/server/db/bulk';
import { generateNetwork } from '../fixtures/network-generator';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';

const TRICKY = [
  '',
  'NULL',
  'null',
  'a,"b"',
  '{c}',
  '{"x":1}',
  'back\\slash',
  '\\"',
  '"',
  '\\',
  ' spaced ',
  'tab\there',
  'line\nbreak',
  "it's",
  'Бетон B25 — «кладка»',
  '日本語 🚧',
  'x'.repeat(1000),
];

describe('wbs bulk writes', () => {
  let h: Harness;
  let as: { token: string; space: string };
  let tree: Awaited<ReturnType<typeof makeTree>>;

  beforeAll(async () => {
    h = await startHarness();
    const u = await signUp(h.app, 'bulk');
    const space = await makeSpace(h.app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(h.app, u.token, space);
  }, 240_000);
  afterAll(() => h?.close());

  const COLS: BulkColumn[] = [
    ['id', 'uuid'],
    ['name', 'text'],
    ['n', 'integer'],
    ['x', 'double precision'],
    ['p', 'real'],
    ['b', 'boolean'],
    ['j', 'jsonb'],
  ];
  const select = async (rows: Record<string, unknown>[]) =>
    (
      await sql<Record<string, unknown>>`SELECT r.id, r.name, r.n, r.x, r.p, r.b, r.j
        FROM ${unnestRows(COLS, rows)}`.execute(h.database.db)
    ).rows;

  it('unnest of no rows is an empty set', async () => {
    expect(await select([])).toEqual([]);
  });

  it('keeps every text, NULL, number, boolean and JSON value', async () => {
    const long = 'ю'.repeat(200_000);
    const rows = [...TRICKY, long].map((name, i) => ({
      id: randomUUID(),
      name,
      n: i % 2 ? -i : null,
      x: i === 0 ? 0.1 + 0.2 : i === 1 ? Number.NaN : i * 1e10,
      p: i / 4,
      b: i % 3 === 0 ? null : i % 3 === 1,
      j: i % 2 ? { name, list: [name, null, 1.5], nested: { '"k"': name } } : null,
    }));
    // A row lacking keys is all NULLs there.
    rows.push({ id: randomUUID() } as (typeof rows)[number]);
    const back = await select(rows);
    expect(back).toHaveLength(rows.length);
    back.forEach((r, i) => {
      const s = rows[i]!;
      expect(r.id).toBe(s.id);
      expect(r.name).toBe(s.name ?? null);
      expect(r.n).toBe(s.n ?? null);
      expect(r.x === null ? null : Number(r.x)).toBe(Number.isNaN(s.x) || s.x === undefined ? null : s.x);
      expect(r.p === null ? null : Number(r.p)).toBe(s.p ?? null);
      expect(r.b).toBe(s.b ?? null);
      expect(r.j).toEqual(s.j ?? null);
    });
  });

  it('carries 10,000 rows in one statement', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: randomUUID(),
      name: TRICKY[i % TRICKY.length]!,
      n: i,
      x: i / 3,
      p: i % 100,
      b: i % 2 === 0,
      j: { i },
    }));
    const back = await select(rows);
    expect(back.map((r) => r.name)).toEqual(rows.map((r) => r.name));
    expect(back.map((r) => r.n)).toEqual(rows.map((r) => r.n));
    expect(back.map((r) => (r.j as { i: number }).i)).toEqual(rows.map((r) => r.j.i));
  });

  it('refuses a column name or type that is not a plain identifier', () => {
    expect(() => unnestRows([['name; DROP TABLE x', 'text']], [])).toThrow();
    expect(() => unnestRows([['name', 'text); DROP TABLE x; --']], [])).toThrow();
  });

  it(
    'stores a paste of 10,000 rows with tricky texts as sent; undo removes them; redo puts them back',
    { timeout: 180_000 },
    async () => {
      const version = tree.version;
      const empty: WbsDoc = { rows: new Map(), relations: new Map() };
      const created = change(empty, (d) => {
        for (let i = 0; i < 10_000; i++) {
          const id = randomUUID();
          const t = TRICKY[i % TRICKY.length]!;
          d.rows.set(
            id,
            newRow(id, 'task', null, `a${String(i).padStart(6, '0')}`, {
              name: t,
              code: i % 5 === 0 ? null : t.slice(0, 200),
              volume: i % 4 === 0 ? null : i / 7,
              attributes: i % 3 === 0 ? {} : { [`k${i % 5}`]: t, n: i },
            }),
          );
        }
      });
      const first = await sendChange(h.app, as, version, 0, created, 'cmd.paste');
      expect(first.statusCode, first.body).toBe(200);
      const stored = (await readVersionDoc(h.app, as, version)).doc;
      expect(stored.rows.size).toBe(10_000);
      for (const [id, r] of created.doc.rows) {
        const s = stored.rows.get(id)!;
        // A code is stored as '' for none, and read back as null.
        expect([s.name, s.code, s.volume, s.attributes]).toEqual([
          r.name,
          r.code || null,
          r.volume,
          r.attributes,
        ]);
      }
      // Every cell of 5,000 rows replaced (the UPDATE path), tricky texts the other way round.
      const edited = change(created.doc, (d) => {
        let i = 0;
        for (const id of [...created.doc.rows.keys()].slice(0, 5_000)) {
          const r = d.rows.get(id)!;
          r.name = `${TRICKY[TRICKY.length - 1 - (i % TRICKY.length)]!.slice(0, 990)} ${i}`;
          r.duration = 480 + (i % 7) * 60;
          r.percentComplete = i % 100;
          r.price = i % 9 === 0 ? null : i * 2.5;
          i++;
        }
      });
      const second = await sendChange(h.app, as, version, 1, edited, 'cmd.paste');
      expect(second.statusCode, second.body).toBe(200);
      const after = (await readVersionDoc(h.app, as, version)).doc;
      for (const [id, r] of edited.doc.rows) {
        const s = after.rows.get(id)!;
        expect([s.name, s.duration, s.percentComplete, s.price]).toEqual([
          r.name,
          r.duration,
          r.percentComplete,
          r.price,
        ]);
      }
      // Undo of the edit, then of the paste; redo of the paste.
      const undo = (revision: number, c: typeof created | typeof edited, origin: 'undo' | 'redo') =>
        call(h.app, api.wbsBatch.batch, {
          ...as,
          params: { id: version },
          body: {
            revision,
            origin,
            entry: serializeEntry({
              kind: 'undo_wbs',
              labelKey: 'cmd.paste',
              patches: origin === 'undo' ? c.inversePatches : c.patches,
              inversePatches: origin === 'undo' ? c.patches : c.inversePatches,
            }),
          },
        });
      expect((await undo(2, edited, 'undo')).statusCode).toBe(200);
      const undone = (await readVersionDoc(h.app, as, version)).doc;
      for (const [id, r] of created.doc.rows) expect(undone.rows.get(id)!.name).toBe(r.name);
      expect((await undo(3, created, 'undo')).statusCode).toBe(200);
      expect((await readVersionDoc(h.app, as, version)).doc.rows.size).toBe(0);
      expect((await undo(4, created, 'redo')).statusCode).toBe(200);
      expect((await readVersionDoc(h.app, as, version)).doc.rows.size).toBe(10_000);
    },
  );

  it('stores nothing of a 10,000-row batch the database refuses', { timeout: 120_000 }, async () => {
    const before = await readVersionDoc(h.app, as, tree.version);
    const revision = before.content.version.revision;
    const c = change(before.doc, (d) => {
      for (let i = 0; i < 10_000; i++) {
        const id = randomUUID();
        // The last row's parent does not exist: a foreign key refuses it at commit.
        d.rows.set(
          id,
          newRow(id, 'task', i === 9_999 ? randomUUID() : null, `z${String(i).padStart(6, '0')}`),
        );
      }
      for (const r of [...before.doc.rows.values()].slice(0, 3)) d.rows.get(r.id)!.name = 'changed';
    });
    const res = await sendChange(h.app, as, tree.version, revision, c, 'cmd.paste');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error_message: [{ code: 'wbs.missing_reference' }] });
    const after = await readVersionDoc(h.app, as, tree.version);
    expect(after.content.version.revision).toBe(revision);
    expect(after.doc.rows.size).toBe(before.doc.rows.size);
    expect([...after.doc.rows.values()].filter((r) => r.name === 'changed')).toHaveLength(0);
  });

  it(
    'imports names, codes and attributes with tricky texts as they are in the file',
    { timeout: 120_000 },
    async () => {
      const base = generateNetwork({ activities: TRICKY.length, seed: 3 });
      const model: ScheduleModel = {
        ...base,
        activities: base.activities.map((a, i) => ({
          ...a,
          name: TRICKY[i]! || 'empty',
          attributes: { Note: TRICKY[i]! },
        })),
        attributeDefs: { Note: 'Note' },
      };
      const res = await upload(h.app, as, `/schedules/${tree.schedule}/versions/upload/synchronous`, {
        name: 'tricky.json',
        data: await writeSchedule(model, 'json'),
      });
      expect(res.statusCode, res.body).toBe(201);
      const content = (
        await call(h.app, api.versions.content, { ...as, params: { id: res.json().id } })
      ).json() as VersionContent;
      const names = new Set(content.items.map((i) => i.name));
      for (const t of TRICKY) expect(names.has(t || 'empty'), t).toBe(true);
      const notes = new Set(content.items.map((i) => (i.attributes as Record<string, unknown>).Note));
      for (const t of TRICKY) expect(notes.has(t), t).toBe(true);
    },
  );
});
