// Backups as files (issue 21): a backup downloaded (streamed, ranges, its stored bytes), the
// schedule changed and the backup deleted on the server, the file uploaded back (a new backup of
// the schedule) and restored: the rows are as they were. Bad files are refused with what is wrong
// (en, ru) and nothing stored; a file the database refuses half-way through a restore leaves the
// schedule as it was; another space's file or schedule is refused (tenancy).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Backup, VersionContent } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { API_PREFIX } from '../../src/api/route';
import { deleteRows } from '../../src/domain/wbs';
import { wbsState } from '../../src/domain/wbs/change';
import { makeSpace, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { formBody } from './support/form';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('backups as files', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let other: { token: string; space: string; schedule: string };
  let schedule: string;
  let version: string;

  async function demoIn(token: string, space: string) {
    const demo = await call(app, api.space.demo, { token, params: { space_id: space } });
    expect(demo.statusCode, demo.body).toBe(201);
    return demo.json() as { schedule_id: string; version_id: string };
  }

  async function backUp(): Promise<Backup> {
    const res = await call(app, api.backups.create, {
      ...auth,
      params: { space_id: auth.space, id: schedule },
    });
    expect(res.statusCode, res.body).toBe(201);
    let job = res.json() as Job;
    for (let i = 0; i < 200 && ['queued', 'running'].includes(job.state); i++) {
      await new Promise((r) => setTimeout(r, 50));
      [job] = (
        await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [job.id] } })
      ).json() as Job[];
    }
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    return (await list()).find((b) => b.id === job.file_id)!;
  }

  const list = async () =>
    (
      (
        await call(app, api.backups.list, {
          ...auth,
          params: { space_id: auth.space },
          query: { schedule_id: schedule },
        })
      ).json() as { items: Backup[] }
    ).items;

  const download = (b: Backup, headers: Record<string, string> = {}, as = auth) =>
    app.inject({
      method: 'GET',
      url: `${API_PREFIX}/space/${as.space}/schedules/${schedule}/backups/${b.id}/file`,
      headers: { authorization: `Bearer ${as.token}`, ...headers },
    });

  const upload = (
    data: Uint8Array | string,
    opts: { lang?: string; as?: { token: string; space: string }; scheduleId?: string; file?: string } = {},
  ) => {
    const as = opts.as ?? auth;
    const form = formBody([{ name: 'file', file: opts.file ?? 'backup.json.gz', data }]);
    return app.inject({
      method: 'POST',
      url: `${API_PREFIX}/space/${as.space}/schedules/${opts.scheduleId ?? schedule}/backups/upload`,
      headers: { authorization: `Bearer ${as.token}`, language: opts.lang ?? 'en', ...form.headers },
      payload: form.payload,
    });
  };

  const rowsOf = async () => {
    const c: VersionContent = (await readVersionDoc(app, auth, version)).content;
    return c.items.map((i) => `${i.id} ${i.name}`).sort();
  };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'bfile');
    const space = await makeSpace(app, u.token, 'Backup files');
    auth = { token: u.token, space };
    ({ schedule_id: schedule, version_id: version } = await demoIn(u.token, space));
    const v = await signUp(app, 'bfile-other');
    const otherSpace = await makeSpace(app, v.token, 'Elsewhere');
    other = { token: v.token, space: otherSpace, schedule: (await demoIn(v.token, otherSpace)).schedule_id };
  });
  afterAll(() => h.close());

  it('downloads a backup, uploads it back after it was deleted, and restores the rows from it', async () => {
    const before = await rowsOf();
    const backup = await backUp();

    const file = await download(backup);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename=".*\.json\.gz"/);
    expect(Number(file.headers['content-length'])).toBe(backup.size);
    const bytes = file.rawPayload;
    expect(bytes.length).toBe(backup.size);
    const content = JSON.parse(gunzipSync(bytes).toString('utf8')) as { schedule: { id: string } };
    expect(content.schedule.id).toBe(schedule);
    // A download broken off goes on where it stopped.
    const rest = await download(backup, { range: 'bytes=100-' });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.compare(rest.rawPayload, bytes.subarray(100))).toBe(0);

    // Ten rows deleted, the backup deleted on the server: only the file has the rows now.
    const { doc } = await readVersionDoc(app, auth, version);
    const st = wbsState(doc, false);
    const gone = [...doc.rows.values()].filter((r) => r.nodeType === 'task').slice(0, 10);
    const revision = (await readVersionDoc(app, auth, version)).content.version.revision;
    const del = await sendChange(
      app,
      auth,
      version,
      revision,
      deleteRows(
        st.doc,
        st.index,
        gone.map((r) => r.id),
      ),
    );
    expect(del.statusCode, del.body).toBe(200);
    const removed = await call(app, api.backups.remove, {
      ...auth,
      params: { space_id: auth.space, id: schedule, backup_id: backup.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect((await rowsOf()).length).toBe(before.length - 10);

    const up = await upload(bytes);
    expect(up.statusCode, up.body).toBe(201);
    const again = up.json() as Backup;
    expect(again).toMatchObject({
      schedule_id: schedule,
      versions: backup.versions,
      rows: backup.rows,
      size: backup.size,
      backup_job_id: null,
      name: 'backup.json.gz',
      // The backup's own date (the restore toast names it), not the upload's.
      created_at: backup.created_at,
    });
    expect(Date.parse(again.uploaded_at!)).toBeGreaterThan(Date.parse(backup.created_at));
    expect(backup.uploaded_at).toBeNull();
    expect((await list()).map((b) => b.id)).toEqual([again.id]);
    const restored = await call(app, api.backups.restore, {
      ...auth,
      params: { space_id: auth.space, id: schedule, backup_id: again.id },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await rowsOf()).toEqual(before);
    // The uploaded backup downloads as the same bytes.
    expect(Buffer.compare((await download(again)).rawPayload, bytes)).toBe(0);
  });

  it('refuses bad files with what is wrong, in en and ru, and stores nothing', async () => {
    const backup = (await list())[0] ?? (await backUp());
    const bytes = (await download(backup)).rawPayload;
    const json = JSON.parse(gunzipSync(bytes).toString('utf8')) as Record<string, unknown> & {
      format_version: number;
      schedule: { id: string };
      versions: { id: string; space_id: string }[];
      tables: Record<string, { version_id: string; space_id: string }[]>;
    };
    const edited = (change: (c: typeof json) => void) => {
      const c = structuredClone(json);
      change(c);
      return gzipSync(JSON.stringify(c));
    };
    const count = (await list()).length;
    const cases: [string, Uint8Array | string, string, RegExp][] = [
      ['backup.not_gzip', 'just some text', 'en', /not gzip-compressed/],
      ['backup.not_gzip', 'just some text', 'ru', /не сжат gzip/],
      ['backup.damaged', bytes.subarray(0, Math.floor(bytes.length / 2)), 'en', /damaged/],
      ['backup.damaged', gzipSync('{"format": '), 'ru', /повреждён/],
      ['backup.not_backup', gzipSync('{"hello": "world"}'), 'en', /not a schedule backup/],
      [
        'backup.newer_format',
        edited((c) => (c.format_version = 99)),
        'en',
        /newer version of the product \(format 99\)/,
      ],
      ['backup.other_schedule', edited((c) => (c.schedule.id = other.schedule)), 'en', /another schedule/],
      [
        'backup.inconsistent',
        edited((c) => (c.tables.wbs_items![0]!.version_id = other.schedule)),
        'ru',
        /изменён после создания \(wbs_items/,
      ],
    ];
    for (const [code, data, lang, text] of cases) {
      const res = await upload(data, { lang });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(res.json().error_message[0]).toMatchObject({ code });
      expect(res.json().error_message[0].error_message, code).toMatch(text);
    }
    const none = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/space/${auth.space}/schedules/${schedule}/backups/upload`,
      headers: { authorization: `Bearer ${auth.token}`, ...formBody([{ name: 'note', value: 'x' }]).headers },
      payload: formBody([{ name: 'note', value: 'x' }]).payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('body.file');
    expect((await list()).length).toBe(count);
  });

  it("keeps the schedule as it was when the database refuses the file's rows half-way", async () => {
    const backup = (await list())[0] ?? (await backUp());
    const json = JSON.parse(gunzipSync((await download(backup)).rawPayload).toString('utf8')) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    // The last row of the rows table has no id: the checks pass, the insert fails after the deletes.
    const rows = json.tables.wbs_items!;
    rows[rows.length - 1]!.id = null;
    const up = await upload(gzipSync(JSON.stringify(json)));
    expect(up.statusCode, up.body).toBe(201);
    const before = await rowsOf();
    const res = await call(app, api.backups.restore, {
      ...auth,
      headers: { language: 'ru' },
      params: { space_id: auth.space, id: schedule, backup_id: (up.json() as Backup).id },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_message[0]).toMatchObject({ code: 'backup.restore_failed' });
    expect(res.json().error_message[0].error_message).toMatch(/график не изменён/);
    expect(await rowsOf()).toEqual(before);
    expect(before.length).toBeGreaterThan(100);
  });

  it("refuses another space's file, schedule and backup ids (tenancy)", async () => {
    const backup = (await list())[0] ?? (await backUp());
    const bytes = (await download(backup)).rawPayload;
    // Another space's member: 403 on this space's download and upload.
    expect((await download(backup, {}, other)).statusCode).toBe(404); // their own space: no such backup
    const foreign = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/space/${auth.space}/schedules/${schedule}/backups/${backup.id}/file`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await upload(bytes, { as: { token: other.token, space: auth.space } })).statusCode).toBe(403);
    // In their own space, this space's schedule is unknown; the file does not fit their schedule.
    expect((await upload(bytes, { as: other })).statusCode).toBe(404);
    const theirs = await upload(bytes, { as: other, scheduleId: other.schedule, lang: 'en' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error_message[0]).toMatchObject({ code: 'backup.other_schedule' });
    // A file edited to name their schedule still carries this space's rows.
    const json = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      schedule: { id: string };
      versions: { schedule_id: string }[];
    };
    json.schedule.id = other.schedule;
    for (const v of json.versions) v.schedule_id = other.schedule;
    const moved = await upload(gzipSync(JSON.stringify(json)), { as: other, scheduleId: other.schedule });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_message[0]).toMatchObject({ code: 'backup.other_space' });
  });
});
