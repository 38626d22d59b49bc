// batch-processing/*: queue import, export and timetable calculation jobs — with version_ids one
// batch_versions job over many versions (src/server/jobs/batch-job.ts) — stop one, and report
// their state, progress (per cent), per-version items and errors.
import { api } from '../../api';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { batchJob } from '../jobs/batch-job';
import { calculationJob } from '../jobs/calc-job';
import { toJob } from '../jobs/mappers';
import type { JobEnv, JobRunner } from '../jobs/runner';
import { acceptUpload } from './transfer-upload';
import { getVersion } from './versions';

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
      const job = await runner.enqueue(await acceptUpload(env, req, space.spaceId, userId, lang, true));
      return toJob(job, lang);
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
