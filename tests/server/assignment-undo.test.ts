// Assignment edits as server-kept undo steps (issue 17): each assignment call logs one action of
// the version's undo log; its inverse and its patches, sent back through the WBS batch path as
// an undo and a redo (what Ctrl+Z / Ctrl+Y do, after a reload too), put the assignment back.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Resource, ResourceAssignment } from '../../src/api';
import { deserializeEntry, serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, sendChange, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

interface Step {
  revision: number;
  entry: Record<string, unknown>;
}

describe('assignment edits in the version undo log', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let mason: Resource;
  const row = randomUUID();

  const rowAssignments = async () =>
    (
      (
        await call(app, api.resources.assignments, {
          ...as,
          query: { version_id: tree.version, wbs_id: row },
        })
      ).json() as { items: ResourceAssignment[] }
    ).items;

  /** Sends a stored step back as the client's undo (inverse) or redo (patches). */
  const replay = async (step: Step, origin: 'undo' | 'redo', revision: number) => {
    const e = deserializeEntry(step.entry);
    const entry = origin === 'undo' ? { ...e, patches: e.inversePatches, inversePatches: e.patches } : e;
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: { revision, origin, entry: serializeEntry(entry) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { revision: number }).revision;
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'asgundo');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(row, newRow(row, 'task', null, 'a0', { name: 'Walls', duration: 2400 }));
    });
    const res = await sendChange(app, as, tree.version, 0, c, 'edit');
    expect(res.statusCode, res.body).toBe(200);
    mason = (
      await call(app, api.resources.create, { ...as, body: { name: 'Bricklayer', default_limit: 2 } })
    ).json() as Resource;
  });
  afterAll(() => h.close());

  it('logs assign, change and unassign as steps that undo and redo through the batch path', async () => {
    const save = await call(app, api.resources.save, {
      ...as,
      params: { id: tree.version },
      body: { wbs_id: row, items: [{ resource_id: mason.id, units: 40, units_per_day: 8, curve: 'bell' }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const saved = save.json() as { items: ResourceAssignment[]; undo_step: Step };
    const assigned = saved.items;
    expect(saved.undo_step.revision).toBe(2);
    expect(deserializeEntry(saved.undo_step.entry).labelKey).toBe('resources:undo.assign');

    // The log holds it, as a WBS edit's action (the history a reload rebuilds).
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: tree.version },
      query: { limit: '1' },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json() as { items: { label: string; revision: number }[] }).items[0]).toMatchObject({
      label: 'resources:undo.assign',
      revision: 2,
    });

    let revision = await replay(saved.undo_step, 'undo', 2);
    expect(await rowAssignments()).toEqual([]);
    revision = await replay(saved.undo_step, 'redo', revision);
    expect(await rowAssignments()).toEqual(assigned);

    const upd = await call(app, api.resources.updateOne, {
      ...as,
      params: { id: tree.schedule, aid: assigned[0]!.id },
      body: { version_id: tree.version, units: 64, curve: 'front' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const changed = upd.json() as ResourceAssignment & { undo_step: Step };
    expect(changed).toMatchObject({ units: 64, curve: 'front' });
    expect(changed.undo_step.revision).toBe(revision + 1);
    revision = await replay(changed.undo_step, 'undo', changed.undo_step.revision);
    expect(await rowAssignments()).toEqual(assigned);

    const del = await call(app, api.resources.removeOne, {
      ...as,
      params: { id: tree.schedule, aid: assigned[0]!.id },
      query: { version_id: tree.version },
    });
    expect(del.statusCode, del.body).toBe(200);
    const gone = del.json() as { undo_step: Step };
    expect(gone.undo_step.revision).toBe(revision + 1);
    expect(await rowAssignments()).toEqual([]);
    revision = await replay(gone.undo_step, 'undo', gone.undo_step.revision);
    expect(await rowAssignments()).toEqual(assigned);
    await replay(gone.undo_step, 'redo', revision);
    expect(await rowAssignments()).toEqual([]);
  });

  it('refuses a bad assignment patch with 400 naming it, and changes nothing', async () => {
    const before = await rowAssignments();
    const v = (await call(app, api.versions.get, { ...as, params: { id: tree.version } })).json() as {
      revision: number;
    };
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: {
        revision: v.revision,
        origin: 'do',
        entry: serializeEntry({
          kind: 'undo_wbs',
          labelKey: 'x',
          patches: [
            {
              op: 'add',
              path: ['assignments', randomUUID()],
              value: { wbs_id: row, resource_id: mason.id, units: -1 },
            },
          ],
          inversePatches: [{ op: 'remove', path: ['assignments', 'a'] }],
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('wbs.bad_patch');
    expect(await rowAssignments()).toEqual(before);
  });
});
