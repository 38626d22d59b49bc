// Backups of a schedule (issue 21): back up the demo schedule (a backup_schedule job), change it —
// rows deleted, one renamed, a version added, a calendar deleted — restore, and the schedule is as
// it was (rows, relations, undo log, versions; the revision moves on); delete; periodic jobs (set,
// has, list, due runs with their keep, delete); bad input named in en and ru. Runs on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL (the integration-pg project).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Backup, BackupJob, BackupRestored, Version, VersionContent } from '../../src/api';
import type { Job } from '../../src/api/transfer';
import { runBackup, runDueBackups } from '../../src/server/backups/backups';
import { testConfig } from '../../src/server/config';
import type { JobType } from '../../src/server/db/schema';
import { EventHub } from '../../src/server/events/hub';
import { JobRunner } from '../../src/server/jobs/runner';
import type { JobHandler } from '../../src/server/jobs/runner';
import { storageFor } from '../../src/server/storage/storage';
import { deleteRows, updateValues, WBS_COLUMNS } from '../../src/domain/wbs';
import { wbsState } from '../../src/domain/wbs/change';
import { makeSpace, readVersionDoc, sendChange, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('schedule backups', () => {
  let h: Harness;
  let app: FastifyInstance;
  let auth: { token: string; space: string };
  let schedule: string;
  let version: string;
  let login: string;

  const sp = () => ({ space_id: auth.space });

  async function waitJob(id: string): Promise<Job> {
    for (let i = 0; i < 200; i++) {
      const res = await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [id] } });
      const [job] = res.json() as Job[];
      if (job && !['queued', 'running'].includes(job.state)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not end');
  }

  async function backUp(): Promise<Backup> {
    const res = await call(app, api.backups.create, { ...auth, params: { ...sp(), id: schedule } });
    expect(res.statusCode, res.body).toBe(201);
    const job = await waitJob((res.json() as Job).id);
    expect(job.state, JSON.stringify(job.errors)).toBe('done');
    const list = await call(app, api.backups.list, {
      ...auth,
      params: sp(),
      query: { schedule_id: schedule },
    });
    const b = (list.json() as { items: Backup[] }).items.find((x) => x.id === job.file_id);
    expect(b).toBeDefined();
    return b!;
  }

  const content = async (id: string) => (await readVersionDoc(app, auth, id)).content;
  const versions = async () =>
    (await call(app, api.versions.list, { ...auth, params: { id: schedule } })).json() as Version[];

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const u = await signUp(app, 'backup');
    login = u.login;
    const space = await makeSpace(app, u.token, 'Backups');
    auth = { token: u.token, space };
    const demo = await call(app, api.space.demo, { token: u.token, params: { space_id: space } });
    expect(demo.statusCode, demo.body).toBe(201);
    ({ schedule_id: schedule, version_id: version } = demo.json() as {
      schedule_id: string;
      version_id: string;
    });
  });
  afterAll(() => h.close());

  it('backs up, changes, restores: the rows, relations and versions are back', async () => {
    // One edit first, so that the undo log has an entry to keep.
    let doc = (await readVersionDoc(app, auth, version)).doc;
    let st = wbsState(doc, false);
    const task = [...doc.rows.values()].find((r) => r.nodeType === 'task')!;
    const renamed = await sendChange(
      app,
      auth,
      version,
      (await content(version)).version.revision,
      updateValues(st.doc, st.index, [{ id: task.id, column: WBS_COLUMNS.name, value: 'Before backup' }]),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The row's executor and curator and its accepted curator dates are backed up too.
    const me = await h.database.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    const rowKey = { space_id: auth.space, version_id: version, wbs_id: task.id };
    await h.database.db
      .insertInto('wbs_people')
      .values({ ...rowKey, executor_id: me.id, curator_id: me.id })
      .execute();
    await h.database.db
      .insertInto('curator_dates')
      .values({ ...rowKey, accepted_start: 1000, accepted_finish: 2000, accepted_by: me.id })
      .execute();
    const before: VersionContent = await content(version);
    const undoBefore = (
      await call(app, api.wbsBatch.undoActions, {
        ...auth,
        params: { id: version },
        query: { offset: '0', limit: '50' },
      })
    ).json() as { total?: number; items?: unknown[] };
    const versionsBefore = await versions();

    const t0 = Date.now();
    const backup = await backUp();
    const backupMs = Date.now() - t0;
    expect(backup.rows).toBeGreaterThanOrEqual(before.items.length);
    expect(backup.versions).toBe(versionsBefore.length);
    expect(backup.size).toBeGreaterThan(100);

    // Change: rename, delete ten rows, add a version.
    doc = (await readVersionDoc(app, auth, version)).doc;
    st = wbsState(doc, false);
    const r1 = await sendChange(
      app,
      auth,
      version,
      before.version.revision,
      updateValues(st.doc, st.index, [{ id: task.id, column: WBS_COLUMNS.name, value: 'After backup' }]),
    );
    expect(r1.statusCode, r1.body).toBe(200);
    doc = (await readVersionDoc(app, auth, version)).doc;
    st = wbsState(doc, false);
    const leaves = [...doc.rows.values()]
      .filter((r) => r.nodeType === 'task' && r.id !== task.id)
      .slice(0, 10);
    const r2 = await sendChange(
      app,
      auth,
      version,
      (r1.json() as { revision: number }).revision,
      deleteRows(
        st.doc,
        st.index,
        leaves.map((r) => r.id),
      ),
    );
    expect(r2.statusCode, r2.body).toBe(200);
    const added = await call(app, api.versions.create, {
      ...auth,
      params: { id: schedule },
      body: { label: 'Made after', copy_from_version_id: version },
    });
    expect(added.statusCode, added.body).toBe(201);
    await h.database.db.deleteFrom('wbs_people').where('wbs_id', '=', task.id).execute();
    await h.database.db.deleteFrom('curator_dates').where('wbs_id', '=', task.id).execute();
    const changed = await content(version);
    expect(changed.items.length).toBeLessThan(before.items.length);
    expect(changed.items.find((i) => i.id === task.id)?.name).toBe('After backup');

    const t1 = Date.now();
    const res = await call(app, api.backups.restore, {
      ...auth,
      params: { ...sp(), id: schedule, backup_id: backup.id },
    });
    const restoreMs = Date.now() - t1;
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as BackupRestored;
    expect(out.backup_created_at).toBe(backup.created_at);
    expect(out.removed_version_ids).toEqual([(added.json() as Version).id]);
    console.log(
      JSON.stringify({
        rows: backup.rows,
        versions: backup.versions,
        bytes: backup.size,
        backupMs,
        restoreMs,
      }),
    );

    const after = await content(version);
    const strip = (c: VersionContent) => ({
      items: [...c.items].sort((a, b) => a.id.localeCompare(b.id)),
      relations: [...c.relations].sort((a, b) => a.id.localeCompare(b.id)),
    });
    expect(strip(after)).toEqual(strip(before));
    expect(after.items.find((i) => i.id === task.id)?.name).toBe('Before backup');
    const people = await h.database.db
      .selectFrom('wbs_people')
      .select(['executor_id', 'curator_id'])
      .where('version_id', '=', version)
      .where('wbs_id', '=', task.id)
      .execute();
    expect(people).toEqual([{ executor_id: me.id, curator_id: me.id }]);
    const accepted = await h.database.db
      .selectFrom('curator_dates')
      .select(['accepted_start', 'accepted_finish'])
      .where('version_id', '=', version)
      .where('wbs_id', '=', task.id)
      .execute();
    expect(accepted).toEqual([{ accepted_start: 1000, accepted_finish: 2000 }]);
    expect(after.version.revision).toBeGreaterThan(changed.version.revision);
    expect((await versions()).map((v) => v.id).sort()).toEqual(versionsBefore.map((v) => v.id).sort());
    const undoAfter = (
      await call(app, api.wbsBatch.undoActions, {
        ...auth,
        params: { id: version },
        query: { offset: '0', limit: '50' },
      })
    ).json() as { total?: number; items?: unknown[] };
    expect(undoAfter).toEqual(undoBefore);

    // The workbench keeps working on the restored version: the next batch at its revision applies.
    doc = (await readVersionDoc(app, auth, version)).doc;
    st = wbsState(doc, false);
    const next = await sendChange(
      app,
      auth,
      version,
      after.version.revision,
      updateValues(st.doc, st.index, [{ id: task.id, column: WBS_COLUMNS.name, value: 'Edited again' }]),
    );
    expect(next.statusCode, next.body).toBe(200);

    const listed = (await call(app, api.backups.list, { ...auth, params: sp() })).json() as {
      items: Backup[];
    };
    expect(listed.items.find((b) => b.id === backup.id)?.restored_at).not.toBeNull();
  });

  it('deletes a backup (row and file); a backup of another schedule or unknown id is 404', async () => {
    const backup = await backUp();
    const wrong = await call(app, api.backups.restore, {
      ...auth,
      params: { ...sp(), id: version, backup_id: backup.id },
    });
    expect(wrong.statusCode).toBe(404);
    const del = await call(app, api.backups.remove, {
      ...auth,
      params: { ...sp(), id: schedule, backup_id: backup.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    const again = await call(app, api.backups.remove, {
      ...auth,
      params: { ...sp(), id: schedule, backup_id: backup.id },
    });
    expect(again.statusCode).toBe(404);
    const file = await h.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('id', '=', backup.id)
      .executeTakeFirst();
    expect(file).toBeUndefined();
  });

  it('periodic jobs: set, has, list, due runs keep the last N, delete', async () => {
    const none = await call(app, api.backups.hasJob, { ...auth, params: { ...sp(), id: schedule } });
    expect(none.json()).toEqual({ has: false, job: null });
    const set = await call(app, api.backups.setJob, {
      ...auth,
      params: { ...sp(), id: schedule },
      body: { periodicity: 'cron', cron: '0 3 * * *', keep: 2 },
    });
    expect(set.statusCode, set.body).toBe(201);
    const job = set.json() as BackupJob;
    expect(job.next_run_at).toMatch(/T03:00:00/);
    const weekly = await call(app, api.backups.setJob, {
      ...auth,
      params: { ...sp(), id: schedule },
      body: { periodicity: '2weekly', keep: 2 },
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    expect((weekly.json() as BackupJob).id).toBe(job.id);
    const has = (
      await call(app, api.backups.hasJob, { ...auth, params: { ...sp(), id: schedule } })
    ).json() as {
      has: boolean;
      job: BackupJob;
    };
    expect(has.has).toBe(true);
    expect(has.job.periodicity).toBe('2weekly');

    // Three due runs (the clock's work, called here at once): two backups of the job stay.
    // The clock's work, called here at once on a runner of the same database and storage.
    const config = testConfig();
    const runner = new JobRunner(
      { db: h.database.db, events: new EventHub(h.database.db), storage: storageFor(config.dataDir), config },
      { backup_schedule: runBackup } as unknown as Record<JobType, JobHandler>,
    );
    for (let i = 0; i < 3; i++) {
      await h.database.db
        .updateTable('backup_jobs')
        .set({ next_run_at: new Date(Date.now() - 1000) })
        .execute();
      expect(await runDueBackups(h.database.db, runner)).toBe(1);
      for (let k = 0; k < 200; k++) {
        const open = await h.database.db
          .selectFrom('jobs')
          .select('id')
          .where('type', '=', 'backup_schedule')
          .where('state', 'in', ['queued', 'running'])
          .execute();
        if (!open.length) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    runner.stop();
    const list = (
      await call(app, api.backups.list, { ...auth, params: sp(), query: { schedule_id: schedule } })
    ).json() as { items: Backup[] };
    expect(list.items.filter((b) => b.backup_job_id === job.id)).toHaveLength(2);
    const listed = (await call(app, api.backups.listJobs, { ...auth, params: sp() })).json() as {
      items: BackupJob[];
    };
    expect(listed.items.map((j) => j.id)).toEqual([job.id]);
    expect(new Date(listed.items[0]!.next_run_at!).getTime()).toBeGreaterThan(Date.now() + 13 * 86400_000);

    const del = await call(app, api.backups.deleteJob, { ...auth, params: { ...sp(), id: job.id } });
    expect(del.statusCode, del.body).toBe(200);
    const all = await call(app, api.backups.deleteJobs, { ...auth, params: sp() });
    expect(all.json()).toEqual({ success: true, deleted: 0 });
  });

  it('names the bad field in en and ru', async () => {
    for (const [lang, text] of [
      ['en', 'Invalid value: body.cron'],
      ['ru', 'body.cron'],
    ] as const) {
      const res = await call(app, api.backups.setJob, {
        ...auth,
        headers: { language: lang },
        params: { ...sp(), id: schedule },
        body: { periodicity: 'cron', cron: '61 * * * *' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(text);
    }
    const ru = await call(app, api.backups.setJob, {
      ...auth,
      headers: { language: 'ru' },
      params: { ...sp(), id: schedule },
      body: { periodicity: 'hourly' },
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.body).toContain('body.periodicity');
    expect(ru.body).toMatch(/[а-я]/);
    const extra = await call(app, api.backups.setJob, {
      ...auth,
      params: { ...sp(), id: schedule },
      body: { periodicity: 'daily', when: 'now' },
    });
    expect(extra.statusCode).toBe(400);
  });
});
