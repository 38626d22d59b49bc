// Backups of schedules (src/api/backups.ts; docs/admin.md): make one (a backup_schedule job on the
// job runner), list, delete, restore (one transaction, then version_updated for each version and a
// `backup` event), and the periodic backup jobs the backup clock runs. A schedule or backup of
// another space is 404; a job of a schedule is one row per schedule.
import { readFile } from 'node:fs/promises';
import type { Kysely, Selectable } from 'kysely';
import { api } from '../../api';
import type { Backup, BackupJob } from '../../api/backups';
import type { AppContext } from '../context';
import type { DB, ScheduleBackupsTable } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { jobEnvFor, jobRunnerFor } from '../jobs/app-runner';
import { toJob } from '../jobs/mappers';
import { iso } from '../services/mappers';
import { getNode } from '../services/eps';
import { checkQuota, deleteFile, getFile, readBytes, saveUpload, spaceLimits } from '../storage/files';
import { sendStored } from '../storage/send';
import { incomingDir } from '../storage/storage';
import { receiveUpload } from '../storage/upload';
import { BACKUP_MIME, backupJob, firstRun, startBackupClock } from '../backups/backups';
import type { BackupJobRow } from '../backups/backups';
import { decodeBackup, figuresOf, restoreSchedule } from '../backups/snapshot';
import { parseCron } from '../../domain/admin/periodicity';

const NEVER = '9999-12-31';

const toBackupJob = (j: BackupJobRow & { schedule_name: string }): BackupJob => ({
  id: j.id,
  schedule_id: j.schedule_id,
  schedule_name: j.schedule_name,
  periodicity: j.periodicity,
  cron: j.cron,
  keep: j.keep,
  next_run_at: iso(j.next_run_at).startsWith(NEVER) ? null : iso(j.next_run_at),
  last_run_at: j.last_run_at ? iso(j.last_run_at) : null,
  created_at: iso(j.created_at),
});

function jobsQuery(db: Kysely<DB>, spaceId: string) {
  return db
    .selectFrom('backup_jobs as j')
    .innerJoin('eps_nodes as n', (x) =>
      x.onRef('n.space_id', '=', 'j.space_id').onRef('n.id', '=', 'j.schedule_id'),
    )
    .selectAll('j')
    .select('n.name as schedule_name')
    .where('j.space_id', '=', spaceId);
}

type BackupRow = Selectable<ScheduleBackupsTable> & {
  schedule_name: string;
  name: string;
  size: number | string;
};

const toBackup = (b: BackupRow): Backup => ({
  id: b.id,
  schedule_id: b.schedule_id,
  schedule_name: b.schedule_name,
  name: b.name,
  size: Number(b.size),
  versions: b.versions,
  rows: b.rows,
  backup_job_id: b.backup_job_id,
  created_by: b.created_by,
  created_at: iso(b.created_at),
  restored_at: b.restored_at ? iso(b.restored_at) : null,
  uploaded_at: b.uploaded_at ? iso(b.uploaded_at) : null,
});

function backupsQuery(db: Kysely<DB>, spaceId: string) {
  return db
    .selectFrom('schedule_backups as b')
    .innerJoin('stored_files as f', (x) =>
      x.onRef('f.space_id', '=', 'b.space_id').onRef('f.id', '=', 'b.id'),
    )
    .innerJoin('eps_nodes as n', (x) =>
      x.onRef('n.space_id', '=', 'b.space_id').onRef('n.id', '=', 'b.schedule_id'),
    )
    .selectAll('b')
    .select(['n.name as schedule_name', 'f.name', 'f.size'])
    .where('b.space_id', '=', spaceId);
}

