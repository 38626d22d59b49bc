// Entry to a space, in the order of spec §8: member? (403 Forbidden) → IP allowed? (403
// IPNotAllowed) → licence (402 LicenseNotFound / LicenseLimit) → the role's permission matrix allows
// the route's ability in the route's module (403), with the abilities granted to the member (access
// grants) and handed on by delegations in force.
import { BlockList, isIP } from 'node:net';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Ability } from '../../api/route';
import type { PermissionMatrix, PermissionModule } from '../../domain/admin/permissions';
import { ABILITIES, allows, effectiveMatrix } from '../../domain/admin/permissions';
import { matrixOf, unite } from '../../domain/admin/grants';
import { unionMatrices } from '../../domain/collab';
import type { DB, RoleValue } from '../db/schema';
import { HttpError, forbidden } from '../errors';
import { grantsFor } from '../services/access-grants';
import { delegatedMatrices } from '../services/delegation';

export interface SpaceAccess {
  spaceId: string;
  name: string;
  kind: 'demo' | 'free' | 'paid';
  ownerId: string | null;
  roleId: string;
  roleName: string;
  roleValue: RoleValue;
  permissions: PermissionMatrix;
  defaultLanguage: 'en' | 'ru' | 'fr' | null;
  idleTimeoutMinutes: number | null;
  userCap: number;
  members: number;
  licenceExpiresAt: Date | null;
}

/** Plain IPv4 for IPv4-mapped IPv6 ("::ffff:10.0.0.1"), as proxies and Node report either. */
export const normalizeIp = (ip: string) =>
  ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;

export function ipAllowed(rules: readonly string[], ip: string): boolean {
  if (rules.length === 0) return true;
  const addr = normalizeIp(ip);
  const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const rule of rules) {
    const [net, bits] = rule.split('/');
    const type = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net!, type);
    else list.addSubnet(net!, Number(bits), type);
  }
  return list.check(addr, family);
}

export async function enterSpace(
  db: Kysely<DB>,
  userId: string,
  spaceId: string,
  ip: string,
  ability: Ability,
  module: PermissionModule | null = null,
  /** Ids the call is about (delegations on an EPS node apply to them): services/delegation.ts. */
  subjects: readonly string[] = [],
): Promise<SpaceAccess> {
  const row = await db
    .selectFrom('space_members as m')
    .innerJoin('spaces as s', 's.id', 'm.space_id')
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .leftJoin('space_licences as l', 'l.space_id', 's.id')
    .select([
      's.name',
      's.kind',
      's.owner_id',
      's.ip_allow_list',
      's.default_language',
      's.idle_timeout_minutes',
      'r.id as role_id',
      'r.name as role_name',
      'r.value as role_value',
      'r.permissions',
      'm.last_seen_at',
      'l.user_cap',
      'l.expires_at',
      sql<boolean>`l.expires_at IS NOT NULL AND l.expires_at < now()`.as('expired'),
      sql<number>`(SELECT count(*) FROM space_members x WHERE x.space_id = m.space_id)::int`.as('members'),
      sql<number>`(SELECT count(*) FROM space_members x WHERE x.space_id = m.space_id
        AND (x.joined_at, x.user_id) <= (m.joined_at, m.user_id))::int`.as('rank'),
      sql<boolean>`EXISTS (SELECT 1 FROM access_grants g WHERE g.space_id = m.space_id
        AND g.user_id = m.user_id)`.as('granted'),
      sql<boolean>`EXISTS (SELECT 1 FROM delegations d WHERE d.space_id = m.space_id AND d.to_user = m.user_id
        AND d.starts_at <= now() AND d.ends_at > now())`.as('delegated'),
    ])
    .where('m.space_id', '=', spaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw forbidden();
  if (!ipAllowed(row.ip_allow_list, ip)) throw new HttpError(403, 'IPNotAllowed', [{ code: 'IPNotAllowed' }]);
  if (row.user_cap === null) throw new HttpError(402, 'LicenseNotFound', [{ code: 'LicenseNotFound' }]);
  if (row.expired) throw new HttpError(402, 'LicenseNotFound', [{ code: 'LicenseExpired' }]);
  // Members beyond the cap, by join order, are the ones kept out; the first ones keep working.
  if (row.rank > row.user_cap) throw new HttpError(402, 'LicenseLimit', [{ code: 'LicenseLimit' }]);
  const role = effectiveMatrix(row.role_value, row.permissions);
  // Abilities granted to this member beyond the role (on the space, or on a node the call is about).
  const own = row.granted ? unite(role, matrixOf(await grantsFor(db, spaceId, userId, subjects))) : role;
  // Rights handed on by delegations in force (their end stops them: the query compares with now()).
  const permissions = row.delegated
    ? unionMatrices(own, await delegatedMatrices(db, spaceId, userId, subjects), ABILITIES)
    : own;
  if (module !== null && !allows(permissions, module, ability)) throw forbidden();
  // Last activity, to the minute: one write a minute per member, not one per call.
  if (!row.last_seen_at || Date.now() - row.last_seen_at.getTime() > 60_000)
    await db
      .updateTable('space_members')
      .set({ last_seen_at: sql`now()` })
      .where('space_id', '=', spaceId)
      .where('user_id', '=', userId)
      .execute();
  return {
    spaceId,
    name: row.name,
    kind: row.kind,
    ownerId: row.owner_id,
    roleId: row.role_id,
    roleName: row.role_name,
    roleValue: row.role_value,
    permissions,
    userCap: row.user_cap,
    members: row.members,
    licenceExpiresAt: row.expires_at,
    defaultLanguage: row.default_language,
    idleTimeoutMinutes: row.idle_timeout_minutes,
  };
}
