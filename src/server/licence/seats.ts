// Seats of a licensed module (estimates, BIM): a user takes a seat at first use, kept while the
// cap allows; spec §8's "not in the licence" and "users exceeded" errors come from here.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';

/** The demo's seats when a demo space has no configured entitlement (a newcomer tries every module). */
export const DEMO_MODULE_USERS = 25;

export interface SeatRules {
  /** The table of seats taken: (space_id, user_id). */
  table: 'bim_users' | 'costr_users';
  /** The licence's cap, or null when the module is not licensed. */
  cap: number | null;
  notLicensed: string;
  exceeded: string;
}

/** A guard taking (or confirming) the user's seat in the space, or refusing with a licence error. */
export function seatGuard(db: Kysely<DB>, rules: SeatRules) {
  // Both tables have the same shape; one is named for the query builder.
  const table = rules.table as 'bim_users';
  return async (c: { space: { spaceId: string; kind: string }; userId: string }): Promise<void> => {
    const { spaceId, kind } = c.space;
    const cap = rules.cap ?? (kind === 'demo' ? DEMO_MODULE_USERS : null);
    if (cap === null) throw new HttpError(403, 'Forbidden', [{ code: rules.notLicensed }]);
    const known = await db
      .selectFrom(table)
      .select('user_id')
      .where('space_id', '=', spaceId)
      .where('user_id', '=', c.userId)
      .executeTakeFirst();
    if (known) return;
    const n = await db
      .selectFrom(table)
      .select((b) => b.fn.countAll<number>().as('n'))
      .where('space_id', '=', spaceId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= cap)
      throw new HttpError(403, 'Forbidden', [{ code: rules.exceeded, params: { cap } }]);
    await db
      .insertInto(table)
      .values({ space_id: spaceId, user_id: c.userId })
      .onConflict((o) => o.doNothing())
      .execute();
  };
}
