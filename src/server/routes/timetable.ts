// The timetable of a version: calculate as a queued calculate_timetable job (the server's one job
// runner claims it at once and reports timetable_calculate events) or now, and
// read the stored results. Both run calc-job.ts (the same engine and model as imports use).
import { sql } from 'kysely';
import { api } from '../../api';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { RawJson, implement } from '../http/register';
import { itemsOf, localizedItems } from '../jobs/errors';
import { jobRunnerFor } from '../jobs/app-runner';
import { calculationJob } from '../jobs/calc-job';
import { toJob } from '../jobs/mappers';
import { getVersion } from './versions';
import { storedEntry } from '../services/undo-entry-store';

export function timetableRoutes(ctx: AppContext) {
  const { db } = ctx;
  const runner = jobRunnerFor(ctx);

  const timetable = async (spaceId: string, versionId: string, follow = '') => {
    const v = await getVersion(db, spaceId, versionId);
    const { rows } = await sql<{ j: string }>`SELECT coalesce(json_agg(t), '[]')::text AS j FROM (
      SELECT id, es, ef, ls, lf, tf, ff, critical FROM wbs_items
      WHERE space_id = ${spaceId} AND version_id = ${versionId}) t`.execute(db);
    return new RawJson(
      `{"timetable_state":${JSON.stringify(v.timetable_state)},"revision":${v.revision},"items":${rows[0]!.j}${follow}}`,
    );
  };

  /**
   * The calculation's own wdp step, when it stored one: the action right after the revision the
   * calculation started from, labelled wdp.follow_dates, by this user (as a JSON member).
   */
  const followOf = async (spaceId: string, versionId: string, from: number, userId: string) => {
    const a = await db
      .selectFrom('wbs_undo_actions')
      .select(['id', 'revision', 'entry', 'packed'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('revision', '=', from + 1)
      .where('label', '=', 'wdp.follow_dates')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return a
      ? `,"wdp_follow":${JSON.stringify({ revision: a.revision, action_id: a.id, entry: storedEntry(a) })}`
      : '';
  };

  return [
    implement(api.wbsBatch.calculate, async ({ params, space, userId, lang }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const job = await runner.enqueue(calculationJob(v, space.spaceId, userId, lang));
      return toJob(job, lang);
    }),

    implement(api.wbsBatch.calculateSynchronous, async ({ params, space, userId, lang }) => {
      const v = await getVersion(db, space.spaceId, params.id);
      const job = await runner.runNow(calculationJob(v, space.spaceId, userId, lang));
      if (job.state !== 'done') {
        const items = (job.errors ?? []).map((e) => ({ code: e.code, params: e.params }));
        throw new HttpError(400, 'BadRequest', localizedItems(lang, items.length ? items : itemsOf(null)));
      }
      return timetable(space.spaceId, v.id, await followOf(space.spaceId, v.id, v.revision, userId));
    }),

    implement(api.wbsBatch.timetable, async ({ params, space }) => timetable(space.spaceId, params.id)),
  ];
}
