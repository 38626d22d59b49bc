// A levelling run and a clear are each one step of the version's undo log (issue 17): the log's
// entry, sent back through the WBS batch path as the client's undo (its inverse) and redo, puts
// the levelling before back and sets it again — what Ctrl+Z / Ctrl+Y do after a reload. A
// levelling put back that matched the rows when its step was taken is not out of date.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Levelling, Resource } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { deserializeEntry, serializeEntry } from '../../src/domain/history';
import type { HistoryEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;

describe('levelling steps in the version undo log', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  const rowA = randomUUID();
  const rowB = randomUUID();

  const read = async () => {
    const res = await call(app, api.levelling.read, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Levelling;
  };
  const revision = async () =>
    (
      (await call(app, api.versions.get, { ...as, params: { id: tree.version } })).json() as {
        revision: number;
      }
    ).revision;
  const newest = async () => {
    const log = await call(app, api.wbsBatch.undoActions, {
      ...as,
      params: { id: tree.version },
      query: { limit: '1' },
    });
    expect(log.statusCode, log.body).toBe(200);
    const a = (log.json() as { items: { label: string; revision: number; entry: Record<string, unknown> }[] })
      .items[0]!;
    return { ...a, entry: deserializeEntry(a.entry) };
  };
  /** Sends a logged entry back as the client's undo (inverse) or redo (patches). */
  const send = async (e: HistoryEntry, origin: 'undo' | 'redo') => {
    const entry = origin === 'undo' ? { ...e, patches: e.inversePatches, inversePatches: e.patches } : e;
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: { revision: await revision(), origin, entry: serializeEntry(entry) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'levundo');
    as = { token: u.token, space: await makeSpace(app, u.token) };
    tree = await makeTree(app, u.token, as.space);
    const c = change({ rows: new Map(), relations: new Map() } as WbsDoc, (d) => {
      d.rows.set(rowA, newRow(rowA, 'task', null, 'a0', { name: 'A', duration: 5 * DAY }));
      d.rows.set(rowB, newRow(rowB, 'task', null, 'a1', { name: 'B', duration: 3 * DAY }));
    });
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: {
        revision: 0,
        origin: 'do',
        entry: serializeEntry({ kind: 'undo_wbs', labelKey: 'edit', ...c }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const crane = (
      await call(app, api.resources.create, {
        ...as,
        body: { name: 'Crane', resource_type: 'nonlabor', default_limit: 1 },
      })
    ).json() as Resource;
    for (const wbs of [rowA, rowB]) {
      const s = await call(app, api.resources.save, {
        ...as,
        params: { id: tree.version },
        body: { wbs_id: wbs, items: [{ resource_id: crane.id, units: 5, units_per_day: 1 }] },
      });
      expect(s.statusCode, s.body).toBe(200);
    }
  });
  afterAll(() => h.close());

  it('logs a levelling run as one step that undoes and redoes through the batch path', async () => {
    const before = await revision();
    const res = await call(app, api.levelling.level, {
      ...as,
      params: { id: tree.version },
      body: { priority: [{ field: 'id' }], time_ms: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as Job;
    const end = Date.now() + 30_000;
    let state = job.state;
    while ((state === 'queued' || state === 'running') && Date.now() < end) {
      await new Promise((ok) => setTimeout(ok, 100));
      const r = await call(app, api.transfer.batchReport, { ...as, body: { job_ids: [job.id] } });
      state = (r.json() as Job[])[0]!.state;
    }
    expect(state).toBe('done');
    const levelled = await read();
    expect(levelled).toMatchObject({ levelled: true, out_of_date: false, revision: before + 1 });
    expect(levelled.items).toHaveLength(1);
    const step = await newest();
    expect(step).toMatchObject({ label: 'resources:undo.level', revision: before + 1 });

    await send(step.entry, 'undo');
    expect(await read()).toMatchObject({ levelled: false, items: [] });
    await send(step.entry, 'redo');
    const again = await read();
    // Set again with the rows as they were: not out of date.
    expect(again).toMatchObject({
      levelled: true,
      out_of_date: false,
      items: levelled.items,
      stats: levelled.stats,
    });
  });

  it('logs a clear as one step: its undo puts the levelling back, its redo clears again', async () => {
    const levelled = await read();
    const res = await call(app, api.levelling.clear, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    const step = (res.json() as { undo_step: { revision: number; entry: Record<string, unknown> } })
      .undo_step;
    expect(step.revision).toBe(await revision());
    const entry = deserializeEntry(step.entry);
    expect(entry.labelKey).toBe('resources:undo.clearLevelling');
    expect((await newest()).revision).toBe(step.revision);
    expect(await read()).toMatchObject({ levelled: false });

    await send(entry, 'undo');
    expect(await read()).toMatchObject({ levelled: true, out_of_date: false, items: levelled.items });
    await send(entry, 'redo');
    expect(await read()).toMatchObject({ levelled: false, items: [] });
    // Nothing to clear: no step.
    const none = await call(app, api.levelling.clear, { ...as, params: { id: tree.version } });
    expect((none.json() as { undo_step?: unknown }).undo_step).toBeUndefined();
  });

  it('refuses a bad levelling patch with 400 naming it, and changes nothing', async () => {
    const res = await call(app, api.wbsBatch.batch, {
      ...as,
      params: { id: tree.version },
      body: {
        revision: await revision(),
        origin: 'do',
        entry: serializeEntry({
          kind: 'undo_wbs',
          labelKey: 'x',
          patches: [
            { op: 'replace', path: ['levelling', 'state'], value: { items: [{ wbs_id: rowA, start: -1 }] } },
          ],
          inversePatches: [{ op: 'replace', path: ['levelling', 'state'], value: null }],
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('wbs.bad_patch');
    expect(await read()).toMatchObject({ levelled: false });
  });
});
