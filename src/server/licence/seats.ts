// Seats of a licensed module (estimates, BIM): a user takes a seat at first use, kept while the
// cap allows; spec §8's "not in the licence" and "users exceeded" errors come from here.
// A space with an active licence token follows that token: its estimates / BIM users are the cap
// and the seats are the members' flags the administrator sets (space_members.estimates / bim,
// admin setEntitlements), taken at first use while seats remain. A space without one follows the
// installation's own entitlement (ESTIMATES_USER_CAP / BIM_USER_CAP), or the demo's seats, with
// the seats in costr_users / bim_users.
import type { Kysely } from 'kysely';
import { activeLicence } from '../../domain/admin/licence';
import type { LicencePayload } from '../../domain/admin/licence';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import { loadedTokens } from '../services/licences';

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

/** The space's active licence token, or null (none loaded, or all expired). */
async function activePayload(db: Kysely<DB>, spaceId: string): Promise<LicencePayload | null> {
  return activeLicence(await loadedTokens(db, spaceId), new Date())?.payload ?? null;
}

/**
 * A module's cap in a space: the active licence's users of it; without a licence, the
 * installation's cap or the demo's seats. null: the module is not licensed there.
 */
function capOf(
  licence: LicencePayload | null,
  module: 'estimates' | 'bim',
  installationCap: number | null,
  kind: string,
): number | null {
  if (licence) return module === 'estimates' ? licence.estimates_users : licence.bim_users;
  return installationCap ?? (kind === 'demo' ? DEMO_MODULE_USERS : null);
}

/** A guard taking (or confirming) the user's seat in the space, or refusing with a licence error. */
export function seatGuard(db: Kysely<DB>, rules: SeatRules) {
  // Both tables have the same shape; one is named for the query builder.
  const table = rules.table as 'bim_users';
  const module = rules.table === 'costr_users' ? 'estimates' : 'bim';
  return async (c: { space: { spaceId: string; kind: string }; userId: string }): Promise<void> => {
    const { spaceId, kind } = c.space;
    const licence = await activePayload(db, spaceId);
    const cap = capOf(licence, module, rules.cap, kind);
    if (cap === null) throw new HttpError(403, 'Forbidden', [{ code: rules.notLicensed }]);
    // Under a licence the seats are the members' flags (the administrator's too); else the table.
    const seats = licence ? memberSeats(db, spaceId, module) : tableSeats(db, spaceId, table);
    if (await seats.held(c.userId)) return;
    if ((await seats.count()) >= cap)
      throw new HttpError(403, 'Forbidden', [{ code: rules.exceeded, params: { cap } }]);
    await seats.take(c.userId);
  };
}

interface Seats {
  held(userId: string): Promise<boolean>;
  count(): Promise<number>;
  take(userId: string): Promise<void>;
}

/** Seats under the installation's entitlement or the demo's: rows of costr_users / bim_users. */
function tableSeats(db: Kysely<DB>, spaceId: string, table: 'bim_users'): Seats {
  return {
    held: async (userId) =>
      !!(await db
        .selectFrom(table)
        .select('user_id')
        .where('space_id', '=', spaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst()),
    count: async () =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((b) => b.fn.countAll<number>().as('n'))
            .where('space_id', '=', spaceId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    take: async (userId) => {
      await db
        .insertInto(table)
        .values({ space_id: spaceId, user_id: userId })
        .onConflict((o) => o.doNothing())
        .execute();
    },
  };
}

/** Seats under the space's licence: the members' estimates / bim flags (admin setEntitlements). */
function memberSeats(db: Kysely<DB>, spaceId: string, module: 'estimates' | 'bim'): Seats {
  const members = () => db.selectFrom('space_members').where('space_id', '=', spaceId);
  return {
    held: async (userId) =>
      !!(await members()
        .select('user_id')
        .where('user_id', '=', userId)
        .where(module, '=', true)
        .executeTakeFirst()),
    count: async () =>
      Number(
        (
          await members()
            .select((b) => b.fn.countAll<number>().as('n'))
            .where(module, '=', true)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    take: async (userId) => {
      await db
        .updateTable('space_members')
        .set({ [module]: true })
        .where('space_id', '=', spaceId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

/** Whether the space's entitlement has estimates and BIM at all (the client shows the modules). */
export async function licensedModules(
  db: Kysely<DB>,
  caps: { estimatesUserCap: number | null; bimUserCap: number | null },
  space: { spaceId: string; kind: string },
): Promise<{ estimates: boolean; bim: boolean }> {
  const licence = await activePayload(db, space.spaceId);
  return {
    estimates: capOf(licence, 'estimates', caps.estimatesUserCap, space.kind) !== null,
    bim: capOf(licence, 'bim', caps.bimUserCap, space.kind) !== null,
  };
}
