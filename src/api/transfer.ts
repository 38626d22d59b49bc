// Import and export of schedules: version upload (as a job or synchronous), version export,
// batch jobs with progress, stored files (kinds documents, temp, backup) and the per-user upload
// rules of the version upload dialog.
//
// Multipart uploads: field "file" (the schedule file), optional fields "label" (the new version's
// label) and "rule" (JSON of UploadRule, for CSV and XLSX). Jobs report progress in per cent
// through the live events import / export / timetable_calculate and batch_start / batch_finish.
import { z } from 'zod';
import { ErrorItem } from './errors';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { route } from './route';
import { Version } from './versions';
import { parseFilter } from '../domain/filter/parse';
import { GRID_INDICATORS } from '../domain/indicators/grid-filter';

export const JobType = z.enum([
  'import_version',
  'export_version',
  'calculate_timetable',
  'level_resources',
  'print_version',
  'bim_upload',
  'run_report',
  'backup_schedule',
  'batch_versions',
]);
export type JobType = z.infer<typeof JobType>;
export const JobState = z.enum(['queued', 'running', 'done', 'failed', 'stopped']);
export type JobState = z.infer<typeof JobState>;
export const StorageKind = z.enum(['documents', 'temp', 'backup']);
export type StorageKind = z.infer<typeof StorageKind>;

