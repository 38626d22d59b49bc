// Executors (src/api/executors.ts): set a member's executor flag; a version's members and
// executors. A user who is not a member of the space is 404, a version of another space 404.
import { api } from '../../api';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { listMembers } from '../services/members';
import { getVersion } from './versions';

export function executorRoutes(ctx: AppContext) {
  const { db, events } = ctx;
  return [
    implement(api.executors.setExecutor, async ({ params, body, space }) => {
      const row = await db
        .updateTable('space_members')
        .set({ executor: body.executor })
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', params.id)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) throw notFound('member');
      events.publish({ event: 'members_updated', space_id: space.spaceId, ids: [params.id], payload: {} });
      const [member] = await listMembers(db, space.spaceId, params.id);
      return member!;
    }),

    implement(api.executors.versionUsers, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const members = await listMembers(db, space.spaceId);
      return { version_id: params.id, members, executors: members.filter((m) => m.executor) };
    }),
  ];
}
