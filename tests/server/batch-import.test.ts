// Batch import (docs/versions.md): several files in one batch_versions job, a file per schedule,
// each imported whole or not at all; stop between files; refusals leave nothing behind.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Version } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import type { Tree } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const GOOD = 'Code;Name;Duration (d);Predecessors\nC10;Excavation;3;\nC20;Footings;4;C10\n';
const SECOND = 'Code;Name;Duration (d);Predecessors\nF1;Fit-out;6;\nF2;Handover;1;F1\n';
const LOOP = 'Code;Name;Duration (d);Predecessors\nL1;One;2;L2\nL2;Two;2;L1\n';

/** A multipart body of several "file" parts and text fields. */
function files(parts: { name: string; data: string }[], fields: Record<string, string>) {
  const boundary = `----batch${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\n` +
          `Content-Type: text/csv\r\n\r\n${p.data}\r\n`,
      ),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), boundary };
}

describe('batch import of many files', () => {
  let h: Harness;
  let app: FastifyInstance;
  let as: { token: string; space: string };
  let tree: Tree;
  let second: string;

  const send = (
    parts: { name: string; data: string }[],
    fields: Record<string, string>,
    auth = as,
    lang = 'en',
  ) => {
    const body = files(parts, fields);
    return app.inject({
      method: 'POST',
      url: '/api/v1/batch-processing/import',
      headers: {
        authorization: `Bearer ${auth.token}`,
        'space-id': auth.space,
        language: lang,
        'content-type': `multipart/form-data; boundary=${body.boundary}`,
      },
      payload: body.payload,
    });
  };
  const wait = async (id: string): Promise<Job> => {
    const end = Date.now() + 50_000;
    for (;;) {
      const r = await call(app, api.transfer.batchReport, { ...as, body: { job_ids: [id] } });
      const j = (r.json() as Job[])[0]!;
      if (['done', 'failed', 'stopped'].includes(j.state) || Date.now() > end) return j;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };
  const versionsOf = async (schedule: string) =>
    (await call(app, api.versions.list, { ...as, params: { id: schedule } })).json() as Version[];

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'batchimport');
    as = { token: u.token, space: await makeSpace(app, u.token) };
    tree = await makeTree(app, u.token, as.space);
    const s = await call(app, api.projects.createSchedule, {
      ...as,
      params: { id: tree.project },
      body: { name: 'Second' },
    });
    second = (s.json() as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('imports each file into its schedule; a bad file fails with its reason and writes nothing', async () => {
    const before = [(await versionsOf(tree.schedule)).length, (await versionsOf(second)).length];
    const res = await send(
      [
        { name: 'main update.csv', data: GOOD },
        { name: 'loop.csv', data: LOOP },
        { name: 'fit-out.csv', data: SECOND },
      ],
      { schedule_ids: JSON.stringify([tree.schedule, second, second]) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Job;
    expect(queued).toMatchObject({ type: 'batch_versions', batch_action: 'import' });
    expect(queued.items.map((i) => [i.file_name, i.state, i.version_id])).toEqual([
      ['main update.csv', 'queued', null],
      ['loop.csv', 'queued', null],
      ['fit-out.csv', 'queued', null],
    ]);
    const job = await wait(queued.id);
    expect(job.state).toBe('done');
    expect(job.items.map((i) => i.state)).toEqual(['done', 'failed', 'done']);
    expect(job.items[1]!.errors[0]!.error_message.length).toBeGreaterThan(0);
    expect(job.items[1]!.version_id).toBeNull();
    const main = await versionsOf(tree.schedule);
    const fit = await versionsOf(second);
    // One new version each for the good files; the loop wrote none.
    expect([main.length, fit.length]).toEqual([before[0]! + 1, before[1]! + 1]);
    const made = main.find((v) => v.id === job.items[0]!.version_id)!;
    expect(made.label).toBe('main update');
    expect(made.timetable_state).toBe('calculated');
    expect(fit.find((v) => v.id === job.items[2]!.version_id)!.label).toBe('fit-out');
  }, 120_000);

  it('a stop right after queueing leaves every schedule fully imported or untouched', async () => {
    const before = (await versionsOf(second)).length;
    const res = await send(
      [
        { name: 's1.csv', data: SECOND },
        { name: 's2.csv', data: SECOND },
        { name: 's3.csv', data: SECOND },
      ],
      { schedule_ids: JSON.stringify([second, second, second]) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Job;
    const stop = await call(app, api.transfer.batchStop, { ...as, body: { job_id: queued.id } });
    expect(stop.statusCode, stop.body).toBe(200);
    const job = await wait(queued.id);
    expect(job.state).toBe('stopped');
    expect(job.items.map((i) => i.state).join(',')).toMatch(/^(done,)*stopped(,stopped)*$/);
    const done = job.items.filter((i) => i.state === 'done');
    const after = await versionsOf(second);
    expect(after.length).toBe(before + done.length);
    for (const i of done)
      expect(after.find((v) => v.id === i.version_id)!.timetable_state).toBe('calculated');
  }, 120_000);

  it('refuses bad batches in en and ru, storing nothing', async () => {
    const count = async () =>
      (await h.database.db.selectFrom('stored_files').select('id').where('space_id', '=', as.space).execute())
        .length;
    const stored = await count();
    const mismatch = await send(
      [
        { name: 'a.csv', data: GOOD },
        { name: 'b.csv', data: GOOD },
      ],
      {
        schedule_ids: JSON.stringify([tree.schedule]),
      },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_message[0]).toMatchObject({ code: 'batch.files_schedules' });
    expect(mismatch.json().error_message[0].error_message).toMatch(/2 files were sent with 1 schedules/);
    const ru = await send(
      [
        { name: 'a.csv', data: GOOD },
        { name: 'b.csv', data: GOOD },
      ],
      {
        schedule_ids: JSON.stringify([tree.schedule]),
      },
      as,
      'ru',
    );
    expect(ru.json().error_message[0].error_message).toMatch(/отправлено файлов — 2, графиков — 1/);
    const bad = await send([{ name: 'a.csv', data: GOOD }], { schedule_ids: '["x"]' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message[0].params.field).toBe('body.schedule_ids');
    const many = await send(
      [
        { name: 'a.csv', data: GOOD },
        { name: 'b.csv', data: GOOD },
      ],
      {},
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error_message[0].params.field).toBe('body.schedule_ids');
    const empty = await send(
      [
        { name: 'a.csv', data: GOOD },
        { name: 'empty.csv', data: '' },
      ],
      {
        schedule_ids: JSON.stringify([tree.schedule, second]),
      },
    );
    expect(empty.statusCode).toBe(400);
    // Another space's schedule: not found here; a space the caller is not in: 403.
    const other = await signUp(app, 'batchimport2');
    const otherAs = { token: other.token, space: await makeSpace(app, other.token) };
    const otherTree = await makeTree(app, other.token, otherAs.space);
    const foreign = await send(
      [
        { name: 'a.csv', data: GOOD },
        { name: 'b.csv', data: GOOD },
      ],
      {
        schedule_ids: JSON.stringify([tree.schedule, otherTree.schedule]),
      },
    );
    expect(foreign.statusCode).toBe(404);
    const notMember = await send(
      [{ name: 'a.csv', data: GOOD }],
      {
        schedule_ids: JSON.stringify([otherTree.schedule]),
      },
      { token: as.token, space: otherAs.space },
    );
    expect(notMember.statusCode).toBe(403);
    expect(await count()).toBe(stored);
  }, 120_000);
});