/** Spec §3 export formats; xer-primavera = xer, excel = xlsx, planr = the product's json. */
export const ExportFormat = z.enum([
  'json',
  'csv',
  'xer',
  'xer-primavera',
  'xml-primavera',
  'excel',
  'xml',
  'zip',
  'planr',
  'pdf',
  'xlsx',
]);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const StoredFile = z.object({
  id: Id,
  kind: StorageKind,
  schedule_id: Id.nullable(),
  version_id: Id.nullable(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: Timestamp,
  /** GET this (with the token) to download the file (byte ranges answered with 206). */
  download_url: z.string(),
  /** sha256 of the content (null for files stored before content hashing). */
  content_hash: z.string().nullable().optional(),
  /** GET this for a thumbnail (images only). */
  thumbnail_url: z.string().nullable().optional(),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** One version of a batch_versions job: its own state, its written file (export) and errors. */
export const BatchItem = z.object({
  schedule_id: Id,
  /** The version worked on; for an import, the version written (null until it is). */
  version_id: Id.nullable(),
  /** An import's file name (null for calculations and exports). */
  file_name: z.string().nullable(),
  state: JobState,
  file_id: Id.nullable(),
  errors: z.array(ErrorItem),
});
export type BatchItem = z.infer<typeof BatchItem>;

/** What a batch_versions job does with each version. */
export const BatchAction = z.enum(['calculate', 'export', 'import']);
export type BatchAction = z.infer<typeof BatchAction>;

export const Job = z.object({
  id: Id,
  type: JobType,
  state: JobState,
  /** 0–100. */
  progress: z.number().int(),
  schedule_id: Id.nullable(),
  /** Export, calculation: the version worked on; import: the version created (when done). */
  version_id: Id.nullable(),
  /** Import: the uploaded file; export: the written file (when done). */
  file_id: Id.nullable(),
  /** Why a job failed: the error list, texts in the caller's language. */
  errors: z.array(ErrorItem),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  /** batch_versions: calculate or export; null for other jobs. */
  batch_action: BatchAction.nullable(),
  /** batch_versions: every version in the order worked on (empty for other jobs). */
  items: z.array(BatchItem),
});
export type Job = z.infer<typeof Job>;

/** Field keys of the activity table (src/domain/io/csv/fields.ts); attr:KEY for attributes. */
const FieldKey = z
  .string()
  .regex(/^(attr:.+|[a-zA-Z0-9]+)$/)
  .max(64);

/** The upload rule of CSV and XLSX uploads: a name, rows to skip, column letter → field. */
export const UploadRule = z.object({
  name: Name,
  skip_rows: z.number().int().min(0).max(1000),
  /** Column letter ('A', 'AB') or 0-based index → field; empty = columns found by header names. */
  columns: z.record(z.string().regex(/^([A-Za-z]{1,3}|\d{1,4})$/), FieldKey).default({}),
  /** With columns: whether a header row follows the skipped rows. */
  has_header: z.boolean().default(true),
});
export type UploadRule = z.infer<typeof UploadRule>;

export const ImportSettings = z.object({
  /** The user's saved rules, the most recently used first. */
  rules: z.array(UploadRule),
  /** The rule to offer (last used for this schedule, else last used at all), or null. */
  last_rule: z.string().nullable(),
});
export type ImportSettings = z.infer<typeof ImportSettings>;

const VersionParams = z.object({ id: Id, version_id: Id });
const JobIdBody = z.object({ job_id: Id });

export const transferRoutes = {
  upload: route({
    method: 'POST',
    path: '/schedules/:id/versions/upload',
    scope: 'space',
    ability: 'edit',
    summary: 'Upload a schedule file as a new version: runs as an import_version job, answers the job',
    params: IdParams,
    consumes: 'multipart',
    response: Job,
    status: 201,
  }),
  uploadSynchronous: route({
    method: 'POST',
    path: '/schedules/:id/versions/upload/synchronous',
    scope: 'space',
    ability: 'edit',
    summary: 'Upload a schedule file as a new, calculated version and answer it when done',
    params: IdParams,
    consumes: 'multipart',
    response: Version,
    status: 201,
  }),
  exportVersion: route({
    method: 'POST',
    path: '/versions/:id/export/:format',
    scope: 'space',
    summary:
      'Export a version (as an export_version job, awaited) into a temp file to download; with ' +
      'item_ids only those rows (as a filtered grid shows them), the summaries above them, the ' +
      "relations between them and their assignments; with filter (the schedule page's filter " +
      'query parameter, JSON) and/or filter_indicator only the rows that pass, read from the ' +
      'stored rows and the dates of the last calculation, with the summaries above them',
    params: z.object({ id: Id, format: ExportFormat }),
    body: z
      .strictObject({
        item_ids: z.array(Id).min(1).max(200_000).optional(),
        filter: z
          .string()
          .max(20000)
          .superRefine((s, ctx) => {
            if (!parseFilter(s).ok) ctx.addIssue({ code: 'custom', params: { code: 'export.bad_filter' } });
          })
          .optional(),
        filter_indicator: z.enum(GRID_INDICATORS).optional(),
      })
      .nullish(),
    bodyLimit: 16 * 1024 * 1024,
    response: StoredFile,
    status: 201,
  }),
  batchImport: route({
    method: 'POST',
    path: '/batch-processing/import',
    scope: 'space',
    ability: 'edit',
    summary:
      'Queue an import_version job (multipart as upload, plus field "schedule_id"), or with ' +
      'several "file" parts and field "schedule_ids" (a JSON array, one schedule per file in ' +
      'order) one batch_versions job that imports each file as a new version of its schedule',
    consumes: 'multipart',
    response: Job,
    status: 201,
  }),
  batchExport: route({
    method: 'POST',
    path: '/batch-processing/export',
    scope: 'space',
    summary:
      'Queue an export_version job (version_id), or with version_ids one batch_versions job that ' +
      'exports each version into a file of its own',
    body: z.strictObject({
      version_id: Id.optional(),
      version_ids: z.array(Id).min(1).max(100).optional(),
      format: ExportFormat,
    }),
    response: Job,
    status: 201,
  }),
  batchTimetableCalc: route({
    method: 'POST',
    path: '/batch-processing/timetable-calc',
    scope: 'space',
    ability: 'edit',
    summary:
      'Queue a calculate_timetable job (version_id), or with version_ids one batch_versions job ' +
      'that calculates the versions one after another, each in its own transaction',
    body: z.strictObject({
      version_id: Id.optional(),
      version_ids: z.array(Id).min(1).max(100).optional(),
    }),
    response: Job,
    status: 201,
  }),
  batchStop: route({
    method: 'POST',
    path: '/batch-processing/stop',
    scope: 'space',
    ability: 'edit',
    summary:
      'Stop a queued or running job; a stopped import leaves no version behind, a stopped batch ' +
      'finishes the version it is on and leaves the rest untouched',
    body: JobIdBody,
    response: Job,
  }),
  batchReport: route({
    method: 'POST',
    path: '/batch-processing/report',
    scope: 'space',
    summary: 'State, progress and errors of the given jobs, or of the space’s latest 50',
    body: z.strictObject({ job_ids: z.array(Id).max(200).optional() }),
    response: z.array(Job),
  }),
  storageMaxSize: route({
    method: 'GET',
    path: '/storage/max-size',
    scope: 'space',
    summary: 'Largest accepted upload of the space in bytes, its quota (null = none) and bytes used',
    query: z.object({ kind: StorageKind.optional() }),
    response: z.object({
      max_size: z.number().int(),
      quota: z.number().int().nullable(),
      used: z.number().int(),
    }),
  }),
  storageList: route({
    method: 'GET',
    path: '/storage/schedule/:id',
    scope: 'space',
    summary: 'Files of a schedule (documents by default)',
    params: IdParams,
    query: z.object({ kind: StorageKind.optional() }),
    response: z.array(StoredFile),
  }),
  storageUpload: route({
    method: 'POST',
    path: '/storage/schedule/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Attach a file (multipart field "file") to a schedule as a document',
    params: IdParams,
    consumes: 'multipart',
    response: StoredFile,
    status: 201,
  }),
  storageVersionDownload: route({
    method: 'POST',
    path: '/storage/schedule/:id/version/:version_id/download',
    scope: 'space',
    summary: 'Zip of a version (product JSON) with the schedule’s documents',
    params: VersionParams,
    response: 'blob',
  }),
  storageThumbnail: route({
    method: 'GET',
    path: '/storage/thumbnail/:id',
    scope: 'space',
    summary: 'The image of an image file (404 for other files)',
    params: IdParams,
    response: 'blob',
  }),
  storageDelete: route({
    method: 'DELETE',
    path: '/storage/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a stored file',
    params: IdParams,
    response: Ok,
  }),
  storageDownload: route({
    method: 'GET',
    path: '/storage/download/:id',
    scope: 'space',
    summary: 'Download a stored file (content-disposition attachment)',
    params: IdParams,
    response: 'blob',
  }),
  importSettings: route({
    method: 'GET',
    path: '/users/schedule-import-settings',
    scope: 'user',
    summary: 'The caller’s upload rules and the one to offer (for a schedule, when given)',
    query: z.object({ schedule_id: Id.optional() }),
    response: ImportSettings,
  }),
  saveImportSettings: route({
    method: 'PUT',
    path: '/users/schedule-import-settings',
    scope: 'user',
    summary: 'Save (create or replace by name) an upload rule, or delete one',
    body: z.object({
      rule: UploadRule,
      schedule_id: Id.optional(),
      delete: z.boolean().default(false),
    }),
    response: ImportSettings,
  }),
};
