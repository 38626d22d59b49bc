// batch-processing/*: queue import, export and timetable calculation jobs — with version_ids (or,
// for an import, several files with schedule_ids) one batch_versions job over many versions
// (src/server/jobs/batch-job.ts) — stop one, and report
// their state, progress (per cent), per-version items and errors.
import { api } from '../../api';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { z } from 'zod';
import { Id } from '../../api/common';
import { batchImportJob, batchJob } from '../jobs/batch-job';
import { badFile } from '../jobs/errors';
import { getNode } from '../services/eps';
import { MAX_UPLOAD_BYTES, saveFile } from '../storage/files';
import { readUploads } from '../storage/multipart';
import { calculationJob } from '../jobs/calc-job';
import { toJob } from '../jobs/mappers';
import type { JobEnv, JobRunner } from '../jobs/runner';
import { acceptUpload } from './transfer-upload';
import { getVersion } from './versions';

/** Most files one batch import takes. */
const MAX_BATCH_FILES = 50;

/** The batch import's field schedule_ids: a JSON array of schedule ids, one per file. */
function parseScheduleIds(text: string): string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = null;
  }
  const ok = z.array(Id).min(1).max(MAX_BATCH_FILES).safeParse(raw);
  if (!ok.success) throw badRequest('invalid', { field: 'body.schedule_ids' });
  return ok.data;
}

/** A single-version call names version_id (or version_ids for a batch). */
const oneVersion = (id: string | undefined): string => {
  if (id === undefined) throw badRequest('required', { field: 'body.version_id' });
  return id;
};

export function batchRoutes(env: JobEnv, runner: JobRunner) {
  const { db } = env;

  /** The versions of a batch, each of this space (else 404), each once, in the order given. */
  const batchVersions = async (spaceId: string, ids: readonly string[], single: string | undefined) => {
    if (single !== undefined) throw badRequest('batch.one_or_many', { field: 'body.version_ids' });
    if (new Set(ids).size !== ids.length) throw badRequest('invalid', { field: 'body.version_ids' });
    const out = [];
    for (const id of ids) out.push(await getVersion(db, spaceId, id));
    return out;
  };
  return [
    implement(api.transfer.batchImport, async ({ req, space, userId, lang }) => {
      const { files, fields } = await readUploads(req, MAX_UPLOAD_BYTES, MAX_BATCH_FILES, 'import.no_file');
      if (fields.schedule_ids === undefined) {
        // One file, one schedule: an import_version job as an upload.
        if (files.length > 1) throw badRequest('required', { field: 'body.schedule_ids' });
        const upload = { ...files[0]!, fields };
        const one = await acceptUpload(env, req, space.spaceId, userId, lang, true, undefined, upload);
        return toJob(await runner.enqueue(one), lang);
      }
      const scheduleIds = parseScheduleIds(fields.schedule_ids);
      if (scheduleIds.length !== files.length)
        throw badRequest('batch.files_schedules', {
          field: 'body.schedule_ids',
          files: files.length,
          schedules: scheduleIds.length,
        });
      // Everything checked before anything is stored: a refused batch leaves nothing behind.
      for (const id of new Set(scheduleIds)) await getNode(db, space.spaceId, id, 'schedule');
      files.forEach((f, i) => {
        if (f.data.length === 0)
          throw badFile(lang, badRequest('import.empty', { where: f.fileName, field: `body.file.${i}` }));
      });
      const stored = [];
      for (const [i, f] of files.entries()) {
        const file = await saveFile(db, env.storage, {
          spaceId: space.spaceId,
          kind: 'temp',
          name: f.fileName,
          mime: f.mime,
          data: f.data,
          scheduleId: scheduleIds[i]!,
          userId,
        });
        stored.push({ schedule_id: scheduleIds[i]!, file_id: file.id, file_name: f.fileName });
      }
      return toJob(await runner.enqueue(batchImportJob(stored, space.spaceId, userId, lang)), lang);
    }),

    implement(api.transfer.batchExport, async ({ body, space, userId, lang }) => {
      if (body.version_ids) {
        const versions = await batchVersions(space.spaceId, body.version_ids, body.version_id);
        const params = { action: 'export' as const, format: body.format };
        return toJob(await runner.enqueue(batchJob(versions, params, space.spaceId, userId, lang)), lang);
      }
      const version = await getVersion(db, space.spaceId, oneVersion(body.version_id));
      const job = await runner.enqueue({
        space_id: space.spaceId,
        type: 'export_version',
        user_id: userId,
        lang,
        schedule_id: version.schedule_id,
        version_id: version.id,
        params: { format: body.format },
      });
      return toJob(job, lang);
    }),

    implement(api.transfer.batchTimetableCalc, async ({ body, space, userId, lang }) => {
      if (body.version_ids) {
        const versions = await batchVersions(space.spaceId, body.version_ids, body.version_id);
        const job = batchJob(versions, { action: 'calculate' }, space.spaceId, userId, lang);
        return toJob(await runner.enqueue(job), lang);
      }
      const version = await getVersion(db, space.spaceId, oneVersion(body.version_id));
      const job = await runner.enqueue(calculationJob(version, space.spaceId, userId, lang));
      return toJob(job, lang);
    }),

    implement(api.transfer.batchStop, async ({ body, space, lang }) => {
      const job = await runner.get(space.spaceId, body.job_id);
      if (!job) throw notFound('job');
      if (job.state !== 'queued' && job.state !== 'running') throw conflict('job.finished');
      return toJob(await runner.requestStop(job), lang, runner.liveProgress(job.id));
    }),

    implement(api.transfer.batchReport, async ({ body, space, lang }) => {
      let q = db.selectFrom('jobs').selectAll().where('space_id', '=', space.spaceId);
      if (body.job_ids)
        q = q.where(
          'id',
          'in',
          body.job_ids.length ? body.job_ids : ['00000000-0000-0000-0000-000000000000'],
        );
      const rows = await q
        .orderBy('created_at', 'desc')
        .limit(body.job_ids ? 200 : 50)
        .execute();
      return rows.map((j) => toJob(j, lang, runner.liveProgress(j.id)));
    }),
  ];
}
