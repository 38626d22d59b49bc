// Bearer sessions: a random token goes to the client once; only its SHA-256 is stored.
// A session ends after idle_timeout minutes without a request.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Kysely<DB>, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId })
    .execute();
  return token;
}

/**
 * How old last_seen_at may get before a request refreshes it: a quarter of the time-out, at most a
 * minute. Once a minute alone would let a 1-minute time-out end an active session.
 */
export const refreshAfterSeconds = (idleMinutes: number) => Math.min(60, (idleMinutes * 60) / 4);

/**
 * The user of a live token, or null. Refreshes last_seen_at at most every refreshAfterSeconds so
 * that reads do not turn into a write each.
 */
export async function resolveSession(
  db: Kysely<DB>,
  token: string,
  idleMinutes: number,
): Promise<{ userId: string; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select([
      'user_id',
      sql<boolean>`last_seen_at < now() - make_interval(secs => ${refreshAfterSeconds(idleMinutes)})`.as(
        'stale',
      ),
    ])
    .where('token_hash', '=', tokenHash)
    .where(sql<boolean>`last_seen_at > now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { userId: row.user_id, tokenHash };
}

/** Drops sessions idle for longer than the time-out (run at start and hourly). */
export async function purgeIdleSessions(db: Kysely<DB>, idleMinutes: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where(sql<boolean>`last_seen_at < now() - make_interval(mins => ${idleMinutes})`)
    .execute();
  await db
    .deleteFrom('password_resets')
    .where(sql<boolean>`expires_at < now()`)
    .execute();
}
