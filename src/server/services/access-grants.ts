// Access grants in the permission check and in the access calls (src/api/access.ts): a member's
// grants on the space count on every call, those on a node on calls about that node or anything
// under it (the same subjects as node delegations, services/delegation.ts).
import type { Kysely } from 'kysely';
import type { Grant } from '../../domain/admin/grants';
import type { PermissionAbility, PermissionModule } from '../../domain/admin/permissions';
import type { DB } from '../db/schema';
import { nodesAbove } from './delegation';

/** The member's grants that apply to a call about `subjects` (space grants always). */
export async function grantsFor(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  subjects: readonly string[],
): Promise<Grant[]> {
  const rows = await db
    .selectFrom('access_grants')
    .select(['eps_id', 'module', 'ability'])
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .execute();
  const onNodes = rows.some((r) => r.eps_id !== null);
  const under = onNodes && subjects.length ? await nodesAbove(db, spaceId, subjects) : new Set<string>();
  return rows
    .filter((r) => r.eps_id === null || under.has(r.eps_id))
    .map((r) => ({ module: r.module as PermissionModule, ability: r.ability as PermissionAbility }));
}
