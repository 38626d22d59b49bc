// A grouped print's header rows carry the sums of the number attributes and of the calculated
// attributes whose formula gives numbers, as the screen's group headers do; text formulas stay
// empty. Calculated columns print the values the formula computes (not a stored value), written
// as the grid writes numbers, and the print's filter reads them too.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { AttributeWithRoles } from '../../src/api';
import { toMinutes } from '../../src/domain/calendar/time';
import { defaultSettings } from '../../src/domain/print/settings';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { printSource } from '../../src/server/print/source';
import type { Tree } from './support/fixtures';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const D0 = toMinutes(2026, 1, 5);
const DAY = 24 * 60;

describe('print: group headers sum number attributes and number formulas', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let ownerId: string;
  let tree: Tree;
  const attr: Record<string, AttributeWithRoles> = {};

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'sums');
    const space = await makeSpace(app, u.token);
    owner = { token: u.token, space };
    ownerId = u.user.id;
    tree = await makeTree(app, u.token, space);
    const make = async (name: string, type: 'number' | 'text' | 'formula', formula: string | null = null) => {
      const res = await call(app, api.attributes.create, {
        ...owner,
        body: { name, type, scope: 'space', node_id: null, formula },
      });
      expect(res.statusCode, res.body).toBe(201);
      attr[name] = res.json() as AttributeWithRoles;
    };
    await make('Qty', 'number');
    await make('Zone', 'text');
    await make('Twice', 'formula', 'Qty * 2');
    await make('Tag', 'formula', 'UPPER(Zone)');
    await make('Ratio', 'formula', 'Qty / (Qty - 5)');
    // Zone A: 10 and 5 (Ratio 2 and #DIV/0!); zone B: 1234.5 and a row without Qty.
    const rows: [string, number | null][] = [
      ['a', 10],
      ['a', 5],
      ['b', 1234.5],
      ['b', null],
    ];
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      rows.forEach(([zone, qty], i) => {
        const id = randomUUID();
        const row = newRow(id, 'task', null, `a${i}`, { name: `Task ${i + 1}`, code: `T${i + 1}` });
        row.attributes = { [attr.Zone!.key]: zone, ...(qty === null ? {} : { [attr.Qty!.key]: qty }) };
        d.rows.set(id, row);
      });
    });
    const res = await sendChange(app, owner, tree.version, 0, created);
    expect(res.statusCode, res.body).toBe(200);
    await h.database.db
      .updateTable('wbs_items')
      .set({ es: D0, ef: D0 + 3 * DAY })
      .where('space_id', '=', space)
      .where('version_id', '=', tree.version)
      .execute();
    const key = (n: string) => `attr:${attr[n]!.key}`;
    const saved = await call(app, api.wbsBatch.saveLayout, {
      ...owner,
      params: { id: tree.version },
      body: {
        columns: ['code', 'name', 'Qty', 'Twice', 'Tag', 'Ratio'].map((id) => ({
          id: id === 'code' || id === 'name' ? id : key(id),
          width: 100,
          visible: true,
        })),
        frozen: 0,
        sort: [{ column: 'code', dir: 'asc' }],
        group_by: key('Zone'),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);
  afterAll(() => h.close());

  const cellsOf = (rows: { group?: string; code: string; cells: Record<string, string> }[], n: string) =>
    rows.map((r) => r.cells[`attr:${attr[n]!.key}`] ?? '');

  it('sums Qty and Twice per header, a division error adding nothing; Tag stays empty', async () => {
    const src = await printSource(h.database.db, owner.space, tree.version, ownerId, {
      ...defaultSettings(),
      use_layout: true,
    });
    const rows = src.data.rows;
    expect(rows.map((r) => r.group?.split(' · ')[0] ?? r.code)).toEqual([
      'Zone: a',
      'T1',
      'T2',
      'Zone: b',
      'T3',
      'T4',
    ]);
    expect(cellsOf(rows, 'Qty')).toEqual(['15', '10', '5', '1,234.5', '1,234.5', '']);
    // A blank Qty reads as 0 in arithmetic, as in the grid's worker.
    expect(cellsOf(rows, 'Twice')).toEqual(['30', '20', '10', '2,469', '2,469', '0']);
    expect(cellsOf(rows, 'Tag')).toEqual(['', 'A', 'A', '', 'B', 'B']);
    // 10 / 5 = 2; 5 / 0 is an error; 1234.5 / 1229.5; a blank Qty reads as 0: 0 / -5 = -0.
    expect(cellsOf(rows, 'Ratio')[0]).toBe('2');
    expect(cellsOf(rows, 'Ratio')[2]).toBe('#DIV/0!');
    expect(cellsOf(rows, 'Ratio')[3]).toBe(cellsOf(rows, 'Ratio')[4]);
    // Columns titled by the attributes' names, not their keys.
    expect(src.data.attributeLabels[attr.Twice!.key]).toBe('Twice');
  });

  it('writes the sums in Russian number marks, and the PDF preview shows them', async () => {
    const settings = { ...defaultSettings(), use_layout: true };
    const src = await printSource(h.database.db, owner.space, tree.version, ownerId, settings, 'ru');
    expect(cellsOf(src.data.rows, 'Twice')[3]).toBe('2\u00a0469');
    const preview = await call(app, api.print.preview, {
      ...owner,
      params: { id: tree.version },
      body: { settings },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const svg = preview.rawPayload.toString('utf8');
    expect(svg).toContain('>30<');
    expect(svg).toContain('>2,469<');
  });

  it('filters on a calculated column by its computed values', async () => {
    const settings = {
      ...defaultSettings(),
      use_layout: true,
      filter: JSON.stringify({ field: `attr:${attr.Twice!.key}`, op: 'gt', value: 25 }),
    };
    const src = await printSource(h.database.db, owner.space, tree.version, ownerId, settings);
    expect(src.data.rows.map((r) => r.group?.split(' · ')[0] ?? r.code)).toEqual(['Zone: b', 'T3']);
    expect(cellsOf(src.data.rows, 'Twice')).toEqual(['2,469', '2,469']);
  });
});
