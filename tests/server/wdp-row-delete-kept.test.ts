// Deleting WBS rows that carry wdp settings (unit, distribution mode and base, daily rate:
// `wdp_rows`) and timesheet lines (`timesheet_days`), issue 18: the keys cascade, so the batch
// adds their removal and their return to the logged entry, taken from the server's tables. Undo
// (the client's step, or the log's entry after a reload) puts them back exactly, redo removes them
// again, the undo log's restore does the same, and values a client sends for them are not used.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Patch } from 'immer';
import { sql } from 'kysely';
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
  action_id: string;
  cascade?: { patches: Patch[]; inversePatches: Patch[] };
}

describe('deleting rows with wdp settings and timesheet lines, then undo and redo', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let doc: WbsDoc;
  let revision = 0;
  let sheet = '';
  const walls = randomUUID();
  const roof = randomUUID();
  const day = today() - 1;
  const wallSettings = { item_id: walls, unit: 'm3', mode: 'end', base: 'by_volume', rate: 2.5 } as const;
  const roofSettings = { item_id: roof, unit: 't', mode: 'start', base: 'by_fact', rate: null } as const;
  const wallLines = [
    { item_id: walls, day, hours: 8, fact: 2 },
    { item_id: walls, day: day + 1, hours: 4, fact: null },
  ];
  const roofLine = { item_id: roof, day, hours: 1, fact: 0.5 };

  const settingsOf = async (id: string) => {
    const res = await call(app, api.wdp.gantt, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as WdpGantt).rows.filter((r) => r.item_id === id);
  };
  const linesOf = async (id: string) => {
    const { rows } = await sql<{ item_id: string; day: number; hours: number | null; fact: number | null }>`
      SELECT item_id, day, hours, fact FROM timesheet_days
      WHERE space_id = ${as.space} AND version_id = ${tree.version} AND item_id = ${id} AND timesheet_id = ${sheet}
      ORDER BY day`.execute(h.database.db);
    return rows;
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
  const kept = (ps: readonly Patch[]) =>
    ps.filter((p) => p.path[0] === 'wdp_row' || p.path[0] === 'timesheet_day');

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'wdpkept');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const made = change({ rows: new Map(), relations: new Map() } as WbsDoc, (d) => {
      d.rows.set(walls, newRow(walls, 'work', null, 'a0', { name: 'Walls', volume: 7, duration: 2400 }));
      d.rows.set(roof, newRow(roof, 'work', null, 'a1', { name: 'Roof', volume: 1, duration: 2400 }));
    });
    doc = made.doc;
    const res = await sendChange(app, as, tree.version, 0, made, 'edit');
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    const saved = await call(app, api.wdp.saveRows, {
      ...as,
      params: { id: tree.version },
      body: { rows: [wallSettings, roofSettings] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A timesheet of the user with lines of both works (written as the approved lines are stored).
    const { rows: users } = await sql<{ id: string }>`SELECT id FROM users WHERE login = ${u.login}`.execute(
      h.database.db,
    );
    const { rows: sheets } = await sql<{ id: string }>`INSERT INTO timesheets
        (space_id, version_id, user_id, first_day, last_day, status)
      VALUES (${space}, ${tree.version}, ${users[0]!.id}, ${day}, ${day + 6}, 'submitted') RETURNING id`.execute(
      h.database.db,
    );
    sheet = sheets[0]!.id;
    for (const l of [...wallLines, roofLine])
      await sql`INSERT INTO timesheet_days (space_id, timesheet_id, version_id, item_id, day, hours, fact)
        VALUES (${space}, ${sheet}, ${tree.version}, ${l.item_id}, ${l.day}, ${l.hours}, ${l.fact})`.execute(
        h.database.db,
      );
    expect(await settingsOf(walls)).toEqual([wallSettings]);
    expect(await linesOf(walls)).toEqual(wallLines);
  });
  afterAll(() => h.close());

  it('logs them with the delete, puts them back on undo (not the client values) and removes them on redo', async () => {
    const del = change(doc, (d) => {
      d.rows.delete(walls);
    });
    const client: HistoryEntry = {
      kind: 'undo_wbs',
      labelKey: 'cmd.delete',
      patches: del.patches,
      inversePatches: del.inversePatches,
    };
    const done = await send('do', client);
    expect(await settingsOf(walls)).toEqual([]);
    expect(await linesOf(walls)).toEqual([]);
    expect(await settingsOf(roof)).toEqual([roofSettings]);
    expect(await linesOf(roof)).toEqual([roofLine]);
    expect(kept(done.cascade!.patches).map((p) => [p.op, ...p.path])).toEqual([
      ['remove', 'wdp_row', walls],
      ...wallLines.map((l) => ['remove', 'timesheet_day', walls, sheet, l.day]),
    ]);
    const { item_id: _, ...wallValue } = wallSettings;
    expect(kept(done.cascade!.inversePatches).map((p) => p.value)).toEqual([
      wallValue,
      ...wallLines.map(({ hours, fact }) => ({ hours, fact })),
    ]);

    // The client's step carries the cascade; its undo, with values a client tampered with, puts
    // back what the server kept.
    const step: HistoryEntry = {
      ...client,
      patches: [...client.patches, ...done.cascade!.patches],
      inversePatches: [...client.inversePatches, ...done.cascade!.inversePatches],
    };
    const forged: HistoryEntry = {
      ...step,
      inversePatches: [
        ...step.inversePatches.map((p) =>
          p.path[0] === 'wdp_row' ? { ...p, value: { ...wallValue, rate: 999 } } : p,
        ),
        { op: 'add', path: ['timesheet_day', roof, sheet, day + 3], value: { hours: 24, fact: 99 } },
      ],
    };
    const undone = await send('undo', inverse(forged));
    expect(undone.cascade).toBeUndefined();
    expect(await settingsOf(walls)).toEqual([wallSettings]);
    expect(await linesOf(walls)).toEqual(wallLines);
    expect(await linesOf(roof)).toEqual([roofLine]);

    // Redo removes them again; the step carries them, so the answer adds nothing twice.
    const redone = await send('redo', step);
    expect(redone.cascade).toBeUndefined();
    expect(await settingsOf(walls)).toEqual([]);
    expect(await linesOf(walls)).toEqual([]);

    // After a reload the history is the log's: the redo's logged entry puts them back too.
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: tree.version },
      query: { limit: '3' },
    });
    expect(log.statusCode, log.body).toBe(200);
    const items = (log.json() as { items: { origin: string; entry: Record<string, unknown> }[] }).items;
    const logged = deserializeEntry(items.find((i) => i.origin === 'redo')!.entry);
    expect(kept(logged.inversePatches)).toHaveLength(3);
    await send('undo', inverse(logged));
    expect(await settingsOf(walls)).toEqual([wallSettings]);
    expect(await linesOf(walls)).toEqual(wallLines);
  });

  it('the undo log restore brings them back, and an undo of the restore removes them', async () => {
    const del = change(doc, (d) => {
      d.rows.delete(walls);
    });
    // The doc the row came back in may differ from the first; delete by the stored row.
    const done = await send('do', {
      kind: 'undo_wbs',
      labelKey: 'cmd.delete',
      patches: del.patches,
      inversePatches: del.inversePatches,
    });
    expect(await settingsOf(walls)).toEqual([]);
    const res = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: tree.version, actionId: done.action_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    expect(await settingsOf(walls)).toEqual([wallSettings]);
    expect(await linesOf(walls)).toEqual(wallLines);
    // Restoring the restore (the row removed again) logs what the delete takes along once more.
    const again = await call(app, api.wbsBatch.restore, {
      ...as,
      params: { id: tree.version, actionId: (res.json() as { action_id: string }).action_id },
    });
    expect(again.statusCode, again.body).toBe(200);
    revision = (again.json() as { revision: number }).revision;
    expect(await settingsOf(walls)).toEqual([]);
    expect(await linesOf(walls)).toEqual([]);
    expect(await linesOf(roof)).toEqual([roofLine]);
  });
});
