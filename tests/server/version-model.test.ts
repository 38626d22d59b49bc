// The server reads a stored version as the engine's model the way the workbench does
// (toScheduleModel): a row created in the product stores no code (''), so its activity code is the
// outline number, as the browser shows it; an imported code is kept. Exports write these codes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchedule } from '../../src/domain/io/read-schedule';
import { writeXer } from '../../src/domain/io/xer/write';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { loadVersionModel } from '../../src/server/import/to-model';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import { startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('a stored version as the engine model', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let version: string;
  const ids = { s: randomUUID(), a: randomUUID(), b: randomUUID(), c: randomUUID() };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'model');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    version = (await makeTree(app, u.token, space)).version;
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const created = change(empty, (d) => {
      d.rows.set(ids.s, newRow(ids.s, 'sum', null, 'a0', { name: 'Stage' }));
      d.rows.set(ids.a, newRow(ids.a, 'task', ids.s, 'a0', { name: 'A' }));
      d.rows.set(ids.b, newRow(ids.b, 'task', ids.s, 'a1', { name: 'B', code: 'IMP-7' }));
      d.rows.set(ids.c, newRow(ids.c, 'task', null, 'a1', { name: 'C' }));
    });
    const res = await sendChange(app, as, version, 0, created, 'cmd.create');
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => h.close());

  const expected = [
    ['Stage', '1'],
    ['A', '1.1'],
    ['B', 'IMP-7'],
    ['C', '2'],
  ];

  it('codes rows without an imported code by their outline number, and keeps an imported one', async () => {
    const { model } = await loadVersionModel(h.database.db, as.space, version);
    expect(model.activities.map((a) => [a.name, a.code])).toEqual(expected);
  });

  it('writes those codes to an export (XER task_code)', async () => {
    const { model } = await loadVersionModel(h.database.db, as.space, version);
    const back = readSchedule(writeXer(model), 'version.xer');
    const tasks = back.activities.filter((a) => a.nodeType !== 'sum' && a.kind !== 'wbs_summary');
    expect(tasks.map((a) => [a.name, a.code])).toEqual(expected.slice(1));
  });
});
