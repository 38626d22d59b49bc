// Licence tokens of a space: listing with the active one marked, and applying the active one to
// space_licences (the row space entry reads) after every load or removal.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { LicenceInfo } from '../../api/admin';
import type { LicencePayload } from '../../domain/admin/licence';
import { activeLicence, isExpired } from '../../domain/admin/licence';
import type { DB } from '../db/schema';
import { iso } from './mappers';

export interface LoadedToken {
  id: string;
  payload: LicencePayload;
  loaded_at: string;
}

export async function loadedTokens(db: Kysely<DB>, spaceId: string): Promise<LoadedToken[]> {
  const rows = await db
    .selectFrom('licence_tokens')
    .select(['id', 'payload', 'loaded_at'])
    .where('space_id', '=', spaceId)
    .orderBy('loaded_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, payload: r.payload, loaded_at: iso(r.loaded_at) }));
}

export function describe(tokens: readonly LoadedToken[], now: Date): LicenceInfo[] {
  const active = activeLicence(tokens, now);
  return tokens.map((t) => ({
    id: t.id,
    customer: t.payload.customer,
    user_cap: t.payload.user_cap,
    expires_at: t.payload.expires_at,
    min_version: t.payload.min_version,
    max_version: t.payload.max_version,
    estimates_users: t.payload.estimates_users,
    bim_users: t.payload.bim_users,
    issued_at: t.payload.issued_at,
    loaded_at: t.loaded_at,
    active: t === active,
    expired: isExpired(t.payload, now),
  }));
}

/** The active token's caps and expiry become the space's licence; the space counts as paid. */
export async function applyActive(db: Kysely<DB>, spaceId: string, active: LoadedToken): Promise<void> {
  await db
    .updateTable('space_licences')
    .set({ user_cap: active.payload.user_cap, expires_at: new Date(active.payload.expires_at) })
    .where('space_id', '=', spaceId)
    .execute();
  await db.updateTable('spaces').set({ kind: 'paid' }).where('id', '=', spaceId).execute();
}

/** Members holding an estimates / BIM seat. */
export async function entitlementCounts(db: Kysely<DB>, spaceId: string) {
  const row = await db
    .selectFrom('space_members')
    .select([
      sql<number>`count(*) FILTER (WHERE estimates)::int`.as('estimates'),
      sql<number>`count(*) FILTER (WHERE bim)::int`.as('bim'),
    ])
    .where('space_id', '=', spaceId)
    .executeTakeFirstOrThrow();
  return row;
}
