// batch_versions: one job that calculates or exports many versions (of one or several schedules)
// one after another. Each version is worked on as a calculate_timetable / export_version job
// would be — a calculation writes its dates in one transaction, an export writes one file — so a
// version is either fully done or untouched. The job's `items` column holds each version's state,
// file and errors, written after every version and sent as a batch_progress live event. A stop is
// honoured between versions: the version being worked on is finished, the rest are left
// untouched (state stopped). A version that fails (a loop in its logic, a version deleted
// meanwhile) is reported with its errors and the batch goes on with the next. An import batch
// works on uploaded files instead: each is imported as an import_version job would (one
// transaction: the schedule gets the whole new version or nothing).
import type { BatchAction, ExportFormat } from '../../api/transfer';
import type { BatchItemRow } from '../db/schema';
import { runCalculation } from './calc-job';
import { JobStopped, itemsOf } from './errors';
import { runExport } from './export-job';
import { runImport } from './import-job';
import { safeName } from '../import/calendars';
import { baseName } from '../routes/transfer-upload';
import { RunningJob } from './runner';
import type { JobEnv, JobOutcome, JobRow } from './runner';

export interface BatchParams {
  action: BatchAction;
  format?: ExportFormat;
}

/** The queued batch_versions job of the given versions (runner.enqueue input). */
export function batchJob(
  versions: readonly { id: string; schedule_id: string }[],
  params: BatchParams,
  spaceId: string,
  userId: string,
  lang: string,
) {
  const items: BatchItemRow[] = versions.map((v) => ({
    schedule_id: v.schedule_id,
    version_id: v.id,
    state: 'queued',
    file_id: null,
    errors: [],
  }));
  return {
    space_id: spaceId,
    type: 'batch_versions' as const,
    user_id: userId,
    lang,
    params: { ...params },
    items,
  };
}

/** The queued batch_versions job importing each stored upload into its schedule. */
export function batchImportJob(
  files: readonly { schedule_id: string; file_id: string; file_name: string }[],
  spaceId: string,
  userId: string,
  lang: string,
) {
  const items: BatchItemRow[] = files.map((f) => ({
    schedule_id: f.schedule_id,
    version_id: null,
    file_name: f.file_name,
    state: 'queued',
    file_id: f.file_id,
    errors: [],
  }));
  return {
    space_id: spaceId,
    type: 'batch_versions' as const,
    user_id: userId,
    lang,
    params: { action: 'import' },
    items,
  };
}

/** Stores the items and tells the clients (the batch dialog's progress list). */
async function saveItems(env: JobEnv, job: JobRow, items: BatchItemRow[], progress: number) {
  await env.db
    .updateTable('jobs')
    .set({ items: JSON.stringify(items) })
    .where('space_id', '=', job.space_id)
    .where('id', '=', job.id)
    .execute();
  env.events.publish({
    event: 'batch_progress',
    space_id: job.space_id,
    ids: [job.id, ...items.map((i) => i.schedule_id)],
    payload: {
      job_id: job.id,
      type: job.type,
      state: 'running',
      progress,
      items: items.map((i) => ({
        version_id: i.version_id,
        schedule_id: i.schedule_id,
        file_name: i.file_name ?? null,
        state: i.state,
      })),
    },
  });
}

/** Items still queued become stopped (a stop asked for between versions). */
function stopRest(items: readonly BatchItemRow[]): BatchItemRow[] {
  return items.map((i) =>
    i.state === 'queued' ? { ...i, state: 'stopped', errors: [{ code: 'job.stopped', params: {} }] } : i,
  );
}

export async function runBatch(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const params = job.params as unknown as BatchParams;
  let items = [...job.items];
  const n = items.length;
  for (let i = 0; i < n; i++) {
    if (run.stopRequested) {
      items = stopRest(items);
      await saveItems(env, job, items, run.progress);
      throw new JobStopped();
    }
    const item = items[i]!;
    items[i] = { ...item, state: 'running' };
    await saveItems(env, job, items, run.progress);
    const one: JobRow =
      params.action === 'import'
        ? {
            ...job,
            type: 'import_version',
            schedule_id: item.schedule_id,
            version_id: null,
            file_id: item.file_id,
            params: {
              file_name: item.file_name ?? 'upload',
              label: safeName(baseName(item.file_name ?? ''), 'Imported'),
              rule: null,
            },
            items: [],
          }
        : {
            ...job,
            type: params.action === 'calculate' ? 'calculate_timetable' : 'export_version',
            schedule_id: item.schedule_id,
            version_id: item.version_id,
            params: { format: params.format },
            items: [],
          };
    // The version's own steps report nothing and never stop half-way: the batch stops between them.
    const oneRun = new RunningJob(one, () => undefined);
    try {
      const outcome =
        params.action === 'calculate'
          ? await runCalculation(one, oneRun, env)
          : params.action === 'import'
            ? await runImport(one, oneRun, env)
            : await runExport(one, oneRun, env);
      items[i] =
        params.action === 'import'
          ? { ...item, state: 'done', version_id: outcome.version_id ?? null, errors: [] }
          : { ...item, state: 'done', file_id: outcome.file_id ?? null, errors: [] };
    } catch (err) {
      const errors = itemsOf(err).map((e) => ({ code: e.code, params: e.params ?? {} }));
      items[i] = { ...item, state: 'failed', file_id: null, errors };
    }
    run.setProgress(((i + 1) / n) * 100);
    await saveItems(env, job, items, run.progress);
  }
  return {};
}
