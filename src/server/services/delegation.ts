// Delegation in the permission check (issue 26): while a delegation is in force (starts_at ≤ now <
// ends_at) its receiver holds the giver's rights as well — the giver's current role matrix, so a
// giver who loses a right (or leaves the space) hands on nothing more. A space delegation counts on
// every call; a node delegation on calls about that node or anything under it (a node id, or a
// version of a schedule under it, among the call's path parameters or its body's eps_id/version_id).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { PermissionMatrix } from '../../domain/admin/permissions';
import { effectiveMatrix } from '../../domain/admin/permissions';
import type { DB, RoleValue } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids a call is about: uuid path parameters and a body's eps_id / version_id / schedule_id. */
export function subjectIds(params: unknown, body: unknown): string[] {
  const out: string[] = [];
  const take = (v: unknown) => {
    if (typeof v === 'string' && UUID.test(v)) out.push(v);
  };
  if (params && typeof params === 'object') for (const v of Object.values(params)) take(v);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    take(b.eps_id);
    take(b.version_id);
    take(b.schedule_id);
    take(b.project_id);
    take(b.parent_id);
  }
  return [...new Set(out)].slice(0, 8);
}

/**
 * The EPS nodes of a call's subjects (a node id, or a version standing for its schedule) and all
 * their ancestors: the places whose node delegations and grants apply to the call.
 */
export async function nodesAbove(
  db: Kysely<DB>,
  spaceId: string,
  subjects: readonly string[],
): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const ids = [...subjects];
  const found = await sql<{ id: string }>`
    WITH RECURSIVE start AS (
      SELECT id, parent_id FROM eps_nodes WHERE space_id = ${spaceId} AND id = ANY(${ids}::uuid[])
      UNION
      SELECT e.id, e.parent_id FROM versions v JOIN eps_nodes e ON e.space_id = v.space_id AND e.id = v.schedule_id
        WHERE v.space_id = ${spaceId} AND v.id = ANY(${ids}::uuid[])
    ), up AS (
      SELECT id, parent_id FROM start
      UNION
      SELECT e.id, e.parent_id FROM eps_nodes e JOIN up ON e.space_id = ${spaceId} AND e.id = up.parent_id
    )
    SELECT id FROM up`.execute(db);
  return new Set(found.rows.map((r) => r.id));
}

/** Matrices of the givers of delegations in force to `userId` that apply to this call. */
export async function delegatedMatrices(
  db: Kysely<DB>,
  spaceId: string,
  userId: string,
  subjects: readonly string[],
): Promise<PermissionMatrix[]> {
  const rows = await db
    .selectFrom('delegations as d')
    .innerJoin('space_members as m', (j) =>
      j.onRef('m.space_id', '=', 'd.space_id').onRef('m.user_id', '=', 'd.from_user'),
    )
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .select(['d.eps_id', 'r.value', 'r.permissions'])
    .where('d.space_id', '=', spaceId)
    .where('d.to_user', '=', userId)
    .where('d.starts_at', '<=', sql<Date>`now()`)
    .where('d.ends_at', '>', sql<Date>`now()`)
    .execute();
  if (rows.length === 0) return [];
  const nodeRows = rows.filter((r) => r.eps_id !== null);
  const under =
    nodeRows.length && subjects.length ? await nodesAbove(db, spaceId, subjects) : new Set<string>();
  return rows
    .filter((r) => r.eps_id === null || under.has(r.eps_id))
    .map((r) =>
      effectiveMatrix(r.value as RoleValue, r.permissions as Partial<Record<string, string[]>> | null),
    );
}
