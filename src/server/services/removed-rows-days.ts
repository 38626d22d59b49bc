// The day values (plan, fact, approved plan and status per day) of the WBS rows a batch removes:
// the key cascades to them, so the batch's logged entry carries their removal and their return
// as wdp patches (src/domain/wdp/patches.ts), the same the matrix's own edits send.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { WdpCell } from '../../domain/wdp';
import { WDP_ROOT } from '../../domain/wdp';
import type { DB } from '../db/schema';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** Patches removing the stored days of `rows` and putting them back, but those `carried`
 *  (paths joined by '/') that the entry removes itself. */
export async function cascadedDays(
  tx: Transaction<DB>,
  s: Scope,
  rows: readonly string[],
  carried: ReadonlySet<string>,
): Promise<{ patches: Patch[]; inversePatches: Patch[] }> {
  const found = await tx
    .selectFrom('wdp_days')
    .select(['item_id', 'day', 'plan', 'fact', 'approved_plan', 'status'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where(sql<boolean>`item_id = ANY(${rows}::uuid[])`)
    .orderBy('item_id')
    .orderBy('day')
    .execute();
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  for (const r of found) {
    const path = [WDP_ROOT, r.item_id, r.day];
    if (carried.has(path.join('/'))) continue;
    const value: WdpCell = {
      plan: r.plan,
      fact: r.fact,
      approved_plan: r.approved_plan,
      status: r.status as WdpCell['status'],
    };
    patches.push({ op: 'remove', path });
    inversePatches.push({ op: 'add', path, value });
  }
  return { patches, inversePatches };
}
