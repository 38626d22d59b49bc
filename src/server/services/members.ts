// Members of a space with their roles.
import type { Kysely } from 'kysely';
import type { Member } from '../../api/spaces';
import type { DB } from '../db/schema';
import { conflict } from '../errors';
import { iso } from './mappers';

export async function listMembers(db: Kysely<DB>, spaceId: string, userId?: string): Promise<Member[]> {
  let q = db
    .selectFrom('space_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .select([
      'u.id as user_id',
      'u.login',
      'u.email',
      'u.first_name',
      'u.last_name',
      'r.id as role_id',
      'r.name as role_name',
      'r.value as role_value',
      'm.joined_at',
      'm.estimates',
      'm.bim',
      'm.last_seen_at',
      'm.executor',
    ])
    .where('m.space_id', '=', spaceId);
  if (userId) q = q.where('m.user_id', '=', userId);
  const rows = await q.orderBy('m.joined_at').orderBy('u.id').execute();
  return rows.map((r) => ({
    ...r,
    joined_at: iso(r.joined_at),
    last_seen_at: r.last_seen_at ? iso(r.last_seen_at) : null,
  }));
}

/** Refuses a change that would leave the space without a moderator. */
export async function keepAModerator(db: Kysely<DB>, spaceId: string, leavingUserId: string): Promise<void> {
  const others = await db
    .selectFrom('space_members as m')
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .select('m.user_id')
    .where('m.space_id', '=', spaceId)
    .where('r.value', '=', 'moderator')
    .where('m.user_id', '!=', leavingUserId)
    .limit(1)
    .execute();
  if (others.length === 0) throw conflict('last_moderator');
}
