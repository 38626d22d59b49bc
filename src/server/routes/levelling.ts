// Levelling of a version (src/api/levelling.ts): queue the level_resources job, read what it
// stored, put a levelling back and clear it (a clear, like a run, is one step of the undo log). A locked version refuses
// the changes (409 version_locked); a version of another space is 404.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { LevelOptions, Levelling, LevellingStats } from '../../api/levelling';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { conflict } from '../errors';
import { implement } from '../http/register';
import { jobRunnerFor } from '../jobs/app-runner';
import { levellingJob } from '../jobs/level-job';
import { storeLevelling } from '../services/levelling-store';
import { publishLevellingStep, storeLevellingStep } from '../services/levelling-undo';
import { toJob } from '../jobs/mappers';
import { iso } from '../services/mappers';
import { getVersion } from './versions';

async function editable(db: Kysely<DB>, spaceId: string, versionId: string) {
  const v = await getVersion(db, spaceId, versionId);
  if (v.locked) throw conflict('version_locked');
  return v;
}

/** A version's levelling as the calls answer it. */
export async function readLevelling(db: Kysely<DB>, spaceId: string, versionId: string): Promise<Levelling> {
  const v = await getVersion(db, spaceId, versionId);
  const head = await db
    .selectFrom('version_levelling')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  if (!head)
    return {
      levelled: false,
      options: null,
      stats: null,
      revision: null,
      out_of_date: false,
      levelled_at: null,
      items: [],
    };
  const items = await db
    .selectFrom('levelled_starts')
    .select(['wbs_id', 'start', 'finish', 'delay', 'base_start', 'base_finish'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .orderBy('start')
    .orderBy('wbs_id')
    .execute();
  return {
    levelled: true,
    options: head.options as unknown as LevelOptions,
    stats: head.stats as unknown as LevellingStats,
    revision: head.revision,
    out_of_date: head.revision !== v.revision,
    levelled_at: iso(head.levelled_at),
    items,
  };
}

export function levellingRoutes(ctx: AppContext) {
  const { db } = ctx;
  const runner = jobRunnerFor(ctx);
  return [
    implement(api.levelling.level, async ({ params, body, space, userId, lang }) => {
      const v = await editable(db, space.spaceId, params.id);
      const job = await runner.enqueue(levellingJob(v, space.spaceId, userId, lang, body));
      return toJob(job, lang);
    }),

    implement(api.levelling.read, async ({ params, space }) => readLevelling(db, space.spaceId, params.id)),

    implement(api.levelling.restore, async ({ params, body, space, userId }) => {
      await editable(db, space.spaceId, params.id);
      await db.transaction().execute((tx) =>
        storeLevelling(tx, space.spaceId, params.id, {
          options: body.options,
          stats: body.stats,
          revision: body.revision,
          items: body.items,
          userId,
        }),
      );
      return readLevelling(db, space.spaceId, params.id);
    }),

    implement(api.levelling.clear, async ({ params, space, userId }) => {
      await editable(db, space.spaceId, params.id);
      const before = await readLevelling(db, space.spaceId, params.id);
      // One step of the version's undo log (none when there was nothing to clear).
      const { step } = await db
        .transaction()
        .execute((tx) =>
          storeLevellingStep(
            tx,
            { spaceId: space.spaceId, versionId: params.id, userId },
            'resources:undo.clearLevelling',
            null,
          ),
        );
      if (!step) return before;
      publishLevellingStep(ctx.events, space.spaceId, params.id, userId, step);
      return { ...before, undo_step: { revision: step.revision, entry: step.entry } };
    }),
  ];
}
