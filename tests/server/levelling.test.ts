// Levelling of a version (src/api/levelling.ts): two rows that need one crane at once are levelled
// by a queued level_resources job (the second waits for the first), the stored rows carry their
// levelled and former dates, a resource left out levels nothing, clear answers what it was and a
// restore puts it back (the client's undo); bad options are 400 naming the field, in en and ru.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Levelling, Resource } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { serializeEntry } from '../../src/domain/history';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;

describe('levelling', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let crane: Resource;
  let mason: Resource;
  const rowA = randomUUID();
  const rowB = randomUUID();

  const read = async () => {
    const res = await call(app, api.levelling.read, { ...as, params: { id: tree.version } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Levelling;
  };

  /** Queues a levelling and waits for its job to end. */
  const level = async (body: Record<string, unknown>) => {
    const res = await call(app, api.levelling.level, { ...as, params: { id: tree.version }, body });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as Job;
    expect(job).toMatchObject({ type: 'level_resources', version_id: tree.version });
    const end = Date.now() + 30_000;
    for (;;) {
      const r = await call(app, api.transfer.batchReport, { ...as, body: { job_ids: [job.id] } });
      const j = (r.json() as Job[])[0]!;
      if (j.state === 'done' || j.state === 'failed' || Date.now() > end) return j;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'levelling');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
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
    const make = async (body: Record<string, unknown>) =>
      (await call(app, api.resources.create, { ...as, body })).json() as Resource;
    crane = await make({ name: 'Crane', resource_type: 'nonlabor', default_limit: 1 });
    mason = await make({ name: 'Mason', resource_type: 'labor', default_limit: 8 });
    for (const [wbs, units_per_day] of [
      [rowA, 1],
      [rowB, 1],
    ] as const) {
      const s = await call(app, api.resources.save, {
        ...as,
        params: { id: tree.version },
        body: {
          wbs_id: wbs,
          items: [
            { resource_id: crane.id, units: 5, units_per_day },
            { resource_id: mason.id, units: 8, units_per_day: 4 },
          ],
        },
      });
      expect(s.statusCode, s.body).toBe(200);
    }
  });
  afterAll(() => h.close());

  it('has no levelling at first', async () => {
    expect(await read()).toMatchObject({ levelled: false, items: [], stats: null, out_of_date: false });
  });

  it('levels only the resources asked for: the mason alone moves nothing', async () => {
    const job = await level({ resource_ids: [mason.id], time_ms: 0 });
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    const l = await read();
    expect(l.levelled).toBe(true);
    expect(l.items).toEqual([]);
    expect(l.stats).toMatchObject({ delayed: 0, overallocations_before: 0, resolved: true });
  });

  it('delays one of two rows that need the one crane at the same time', async () => {
    const job = await level({ priority: [{ field: 'id' }], time_ms: 0 });
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    expect(job.progress).toBe(100);
    const l = await read();
    expect(l.options).toMatchObject({ within_float: false, preserve_started: true, time_ms: 0 });
    expect(l.stats).toMatchObject({ delayed: 1, resolved: true, overallocations_after: 0 });
    expect(l.stats!.overallocations_before).toBeGreaterThan(0);
    expect(l.items).toHaveLength(1);
    const moved = l.items[0]!;
    const other = moved.wbs_id === rowA ? rowB : rowA;
    expect([rowA, rowB]).toContain(moved.wbs_id);
    // It starts when the other finishes: after 5 (or 3) working days, moved by that delay.
    expect(moved.start).toBeGreaterThan(moved.base_start!);
    expect(moved.delay).toBe((other === rowA ? 5 : 3) * DAY);
    expect(moved.finish! - moved.start).toBe(moved.base_finish! - moved.base_start!);
    expect(l.out_of_date).toBe(false);
  });

  it('is an input of Calculate: the levelled dates and floats stay until it is cleared', async () => {
    const l = await read();
    const moved = l.items[0]!;
    const calculate = async () => {
      const res = await call(app, api.wbsBatch.calculateSynchronous, { ...as, params: { id: tree.version } });
      expect(res.statusCode, res.body).toBe(200);
      return h.database.db
        .selectFrom('wbs_items')
        .select(['id', 'es', 'ef', 'tf'])
        .where('version_id', '=', tree.version)
        .where('id', '=', moved.wbs_id)
        .executeTakeFirstOrThrow();
    };
    const levelled = await calculate();
    expect(levelled).toMatchObject({ es: moved.start, ef: moved.finish });
    expect(await calculate()).toEqual(levelled);
    const state = async () =>
      (
        await h.database.db
          .selectFrom('versions')
          .select('timetable_state')
          .where('id', '=', tree.version)
          .executeTakeFirstOrThrow()
      ).timetable_state;
    expect(await state()).toBe('calculated');
    const cleared = await call(app, api.levelling.clear, { ...as, params: { id: tree.version } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const plain = await calculate();
    expect(plain).toMatchObject({ es: moved.base_start, ef: moved.base_finish });
    // The delayed row had the delay as float before levelling; levelling used it up.
    expect(Number(plain.tf)).toBeGreaterThan(Number(levelled.tf));
    const back = await call(app, api.levelling.restore, {
      ...as,
      params: { id: tree.version },
      body: { options: l.options, stats: l.stats, revision: l.revision, items: l.items },
    });
    expect(back.statusCode, back.body).toBe(200);
    // A levelling set (or cleared) leaves the stored timetable stale until calculated again.
    expect(await state()).toBe('not_calculated');
    expect(await calculate()).toEqual(levelled);
  });

  it('clears, answering what it was, and a restore puts it back (undo and redo)', async () => {
    const before = await read();
    const cleared = await call(app, api.levelling.clear, { ...as, params: { id: tree.version } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const { undo_step: step, ...was } = cleared.json() as Levelling & { undo_step?: unknown };
    expect(was).toEqual(before);
    expect(step).toBeDefined();
    expect(await read()).toMatchObject({ levelled: false, items: [] });
    const back = await call(app, api.levelling.restore, {
      ...as,
      params: { id: tree.version },
      body: { options: before.options, stats: before.stats, revision: before.revision, items: before.items },
    });
    expect(back.statusCode, back.body).toBe(200);
    const again = await read();
    expect(again.items).toEqual(before.items);
    expect(again.stats).toEqual(before.stats);
  });

  it('refuses bad options naming the field, in en and ru', async () => {
    const bad = async (body: Record<string, unknown>, lang = 'en') =>
      call(app, api.levelling.level, {
        ...as,
        headers: { language: lang },
        params: { id: tree.version },
        body,
      });
    const r1 = await bad({ priority: [{ field: 'colour' }] });
    expect(r1.statusCode).toBe(400);
    expect(JSON.stringify(r1.json())).toContain('priority');
    const r2 = await bad({ time_ms: -1 }, 'ru');
    expect(r2.statusCode).toBe(400);
    expect(JSON.stringify(r2.json())).toContain('time_ms');
    expect(JSON.stringify(r2.json())).toMatch(/[а-я]/);
    const r3 = await bad({ resource_ids: ['not-an-id'] });
    expect(r3.statusCode).toBe(400);
    const r4 = await call(app, api.levelling.restore, {
      ...as,
      params: { id: tree.version },
      body: { options: null, stats: null, revision: null, items: [{ wbs_id: rowA, start: 1.5 }] },
    });
    expect(r4.statusCode).toBe(400);
    const missing = await call(app, api.levelling.read, { ...as, params: { id: randomUUID() } });
    expect(missing.statusCode).toBe(404);
  });

  it("counts a resource's availability only in its own calendar's working time", async () => {
    // A crane that works mornings only cannot serve full-day rows: levelling reports it, and
    // leaves it over-allocated, instead of counting the afternoons.
    const body = {
      name: 'Crane mornings',
      week: Array.from({ length: 7 }, (_, d) => (d === 0 || d === 6 ? [] : [{ start: 480, end: 720 }])),
      exceptions: [],
      hours_per_day: 4,
      hours_per_week: 20,
      hours_per_month: 86,
    };
    const cal = await call(app, api.calendars.create, { ...as, body });
    expect(cal.statusCode, cal.body).toBe(201);
    const calendarId = (cal.json() as { id: string }).id;
    const set = async (calendar_id: string | null) => {
      const res = await call(app, api.resources.update, {
        ...as,
        params: { id: crane.id },
        body: { calendar_id },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await set(calendarId);
    const job = await level({ resource_ids: [crane.id], time_ms: 0 });
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    expect((await read()).stats).toMatchObject({ resolved: false });
    await set(null);
    expect((await level({ resource_ids: [crane.id], time_ms: 0 })).state).toBe('done');
    expect((await read()).stats).toMatchObject({ resolved: true, overallocations_after: 0 });
  });
});
