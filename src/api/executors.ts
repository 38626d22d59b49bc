// Executors (spec §7 Users: PATCH users/{id}/set-executor; issue 21): a member of a space who
// executes the work, and the members and executors of a version (GET versions/{id}/users).
import { z } from 'zod';
import { Id, IdParams } from './common';
import { route } from './route';
import { Member } from './spaces';

export const VersionUsers = z.object({
  version_id: Id,
  /** Every member of the version's space, with its executor flag. */
  members: z.array(Member),
  /** The members who are executors. */
  executors: z.array(Member),
});
export type VersionUsers = z.infer<typeof VersionUsers>;

export const executorRoutes = {
  setExecutor: route({
    method: 'PATCH',
    path: '/users/:id/set-executor',
    scope: 'space',
    ability: 'admin',
    summary: 'Make a member of the space in the space-id header an executor (executor: false: no longer)',
    params: IdParams,
    body: z.object({ executor: z.boolean().default(true) }).strict(),
    response: Member,
  }),
  versionUsers: route({
    method: 'GET',
    path: '/versions/:id/users',
    scope: 'space',
    summary: "A version's members and executors",
    params: IdParams,
    response: VersionUsers,
  }),
};
