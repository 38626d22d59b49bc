// Calls of the transfer contract from the browser: upload as a job, job reports, export and
// download, upload rules.
import type { Job, ExportFormat, ImportSettings, StoredFile, UploadRule } from '../../api/transfer';
import type { GridIndicator } from '../../domain/indicators/grid-filter';
import { transferRoutes as routes } from '../../api/transfer';
import { call } from '../../app/api/call';

export function uploadVersion(scheduleId: string, file: File, label: string, rule: UploadRule | null) {
  const form = new FormData();
  if (label) form.set('label', label);
  if (rule) form.set('rule', JSON.stringify(rule));
  form.set('file', file, file.name);
  return call(routes.upload, { params: { id: scheduleId }, body: form }, { silent: true }) as Promise<Job>;
}

/** Many files in one batch_versions job: `files[i]` becomes a new version of `scheduleIds[i]`. */
export function batchImport(files: readonly File[], scheduleIds: readonly string[]) {
  const form = new FormData();
  form.set('schedule_ids', JSON.stringify(scheduleIds));
  for (const f of files) form.append('file', f, f.name);
  return call(routes.batchImport, { body: form }, { silent: true }) as Promise<Job>;
}

export async function jobReport(id: string): Promise<Job | null> {
  const list = await call(routes.batchReport, { body: { job_ids: [id] } }, { silent: true });
  return list[0] ?? null;
}

export const stopJob = (id: string) => call(routes.batchStop, { body: { job_id: id } }, { silent: true });

/**
 * What a filtered grid exports: its rows by id, or its filter (the `filter` query parameter's
 * JSON and/or `filter_indicator`), which the server evaluates itself.
 */
export interface ExportScope {
  readonly rows: readonly string[];
  readonly filter?: string;
  readonly filter_indicator?: GridIndicator;
}

/** `scope`: only those rows (a filtered grid's), with the summaries above them. */
export const exportVersion = (versionId: string, format: ExportFormat, scope: ExportScope | null = null) =>
  call(
    routes.exportVersion,
    {
      params: { id: versionId, format },
      body: !scope
        ? {}
        : scope.filter || scope.filter_indicator
          ? {
              ...(scope.filter ? { filter: scope.filter } : {}),
              ...(scope.filter_indicator ? { filter_indicator: scope.filter_indicator } : {}),
            }
          : { item_ids: [...scope.rows] },
    },
    { silent: true },
  ) as Promise<StoredFile>;

/** Downloads a stored file through the API (it needs the token) and hands it to the browser. */
export async function download(file: StoredFile): Promise<void> {
  const blob = await call(routes.storageDownload, { params: { id: file.id } }, { silent: true });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const loadSettings = (scheduleId: string) =>
  call(
    routes.importSettings,
    { query: { schedule_id: scheduleId } },
    { silent: true },
  ) as Promise<ImportSettings>;

export const saveRule = (rule: UploadRule, scheduleId: string) =>
  call(routes.saveImportSettings, { body: { rule, schedule_id: scheduleId } }, { silent: true });
