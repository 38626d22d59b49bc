// export_version: the version as a model (with the extras its import kept) → written in the worker
// thread → a temp file of the storage, downloadable through storage/download/{id}. The zip format
// holds the product's JSON of the version plus the schedule's and version's documents.
import { zipSync } from 'fflate';
import type { ExportFormat } from '../../api/transfer';
import { subsetModel } from '../../domain/schedule/subset';
import { loadVersionModel } from '../import/to-model';
import { hiddenKeysOfUser } from '../services/attribute-access';
import { safeName } from '../import/calendars';
import { readBytes, saveFile } from '../storage/files';
import { exportInWorker } from './pool';
import { exportFilterKeep } from './export-filter';
import type { GridIndicator } from '../../domain/indicators/grid-filter';
import type { WriteFormat } from './work';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from './runner';

interface Target {
  format: WriteFormat | 'zip';
  ext: string;
  mime: string;
}

const XML = 'application/xml';
export const TARGETS: Record<ExportFormat, Target> = {
  json: { format: 'json', ext: 'json', mime: 'application/json' },
  planr: { format: 'json', ext: 'json', mime: 'application/json' },
  csv: { format: 'csv', ext: 'csv', mime: 'text/csv' },
  xer: { format: 'xer', ext: 'xer', mime: 'application/octet-stream' },
  'xer-primavera': { format: 'xer', ext: 'xer', mime: 'application/octet-stream' },
  'xml-primavera': { format: 'p6xml', ext: 'p6.xml', mime: XML },
  xml: { format: 'mspdi', ext: 'xml', mime: XML },
  excel: {
    format: 'xlsx',
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  xlsx: {
    format: 'xlsx',
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pdf: { format: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  zip: { format: 'zip', ext: 'zip', mime: 'application/zip' },
};

/** The version's documents plus its JSON, as one zip. */
export async function versionZip(env: JobEnv, spaceId: string, versionId: string, json: Uint8Array) {
  const { version } = await loadVersionModel(env.db, spaceId, versionId);
  const files = await env.db
    .selectFrom('stored_files')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('kind', '=', 'documents')
    .where('purpose', '=', 'file')
    .where((eb) =>
      eb.or([
        eb('version_id', '=', versionId),
        eb.and([eb('schedule_id', '=', version.schedule_id), eb('version_id', 'is', null)]),
      ]),
    )
    .execute();
  const entries: Record<string, Uint8Array> = { [`${safeName(version.label, 'version')}.json`]: json };
  for (const f of files) {
    const name = `files/${f.id.slice(0, 8)}-${f.name.replace(/[\\/:*?"<>|]/g, '_')}`;
    entries[name] = new Uint8Array(await readBytes(env.storage, f));
  }
  return zipSync(entries, { level: 6 });
}

export async function runExport(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const { format, item_ids, filter, filter_indicator } = job.params as {
    format: ExportFormat;
    item_ids?: string[];
    filter?: string;
    filter_indicator?: GridIndicator;
  };
  const target = TARGETS[format];
  // Attributes hidden from the asking member's role stay out of the file (docs/attributes.md).
  const hidden = job.user_id ? await hiddenKeysOfUser(env.db, job.space_id, job.user_id) : [];
  const loaded = await loadVersionModel(env.db, job.space_id, job.version_id!, hidden);
  const version = loaded.version;
  // A filtered grid's export: the rows it shows (docs/workbench.md, "Export"), given by id or as
  // the page's filter, evaluated here (export-filter.ts); both: the rows in both.
  const passing = await exportFilterKeep(
    env.db,
    job.space_id,
    version.id,
    loaded.model,
    filter,
    filter_indicator,
    version.data_date ?? null,
  );
  let keep: Set<string> | null = item_ids ? new Set(item_ids) : null;
  if (passing) keep = keep ? new Set([...keep].filter((id) => passing.has(id))) : passing;
  const model = keep ? subsetModel(loaded.model, keep) : loaded.model;
  run.setProgress(25);
  run.checkStop();
  let bytes: Uint8Array;
  if (target.format === 'zip') {
    const json = await exportInWorker(model, 'json');
    run.setProgress(60);
    bytes = await versionZip(env, job.space_id, version.id, json);
  } else {
    bytes = await exportInWorker(model, target.format);
  }
  run.setProgress(85);
  run.checkStop();
  const file = await saveFile(env.db, env.storage, {
    spaceId: job.space_id,
    kind: 'temp',
    name: `${safeName(version.label, 'version')}.${target.ext}`,
    mime: target.mime,
    data: bytes,
    scheduleId: version.schedule_id,
    versionId: version.id,
    userId: job.user_id,
  });
  return { file_id: file.id };
}
