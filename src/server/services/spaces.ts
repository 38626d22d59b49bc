// Creating a space: the space, its four built-in roles, a licence, the owner as moderator and a
// standard calendar, in one transaction.
import type { Kysely, Transaction } from 'kysely';
import { ROLE_VALUES } from '../../api/roles';
import type { DB } from '../db/schema';

/** Monday–Friday 08:00–12:00 and 13:00–17:00 (minutes of the day); index 0 is Sunday. */
export const STANDARD_WEEK = [
  [],
  ...Array.from({ length: 5 }, () => [
    { start: 480, end: 720 },
    { start: 780, end: 1020 },
  ]),
  [],
];

const ROLE_NAMES: Record<(typeof ROLE_VALUES)[number], string> = {
  moderator: 'Moderator',
  planning_and_control: 'Planning and control',
  fact_gathering: 'Fact gathering',
  student: 'Student',
};

/** Free spaces get this user cap; the demo space gets more. */
export const FREE_USER_CAP = 5;

export interface NewSpace {
  name: string;
  kind: 'demo' | 'free' | 'paid';
  ownerId: string;
  userCap: number;
}

export async function createSpace(
  db: Kysely<DB>,
  s: NewSpace,
): Promise<{ spaceId: string; moderatorRoleId: string }> {
  return db.transaction().execute((tx) => createSpaceIn(tx, s));
}

/** Creates a space inside the caller's transaction (a copy from another deployment adds to it). */
export async function createSpaceIn(tx: Transaction<DB>, s: NewSpace) {
  const { id: spaceId } = await tx
    .insertInto('spaces')
    .values({ name: s.name, kind: s.kind, owner_id: s.ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = await tx
    .insertInto('roles')
    .values(
      ROLE_VALUES.map((value) => ({ space_id: spaceId, name: ROLE_NAMES[value], value, builtin: true })),
    )
    .returning(['id', 'value'])
    .execute();
  const moderatorRoleId = roles.find((r) => r.value === 'moderator')!.id;
  await tx.insertInto('space_licences').values({ space_id: spaceId, user_cap: s.userCap }).execute();
  await tx
    .insertInto('space_members')
    .values({ space_id: spaceId, user_id: s.ownerId, role_id: moderatorRoleId })
    .execute();
  await tx
    .insertInto('calendars')
    .values({
      space_id: spaceId,
      name: 'Standard 5x8',
      week: JSON.stringify(STANDARD_WEEK),
      exceptions: '[]',
      hours_per_day: 8,
      hours_per_week: 40,
      hours_per_month: 173,
      is_default: true,
    })
    .execute();
  return { spaceId, moderatorRoleId };
}
