// Bad files get a clear, translated error naming where the problem is, and leave no version;
// jobs run with progress, stop without leaving a version, and a job left running by a dead
// server is failed on the next start; storage calls and the upload rules.
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Version } from '../../src/api';
import type { Job, StoredFile } from '../../src/api/transfer';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { makeSpace, makeTree, signUp } from './support/fixtures';
import { call, onPostgres, startHarness } from './support/harness';
import type { Harness } from './support/harness';
import { upload } from './transfer-helpers';
import type { Auth } from './transfer-helpers';

const XER = path.resolve('../shared/fixtures/xer/p6_xernative_wk2_tp.xer');
const xer = (() => {
  try {
    return readFileSync(XER);
  } catch {
    return null;
  }
})();

describe('transfer: bad files, jobs, storage', () => {
  let h: Harness;
  let auth: Auth;
  let schedule: string;
  let dataDir: string;

  const versions = async () =>
    ((await call(h.app, api.versions.list, { ...auth, params: { id: schedule } })).json() as Version[])
      .length;
  const report = async (ids: string[]) =>
    (await call(h.app, api.transfer.batchReport, { ...auth, body: { job_ids: ids } })).json() as Job[];
  const until = async (id: string, states = ['done', 'failed', 'stopped']) => {
    for (let i = 0; i < 600; i++) {
      const [job] = await report([id]);
      if (job && states.includes(job.state)) return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} did not finish`);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'transfer-jobs-'));
    h = await startHarness({ dataDir });
    const token = (await signUp(h.app)).token;
    const space = await makeSpace(h.app, token);
    auth = { token, space };
    schedule = (await makeTree(h.app, token, space)).schedule;
  });
  afterAll(() => h.close());

  const truncated = () => xer!.subarray(0, Math.floor(xer!.length / 2));
  const withoutCalendars = () =>
    Buffer.from(xer!.toString('latin1').replace(/%T\tCALENDAR[\s\S]*?(?=%T)/, ''), 'latin1');
  const garbage = (mb: number) => {
    const b = Buffer.alloc(mb * 1024 * 1024);
    for (let i = 0; i < b.length; i += 4) b.writeUInt32LE((i * 2654435761) >>> 0, i);
    return b;
  };
  const bad: [string, string, () => Uint8Array | string, string, RegExp][] = [
    ['truncated XER', 'cut.xer', truncated, 'import.truncated', /cut short \(\w+, line \d+\)/],
    [
      'unknown format',
      'noise.bin',
      () => garbage(1),
      'import.unknown_format',
      /Unknown file format \(noise\.bin/,
    ],
    [
      'cycle in the logic',
      'loop.csv',
      () => 'Code,Name,Duration (d),Predecessors\nA,Alpha,2,B\nB,Beta,3,A\n',
      'import.cycle',
      /loop \(relations, activities [AB] → [AB]/,
    ],
    [
      'date outside 2000–2050',
      'old.csv',
      () => 'Code,Name,Duration (d),Actual start\nA,Alpha,2,1990-01-01\n',
      'import.date_out_of_range',
      /2000–2050 \(csv, line 2, field Actual start, value "1990-01-01"\)/,
    ],
    ['missing calendars', 'nocal.xer', withoutCalendars, 'import.missing_calendar', /calendar .*\(CALENDAR/],
    [
      'malformed XML',
      'bad.xml',
      () => '<Project xmlns="http://schemas.microsoft.com/project"><Tasks><Task>',
      'import.truncated',
      /\(Project, line 1\)/,
    ],
  ];
  // Refused by the reader before any statement: the default database's run is enough.
  if (!onPostgres)
    bad.push(['100 MB of garbage', 'big.xer', () => garbage(100), 'import.truncated', /cut short/]);

  it.skipIf(!xer).each(bad)(
    '%s: 400, localized list naming the place, nothing imported',
    async (_, name, data, code, text) => {
      const before = await versions();
      const res = await upload(h.app, auth, `/schedules/${schedule}/versions/upload/synchronous`, {
        name,
        data: data(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['error-type']).toBe('localized');
      const item = res.json().error_message[0];
      expect(item.code).toBe(code);
      expect(item.error_message).toMatch(text);
      expect(await versions()).toBe(before);
    },
    120_000,
  );

  it('translates the error list into Russian', async () => {
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: 'old.csv', data: 'Code,Name,Duration (d),Actual start\nA,Alpha,2,1990-01-01\n' },
      {},
      'ru',
    );
    expect(res.json().error_message[0].error_message).toMatch(
      /Дата вне диапазона 2000–2050 годов \(csv, строка 2/,
    );
  });

  it.skipIf(!xer)('runs an upload as a job with progress events and a report', async () => {
    const before = await versions();
    const res = await upload(h.app, auth, `/schedules/${schedule}/versions/upload`, {
      name: 'tp.xer',
      data: xer!,
    });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as Job;
    expect(queued).toMatchObject({ type: 'import_version', schedule_id: schedule });
    const done = await until(queued.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, errors: [] });
    expect(await versions()).toBe(before + 1);
    const v = (await call(h.app, api.versions.get, { ...auth, params: { id: done.version_id! } })).json();
    expect(v.timetable_state).toBe('calculated');

    const calc = await call(h.app, api.transfer.batchTimetableCalc, { ...auth, body: { version_id: v.id } });
    expect((await until(calc.json().id)).state).toBe('done');
    const exp = await call(h.app, api.transfer.batchExport, {
      ...auth,
      body: { version_id: v.id, format: 'xer' },
    });
    const exported = await until(exp.json().id);
    expect(exported.state).toBe('done');
    expect(exported.file_id).toBeTruthy();
  });

  it.skipIf(!xer)(
    'sends batch_start, import and batch_progress per cent, and batch_finish over the live socket',
    async () => {
      const ws = await h.app.injectWS(`/api/v1/events?token=${auth.token}`);
      const events: { event: string; payload: Record<string, unknown> }[] = [];
      ws.on('message', (data: Buffer) => events.push(JSON.parse(String(data))));
      const res = await upload(h.app, auth, `/schedules/${schedule}/versions/upload`, {
        name: 'tp.xer',
        data: xer!,
      });
      const id = res.json().id as string;
      await until(id);
      for (let i = 0; i < 50 && !events.some((e) => e.event === 'batch_finish'); i++)
        await new Promise((r) => setTimeout(r, 100));
      ws.terminate();
      const mine = events.filter((e) => e.payload.job_id === id);
      expect(mine[0]).toMatchObject({ event: 'batch_start', payload: { type: 'import_version' } });
      const progress = mine.filter((e) => e.event === 'import').map((e) => e.payload.progress as number);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1)).toBe(100);
      const batchProgress = mine.filter((e) => e.event === 'batch_progress').map((e) => e.payload.progress);
      expect(batchProgress.length).toBeGreaterThan(0);
      expect(batchProgress).toEqual(progress.filter((p) => p < 100));
      expect(mine.at(-1)).toMatchObject({ event: 'batch_finish', payload: { state: 'done', progress: 100 } });
    },
  );

  it.skipIf(!xer)('a failed job reports its errors; a stopped job leaves no version', async () => {
    const before = await versions();
    const failed = await upload(
      h.app,
      auth,
      '/batch-processing/import',
      { name: 'cut.xer', data: truncated() },
      {
        schedule_id: schedule,
      },
    );
    expect(failed.statusCode, failed.body).toBe(201);
    const f = await until(failed.json().id);
    expect(f.state).toBe('failed');
    expect(f.errors[0]).toMatchObject({ code: 'import.truncated' });

    const res = await upload(h.app, auth, `/schedules/${schedule}/versions/upload`, {
      name: 'tp.xer',
      data: xer!,
    });
    const stop = await call(h.app, api.transfer.batchStop, { ...auth, body: { job_id: res.json().id } });
    expect(stop.statusCode, stop.body).toBe(200);
    const s = await until(res.json().id);
    expect(['stopped', 'done']).toContain(s.state);
    if (s.state === 'stopped') expect(await versions()).toBe(before);
    const again = await call(h.app, api.transfer.batchStop, { ...auth, body: { job_id: res.json().id } });
    expect(again.statusCode).toBe(409);
  });

  it('fails a job left running by a server that died, on the next start', async () => {
    const { space } = auth;
    const orphan = await h.database.db
      .insertInto('jobs')
      .values({
        space_id: space,
        type: 'import_version',
        state: 'running',
        lang: 'en',
        user_id: null,
        params: '{}',
        errors: '[]',
        runner: 'a-process-that-died',
        started_at: new Date(Date.now() - 3_600_000),
        heartbeat_at: new Date(Date.now() - 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await buildApp({ database: h.database, config: testConfig({ dataDir }) });
    await second.ready();
    let job: Job | undefined;
    for (let i = 0; i < 50 && job?.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [job] = await report([orphan.id]);
    }
    expect(job).toMatchObject({ state: 'failed', errors: [{ code: 'job.interrupted' }] });
    expect(job!.errors[0]!.error_message).toMatch(/server stopped/);
    await second.close();
  });

  it('keeps documents of a schedule: upload, list, download, delete', async () => {
    const res = await upload(h.app, auth, `/storage/schedule/${schedule}`, {
      name: 'Спецификация.txt',
      data: 'hello',
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as StoredFile;
    expect(file).toMatchObject({ kind: 'documents', name: 'Спецификация.txt', size: 5 });
    const list = await call(h.app, api.transfer.storageList, { ...auth, params: { id: schedule } });
    expect((list.json() as StoredFile[]).map((f) => f.id)).toContain(file.id);
    const dl = await call(h.app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
    expect(dl.body).toBe('hello');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''");
    const thumb = await call(h.app, api.transfer.storageThumbnail, { ...auth, params: { id: file.id } });
    expect(thumb.statusCode).toBe(404);
    const del = await call(h.app, api.transfer.storageDelete, { ...auth, params: { id: file.id } });
    expect(del.statusCode).toBe(200);
    const gone = await call(h.app, api.transfer.storageDownload, { ...auth, params: { id: file.id } });
    expect(gone.statusCode).toBe(404);
    const max = await call(h.app, api.transfer.storageMaxSize, { ...auth });
    expect(max.json().max_size).toBe(200 * 1024 * 1024);
  });

  it('saves upload rules per user and offers the last one', async () => {
    const rule = {
      name: 'Site export',
      skip_rows: 2,
      columns: { A: 'code', B: 'name', C: 'durationDays' },
      has_header: true,
    };
    const put = await call(h.app, api.transfer.saveImportSettings, {
      token: auth.token,
      body: { rule, schedule_id: schedule },
    });
    expect(put.statusCode, put.body).toBe(200);
    const csv = 'Exported by site\n\nCode,Name,Days\nA1,Dig,3\nA2,Pour,2\n';
    const res = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: 'site.csv', data: csv },
      {
        rule: JSON.stringify(rule),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const got = await call(h.app, api.transfer.importSettings, {
      token: auth.token,
      query: { schedule_id: schedule },
    });
    expect(got.json()).toMatchObject({ last_rule: 'Site export', rules: [rule] });
    const badRule = await upload(
      h.app,
      auth,
      `/schedules/${schedule}/versions/upload/synchronous`,
      { name: 'site.csv', data: csv },
      {
        rule: '{"name": ""}',
      },
    );
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json().error_message[0].code).toBe('import.bad_rule');
  });
});
