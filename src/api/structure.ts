// The structure tree (EPS): facilities → projects → (schedule groups →) schedules → versions.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, SpaceParams, Timestamp } from './common';
import { route } from './route';
import { Version } from './versions';

export const EpsKind = z.enum(['facility', 'project', 'schedule_group', 'schedule']);
export type EpsKind = z.infer<typeof EpsKind>;

/** A node of the tree. `order` ascends among siblings. */
export const EpsNode = z.object({
  id: Id,
  kind: EpsKind,
  parent_id: Id.nullable(),
  name: z.string(),
  order: z.number().int(),
  created_at: Timestamp,
});
export type EpsNode = z.infer<typeof EpsNode>;

/**
 * The whole tree, flat: nodes in depth-first order (parents before children, siblings by order)
 * and every version of every schedule (by schedule, then order).
 */
export const EpsTree = z.object({ nodes: z.array(EpsNode), versions: z.array(Version) });
export type EpsTree = z.infer<typeof EpsTree>;

const Named = z.object({ name: Name }).strict();

export const epsRoutes = {
  tree: route({
    method: 'GET',
    path: '/space/:space_id/eps',
    scope: 'space',
    summary: 'The structure tree of the space',
    params: SpaceParams,
    response: EpsTree,
  }),
  rename: route({
    method: 'PATCH',
    path: '/eps/:id/rename',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a facility, project, schedule group or schedule, or relabel a version',
    params: IdParams,
    body: Named,
    response: Ok,
  }),
  up: route({
    method: 'PATCH',
    path: '/eps/:id/up',
    scope: 'space',
    ability: 'edit',
    summary: 'Move a node (or a version) one place up among its siblings',
    params: IdParams,
    response: Ok,
  }),
  down: route({
    method: 'PATCH',
    path: '/eps/:id/down',
    scope: 'space',
    ability: 'edit',
    summary: 'Move a node (or a version) one place down among its siblings',
    params: IdParams,
    response: Ok,
  }),
};

export const facilityRoutes = {
  create: route({
    method: 'POST',
    path: '/facilities/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a facility',
    body: Named,
    response: EpsNode,
    status: 201,
  }),
  remove: route({
    method: 'DELETE',
    path: '/facilities/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a facility and everything under it',
    params: IdParams,
    response: Ok,
  }),
  createProject: route({
    method: 'POST',
    path: '/facilities/:id/projects/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a project in a facility',
    params: IdParams,
    body: Named,
    response: EpsNode,
    status: 201,
  }),
};

export const projectRoutes = {
  get: route({
    method: 'GET',
    path: '/projects/:id',
    scope: 'space',
    summary: 'A project',
    params: IdParams,
    response: EpsNode,
  }),
  remove: route({
    method: 'DELETE',
    path: '/projects/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a project and everything under it',
    params: IdParams,
    response: Ok,
  }),
  createSchedule: route({
    method: 'POST',
    path: '/projects/:id/schedules/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a schedule (optionally in a group of this project) with a first empty version',
    params: IdParams,
    body: z.object({ name: Name, group_id: Id.optional() }),
    response: EpsNode,
    status: 201,
  }),
  schedules: route({
    method: 'GET',
    path: '/projects/:id/schedules',
    scope: 'space',
    summary: 'Schedules of a project, groups included',
    params: IdParams,
    response: z.array(EpsNode),
  }),
};

export const scheduleRoutes = {
  get: route({
    method: 'GET',
    path: '/schedules/:id',
    scope: 'space',
    summary: 'A schedule',
    params: IdParams,
    response: EpsNode,
  }),
  remove: route({
    method: 'DELETE',
    path: '/schedules/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a schedule and its versions',
    params: IdParams,
    response: Ok,
  }),
};

export const scheduleGroupRoutes = {
  create: route({
    method: 'POST',
    path: '/schedule-group/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a schedule group in a project',
    body: z.object({ project_id: Id, name: Name }).strict(),
    response: EpsNode,
    status: 201,
  }),
  list: route({
    method: 'GET',
    path: '/schedule-group',
    scope: 'space',
    summary: 'Schedule groups of a project',
    query: z.object({ project_id: Id }),
    response: z.array(EpsNode),
  }),
  moveSchedule: route({
    method: 'POST',
    path: '/schedule-group/move-schedule',
    scope: 'space',
    ability: 'edit',
    summary:
      'Put a schedule into a group of its project, or back to the project (group_id null); with position, ' +
      'at that index among the other children of its new parent (groups and schedules), else at the end',
    body: z
      .object({ schedule_id: Id, group_id: Id.nullable(), position: z.number().int().min(0).optional() })
      .strict(),
    response: Ok,
  }),
  patch: route({
    method: 'PATCH',
    path: '/schedule-group/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a schedule group',
    params: IdParams,
    body: Named,
    response: EpsNode,
  }),
  move: route({
    method: 'PATCH',
    path: '/schedule-group/:id/move',
    scope: 'space',
    ability: 'edit',
    summary: 'Move a group with its schedules to another project of the space',
    params: IdParams,
    body: z.object({ project_id: Id }).strict(),
    response: EpsNode,
  }),
  remove: route({
    method: 'DELETE',
    path: '/schedule-group/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Dissolve a group: its schedules move up to the project',
    params: IdParams,
    response: Ok,
  }),
};
