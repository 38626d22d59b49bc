// The timetable of a version: calculate as a queued calculate_timetable job (the server's job
// runner claims it within its poll interval and reports timetable_calculate events) or now, and
// read the stored results. Both run calc-job.ts (the same engine and model as imports use).
import { sql } from 'kysely';
import { api } from '../../api';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { RawJson, implement } from '../http/register';
import { runCalculation } from '../jobs/calc-job';
import { itemsOf, localizedItems } from '../jobs/errors';
import { runExport } from '../jobs/export-job';
import { runImport } from '../jobs/import-job';
import { toJob } from '../jobs/mappers';
import { JobRunner } from '../jobs/runner';
import { storageFor } from '../storage/storage';
import { getVersion } from './versions';

export function timetableRoutes(ctx: AppContext) {
  const { db } = ctx;
  // Never started: it only runs synchronous calculations in the request (runNow), so it never
  // claims queued jobs; those stay with the runner of the transfer routes.
  const runner = new JobRunner(
    { ...ctx, storage: storageFor(ctx.config.dataDir) },
    { import_version: runImport, export_version: runExport, calculate_timetable: runCalculation },
  );

  const timetable = async (spaceId: string, versionId: string) => {
    const v = await getVersion(db, spaceId, versionId);
    const { rows } = await sql<{ j: string }>`SELECT coalesce(json_agg(t), '[]')::text AS j FROM (
      SELECT id, es, ef, ls, lf, tf, ff, critical FROM wbs_items
      WHERE space_id = ${spaceId} AND version_id = ${versionId}) t`.execute(db);
    return new RawJson(
      `{"timetable_state":${JSON.stringify(v.timetable_state)},"revision":${v.revision},"items":${rows[0]!.j}}`,
    );
  };

  return [
    implement(api.wbsBatch.calculate, async ({ params, space, userId, lang }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      // Queued as the batch route queues it; the running runner picks it up on its next poll.
      const job = await db
        .insertInto('jobs')
        .values({
          space_id: space.spaceId,
          type: 'calculate_timetable',
          user_id: userId,
          lang,
          schedule_id: v.schedule_id,
          version_id: v.id,
          params: '{}',
          errors: '[]',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toJob(job, lang);
    }),

    implement(api.wbsBatch.calculateSynchronous, async ({ params, space, userId, lang }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const job = await runner.runNow({
        space_id: space.spaceId,
        type: 'calculate_timetable',
        user_id: userId,
        lang,
        schedule_id: v.schedule_id,
        version_id: v.id,
      });
      if (job.state !== 'done') {
        const items = (job.errors ?? []).map((e) => ({ code: e.code, params: e.params }));
        throw new HttpError(400, 'BadRequest', localizedItems(lang, items.length ? items : itemsOf(null)));
      }
      return timetable(space.spaceId, v.id);
    }),

    implement(api.wbsBatch.timetable, async ({ params, space }) => timetable(space.spaceId, params.id)),
  ];
}
