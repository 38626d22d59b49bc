// Each user's layout of a version's grid (columns in order, widths, visibility, frozen count).
import { api } from '../../api';
import { readGroupBy } from '../../api/group-by';
import type { VersionLayout } from '../../api/wbs-batch';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { getVersion } from './versions';

/**
 * A stored layout as the API gives it: layouts saved before nesting hold one grouping column, read
 * as a one-level list (the version layouts and the project grid's alike).
 */
export function storedLayout(stored: unknown): VersionLayout {
  const layout = stored as VersionLayout;
  return { ...layout, ...('group_by' in layout ? { group_by: readGroupBy(layout.group_by) } : {}) };
}

export function versionLayoutRoutes({ db }: AppContext) {
  return [
    implement(api.wbsBatch.layout, async ({ params, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const row = await db
        .selectFrom('version_layouts')
        .select('layout')
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { layout: row ? storedLayout(row.layout) : null };
    }),

    implement(api.wbsBatch.saveLayout, async ({ params, body, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const layout = JSON.stringify(body);
      await db
        .insertInto('version_layouts')
        .values({ space_id: space.spaceId, version_id: params.id, user_id: userId, layout })
        .onConflict((oc) =>
          oc.columns(['space_id', 'version_id', 'user_id']).doUpdateSet({ layout, updated_at: new Date() }),
        )
        .execute();
      return { layout: body };
    }),
  ];
}
