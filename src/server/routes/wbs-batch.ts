// The workbench's writes: one batch per command (services/wbs-patch-batch.ts), and the
// registration of the undo log, timetable and layout routes that go with it.
import type { Patch } from 'immer';
import { api } from '../../api';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { redactEntry, serializeEntry } from '../../domain/history';
import type { SerializedEntry } from '../../domain/history';
import {
  keysHiddenFromSomeRole,
  refuseOutsideList,
  refuseReadOnly,
  writtenAttributeKeys,
} from '../services/attribute-access';
import { refuseOutsideDirectory } from '../services/attribute-directory-values';
import { LIVE_ENTRY_BYTES, applyBatch, readEntry } from '../services/wbs-patch-batch';
import { withCascade } from '../services/removed-rows-cascade';
import { getVersion } from './versions';
import { timetableRoutes } from './timetable';
import { undoActionRoutes } from './undo-actions';
import { versionLayoutRoutes } from './version-layout';
import { wbsGroupSettingRoutes } from './wbs-group-setting';

export function wbsBatchRoutes(ctx: AppContext): Implemented[] {
  const { db, events } = ctx;
  return [
    implement(api.wbsBatch.batch, async ({ params, body, space, userId }) => {
      let entry;
      try {
        entry = readEntry(body.entry);
        // Attribute access is the server's to enforce: a read-only or calculated attribute is refused.
        await refuseReadOnly(db, space, writtenAttributeKeys(entry.patches), body.origin !== 'do');
        // A list attribute holds one of its values or nothing, whoever writes it.
        await refuseOutsideList(db, space.spaceId, entry.patches);
        // A directory attribute holds a code of its directory (undo and redo restore what was).
        if (body.origin === 'do') await refuseOutsideDirectory(db, space.spaceId, entry.patches);
      } catch (err) {
        // 404 for a version of another space before anything about the patches. Read only when
        // the patches are refused: the batch's own transaction answers 404 otherwise, and a
        // statement less per edit counts when 50 planners write to one version.
        await getVersion(db, space.spaceId, params.id);
        throw err;
      }
      const { entryBytes, ...out } = await applyBatch(
        db,
        { spaceId: space.spaceId, versionId: params.id, userId },
        body.revision,
        body.origin,
        entry,
        body.entry,
      );
      // The event goes to every member: an entry carrying a value some role may not see stays
      // home, and pages read the version (whose reads leave hidden keys out) instead.
      const travels =
        entryBytes <= LIVE_ENTRY_BYTES &&
        (!mayCarryAttributes(entry) ||
          redactEntry(
            body.entry as unknown as SerializedEntry,
            await keysHiddenFromSomeRole(db, space.spaceId),
          ) === (body.entry as unknown));
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
          // With the assignments it took along, as the log keeps it.
          ...(travels
            ? { entry: out.cascade ? serializeEntry(withCascade(entry, out.cascade)) : body.entry }
            : {}),
        },
      });
      return out;
    }),
    ...undoActionRoutes(ctx),
    ...timetableRoutes(ctx),
    ...versionLayoutRoutes(ctx),
    ...wbsGroupSettingRoutes(ctx),
  ];
}

/** Whether an entry may hold attribute values: whole rows or attribute paths, either direction.
 *  Other edits skip the read of hidden keys (a statement less per edit). */
function mayCarryAttributes(entry: { patches: readonly Patch[]; inversePatches: readonly Patch[] }): boolean {
  const carries = (p: Patch) => p.path[0] === 'rows' && (p.path.length <= 2 || p.path[2] === 'attributes');
  return entry.patches.some(carries) || entry.inversePatches.some(carries);
}
