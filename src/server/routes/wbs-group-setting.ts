// Each user's grouping of a version's WBS and its folded headers (spec: wbs-group-setting): read
// when the schedule page opens a version, written when the grouping or a fold changes.
import { api } from '../../api';
import { readGroupBy } from '../../api/group-by';
import type { WbsGroupSetting } from '../../api/wbs-batch';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { getVersion } from './versions';

/** Stored folds read back (paths of text values; anything else left out). */
function readFolded(v: unknown, levels: number): string[][] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (p): p is string[] =>
      Array.isArray(p) && p.length >= 1 && p.length <= levels && p.every((x) => typeof x === 'string'),
  );
}

export function wbsGroupSettingRoutes({ db }: AppContext) {
  return [
    implement(api.wbsBatch.groupSetting, async ({ params, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const row = await db
        .selectFrom('wbs_group_settings')
        .select(['group_by', 'folded'])
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { setting: null };
      const groupBy = readGroupBy(row.group_by);
      const setting: WbsGroupSetting = {
        group_by: groupBy,
        folded: readFolded(row.folded, groupBy?.length ?? 0),
      };
      return { setting };
    }),

    implement(api.wbsBatch.saveGroupSetting, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const values = {
        group_by: JSON.stringify(body.group_by),
        folded: JSON.stringify(body.folded),
      };
      await db
        .insertInto('wbs_group_settings')
        .values({ space_id: space.spaceId, version_id: params.id, user_id: userId, ...values })
        .onConflict((oc) =>
          oc
            .columns(['space_id', 'version_id', 'user_id'])
            .doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
      return { setting: body };
    }),
  ];
}
