// Batch processing over many schedules (batch-processing/timetable-calc and /export with
// version_ids): one batch_versions job works on each version in turn and reports each one; a
// version whose logic has a loop fails with its reason while the others are calculated; a stop
// leaves every version either fully calculated or untouched; an export writes one file per
// version; bad input is 400 naming the field (en and ru); versions of another space are refused.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Version } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { change } from '../../src/domain/wbs/change';
import { newRow } from '../../src/domain/wbs/types';
import type { WbsDoc } from '../../src/domain/wbs/types';
import { makeSpace, makeTree, readVersionDoc, sendChange, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const DAY = 480;

describe('batch processing', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  /** Versions of four schedules: ok, loop (A → B → A), ok, ok. */
  const versions: string[] = [];
  /** B's start as the first batch calculated it (A of 5 days). */
  const startOfB = new Map<string, number>();
  const schedules: string[] = [];

  const wait = async (id: string): Promise<Job> => {
    const end = Date.now() + 50_000;
    for (;;) {
      const r = await call(app, api.transfer.batchReport, { ...as, body: { job_ids: [id] } });
      expect(r.statusCode, r.body).toBe(200);
      const j = (r.json() as Job[])[0]!;
      if (['done', 'failed', 'stopped'].includes(j.state) || Date.now() > end) return j;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };

  const versionOf = async (id: string) =>
    (await call(app, api.versions.get, { ...as, params: { id } })).json() as Version;

  /** Two tasks A (5 d) and B (3 d), A → B, or a loop A → B → A. */
  const fill = async (version: string, loop: boolean, revision = 0) => {
    const a = randomUUID();
    const b = randomUUID();
    const empty: WbsDoc = { rows: new Map(), relations: new Map() };
    const c = change(empty, (d) => {
      d.rows.set(a, newRow(a, 'task', null, 'a0', { name: 'A', duration: 5 * DAY }));
      d.rows.set(b, newRow(b, 'task', null, 'a1', { name: 'B', duration: 3 * DAY }));
      const r1 = randomUUID();
      d.relations.set(r1, { id: r1, predId: a, succId: b, type: 'fs', lag: 0 });
    });
    const res = await sendChange(app, as, version, revision, c);
    expect(res.statusCode, res.body).toBe(200);
    // The workbench refuses a loop; stored data may still hold one (as an imported file can):
    // it is written into the table directly.
    if (loop)
      await h.database.db
        .insertInto('wbs_relations')
        .values({
          space_id: as.space,
          version_id: version,
          id: randomUUID(),
          pred_id: b,
          succ_id: a,
          type: 'fs',
          lag: 0,
        })
        .execute();
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'batch');
    const space = await makeSpace(app, u.token);
    as = { token: u.token, space };
    tree = await makeTree(app, u.token, space);
    schedules.push(tree.schedule);
    versions.push(tree.version);
    for (const name of ['Loop', 'Third', 'Fourth']) {
      const s = await call(app, api.projects.createSchedule, {
        ...as,
        params: { id: tree.project },
        body: { name },
      });
      expect(s.statusCode, s.body).toBe(201);
      const id = (s.json() as { id: string }).id;
      schedules.push(id);
      const list = (await call(app, api.versions.list, { ...as, params: { id } })).json() as Version[];
      versions.push(list[0]!.id);
    }
    for (const [i, v] of versions.entries()) await fill(v, i === 1);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('calculates each version; a loop fails with its reason and the others are calculated', async () => {
    const res = await call(app, api.transfer.batchTimetableCalc, { ...as, body: { version_ids: versions } });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Job;
    expect(queued).toMatchObject({ type: 'batch_versions', batch_action: 'calculate' });
    expect(queued.items.map((i) => i.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(queued.items.map((i) => i.schedule_id)).toEqual(schedules);

    const job = await wait(queued.id);
    expect(job.state).toBe('done');
    expect(job.progress).toBe(100);
    expect(job.items.map((i) => i.state)).toEqual(['done', 'failed', 'done', 'done']);
    expect(job.items[1]!.errors[0]!.code).toBe('import.cycle');
    expect(job.items[1]!.errors[0]!.error_message).toMatch(/loop/);

    for (const [i, v] of versions.entries()) {
      const version = await versionOf(v);
      expect(version.timetable_state).toBe(i === 1 ? 'not_calculated' : 'calculated');
      const { content } = await readVersionDoc(app, as, v);
      const a = content.items.find((r) => r.name === 'A')!;
      const b = content.items.find((r) => r.name === 'B')!;
      // The failed version's rows keep no dates; the calculated ones have B after A.
      if (i === 1) expect(b.es).toBeNull();
      else expect(b.es!).toBeGreaterThan(a.es!);
      if (i !== 1) startOfB.set(v, b.es!);
    }
  }, 120_000);

  it("answers a schedule's actual version info; change-label refuses unknown fields", async () => {
    const none = await call(app, api.versions.actualInfo, { ...as, params: { id: schedules[3]! } });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ version: null, rows: 0, calculated: false });
    const set = await call(app, api.versions.setActualStatus, {
      ...as,
      params: { id: versions[0]! },
      body: { actual: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const info = await call(app, api.versions.actualInfo, { ...as, params: { id: schedules[0]! } });
    expect(info.json()).toMatchObject({ rows: 2, activities: 2, relations: 1, calculated: true });
    expect(info.json().version.id).toBe(versions[0]);
    const label = await call(app, api.versions.changeLabel, {
      ...as,
      params: { id: versions[0]! },
      body: { label: 'Plan', colour: 'red' },
    });
    expect(label.statusCode).toBe(400);
  });

  it('a stop leaves every version fully calculated or untouched', async () => {
    // An edit of each calculable version makes it not_calculated again (dates as they were).
    const ok = [versions[0]!, versions[2]!, versions[3]!];
    for (const v of ok) {
      const version = await versionOf(v);
      const { doc } = await readVersionDoc(app, as, v);
      const a = [...doc.rows.values()].find((r) => r.name === 'A')!;
      const c = change(doc, (d) => {
        d.rows.set(a.id, { ...d.rows.get(a.id)!, duration: 7 * DAY });
      });
      const res = await sendChange(app, as, v, version.revision, c);
      expect(res.statusCode, res.body).toBe(200);
      expect((await versionOf(v)).timetable_state).toBe('not_calculated');
    }
    const res = await call(app, api.transfer.batchTimetableCalc, { ...as, body: { version_ids: ok } });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Job;
    const stop = await call(app, api.transfer.batchStop, { ...as, body: { job_id: queued.id } });
    expect(stop.statusCode, stop.body).toBe(200);

    const job = await wait(queued.id);
    expect(job.state).toBe('stopped');
    const states = job.items.map((i) => i.state);
    // Done ones come first, then the stopped rest; at least the last is stopped.
    expect(states.at(-1)).toBe('stopped');
    expect(states.join(',')).toMatch(/^(done,)*stopped(,stopped)*$/);
    for (const item of job.items) {
      const version = await versionOf(item.version_id!);
      const { content } = await readVersionDoc(app, as, item.version_id!);
      const b = content.items.find((r) => r.name === 'B')!;
      // A is 7 days now: a calculated version has B later than before; an untouched one has not.
      if (item.state === 'done') {
        expect(version.timetable_state).toBe('calculated');
        expect(b.es!).toBeGreaterThan(startOfB.get(item.version_id!)!);
      } else {
        expect(item.errors[0]!.code).toBe('job.stopped');
        expect(version.timetable_state).toBe('not_calculated');
        expect(b.es).toBe(startOfB.get(item.version_id!));
      }
    }
  }, 120_000);

  it('exports each version into a file of its own', async () => {
    const ok = [versions[0]!, versions[2]!];
    const res = await call(app, api.transfer.batchExport, {
      ...as,
      body: { version_ids: ok, format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = await wait((res.json() as Job).id);
    expect(job).toMatchObject({ state: 'done', batch_action: 'export' });
    expect(job.items.map((i) => i.state)).toEqual(['done', 'done']);
    const files = job.items.map((i) => i.file_id);
    expect(files[0]).toBeTruthy();
    expect(files[1]).toBeTruthy();
    expect(files[0]).not.toBe(files[1]);
    const list = await call(app, api.transfer.storageList, {
      ...as,
      params: { id: schedules[2]! },
      query: { kind: 'temp' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { id: string; name: string }[]).map((f) => f.id)).toContain(files[1]);
  }, 120_000);

  it('refuses bad input naming the field, in en and ru', async () => {
    const both = await call(app, api.transfer.batchTimetableCalc, {
      ...as,
      body: { version_id: versions[0], version_ids: [versions[2]] },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error_message[0].params.field).toBe('body.version_ids');
    expect(both.json().error_message[0].error_message).toContain('version_ids');
    const ru = await call(app, api.transfer.batchTimetableCalc, {
      ...as,
      headers: { language: 'ru' },
      body: { version_id: versions[0], version_ids: [versions[2]] },
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error_message[0].error_message).toContain('Укажите');
    const none = await call(app, api.transfer.batchTimetableCalc, { ...as, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_message[0].params.field).toBe('body.version_id');
    const twice = await call(app, api.transfer.batchExport, {
      ...as,
      body: { version_ids: [versions[0], versions[0]], format: 'csv' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_message[0].params.field).toBe('body.version_ids');
    const extra = await call(app, api.transfer.batchTimetableCalc, {
      ...as,
      body: { version_ids: [versions[0]], force: true },
    });
    expect(extra.statusCode).toBe(400);
    const empty = await call(app, api.transfer.batchTimetableCalc, { ...as, body: { version_ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_message[0].params.field).toBe('body.version_ids');
  });

  it('refuses versions of another space: 403 there, 404 for its ids from here, no job', async () => {
    const other = await signUp(app, 'batch-other');
    const otherSpace = await makeSpace(app, other.token);
    const otherTree = await makeTree(app, other.token, otherSpace);
    // Calling into a space the caller is not a member of.
    const forbidden = await call(app, api.transfer.batchTimetableCalc, {
      token: as.token,
      space: otherSpace,
      body: { version_ids: [otherTree.version] },
    });
    expect(forbidden.statusCode).toBe(403);
    // One of the other space's versions among ours: nothing is queued.
    const before = (await call(app, api.transfer.batchReport, { ...as, body: {} })).json() as Job[];
    const mixed = await call(app, api.transfer.batchTimetableCalc, {
      ...as,
      body: { version_ids: [versions[0], otherTree.version] },
    });
    expect(mixed.statusCode).toBe(404);
    const after = (await call(app, api.transfer.batchReport, { ...as, body: {} })).json() as Job[];
    expect(after.length).toBe(before.length);
  }, 60_000);
});
