// The server's undo log of a version (spec: undo-actions get and restore), so undo survives a
// reload: the list, newest first, and the restore of an action with every later one.
import { api } from '../../api';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { redactEntry } from '../../domain/history';
import type { SerializedEntry } from '../../domain/history';
import { hiddenKeys } from '../services/attribute-access';
import { iso } from '../services/mappers';
import { restoreAction } from '../services/wbs-patch-batch';
import { storedEntry } from '../services/undo-entry-store';
import { getVersion } from './versions';

export function undoActionRoutes({ db, events }: AppContext) {
  return [
    implement(api.wbsBatch.undoActions, async ({ params, query, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const rows = await db
        .selectFrom('wbs_undo_actions')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .orderBy('revision', 'desc')
        .offset(query.offset)
        .limit(query.limit + 1)
        .execute();
      const more = rows.length > query.limit;
      // Values of attributes hidden from the caller's role stay on the server (docs/attributes.md).
      const hidden = new Set(await hiddenKeys(db, space));
      return {
        items: rows.slice(0, query.limit).map((r) => ({
          id: r.id,
          version_id: r.version_id,
          revision: r.revision,
          kind: r.kind,
          label: r.label,
          origin: r.origin,
          user_id: r.user_id,
          created_at: iso(r.created_at),
          entry: redactEntry(storedEntry(r) as unknown as SerializedEntry, hidden) as unknown as Record<
            string,
            unknown
          >,
        })),
        next_offset: more ? query.offset + query.limit : null,
      };
    }),

    implement(api.wbsBatch.restore, async ({ params, space, userId }) => {
      await getVersion(db, space.spaceId, params.id);
      const out = await restoreAction(
        db,
        { spaceId: space.spaceId, versionId: params.id, userId },
        params.actionId,
      );
      events.publish({
        event: 'version_updated',
        space_id: space.spaceId,
        ids: [params.id],
        payload: { revision: out.revision, origin: 'restore', action_id: out.action_id },
      });
      return out;
    }),
  ];
}
