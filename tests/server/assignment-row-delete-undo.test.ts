// Deleting WBS rows that carry assignments or levelled starts (issue 17): the keys cascade to
// them, so the batch adds their removal and their putting back to the logged entry and answers
// them as its cascade; the client's undo (its inverse plus the cascade's) and the log's entry after a reload
// both bring them back, and redo removes them again.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Patch } from 'immer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Levelling, Resource, ResourceAssignment } from '../../src/api';
import { deserializeEntry, serializeEntry } from '../../src/domain/history';
import type { HistoryEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

interface BatchAnswer {
  revision: number;
  cascade?: { patches: Patch[]; inversePatches: Patch[] };
}

describe('deleting rows with assignments, then undo and redo', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let doc: WbsDoc;
  let revision = 0;
  const phase = randomUUID();
  const walls = randomUUID();
  const roof = randomUUID();
  let assigned: ResourceAssignment[] = [];

  const assignmentsOf = async (wbsId: string) =>
    (
      (
        await call(app, api.resources.assignments, {
          ...as,
          query: { version_id: tree.version, wbs_id: wbsId },
        })
      ).json() as { items: ResourceAssignment[] }
    ).items;

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

  const assign = async (wbsId: string, resource: Resource, units: number) => {
    const res = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: wbsId, items: [{ resource_id: resource.id, units, units_per_day: 8, curve: 'bell' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { undo_step: { revision: number } }).undo_step.revision;
    return (res.json() as { items: ResourceAssignment[] }).items;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'rowdelundo');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const made = change({ rows: new Map(), relations: new Map() } as WbsDoc, (d) => {
      d.rows.set(phase, newRow(phase, 'sum', null, 'a0', { name: 'Shell' }));
      d.rows.set(walls, newRow(walls, 'task', phase, 'a0', { name: 'Walls', duration: 2400 }));
      d.rows.set(roof, newRow(roof, 'task', null, 'a1', { name: 'Roof', duration: 2400 }));
    });
    doc = made.doc;
    const res = await sendChange(app, as, tree.version, 0, made, 'edit');
    expect(res.statusCode, res.body).toBe(200);
    revision = (res.json() as { revision: number }).revision;
    const mk = async (name: string) =>
      (await call(app, api.resources.create, { ...as, body: { name, default_limit: 2 } })).json() as Resource;
    const mason = await mk('Bricklayer');
    const crane = await mk('Crane');
    assigned = [...(await assign(walls, mason, 40)), ...(await assign(walls, crane, 16))];
    expect(assigned).toHaveLength(2);
  });
  afterAll(() => h.close());

  it('logs the assignments with the delete, puts them back on undo and removes them on redo', async () => {
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
    expect(await assignmentsOf(walls)).toEqual([]);
    const ids = assigned.map((a) => a.id).sort();
    expect(done.cascade?.patches.map((p) => [p.op, ...p.path])).toEqual(
      ids.map((id) => ['remove', 'assignments', id]),
    );
    expect(done.cascade?.inversePatches.map((p) => p.op)).toEqual(['add', 'add']);

    // The client's step now carries the cascade (sync.ts): its undo brings the assignments back.
    const step: HistoryEntry = {
      ...client,
      patches: [...client.patches, ...done.cascade!.patches],
      inversePatches: [...client.inversePatches, ...done.cascade!.inversePatches],
    };
    const undone = await send('undo', {
      ...step,
      patches: step.inversePatches,
      inversePatches: step.patches,
    });
    expect(undone.cascade).toBeUndefined();
    expect(await assignmentsOf(walls)).toEqual(assigned);

    // Redo removes them again; the entry carries them already, so nothing is added twice.
    const redone = await send('redo', step);
    expect(redone.cascade).toBeUndefined();
    expect(await assignmentsOf(walls)).toEqual([]);

    // After a reload the history is the log's: the delete's logged entry puts them back too.
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: tree.version },
      query: { limit: '3' },
    });
    expect(log.statusCode, log.body).toBe(200);
    const items = (log.json() as { items: { origin: string; entry: Record<string, unknown> }[] }).items;
    const logged = deserializeEntry(items.find((i) => i.origin === 'do')!.entry);
    expect(logged.patches.filter((p) => p.path[0] === 'assignments')).toHaveLength(2);
    await send('undo', { ...logged, patches: logged.inversePatches, inversePatches: logged.patches });
    expect(await assignmentsOf(walls)).toEqual(assigned);
    expect(await assignmentsOf(phase)).toEqual([]);
  });

  it("carries a removed row's levelled start too: undo puts it back beside the levelling", async () => {
    const slab = randomUUID();
    const made = change(doc, (d) => {
      d.rows.set(slab, newRow(slab, 'task', null, 'a2', { name: 'Slab', duration: 960 }));
    });
    doc = made.doc;
    await send('do', {
      kind: 'undo_wbs',
      labelKey: 'edit',
      patches: made.patches,
      inversePatches: made.inversePatches,
    });
    const item = { wbs_id: slab, start: 4800, finish: 5760, delay: 480, base_start: 4320, base_finish: 5280 };
    const put = await call(app, api.levelling.restore, {
      ...as,
      params: { id: tree.version },
      body: {
        options: {
          priority: [{ field: 'id' }],
          within_float: false,
          preserve_started: true,
          resource_ids: null,
          time_ms: 0,
        },
        stats: {
          levelled: 1,
          delayed: 1,
          overallocations_before: 1,
          overallocations_after: 0,
          resolved: true,
          finish_before: 5280,
          finish_after: 5760,
          passes: 1,
          ms: 1,
        },
        revision,
        items: [item],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const v = await call(app, api.versions.get, { ...as, params: { id: tree.version } });
    revision = (v.json() as { revision: number }).revision;
    const levelled = async () =>
      ((await call(app, api.levelling.read, { ...as, params: { id: tree.version } })).json() as Levelling)
        .items;
    expect(await levelled()).toEqual([item]);

    const del = change(doc, (d) => d.rows.delete(slab));
    const client: HistoryEntry = {
      kind: 'undo_wbs',
      labelKey: 'cmd.delete',
      patches: del.patches,
      inversePatches: del.inversePatches,
    };
    const done = await send('do', client);
    expect(done.cascade?.patches).toEqual([{ op: 'remove', path: ['levelling', 'start', slab] }]);
    expect(await levelled()).toEqual([]);
    const step: HistoryEntry = {
      ...client,
      patches: [...client.patches, ...done.cascade!.patches],
      inversePatches: [...client.inversePatches, ...done.cascade!.inversePatches],
    };
    await send('undo', { ...step, patches: step.inversePatches, inversePatches: step.patches });
    expect(await levelled()).toEqual([item]);
    await send('redo', step);
    expect(await levelled()).toEqual([]);
  });

  it('adds nothing to a delete of rows without assignments', async () => {
    const del = change(doc, (d) => d.rows.delete(roof));
    const done = await send('do', {
      kind: 'undo_wbs',
      labelKey: 'cmd.delete',
      patches: del.patches,
      inversePatches: del.inversePatches,
    });
    expect(done.cascade).toBeUndefined();
  });
});
