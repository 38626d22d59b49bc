// A directory's values edited as the values grid does it (src/api/directory-undo.ts): a batch of
// changes, additions and deletions in one transaction and one undo step, and the caller's own
// undo and redo of the directory's value edits (src/server/services/directory-undo.ts). After an
// undo or redo the WBS rows linked to the values it put back are refreshed as after an edit of
// the grid: a donor attribute whose values it changed is pushed again (directory-donor.ts), the
// linked attributes are refreshed (directory-linked.ts) — each one undoable change per version.
import { api } from '../../api';
import type { SpaceAccess } from '../auth/space-access';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { implement } from '../http/register';
import { pushDonor } from '../services/directory-donor';
import { updateLinkedValues } from '../services/directory-linked';
import { type DirectoryStep, undoRedo, undoState } from '../services/directory-undo';
import { editValues, withLinkedRows } from '../services/directory-value-edits';
import { getDirectory } from './directories';

/** The attribute keys whose value a step changes on some value. */
function changedKeys(step: DirectoryStep): Set<string> {
  const out = new Set<string>();
  for (const c of step.values) {
    const a = c.before?.attribute_values ?? {};
    const b = c.after?.attribute_values ?? {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      if ((a[k] ?? null) !== (b[k] ?? null) || !c.before || !c.after) out.add(k);
  }
  return out;
}

export function directoryUndoRoutes({ db, events }: AppContext) {
  /** The linked rows' refresh after an undo or redo (rows changed, over all versions). */
  const refresh = async (
    space: SpaceAccess,
    userId: string,
    d: Awaited<ReturnType<typeof getDirectory>>,
    step: DirectoryStep,
  ) => {
    const keys = changedKeys(step);
    const linked = await db
      .selectFrom('wbs_directory_links')
      .select('value_id')
      .where('space_id', '=', space.spaceId)
      .where(
        'value_id',
        'in',
        step.values.map((c) => c.id),
      )
      .limit(1)
      .execute();
    if (linked.length === 0 && !(step.links ?? []).length) return 0;
    let rows = 0;
    for (const a of d.attributes)
      if (a.donor_to && keys.has(a.key))
        try {
          rows += (await pushDonor(db, events, space, userId, d, a.key, false)).rows;
        } catch (err) {
          // A receiving attribute the caller may not write: the rows stay as the edit left them.
          if (!(err instanceof HttpError)) throw err;
        }
    if (d.attributes.some((a) => a.linked_to && keys.has(a.key)) || (step.links ?? []).length > 0)
      rows += (await updateLinkedValues(db, events, space, userId, d.id, false)).rows;
    return rows;
  };

  const history = (which: 'undo' | 'redo') =>
    implement(api.directoryUndo[which], async ({ params, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const r = await undoRedo(db, { spaceId: space.spaceId, userId, directoryId: d.id }, which);
      const { step, ...state } = r;
      return {
        ...state,
        ids: step.values.map((c) => c.id),
        refreshed_rows: await refresh(space, userId, d, step),
      };
    });

  return [
    implement(api.directoryUndo.valuesBatch, async ({ params, body, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      const { label, ...edits } = body;
      const r = await editValues(
        db,
        { spaceId: space.spaceId, userId, directoryId: d.id },
        d,
        edits,
        label,
        (list, i, field) => `body.${list}.${i}.${field}`,
      );
      return {
        created: r.created.map((v) => ({ ...v, linked_rows: 0 })),
        updated: await withLinkedRows(db, space.spaceId, r.updated),
        removed: r.removed,
        unlinked: r.unlinked,
      };
    }),

    implement(api.directoryUndo.undoState, async ({ params, space, userId }) => {
      const d = await getDirectory(db, space.spaceId, params.epsId, params.id);
      return undoState(db, { spaceId: space.spaceId, userId, directoryId: d.id });
    }),

    history('undo'),
    history('redo'),
  ];
}
