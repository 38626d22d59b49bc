// First start: when there are no users yet, create the demo user and the demo space with its
// schedule, so a newcomer signs in to a real schedule.
import type { Kysely } from 'kysely';
import { hashSecret, normalizeAnswer } from '../auth/passwords';
import type { DB } from '../db/schema';
import { createSpace } from '../services/spaces';
import { addDemoStructure } from './demo';

export const DEMO_LOGIN = 'demo';
export const DEMO_PASSWORD = 'demo-password-1';
const DEMO_USER_CAP = 25;

/** Returns true when it seeded. Safe to call on every start. */
export async function seedIfEmpty(db: Kysely<DB>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).execute();
  if (anyUser.length > 0) return false;
  const [password_hash, secret_answer_hash] = await Promise.all([
    hashSecret(DEMO_PASSWORD),
    hashSecret(normalizeAnswer('demo')),
  ]);
  const { id } = await db
    .insertInto('users')
    .values({
      login: DEMO_LOGIN,
      email: 'demo@example.com',
      first_name: 'Demo',
      last_name: 'Planner',
      password_hash,
      secret_question: 'What is the login of this account?',
      secret_answer_hash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { spaceId } = await createSpace(db, {
    name: 'Demo space',
    kind: 'demo',
    ownerId: id,
    userCap: DEMO_USER_CAP,
  });
  const demo = await addDemoStructure(db, spaceId);
  // The scoreboard opens on the demo schedule's figures rather than on an empty board.
  const measures = ['activities', 'percent', 'critical', 'slip_days', 'dcma_passed'] as const;
  await db
    .insertInto('scoreboard_tiles')
    .values(
      measures.map((measure, i) => ({
        space_id: spaceId,
        user_id: id,
        node_id: demo.schedule_id,
        measure,
        sort_order: i,
      })),
    )
    .execute();
  return true;
}
