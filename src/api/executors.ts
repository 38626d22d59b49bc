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

/** The executor and the curator of a WBS row (null: none). */
export const RowPeople = z.object({
  wbs_id: Id,
  executor_id: Id.nullable(),
  curator_id: Id.nullable(),
});
export type RowPeople = z.infer<typeof RowPeople>;

/** Name (or clear with null) a row's executor and / or curator; an absent field is unchanged. */
export const SetRowPeopleBody = z
  .object({ wbs_id: Id, executor_id: Id.nullable().optional(), curator_id: Id.nullable().optional() })
  .strict();

/** Name (or clear with null) the executor of many rows at once (the works a person reports on). */
export const SetRowExecutorsBody = z
  .object({ wbs_ids: z.array(Id).min(1).max(5000), executor_id: Id.nullable() })
  .strict();

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
  rowPeople: route({
    method: 'GET',
    path: '/versions/:id/row-people',
    scope: 'space',
    summary: "The executors and curators of a version's rows (rows with either)",
    params: IdParams,
    response: z.object({ version_id: Id, rows: z.array(RowPeople) }),
  }),
  setRowPeople: route({
    method: 'PATCH',
    path: '/versions/:id/row-people',
    scope: 'space',
    ability: 'edit',
    summary:
      'Name the executor (a member flagged executor) and / or the curator (a member) of a row; the named get executor_assigned_to_task / curator_assigned_to_task',
    params: IdParams,
    body: SetRowPeopleBody,
    response: RowPeople.extend({ previous: RowPeople.omit({ wbs_id: true }) }),
  }),
  setRowExecutors: route({
    method: 'PATCH',
    path: '/versions/:id/row-people/executors',
    scope: 'space',
    ability: 'edit',
    summary:
      'Name (null: clear) the executor of many rows at once — the works whose facts that member gathers on timesheets; the newly named get executor_assigned_to_task',
    params: IdParams,
    body: SetRowExecutorsBody,
    response: z.object({ version_id: Id, rows: z.array(RowPeople), changed: z.number().int() }),
  }),
};
