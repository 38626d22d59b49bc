// Backups of schedules and periodic backup jobs (spec §7 Space, Backups; issue 21; docs/admin.md).
// A backup holds every version of a schedule with its rows, relations, undo log, resources, plans
// and facts, the calendars they use and the schedule's attributes. Making one is a backup_schedule
// job (progress as `backup` events); restoring puts the schedule back in one transaction.
import { z } from 'zod';
import { Id, Ok, SpaceParams, Timestamp } from './common';
import { route } from './route';
import { Job } from './transfer';
import { PERIODICITIES } from '../domain/admin/periodicity';

export const Periodicity = z.enum(PERIODICITIES);
export type Periodicity = z.infer<typeof Periodicity>;

export const Backup = z.object({
  id: Id,
  schedule_id: Id,
  schedule_name: z.string(),
  /** The file's name (schedule and UTC time). */
  name: z.string(),
  size: z.number(),
  versions: z.number().int(),
  /** WBS rows of all its versions. */
  rows: z.number().int(),
  /** The periodic job that made it; null when made by hand. */
  backup_job_id: Id.nullable(),
  created_by: Id.nullable(),
  created_at: Timestamp,
  /** When it was last restored. */
  restored_at: Timestamp.nullable(),
  /** When it was uploaded as a file (null: made on this server). */
  uploaded_at: Timestamp.nullable(),
});
export type Backup = z.infer<typeof Backup>;

export const BackupJob = z.object({
  id: Id,
  schedule_id: Id,
  schedule_name: z.string(),
  periodicity: Periodicity,
  cron: z.string().nullable(),
  keep: z.number().int(),
  next_run_at: Timestamp.nullable(),
  last_run_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type BackupJob = z.infer<typeof BackupJob>;

export const BackupJobInput = z
  .object({
    periodicity: Periodicity,
    /** Five fields (minute hour day-of-month month day-of-week), UTC; with periodicity cron only. */
    cron: z.string().min(1).max(100).nullable().default(null),
    /** Backups of this job kept (older ones are deleted). */
    keep: z.number().int().min(1).max(100).default(10),
  })
  .strict();
export type BackupJobInput = z.input<typeof BackupJobInput>;

export const BackupRestored = z.object({
  backup_id: Id,
  schedule_id: Id,
  /** When the restored backup was made (the toast's date). */
  backup_created_at: Timestamp,
  restored_at: Timestamp,
  version_ids: z.array(Id),
  removed_version_ids: z.array(Id),
  versions: z.number().int(),
  rows: z.number().int(),
});
export type BackupRestored = z.infer<typeof BackupRestored>;

const ScheduleParams = z.object({ space_id: Id, id: Id }).strict();
const BackupParams = z.object({ space_id: Id, id: Id, backup_id: Id }).strict();

export const backupRoutes = {
  listJobs: route({
    method: 'GET',
    path: '/space/:space_id/schedules/backups/jobs',
    scope: 'space',
    summary: 'Periodic backup jobs of the space',
    params: SpaceParams,
    response: z.object({ items: z.array(BackupJob) }),
  }),
  deleteJobs: route({
    method: 'DELETE',
    path: '/space/:space_id/schedules/backups/jobs',
    scope: 'space',
    ability: 'admin',
    summary: 'Delete every periodic backup job of the space (their backups stay)',
    params: SpaceParams,
    response: z.object({ success: z.literal(true), deleted: z.number().int() }),
  }),
  setJob: route({
    method: 'POST',
    path: '/space/:space_id/schedules/:id/backups/jobs',
    scope: 'space',
    ability: 'edit',
    summary: "Set the schedule's periodic backup (one per schedule: replaces the one it has)",
    params: ScheduleParams,
    body: BackupJobInput,
    response: BackupJob,
    status: 201,
  }),
  hasJob: route({
    method: 'GET',
    path: '/space/:space_id/schedules/:id/backups/jobs/has',
    scope: 'space',
    summary: 'Whether the schedule has a periodic backup, and which',
    params: ScheduleParams,
    response: z.object({ has: z.boolean(), job: BackupJob.nullable() }),
  }),
  deleteJob: route({
    method: 'DELETE',
    path: '/space/:space_id/schedules/backups/jobs/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete one periodic backup job (its backups stay)',
    params: z.object({ space_id: Id, id: Id }).strict(),
    response: Ok,
  }),
  list: route({
    method: 'GET',
    path: '/space/:space_id/schedules/backups',
    scope: 'space',
    summary: 'Backups of the space, the newest first (schedule_id: of one schedule)',
    params: SpaceParams,
    query: z.object({ schedule_id: Id.optional() }).strict(),
    response: z.object({ items: z.array(Backup) }),
  }),
  create: route({
    method: 'POST',
    path: '/space/:space_id/schedules/:id/backups/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Back up the schedule now (queues a backup_schedule job; progress as backup events)',
    params: ScheduleParams,
    response: Job,
    status: 201,
  }),
  remove: route({
    method: 'DELETE',
    path: '/space/:space_id/schedules/:id/backups/:backup_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a backup of the schedule (row and file)',
    params: BackupParams,
    response: Ok,
  }),
  download: route({
    method: 'GET',
    path: '/space/:space_id/schedules/:id/backups/:backup_id/file',
    scope: 'space',
    ability: 'edit',
    summary:
      'The backup as a file (gzipped JSON, streamed; Range requests answered) to keep outside the server',
    params: BackupParams,
    response: 'blob',
  }),
  upload: route({
    method: 'POST',
    path: '/space/:space_id/schedules/:id/backups/upload',
    scope: 'space',
    ability: 'edit',
    summary:
      "A backup file of this schedule (multipart, field file; streamed to disk) checked and added to the schedule's backups, to restore like any other",
    params: ScheduleParams,
    consumes: 'multipart',
    response: Backup,
    status: 201,
  }),
  restore: route({
    method: 'PATCH',
    path: '/space/:space_id/schedules/:id/backups/:backup_id/restore',
    scope: 'space',
    ability: 'edit',
    summary:
      'Put the schedule back as the backup holds it (one transaction; version_updated and backup events)',
    params: BackupParams,
    response: BackupRestored,
  }),
};
