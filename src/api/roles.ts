// Roles of a space (spec §6): named roles, each with one of the four role values.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { ABILITIES, PERMISSION_MODULES } from '../domain/admin/permissions';
import { route } from './route';

export const ROLE_VALUES = ['moderator', 'planning_and_control', 'fact_gathering', 'student'] as const;
export const RoleValue = z.enum(ROLE_VALUES);
export type RoleValue = z.infer<typeof RoleValue>;

/** A role's permission matrix: per module of PERMISSION_MODULES, the abilities it holds. */
export const PermissionMatrix = z.object(
  Object.fromEntries(
    PERMISSION_MODULES.map((m) => [m, z.array(z.enum(ABILITIES)).max(ABILITIES.length)]),
  ) as Record<
    (typeof PERMISSION_MODULES)[number],
    z.ZodArray<z.ZodEnum<{ [K in (typeof ABILITIES)[number]]: K }>>
  >,
);

export const Role = z.object({
  id: Id,
  name: z.string(),
  value: RoleValue,
  /** Built-in roles (one per value, made with the space) cannot be deleted. */
  builtin: z.boolean(),
  /** Effective matrix (stored, or the role value's defaults). */
  permissions: PermissionMatrix,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Role = z.infer<typeof Role>;

/** Without permissions the role keeps (or gets) the defaults of its value. */
const RoleInput = z.object({ name: Name, value: RoleValue, permissions: PermissionMatrix.optional() });

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
    summary: 'Rename a role, change its value or its permission matrix',
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
