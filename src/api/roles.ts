// Roles of a space (spec §6): named roles, each with one of the four role values.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import type { Ability } from './route';
import { route } from './route';

export const ROLE_VALUES = ['moderator', 'planning_and_control', 'fact_gathering', 'student'] as const;
export const RoleValue = z.enum(ROLE_VALUES);
export type RoleValue = z.infer<typeof RoleValue>;

/** What each role value may do. admin: settings, members, roles; edit: structure and schedules. */
export const ROLE_ABILITIES: Record<RoleValue, readonly Ability[]> = {
  moderator: ['read', 'facts', 'edit', 'admin'],
  planning_and_control: ['read', 'facts', 'edit'],
  fact_gathering: ['read', 'facts'],
  student: ['read'],
};

export const Role = z.object({
  id: Id,
  name: z.string(),
  value: RoleValue,
  /** Built-in roles (one per value, made with the space) cannot be deleted. */
  builtin: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Role = z.infer<typeof Role>;

const RoleInput = z.object({ name: Name, value: RoleValue });

export const roleRoutes = {
  list: route({
    method: 'GET',
    path: '/roles',
    scope: 'space',
    summary: 'Roles of the space',
    response: z.array(Role),
  }),
  create: route({
    method: 'POST',
    path: '/roles',
    scope: 'space',
    ability: 'admin',
    summary: 'Create a role',
    body: RoleInput,
    response: Role,
    status: 201,
  }),
  update: route({
    method: 'PUT',
    path: '/roles/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Rename a role or change its value',
    params: IdParams,
    body: RoleInput,
    response: Role,
  }),
  remove: route({
    method: 'DELETE',
    path: '/roles/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Delete a role no member holds (409 otherwise)',
    params: IdParams,
    response: Ok,
  }),
};
