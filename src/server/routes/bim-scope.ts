// What every 3D/BIM route reads the same way (routes/bim.ts, routes/bim-more.ts): the BIM
// entitlement guard, a link and a version of its schedule, a link's relations in one version, and
// the target version's dates.
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { seatGuard } from '../licence/seats';
import { getVersion } from './versions';

export const bad = (code: string, params: Record<string, string | number> = {}) =>
  new HttpError(400, 'BadRequest', [{ code, params }]);

export function bimScope({ db, config }: AppContext) {
  /** The BIM entitlement and its user cap (spec §6, §8), counting the caller. */
  const guard = seatGuard(db, {
    table: 'bim_users',
    cap: config.bimUserCap,
    notLicensed: 'BimNotLicensed',
    exceeded: 'BimUsersExceeded',
  });

  const link = async (spaceId: string, id: string) => {
    const l = await db
      .selectFrom('bim_links')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!l) throw notFound('link');
    return l;
  };

  /** The version and link of a version call; the version must be of the link's schedule. */
  const versionLink = async (spaceId: string, versionId: string, linkId: string) => {
    const v = await getVersion(db, spaceId, versionId);
    const l = await link(spaceId, linkId);
    if (v.schedule_id !== l.schedule_id) throw bad('bim.other_schedule', { field: 'params.id' });
    return { v, l };
  };

  /** The relations of a link in one version (every read and delete of them is scoped so). */
  const linkRelations = (spaceId: string, linkId: string, versionId: string) =>
    db
      .selectFrom('bim_relations')
      .where('space_id', '=', spaceId)
      .where('link_id', '=', linkId)
      .where('version_id', '=', versionId);

  /** A link's row–element pairs in one version. */
  const relationPairs = async (spaceId: string, linkId: string, versionId: string) =>
    (await linkRelations(spaceId, linkId, versionId).select(['wbs_id', 'element_id']).execute()).map((r) => ({
      wbs_id: r.wbs_id,
      element_id: Number(r.element_id),
    }));

  return { guard, link, versionLink, linkRelations, relationPairs };
}

export interface TargetDates {
  es: number | null;
  ef: number | null;
}

/**
 * The dates a version's rows had in the schedule's target version (kind 'target', another version
 * of the same schedule), matched by row id, else by code: the 4D player's "late against target"
 * and the deviation dates read the same target the same way.
 */
export async function targetDatesOf(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string },
): Promise<(row: { id: string; code: string | null }) => TargetDates | undefined> {
  const target = await db
    .selectFrom('versions')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('schedule_id', '=', version.schedule_id)
    .where('kind', '=', 'target')
    .where('id', '!=', version.id)
    .executeTakeFirst();
  const byId = new Map<string, TargetDates>();
  const byCode = new Map<string, TargetDates>();
  if (target) {
    const rows = await db
      .selectFrom('wbs_items')
      .select(['id', 'code', 'es', 'ef'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', target.id)
      .execute();
    for (const r of rows) {
      byId.set(r.id, r);
      if (r.code) byCode.set(r.code, r);
    }
  }
  return (row) => byId.get(row.id) ?? (row.code ? byCode.get(row.code) : undefined);
}
