// Access grants (src/api/access.ts; docs/admin.md "Access grants"): a member's access to a
// resource (the space or an EPS node), the free abilities there, the space's grants, grant and
// revoke. A user who is not a member is 400 access.not_member, a node of another space
// access.unknown_node (its id is not told apart from one that does not exist).
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { ResourceAccess } from '../../api';
import type { PartialMatrix } from '../../domain/admin/grants';
import { freeAbilities, grantProblem, grantsOf, matrixOf, subtract, unite } from '../../domain/admin/grants';
import type { PermissionAbility, PermissionModule } from '../../domain/admin/permissions';
import { effectiveMatrix } from '../../domain/admin/permissions';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import { implement } from '../http/register';
import { grantsFor } from '../services/access-grants';
import { iso } from '../services/mappers';

type Db = Kysely<DB>;

async function memberRole(db: Db, spaceId: string, userId: string, field: string) {
  const row = await db
    .selectFrom('space_members as m')
    .innerJoin('roles as r', (j) => j.onRef('r.space_id', '=', 'm.space_id').onRef('r.id', '=', 'm.role_id'))
    .select(['r.id', 'r.name', 'r.value', 'r.permissions'])
    .where('m.space_id', '=', spaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw badRequest('access.not_member', { field });
  return row;
}

async function checkNode(db: Db, spaceId: string, epsId: string | null, field: string) {
  if (epsId === null) return;
  const node = await db
    .selectFrom('eps_nodes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', epsId)
    .executeTakeFirst();
  if (!node) throw badRequest('access.unknown_node', { field });
}

/** Grants of a member on exactly one place. */
async function grantsHere(db: Db, spaceId: string, userId: string, epsId: string | null) {
  const rows = await db
    .selectFrom('access_grants')
    .select(['module', 'ability'])
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where((w) => (epsId === null ? w('eps_id', 'is', null) : w('eps_id', '=', epsId)))
    .execute();
  return matrixOf(
    rows.map((r) => ({ module: r.module as PermissionModule, ability: r.ability as PermissionAbility })),
  );
}

/** What a member may do on a place and why (the user and the node are checked by the caller). */
export async function resourceAccess(
  db: Db,
  spaceId: string,
  userId: string,
  epsId: string | null,
  field = 'query.user_id',
): Promise<ResourceAccess> {
  const role = await memberRole(db, spaceId, userId, field);
  const rolePermissions = effectiveMatrix(role.value, role.permissions);
  const granted = matrixOf(await grantsFor(db, spaceId, userId, epsId ? [epsId] : []));
  const permissions = unite(rolePermissions, granted);
  return {
    user_id: userId,
    eps_id: epsId,
    role_id: role.id,
    role_name: role.name,
    role_permissions: rolePermissions,
    granted_here: await grantsHere(db, spaceId, userId, epsId),
    granted,
    permissions,
    free: freeAbilities(permissions, epsId !== null),
  };
}

export function accessRoutes(ctx: AppContext) {
  const { db, events } = ctx;
  const changed = (spaceId: string, userId: string) =>
    events.publish({ event: 'members_updated', space_id: spaceId, ids: [userId], payload: {} });

  return [
    implement(api.access.resource, async ({ query, space }) => {
      await memberRole(db, space.spaceId, query.user_id, 'query.user_id');
      await checkNode(db, space.spaceId, query.eps_id ?? null, 'query.eps_id');
      return resourceAccess(db, space.spaceId, query.user_id, query.eps_id ?? null);
    }),

    implement(api.access.freeAbilities, async ({ query, space }) => {
      await memberRole(db, space.spaceId, query.user_id, 'query.user_id');
      await checkNode(db, space.spaceId, query.eps_id ?? null, 'query.eps_id');
      const a = await resourceAccess(db, space.spaceId, query.user_id, query.eps_id ?? null);
      return { user_id: a.user_id, eps_id: a.eps_id, free: a.free };
    }),

    implement(api.access.grants, async ({ query, space }) => {
      let q = db
        .selectFrom('access_grants as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .leftJoin('eps_nodes as e', (j) =>
          j.onRef('e.space_id', '=', 'g.space_id').onRef('e.id', '=', 'g.eps_id'),
        )
        .select([
          'g.id',
          'g.user_id',
          'u.login',
          'g.eps_id',
          'e.name as eps_name',
          'g.module',
          'g.ability',
          'g.granted_by',
          'g.granted_at',
        ])
        .where('g.space_id', '=', space.spaceId);
      if (query.user_id) q = q.where('g.user_id', '=', query.user_id);
      const rows = await q
        .orderBy('u.login')
        .orderBy('e.name')
        .orderBy('g.module')
        .orderBy('g.ability')
        .execute();
      return rows.map((r) => ({
        ...r,
        module: r.module as PermissionModule,
        ability: r.ability as PermissionAbility,
        granted_at: iso(r.granted_at),
      }));
    }),

    implement(api.access.grant, async ({ body, space, userId }) => {
      const spaceId = space.spaceId;
      const role = await memberRole(db, spaceId, body.user_id, 'body.user_id');
      await checkNode(db, spaceId, body.eps_id, 'body.eps_id');
      const onNode = body.eps_id !== null;
      const named = body.permissions as PartialMatrix;
      const before = matrixOf(await grantsFor(db, spaceId, body.user_id, onNode ? [body.eps_id!] : []));
      const after = unite(effectiveMatrix(role.value, role.permissions), before, named);
      const problem = grantProblem(named, onNode, after);
      if (problem) throw badRequest(problem, { field: 'body.permissions' });
      const rows = grantsOf(named).map((g) => ({
        space_id: spaceId,
        user_id: body.user_id,
        eps_id: body.eps_id,
        module: g.module,
        ability: g.ability,
        granted_by: userId,
      }));
      // A grant already there stays as it was (its date and giver).
      await db
        .insertInto('access_grants')
        .values(rows)
        .onConflict((oc) => oc.columns(['space_id', 'user_id', 'eps_id', 'module', 'ability']).doNothing())
        .execute();
      changed(spaceId, body.user_id);
      return resourceAccess(db, spaceId, body.user_id, body.eps_id, 'body.user_id');
    }),

    implement(api.access.revoke, async ({ body, space }) => {
      const spaceId = space.spaceId;
      const role = await memberRole(db, spaceId, body.user_id, 'body.user_id');
      await checkNode(db, spaceId, body.eps_id, 'body.eps_id');
      const onNode = body.eps_id !== null;
      const here = await grantsHere(db, spaceId, body.user_id, body.eps_id);
      const named: PartialMatrix = (body.permissions as PartialMatrix | undefined) ?? here;
      const all = matrixOf(await grantsFor(db, spaceId, body.user_id, onNode ? [body.eps_id!] : []));
      // What stays here: the role, the grants above, the grants here less the revoked ones.
      const above = subtract(all, here);
      const after = unite(effectiveMatrix(role.value, role.permissions), above, subtract(here, named));
      const problem = grantProblem(named, false, after);
      // Revoking nothing (no grants here and none named) is not an error: the state is as asked.
      if (problem && problem !== 'access.empty') throw badRequest(problem, { field: 'body.permissions' });
      const gone = grantsOf(named);
      if (gone.length)
        await db
          .deleteFrom('access_grants')
          .where('space_id', '=', spaceId)
          .where('user_id', '=', body.user_id)
          .where((w) => (body.eps_id === null ? w('eps_id', 'is', null) : w('eps_id', '=', body.eps_id)))
          .where((w) =>
            w.or(gone.map((g) => w.and([w('module', '=', g.module), w('ability', '=', g.ability)]))),
          )
          .execute();
      changed(spaceId, body.user_id);
      return resourceAccess(db, spaceId, body.user_id, body.eps_id, 'body.user_id');
    }),
  ];
}
