// User look-ups shared by auth, users and spaces routes.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { toUser } from './mappers';
import type { UserRow } from './mappers';

/** Every user column but the avatar bytes, plus has_avatar. */
export const userColumns = [
  'id',
  'login',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'secret_question',
  'secret_answer_hash',
  'avatar_mime',
  'privacy_policy_accepted_at',
  'notification_channels',
  'created_at',
] as const;

export async function findUserByLogin(db: Kysely<DB>, login: string): Promise<UserRow | undefined> {
  const l = login.trim().toLowerCase();
  // A login wins over an email when one user's login is another's email.
  return db
    .selectFrom('users')
    .select([...userColumns, sql<boolean>`avatar IS NOT NULL`.as('has_avatar')])
    .where((eb) => eb.or([eb(sql`lower(login)`, '=', l), eb(sql`lower(email)`, '=', l)]))
    .orderBy(sql`lower(login) = ${l}`, 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function getUser(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom('users')
    .select([...userColumns, sql<boolean>`avatar IS NOT NULL`.as('has_avatar')])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('user');
  return toUser(row);
}
