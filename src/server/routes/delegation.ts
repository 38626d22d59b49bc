// Delegation (issue 26; spec §6, §7 Delegation; src/api/collab.ts): a member hands their rights in
// the space, or on an EPS node, to another member for a period. The permission check honours it
// (services/delegation.ts via auth/space-access.ts) until the end of the period. Both sides see it.
import { sql } from 'kysely';
import { api } from '../../api';
import type { Delegation } from '../../api/collab';
import { delegationActive, delegationProblem } from '../../domain/collab';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { HttpError, implement } from '../http/register';
import type { Implemented } from '../http/register';
import { iso } from '../services/mappers';

export function delegationRoutes(ctx: AppContext): Implemented[] {
  const { db } = ctx;

  const list = async (spaceId: string, where: { from?: string; to?: string; id?: string }) => {
    let q = db
      .selectFrom('delegations as d')
      .innerJoin('users as f', 'f.id', 'd.from_user')
      .innerJoin('users as t', 't.id', 'd.to_user')
      .leftJoin('eps_nodes as e', (j) =>
        j.onRef('e.space_id', '=', 'd.space_id').onRef('e.id', '=', 'd.eps_id'),
      )
      .select([
        'd.id',
        'd.eps_id',
        'e.name as eps_name',
        'd.starts_at',
        'd.ends_at',
        'f.id as f_id',
        'f.login as f_login',
        'f.first_name as f_first',
        'f.last_name as f_last',
        sql<boolean>`f.avatar IS NOT NULL`.as('f_avatar'),
        't.id as t_id',
        't.login as t_login',
        't.first_name as t_first',
        't.last_name as t_last',
        sql<boolean>`t.avatar IS NOT NULL`.as('t_avatar'),
      ])
      .where('d.space_id', '=', spaceId);
    if (where.from) q = q.where('d.from_user', '=', where.from);
    if (where.to) q = q.where('d.to_user', '=', where.to);
    if (where.id) q = q.where('d.id', '=', where.id);
    const rows = await q.orderBy('d.starts_at', 'desc').execute();
    const now = new Date();
    return rows.map((r): Delegation => ({
      id: r.id,
      from_user: {
        id: r.f_id,
        login: r.f_login,
        first_name: r.f_first,
        last_name: r.f_last,
        avatar_url: r.f_avatar ? `/api/v1/users/${r.f_id}/avatar` : null,
      },
      to_user: {
        id: r.t_id,
        login: r.t_login,
        first_name: r.t_first,
        last_name: r.t_last,
        avatar_url: r.t_avatar ? `/api/v1/users/${r.t_id}/avatar` : null,
      },
      eps_id: r.eps_id,
      eps_name: r.eps_name ?? null,
      starts_at: iso(r.starts_at),
      ends_at: iso(r.ends_at),
      active: delegationActive(r, now),
    }));
  };

  return [
    implement(api.delegation.given, async ({ space, userId }) => list(space.spaceId, { from: userId })),
    implement(api.delegation.received, async ({ space, userId }) => list(space.spaceId, { to: userId })),
    implement(api.delegation.create, async ({ space, userId, body }) => {
      const problem = delegationProblem({
        from_user: userId,
        to_user: body.user_id,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
      });
      if (problem) throw badRequest(problem.code, { field: problem.field });
      if (body.eps_id) {
        const node = await db
          .selectFrom('eps_nodes')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', body.eps_id)
          .executeTakeFirst();
        if (!node) throw notFound('eps');
      }
      const member = await db
        .selectFrom('space_members')
        .select('user_id')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', body.user_id)
        .executeTakeFirst();
      if (!member) throw badRequest('delegation.not_member', { field: 'user_id' });
      const row = await db
        .insertInto('delegations')
        .values({
          space_id: space.spaceId,
          from_user: userId,
          to_user: body.user_id,
          eps_id: body.eps_id,
          starts_at: body.starts_at,
          ends_at: body.ends_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await list(space.spaceId, { id: row.id }))[0]!;
    }),
    implement(api.delegation.remove, async ({ space, userId, params }) => {
      const d = await db
        .selectFrom('delegations')
        .select(['from_user', 'to_user'])
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!d) throw notFound('delegation');
      if (d.from_user !== userId && d.to_user !== userId)
        throw new HttpError(403, 'Forbidden', [{ code: 'delegation.not_yours' }]);
      await db
        .deleteFrom('delegations')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      return { success: true as const };
    }),
  ];
}
