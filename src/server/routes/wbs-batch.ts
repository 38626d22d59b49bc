// The workbench's writes: one batch per command (services/wbs-patch-batch.ts), and the
// registration of the undo log, timetable and layout routes that go with it.
import { api } from '../../api';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { refuseReadOnly, writtenAttributeKeys } from '../services/attribute-access';
import { applyBatch, readEntry } from '../services/wbs-patch-batch';
import { getVersion } from './versions';
import { timetableRoutes } from './timetable';
import { undoActionRoutes } from './undo-actions';
import { versionLayoutRoutes } from './version-layout';

/** The largest stored entry that rides along with its version_updated event. */
const LIVE_ENTRY_BYTES = 6000;

export function wbsBatchRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  return [
    implement(api.wbsBatch.batch, async ({ params, body, space, userId }) => {
      // 404 for a version of another space before anything about the patches.
      await getVersion(db, space.spaceId, params.id);
      const entry = readEntry(body.entry);
      // Attribute access is the server's to enforce: a read-only or calculated attribute is refused.
      await refuseReadOnly(db, space, writtenAttributeKeys(entry.patches));
      const { entryBytes, ...out } = await applyBatch(
        db,
        { spaceId: space.spaceId, versionId: params.id, userId },
        body.revision,
        body.origin,
        entry,
      );
      events.publish({
        event: 'version_updated',
        space_id: space.spaceId,
        ids: [params.id],
        payload: {
          revision: out.revision,
          origin: body.origin,
          user_id: userId,
          action_id: out.action_id,
          // A small change travels with its event, so open pages apply it instead of reading the
          // version again; a big one would not fit (PostgreSQL's NOTIFY takes under 8,000 bytes).
          ...(entryBytes <= LIVE_ENTRY_BYTES ? { entry: body.entry } : {}),
        },
      });
      return out;
    }),
    ...undoActionRoutes(ctx),
    ...timetableRoutes(ctx),
    ...versionLayoutRoutes(ctx),
  ];
}
