// Backups of schedules as jobs (issue 21; docs/admin.md): the backup_schedule job reads the
// schedule in one transaction (a consistent copy), writes it gzipped as a stored file of kind
// `backup` with a schedule_backups row, and trims a periodic job's backups to its `keep`. The
// backup clock (one per server, every BACKUP_TICK_MS) claims backup jobs that are due — each by an
// UPDATE that moves its next run, so only one process takes it — and queues backup_schedule jobs
// on the job runner. Restore and delete are calls (routes/backups.ts).
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Periodicity } from '../../domain/admin/periodicity';
import { nextRun } from '../../domain/admin/periodicity';
import type { BackupJobsTable, DB } from '../db/schema';
import { notFound } from '../errors';
import { deleteFile, getFile, saveFile } from '../storage/files';
import type { Storage } from '../storage/storage';
import type { JobEnv, JobOutcome, JobRow, JobRunner, RunningJob } from '../jobs/runner';
import { encodeBackup, figuresOf, readSchedule } from './snapshot';

export type BackupJobRow = Selectable<BackupJobsTable>;

export const BACKUP_MIME = 'application/gzip';
export const BACKUP_TICK_MS = 30_000;

/** The queued backup_schedule job of a schedule (backup_job_id: the periodic job that asks it). */
export function backupJob(
  spaceId: string,
  scheduleId: string,
  userId: string | null,
  lang: string,
  backupJobId: string | null,
) {
  return {
    space_id: spaceId,
    type: 'backup_schedule' as const,
    user_id: userId,
    lang,
    schedule_id: scheduleId,
    params: { backup_job_id: backupJobId },
  };
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ').replace(':', '-');

/** backup_schedule: writes the backup file and its row. */
export async function runBackup(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const scheduleId = job.schedule_id!;
  const node = await env.db
    .selectFrom('eps_nodes')
    .select(['name'])
    .where('space_id', '=', job.space_id)
    .where('id', '=', scheduleId)
    .where('kind', '=', 'schedule')
    .executeTakeFirst();
  if (!node) throw notFound('schedule');
  run.setProgress(5);
  const content = await env.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((tx) => readSchedule(tx, job.space_id, scheduleId, node.name));
  run.checkStop();
  run.setProgress(60);
  const data = encodeBackup(content);
  const backupJobId = typeof job.params.backup_job_id === 'string' ? job.params.backup_job_id : null;
  const userId = job.user_id || null;
  const file = await saveFile(env.db, env.storage, {
    spaceId: job.space_id,
    kind: 'backup',
    name: `${node.name} ${stamp(new Date(content.created_at))}.json.gz`,
    mime: BACKUP_MIME,
    data,
    scheduleId,
    userId,
  });
  const figures = figuresOf(content);
  await env.db
    .insertInto('schedule_backups')
    .values({
      space_id: job.space_id,
      id: file.id,
      schedule_id: scheduleId,
      backup_job_id: backupJobId,
      versions: figures.versions,
      rows: figures.rows,
      created_by: userId,
      created_at: new Date(content.created_at),
    })
    .execute();
  if (backupJobId) await trimBackups(env.db, env.storage, job.space_id, backupJobId);
  return { file_id: file.id };
}

/** Deletes a periodic job's oldest backups beyond its `keep`. */
export async function trimBackups(db: Kysely<DB>, storage: Storage, spaceId: string, backupJobId: string) {
  const job = await db
    .selectFrom('backup_jobs')
    .select('keep')
    .where('space_id', '=', spaceId)
    .where('id', '=', backupJobId)
    .executeTakeFirst();
  if (!job) return;
  const old = await db
    .selectFrom('schedule_backups')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('backup_job_id', '=', backupJobId)
    .orderBy('created_at', 'desc')
    .offset(job.keep)
    .limit(1000)
    .execute();
  for (const b of old) await deleteFile(db, storage, await getFile(db, spaceId, b.id));
}

/** Queues the backups of the periodic jobs that are due; returns how many. */
export async function runDueBackups(db: Kysely<DB>, runner: JobRunner, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('backup_jobs')
    .selectAll()
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(100)
    .execute();
  let queued = 0;
  for (const j of due) {
    // The next run counts from the one due (not from now), so a daily 03:00 stays at 03:00;
    // runs missed while the server was down are not made up one by one.
    let next = nextRun(j.periodicity, j.cron, j.next_run_at);
    while (next && next <= now) next = nextRun(j.periodicity, j.cron, next);
    const { rows } = await sql<{ id: string }>`
      UPDATE backup_jobs SET next_run_at = ${next ?? new Date('9999-12-31T00:00:00Z')}, last_run_at = ${now}
      WHERE space_id = ${j.space_id} AND id = ${j.id} AND next_run_at = ${j.next_run_at}
      RETURNING id`.execute(db);
    if (!rows.length) continue; // another process took it
    await runner.enqueue(backupJob(j.space_id, j.schedule_id, j.user_id, 'en', j.id));
    queued++;
  }
  return queued;
}

const clocks = new WeakMap<JobRunner, ReturnType<typeof setInterval>>();

/** Starts the backup clock of a server once (the routes start it with the job runner). */
export function startBackupClock(db: Kysely<DB>, runner: JobRunner): void {
  if (clocks.has(runner)) return;
  let failures = 0;
  const timer = setInterval(() => {
    runDueBackups(db, runner)
      .then(() => (failures = 0))
      .catch(() => {
        // A closed database (tests, shutdown) ends the clock after a few tries.
        if (++failures > 3) clearInterval(timer);
      });
  }, BACKUP_TICK_MS);
  timer.unref();
  clocks.set(runner, timer);
}

/** First run of a new or changed periodic job. */
export function firstRun(periodicity: Periodicity, cron: string | null, now = new Date()): Date | null {
  return nextRun(periodicity, cron, now);
}
