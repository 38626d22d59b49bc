// Server-made wdp changes (update-many, distribute, upload, status, clears, an approved
// timesheet): the change is built from the stored days as patches with their inverse and stored
// through the same batch as the workbench's (services/wbs-patch-batch.ts), so it is one undo_wdp
// action of the version's undo log, undone and restored like any other. A write in between
// (another revision) is a 409 and nothing changes.
import type { Patch } from 'immer';
import type { Kysely } from 'kysely';
import type { RowDays, WdpCell, WdpChange } from '../../domain/wdp';
import type { DB } from '../db/schema';
import { wdpNoticeKinds } from '../../domain/collab';
import { noticeContext, notifyVia, rowNotices } from './notices';
import type { EventHub } from '../events/hub';
import { applyBatch } from './wbs-patch-batch';

export interface WdpScope {
  spaceId: string;
  versionId: string;
  userId: string;
}

/** The stored days of the rows (all rows when `itemIds` is null). */
export async function loadDays(
  db: Kysely<DB>,
  s: Pick<WdpScope, 'spaceId' | 'versionId'>,
  itemIds: readonly string[] | null,
  from?: number,
  to?: number,
): Promise<Map<string, Map<number, WdpCell>>> {
  let q = db
    .selectFrom('wdp_days')
    .select(['item_id', 'day', 'plan', 'fact', 'approved_plan', 'status'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId);
  if (itemIds)
    q = q.where('item_id', 'in', itemIds.length ? [...itemIds] : ['00000000-0000-0000-0000-000000000000']);
  if (from !== undefined) q = q.where('day', '>=', from);
  if (to !== undefined) q = q.where('day', '<=', to);
  const out = new Map<string, Map<number, WdpCell>>();
  for (const r of await q.execute()) {
    let m = out.get(r.item_id);
    if (!m) out.set(r.item_id, (m = new Map()));
    m.set(r.day, { plan: r.plan, fact: r.fact, approved_plan: r.approved_plan, status: r.status });
  }
  return out;
}

export type DaysOfMap = ReadonlyMap<string, RowDays>;

/**
 * Stores `build`'s change on the version as it is now; answers the new revision and the action
 * (or the current revision and no action when nothing changes).
 */
export async function storeWdpChange(
  db: Kysely<DB>,
  events: EventHub,
  s: WdpScope,
  labelKey: string,
  build: (revision: number) => Promise<WdpChange & { extra?: WdpChange }>,
): Promise<{ revision: number; action_id: string }> {
  const v = await db
    .selectFrom('versions')
    .select(['revision'])
    .where('space_id', '=', s.spaceId)
    .where('id', '=', s.versionId)
    .executeTakeFirstOrThrow();
  const ch = await build(v.revision);
  const patches: Patch[] = [...ch.patches, ...(ch.extra?.patches ?? [])];
  const inversePatches: Patch[] = [...(ch.extra?.inversePatches ?? []), ...ch.inversePatches];
  if (patches.length === 0) {
    const last = await db
      .selectFrom('wbs_undo_actions')
      .select('id')
      .where('space_id', '=', s.spaceId)
      .where('version_id', '=', s.versionId)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { revision: v.revision, action_id: last?.id ?? '00000000-0000-0000-0000-000000000000' };
  }
  const { entryBytes: _bytes, ...out } = await applyBatch(db, s, v.revision, 'do', {
    kind: 'undo_wdp',
    labelKey,
    patches,
    inversePatches,
  });
  events.publish({
    event: 'version_updated',
    space_id: s.spaceId,
    ids: [s.versionId],
    payload: { revision: out.revision, origin: 'do', action_id: out.action_id },
  });
  // Facts added and plans changed notify the members assigned to the rows (issue 26).
  notifyVia(events, async () => {
    const ctx = noticeContext(events);
    return ctx
      ? rowNotices(
          ctx,
          s.spaceId,
          s.versionId,
          wdpNoticeKinds(patches as never, inversePatches as never),
          s.userId,
        )
      : [];
  });
  return out;
}
