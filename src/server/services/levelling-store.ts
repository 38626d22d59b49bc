// A version's levelling replaced in a transaction: its levelled_starts and its version_levelling
// row (options, figures, the revision it was made on). Used by the level_resources job, the
// levelling routes and the undo log's levelling patches.
import type { Kysely, Transaction } from 'kysely';
import type { LevelOptions, LevelledRow, LevellingStats } from '../../api/levelling';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Replaces a version's levelling (no items and no stats: cleared). */
export async function storeLevelling(
  tx: Db,
  spaceId: string,
  versionId: string,
  value: {
    options: LevelOptions | null;
    stats: LevellingStats | null;
    revision: number | null;
    items: readonly LevelledRow[];
    userId: string | null;
  },
): Promise<void> {
  await tx
    .deleteFrom('levelled_starts')
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .execute();
  await tx
    .deleteFrom('version_levelling')
    .where('space_id', '=', spaceId)
    .where('version_id', '=', versionId)
    .execute();
  // The levelled starts are an input of the calculation: the stored dates are stale until the next.
  await tx
    .updateTable('versions')
    .set({ timetable_state: 'not_calculated' })
    .where('space_id', '=', spaceId)
    .where('id', '=', versionId)
    .execute();
  if (!value.stats && value.items.length === 0) return;
  // Rows deleted since are skipped (the foreign key would refuse them).
  const live = new Set(
    (
      await tx
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('version_id', '=', versionId)
        .execute()
    ).map((r) => r.id),
  );
  const items = value.items.filter((r) => live.has(r.wbs_id));
  for (let i = 0; i < items.length; i += 2000) {
    await tx
      .insertInto('levelled_starts')
      .values(
        items.slice(i, i + 2000).map((r) => ({
          space_id: spaceId,
          version_id: versionId,
          wbs_id: r.wbs_id,
          start: r.start,
          finish: r.finish,
          delay: r.delay,
          base_start: r.base_start,
          base_finish: r.base_finish,
        })),
      )
      .execute();
  }
  await tx
    .insertInto('version_levelling')
    .values({
      space_id: spaceId,
      version_id: versionId,
      options: JSON.stringify(value.options ?? {}),
      stats: JSON.stringify(value.stats ?? {}),
      revision: value.revision ?? 0,
      levelled_by: value.userId,
    })
    .execute();
}