async function getBackup(db: Kysely<DB>, spaceId: string, scheduleId: string, id: string) {
  const b = await backupsQuery(db, spaceId)
    .where('b.id', '=', id)
    .where('b.schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (!b) throw notFound('backup');
  return b;
}

export function backupRoutes(ctx: AppContext) {
  const { db, events } = ctx;
  const runner = jobRunnerFor(ctx);
  const env = jobEnvFor(ctx);
  void runner.start().catch(() => undefined);
  startBackupClock(db, runner);

  return [
    implement(api.backups.listJobs, async ({ space }) => ({
      items: (await jobsQuery(db, space.spaceId).orderBy('n.name').execute()).map(toBackupJob),
    })),

    implement(api.backups.deleteJobs, async ({ space }) => {
      const gone = await db
        .deleteFrom('backup_jobs')
        .where('space_id', '=', space.spaceId)
        .returning('id')
        .execute();
      return { success: true as const, deleted: gone.length };
    }),

    implement(api.backups.setJob, async ({ params, body, space, userId }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const cron = body.periodicity === 'cron' ? body.cron : null;
      if (body.periodicity === 'cron' && (cron === null || !parseCron(cron)))
        throw badRequest('invalid', { field: 'body.cron' });
      const next = firstRun(body.periodicity, cron);
      if (!next) throw badRequest('backup.cron_never', { field: 'body.cron' });
      const values = {
        periodicity: body.periodicity,
        cron,
        keep: body.keep,
        user_id: userId,
        next_run_at: next,
      };
      await db
        .insertInto('backup_jobs')
        .values({ space_id: space.spaceId, schedule_id: params.id, ...values })
        .onConflict((oc) => oc.columns(['space_id', 'schedule_id']).doUpdateSet(values))
        .execute();
      const row = await jobsQuery(db, space.spaceId)
        .where('j.schedule_id', '=', params.id)
        .executeTakeFirstOrThrow();
      return toBackupJob(row);
    }),

    implement(api.backups.hasJob, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const row = await jobsQuery(db, space.spaceId)
        .where('j.schedule_id', '=', params.id)
        .executeTakeFirst();
      return { has: !!row, job: row ? toBackupJob(row) : null };
    }),

    implement(api.backups.deleteJob, async ({ params, space }) => {
      const gone = await db
        .deleteFrom('backup_jobs')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returning('id')
        .executeTakeFirst();
      if (!gone) throw notFound('backup_job');
      return { success: true as const };
    }),

    implement(api.backups.list, async ({ query, space }) => {
      const rows = await backupsQuery(db, space.spaceId)
        .$if(!!query.schedule_id, (q) => q.where('b.schedule_id', '=', query.schedule_id!))
        .orderBy('b.created_at', 'desc')
        .limit(1000)
        .execute();
      return { items: rows.map(toBackup) };
    }),

    implement(api.backups.create, async ({ params, space, userId, lang }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const job = await runner.enqueue(backupJob(space.spaceId, params.id, userId, lang, null));
      return toJob(job, lang);
    }),

    implement(api.backups.remove, async ({ params, space }) => {
      await getBackup(db, space.spaceId, params.id, params.backup_id);
      await deleteFile(db, env.storage, await getFile(db, space.spaceId, params.backup_id));
      events.publish({
        event: 'backup',
        space_id: space.spaceId,
        ids: [params.backup_id, params.id],
        payload: { state: 'deleted', schedule_id: params.id, backup_id: params.backup_id },
      });
      return { success: true as const };
    }),

    // The stored file as it is, streamed (a large schedule is never held whole in memory here).
    implement(api.backups.download, async ({ params, space, req }) => {
      const b = await getBackup(db, space.spaceId, params.id, params.backup_id);
      return sendStored(req, env.storage, await getFile(db, space.spaceId, b.id));
    }),

    // A backup file brought back: streamed to a staging file, checked whole (backup-file.ts), then
    // stored as one more backup of the schedule. Nothing of the schedule changes until it is
    // restored (one transaction, as any backup).
    implement(api.backups.upload, async ({ params, space, userId, req }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const limits = await spaceLimits(db, space.spaceId, ctx.config.storageMaxFileBytes);
      const up = await receiveUpload(req, { maxBytes: limits.maxFile, dir: incomingDir(ctx.config.dataDir) });
      let content;
      try {
        await checkQuota(db, space.spaceId, limits.quota, up.size);
        content = decodeBackup(await readFile(up.path), space.spaceId, params.id);
      } catch (err) {
        await up.discard();
        throw err;
      }
      const file = await saveUpload(
        db,
        env.storage,
        { ...up, mime: BACKUP_MIME },
        { spaceId: space.spaceId, kind: 'backup', scheduleId: params.id, userId },
        null,
      );
      const figures = figuresOf(content);
      await db
        .insertInto('schedule_backups')
        .values({
          space_id: space.spaceId,
          id: file.id,
          schedule_id: params.id,
          backup_job_id: null,
          versions: figures.versions,
          rows: figures.rows,
          created_by: userId,
          created_at: new Date(content.created_at),
          uploaded_at: new Date(),
        })
        .execute();
      events.publish({
        event: 'backup',
        space_id: space.spaceId,
        ids: [file.id, params.id],
        payload: { state: 'uploaded', schedule_id: params.id, backup_id: file.id },
      });
      return toBackup(await getBackup(db, space.spaceId, params.id, file.id));
    }),

    implement(api.backups.restore, async ({ params, space }) => {
      const b = await getBackup(db, space.spaceId, params.id, params.backup_id);
      const content = decodeBackup(
        await readBytes(env.storage, await getFile(db, space.spaceId, b.id)),
        space.spaceId,
        params.id,
      );
      const restoredAt = new Date();
      // One transaction: a file the database refuses half-way (a row it cannot take) leaves the
      // schedule as it was, and the caller is told so rather than given a 500.
      const out = await db
        .transaction()
        .execute(async (tx) => {
          const r = await restoreSchedule(tx, space.spaceId, params.id, content);
          await tx
            .updateTable('schedule_backups')
            .set({ restored_at: restoredAt })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', b.id)
            .execute();
          return r;
        })
        .catch((err: unknown) => {
          if (err instanceof HttpError) throw err;
          const reason = err instanceof Error ? err.message.slice(0, 200) : String(err);
          throw badRequest('backup.restore_failed', { reason });
        });
      for (const id of [...out.versionIds, ...out.removedVersionIds]) {
        events.publish({
          event: 'version_updated',
          space_id: space.spaceId,
          ids: [id],
          payload: { revision: out.revisions[id] ?? null, origin: 'backup_restore', backup_id: b.id },
        });
      }
      events.publish({
        event: 'eps_updated',
        space_id: space.spaceId,
        ids: [params.id],
        payload: { schedule_id: params.id },
      });
      const backupCreatedAt = iso(b.created_at);
      events.publish({
        event: 'backup',
        space_id: space.spaceId,
        ids: [b.id, params.id],
        payload: {
          state: 'restored',
          schedule_id: params.id,
          backup_id: b.id,
          backup_created_at: backupCreatedAt,
        },
      });
      return {
        backup_id: b.id,
        schedule_id: params.id,
        backup_created_at: backupCreatedAt,
        restored_at: restoredAt.toISOString(),
        version_ids: out.versionIds,
        removed_version_ids: out.removedVersionIds,
        versions: out.figures.versions,
        rows: out.figures.rows,
      };
    }),
  ];
}
