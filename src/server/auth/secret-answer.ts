// Guessing a secret answer: every wrong answer for a login is counted on the user; past
// RESET_MAX_FAILURES in a row, recovery of that login is locked for RESET_LOCK_MINUTES (a 429 that
// says so). A right answer clears the count. The per-address limit is the route's rate limit.
// For an unknown login, the question asked is a decoy picked from the login itself, so that
// reset-password-request answers known and unknown logins alike.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';

export const RESET_MAX_FAILURES = 5;
export const RESET_LOCK_MINUTES = 15;

export const resetLocked = () =>
  new HttpError(429, 'TooManyRequests', [{ code: 'reset_locked', params: { minutes: RESET_LOCK_MINUTES } }]);

/** Refuses when the user's recovery is locked. */
export async function checkResetLock(db: Kysely<DB>, userId: string): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select(sql<boolean>`reset_locked_until IS NOT NULL AND reset_locked_until > now()`.as('locked'))
    .where('id', '=', userId)
    .executeTakeFirst();
  if (row?.locked) throw resetLocked();
}

/** Counts a wrong answer; the one that reaches the limit locks the login. */
export async function countWrongAnswer(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      reset_failures: sql`CASE WHEN reset_failures + 1 >= ${RESET_MAX_FAILURES} THEN 0 ELSE reset_failures + 1 END`,
      reset_locked_until: sql`CASE WHEN reset_failures + 1 >= ${RESET_MAX_FAILURES}
        THEN now() + make_interval(mins => ${RESET_LOCK_MINUTES}) ELSE reset_locked_until END`,
    })
    .where('id', '=', userId)
    .execute();
}

export async function clearWrongAnswers(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ reset_failures: 0, reset_locked_until: null })
    .where('id', '=', userId)
    .execute();
}

const DECOYS = [
  'First pet?',
  "Mother's maiden name?",
  'City of birth?',
  'Name of your first school?',
  'Favourite book?',
  'Street you grew up on?',
];

/** The same question for the same unknown login, every time. */
export function decoyQuestion(login: string): string {
  const h = createHash('sha256').update(login.trim().toLowerCase()).digest();
  return DECOYS[h[0]! % DECOYS.length]!;
}
