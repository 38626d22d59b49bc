// Roles of a space: named, each with a role value that fixes its abilities.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { api } from '../../api';
import type { Role } from '../../api/roles';
import type { AppContext } from '../context';
import type { RolesTable } from '../db/schema';
import type { PermissionMatrix } from '../../domain/admin/permissions';
import { effectiveMatrix, matrixProblem } from '../../domain/admin/permissions';
import type { RoleValue } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { iso } from '../services/mappers';

/** The matrix to store for a role input (null = the value's defaults), refused with 400 if unsafe. */
function storedMatrix(value: RoleValue, permissions: PermissionMatrix | undefined): string | null {
  if (!permissions) return null;
  const matrix = effectiveMatrix(value, permissions);
  const problem = matrixProblem(value, matrix);
  if (problem) throw badRequest(problem, { field: 'body.permissions' });
  return JSON.stringify(matrix);
}

const toRole = (r: Selectable<RolesTable>): Role => ({
  id: r.id,
  name: r.name,
  value: r.value,
  builtin: r.builtin,
  permissions: effectiveMatrix(r.value, r.permissions),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export const roleRoutes = ({ db }: AppContext) => [
  implement(api.roles.list, async ({ space }) => {
    const rows = await db
      .selectFrom('roles')
      .selectAll()
      .where('space_id', '=', space.spaceId)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
    return rows.map(toRole);
  }),

  implement(api.roles.create, async ({ body, space }) => {
    const row = await db
      .insertInto('roles')
      .values({
        space_id: space.spaceId,
        name: body.name,
        value: body.value,
        permissions: storedMatrix(body.value, body.permissions),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRole(row);
  }),

  implement(api.roles.update, async ({ body, params, space }) => {
    const permissions = storedMatrix(body.value, body.permissions);
    const role = await db
      .selectFrom('roles')
      .selectAll()
      .where('space_id', '=', space.spaceId)
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!role) throw notFound('role');
    if (role.value === 'moderator' && body.value !== 'moderator') {
      // Demoting the role every moderator holds would leave the space unmanaged.
      const holders = await db
        .selectFrom('space_members')
        .select('user_id')
        .where('space_id', '=', space.spaceId)
        .where('role_id', '=', role.id)
        .execute();
      const otherModerators = await db
        .selectFrom('space_members as m')
        .innerJoin('roles as r', (j) =>
          j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'),
        )
        .select('m.user_id')
        .where('m.space_id', '=', space.spaceId)
        .where('r.value', '=', 'moderator')
        .where('r.id', '!=', role.id)
        .limit(1)
        .execute();
      if (holders.length > 0 && otherModerators.length === 0) throw conflict('last_moderator');
    }
    const row = await db
      .updateTable('roles')
      .set({
        name: body.name,
        value: body.value,
        // Without a matrix, a role keeps its own unless the value changed (then: the new defaults).
        ...(permissions !== null || body.value !== role.value ? { permissions } : {}),
        updated_at: sql`now()`,
      })
      .where('space_id', '=', space.spaceId)
      .where('id', '=', params.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRole(row);
  }),

  implement(api.roles.remove, async ({ params, space }) => {
    const role = await db
      .selectFrom('roles')
      .select(['id', 'builtin'])
      .where('space_id', '=', space.spaceId)
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!role) throw notFound('role');
    if (role.builtin) throw conflict('role_builtin');
    const held = await db
      .selectFrom('space_members')
      .select('user_id')
      .where('space_id', '=', space.spaceId)
      .where('role_id', '=', role.id)
      .limit(1)
      .execute();
    if (held.length > 0) throw conflict('role_in_use');
    await db.deleteFrom('roles').where('space_id', '=', space.spaceId).where('id', '=', role.id).execute();
    return { success: true as const };
  }),
];
