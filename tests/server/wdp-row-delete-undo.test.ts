// Deleting WBS rows that carry day values (issue 18): the key cascades to wdp_days, so the batch
// adds their removal and their return to the logged entry as wdp patches and answers them as its
// cascade; the client's undo (its inverse plus the cascade's) and the log's entry after a reload
// both bring them back, even on days before the editing period, and redo removes them again.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Patch } from 'immer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { WdpGantt } from '../../src/api/wdp';
import { deserializeEntry, serializeEntry } from '../../src/domain/history';
import type { HistoryEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { today } from '../../src/server/services/wdp-periods';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

interface BatchAnswer {
  revision: number;
  cascade?: { patches: Patch[]; inversePatches: Patch[] };
}

describe('deleting rows with day values, then undo and redo', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let doc: WbsDoc;
  let revision = 0;
  const phase = randomUUID();
  const walls = randomUUID();
  const roof = randomUUID();
  // An approved old day (before the editing period set below) and an open recent one.
  const old = today() - 10;
  const recent = today() - 1;
  const wallDays = [
    { item_id: walls, day: old, plan: 3, fact: 2, approved_plan: 3, status: 'approved' },
    { item_id: walls, day: recent, plan: 4, fact: null, approved_plan: null, status: 'open' },
  ];
  const roofDay = { item_id: roof, day: recent, plan: 1, fact: null, approved_plan: null, status: 'open' };

  const daysOf = async (id: string) => {
    const res = await call(app, api.wdp.gantt, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as WdpGantt).days
      .filter((d) => d.item_id === id)
      .map(({ item_id, day, plan, fact, approved_plan, status }) => ({
        item_id,
        day,
        plan,
        fact,
        approved_plan,
        status,
      }))
      .sort((a, b) => a.day - b.day);
  };

  const send = async (origin: 'do' | 'undo' | 'redo', entry: HistoryEntry): Promise<BatchAnswer> => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: { revision, origin, entry: serializeEntry(entry) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as BatchAnswer;
    revision = out.revision;
    return out;
  };
  const inverse = (e: HistoryEntry): HistoryEntry => ({
    ...e,
    patches: e.inversePatches,
    inversePatches: e.patches,
  });

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'wdprowdel');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const made = change({ rows: new Map(), relations: new Map() } as WbsDoc, (d) => {
      d.rows.set(phase, newRow(phase, 'sum', null, 'a0', { name: 'Shell' }));
      d.rows.set(walls, newRow(walls, 'work', phase, 'a0', { name: 'Walls', volume: 7, duration: 2400 }));
      d.rows.set(roof, newRow(roof, 'work', null, 'a1', { name: 'Roof', volume: 1, duration: 2400 }));
    });
    doc = made.doc;
    const res = await sendChange(app, as, tree.version, 0, made, 'edit');
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    // The days as the matrix sends them: wdp patches in an undo_wdp batch.
    const cells = [...wallDays, roofDay];
    await send('do', {
      kind: 'undo_wdp',
      labelKey: 'wdp.edit',
      patches: cells.map(({ item_id, day, ...value }) => ({ op: 'add', path: ['wdp', item_id, day], value })),
      inversePatches: cells.map(({ item_id, day }) => ({ op: 'remove', path: ['wdp', item_id, day] })),
    });
    expect(await daysOf(walls)).toEqual(wallDays);
    // Then both kinds' editing periods close the old day.
    const closed = await call(app, api.space.putSettings, {
      token: u.token,
      params: { space_id: space },
      body: { ip_allow_list: [], plan_edit_days: 3, fact_edit_days: 3 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
  });
  afterAll(() => h.close());

  it('logs the day values with the delete, puts them back on undo and removes them on redo', async () => {
    // The client deletes the phase with its child, as the grid's Delete does.
    const del = change(doc, (d) => {
      d.rows.delete(walls);
      d.rows.delete(phase);
    });
    const client: HistoryEntry = {
      kind: 'undo_wbs',
      labelKey: 'cmd.delete',
      patches: del.patches,
      inversePatches: del.inversePatches,
    };
    const done = await send('do', client);
    expect(await daysOf(walls)).toEqual([]);
    expect(await daysOf(roof)).toEqual([roofDay]);
    expect(done.cascade?.patches.map((p) => [p.op, ...p.path])).toEqual(
      wallDays.map((d) => ['remove', 'wdp', walls, d.day]),
    );
    expect(done.cascade?.inversePatches.map((p) => p.value)).toEqual(
      wallDays.map(({ plan, fact, approved_plan, status }) => ({ plan, fact, approved_plan, status })),
    );

    // The client's step now carries the cascade (sync.ts): its undo brings the days back, the
    // closed one too (it returns as it was, nobody edits it).
    const step: HistoryEntry = {
      ...client,
      patches: [...client.patches, ...done.cascade!.patches],
      inversePatches: [...client.inversePatches, ...done.cascade!.inversePatches],
    };
    const undone = await send('undo', inverse(step));
    expect(undone.cascade).toBeUndefined();
    expect(await daysOf(walls)).toEqual(wallDays);

    // Redo removes them again; the entry carries them already, so nothing is added twice.
    const redone = await send('redo', step);
    expect(redone.cascade).toBeUndefined();
    expect(await daysOf(walls)).toEqual([]);

    // After a reload the history is the log's: the delete's logged entry puts them back too.
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: tree.version },
      query: { limit: '3' },
    });
    expect(log.statusCode, log.body).toBe(200);
    const items = (log.json() as { items: { origin: string; entry: Record<string, unknown> }[] }).items;
    const logged = deserializeEntry(items.find((i) => i.origin === 'do')!.entry);
    expect(logged.patches.filter((p) => p.path[0] === 'wdp')).toHaveLength(2);
    await send('undo', inverse(logged));
    expect(await daysOf(walls)).toEqual(wallDays);
    expect(await daysOf(roof)).toEqual([roofDay]);
  });

  it('still refuses a closed day of a row that stays', async () => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: {
        revision,
        origin: 'do',
        entry: {
          v: 1,
          kind: 'undo_wdp',
          labelKey: 'wdp.edit',
          patches: [{ op: 'remove', path: ['wdp', walls, old] }],
          inversePatches: [
            {
              op: 'add',
              path: ['wdp', walls, old],
              value: { plan: 3, fact: 2, approved_plan: 3, status: 'approved' },
            },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message[0]).toMatchObject({ code: 'wdp.day_closed' });
  });
});
