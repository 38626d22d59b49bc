// Access grants (spec §6: "Access calls: get resource access, grant, revoke, free abilities"; issue
// 21; docs/admin.md "Access grants"). A space administrator grants one member abilities beyond
// the member's role — on the whole space or on an EPS node (a facility, project, schedule group or
// schedule, and everything under it) — and revokes them; the server then allows that member the
// routes those abilities open (auth/space-access.ts). The spec names the calls, not their paths:
// they sit under space/{space_id}/access, beside the caller's own GET space/{space_id}/access.
import { z } from 'zod';
import { ABILITIES, PERMISSION_MODULES } from '../domain/admin/permissions';
import { Id, SpaceParams, Timestamp } from './common';
import { PermissionMatrix } from './roles';
import { route } from './route';

/** Some modules, each with some abilities (a module left out: none of it). */
export const PartialMatrixInput = z
  .object(
    Object.fromEntries(
      PERMISSION_MODULES.map((m) => [m, z.array(z.enum(ABILITIES)).min(1).max(ABILITIES.length).optional()]),
    ) as Record<
      (typeof PERMISSION_MODULES)[number],
      z.ZodOptional<z.ZodArray<z.ZodEnum<{ [K in (typeof ABILITIES)[number]]: K }>>>
    >,
  )
  .strict();

/** A member and a place: the space (eps_id absent or null) or an EPS node of it. */
const PlaceQuery = z.object({ user_id: Id, eps_id: Id.optional() }).strict();

export const GrantBody = z
  .object({ user_id: Id, eps_id: Id.nullable().default(null), permissions: PartialMatrixInput })
  .strict();
export type GrantBody = z.input<typeof GrantBody>;

/** Without permissions every grant of the member on that place is revoked. */
export const RevokeBody = z
  .object({ user_id: Id, eps_id: Id.nullable().default(null), permissions: PartialMatrixInput.optional() })
  .strict();
export type RevokeBody = z.input<typeof RevokeBody>;

/** What one member may do on one place, and why. */
export const ResourceAccess = z.object({
  user_id: Id,
  /** null: the space. */
  eps_id: Id.nullable(),
  role_id: Id,
  role_name: z.string(),
  /** The member's role matrix. */
  role_permissions: PermissionMatrix,
  /** Grants made on exactly this place (revocable here). */
  granted_here: PermissionMatrix,
  /** Grants that apply here: on the space, on this node and on the nodes above it. */
  granted: PermissionMatrix,
  /** What the member may do here: role ∪ granted. */
  permissions: PermissionMatrix,
  /** Abilities the member does not hold here, which could be granted (no administration on a node). */
  free: PermissionMatrix,
});
export type ResourceAccess = z.infer<typeof ResourceAccess>;

export const FreeAbilities = z.object({ user_id: Id, eps_id: Id.nullable(), free: PermissionMatrix });
export type FreeAbilities = z.infer<typeof FreeAbilities>;

export const AccessGrant = z.object({
  id: Id,
  user_id: Id,
  login: z.string(),
  eps_id: Id.nullable(),
  /** The node's name (null for the space). */
  eps_name: z.string().nullable(),
  module: z.enum(PERMISSION_MODULES),
  ability: z.enum(ABILITIES),
  granted_by: Id.nullable(),
  granted_at: Timestamp,
});
export type AccessGrant = z.infer<typeof AccessGrant>;

export const accessRoutes = {
  resource: route({
    method: 'GET',
    path: '/space/:space_id/access/resource',
    scope: 'space',
    summary:
      "A member's access to a resource: the space, or an EPS node (role matrix, grants here and above, effective, free)",
    params: SpaceParams,
    query: PlaceQuery,
    response: ResourceAccess,
  }),
  freeAbilities: route({
    method: 'GET',
    path: '/space/:space_id/access/free-abilities',
    scope: 'space',
    summary: 'The abilities a member does not hold on the space or an EPS node, which could be granted there',
    params: SpaceParams,
    query: PlaceQuery,
    response: FreeAbilities,
  }),
  grants: route({
    method: 'GET',
    path: '/space/:space_id/access/grants',
    scope: 'space',
    summary: 'Every grant of the space (user_id narrows to one member)',
    params: SpaceParams,
    query: z.object({ user_id: Id.optional() }).strict(),
    response: z.array(AccessGrant),
  }),
  grant: route({
    method: 'POST',
    path: '/space/:space_id/access/grant',
    scope: 'space',
    ability: 'admin',
    summary:
      'Grant a member abilities beyond the role on the space or an EPS node and all under it (400 access.empty | administration_on_node | needs_read | not_member | unknown_node)',
    params: SpaceParams,
    body: GrantBody,
    response: ResourceAccess,
  }),
  revoke: route({
    method: 'POST',
    path: '/space/:space_id/access/revoke',
    scope: 'space',
    ability: 'admin',
    summary:
      "Revoke a member's grants on the space or an EPS node (all of them without permissions; the role's abilities stay; 400 access.needs_read | not_member | unknown_node)",
    params: SpaceParams,
    body: RevokeBody,
    response: ResourceAccess,
  }),
};
