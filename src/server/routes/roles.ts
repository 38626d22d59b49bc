// Roles of a space: named, each with a role value that fixes its abilities.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { api } from '../../api';
import type { Role } from '../../api/roles';
import type { AppContext } from '../context';
import type { RolesTable } from '../db/schema';
import { conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { iso } from '../services/mappers';

const toRole = (r: Selectable<RolesTable>): Role => ({
  id: r.id,
  name: r.name,
  value: r.value,
  builtin: r.builtin,
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
      .values({ space_id: space.spaceId, name: body.name, value: body.value })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRole(row);
  }),

  implement(api.roles.update, async ({ body, params, space }) => {
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
      .set({ name: body.name, value: body.value, updated_at: sql`now()` })
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
