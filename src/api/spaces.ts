// Spaces, their members, settings and access (spec §7 Space).
import { z } from 'zod';
import { Id, Name, Ok, SpaceParams, Timestamp } from './common';
import { RoleValue } from './roles';
import { route } from './route';
import { SpaceConfig, UserSpace } from './users';

export const SpaceKind = z.enum(['demo', 'free', 'paid']);

export const Space = z.object({
  id: Id,
  name: z.string(),
  kind: SpaceKind,
  owner_id: Id.nullable(),
  created_at: Timestamp,
});
export type Space = z.infer<typeof Space>;

export const Member = z.object({
  user_id: Id,
  login: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: Id,
  role_name: z.string(),
  role_value: RoleValue,
  joined_at: Timestamp,
  /** Holds an estimates / BIM seat of the licence. */
  estimates: z.boolean(),
  bim: z.boolean(),
  /** Last call in this space (to the minute), or null if never since joining. */
  last_seen_at: Timestamp.nullable(),
  /** Executes work in the space (PATCH users/{id}/set-executor; migration 025). */
  executor: z.boolean(),
});
export type Member = z.infer<typeof Member>;

/** An IPv4/IPv6 address or a CIDR block ("10.0.0.0/8"). */
export const IpRule = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const SpaceSettings = z.object({
  /** Empty = every address allowed; otherwise callers from elsewhere get 403 IPNotAllowed. */
  ip_allow_list: z.array(IpRule).max(100),
  /** Planned data may be edited this many days before the key date (null = no limit). */
  plan_edit_days: z.number().int().min(0).max(3650).nullable(),
  /** Actual data may be edited this many days before the key date (null = no limit). */
  fact_edit_days: z.number().int().min(0).max(3650).nullable(),
  /** The interface language of members who have not chosen one (null = the browser's). */
  default_language: z.enum(['en', 'ru', 'fr']).nullable(),
  /** Minutes without activity before a session in this space ends (null = the deployment's). */
  idle_timeout_minutes: z.number().int().min(1).max(1440).nullable(),
  /** Largest file one upload may hold, in bytes (null = the deployment's STORAGE_MAX_FILE_MB). */
  // Kept in an integer column (migration 023): up to 2 GiB − 1.
  storage_max_file_bytes: z.number().int().min(1).max(2_147_483_647).nullable(),
  /** Bytes all the space's stored files may take together (null = no quota). */
  storage_quota_bytes: z.number().int().min(1).max(1_125_899_906_842_624).nullable(),
});
export type SpaceSettings = z.infer<typeof SpaceSettings>;
/** Settings to store: the language and time-out left out keep their stored values. */
export const SpaceSettingsInput = SpaceSettings.extend({
  default_language: SpaceSettings.shape.default_language.optional(),
  idle_timeout_minutes: SpaceSettings.shape.idle_timeout_minutes.optional(),
  storage_max_file_bytes: SpaceSettings.shape.storage_max_file_bytes.optional(),
  storage_quota_bytes: SpaceSettings.shape.storage_quota_bytes.optional(),
});

export const spaceRoutes = {
  create: route({
    method: 'POST',
    path: '/space/create',
    scope: 'user',
    summary: 'Create a free space; the caller becomes its moderator',
    body: z.object({ name: Name }),
    response: UserSpace,
    status: 201,
  }),
  rename: route({
    method: 'PUT',
    path: '/space/:space_id',
    scope: 'space',
    ability: 'admin',
    summary: 'Rename the space',
    params: SpaceParams,
    body: z.object({ name: Name }),
    response: Space,
  }),
  remove: route({
    method: 'DELETE',
    path: '/space/:space_id',
    scope: 'space',
    ability: 'admin',
    summary: 'Delete the space and everything in it',
    params: SpaceParams,
    response: Ok,
  }),
  demo: route({
    method: 'POST',
    path: '/space/:space_id/demo',
    scope: 'space',
    ability: 'edit',
    summary: 'Add the demo facility, project and schedule (about 200 activities) to the space',
    params: SpaceParams,
    response: z.object({ facility_id: Id, project_id: Id, schedule_id: Id, version_id: Id }),
    status: 201,
  }),
  users: route({
    method: 'GET',
    path: '/space/:space_id/users',
    scope: 'space',
    summary: 'Members of the space',
    params: SpaceParams,
    response: z.array(Member),
  }),
  invite: route({
    method: 'POST',
    path: '/space/:space_id/users/invite',
    scope: 'space',
    ability: 'admin',
    summary: 'Add an existing user (by login or email) with a role (default: the built-in student role)',
    params: SpaceParams,
    body: z.object({ login: z.string().trim().min(1).max(254), role_id: Id.optional() }),
    response: Member,
    status: 201,
  }),
  kickout: route({
    method: 'POST',
    path: '/space/:space_id/users/kickout',
    scope: 'space',
    ability: 'admin',
    summary: 'Remove a member (not the last moderator)',
    params: SpaceParams,
    body: z.object({ user_id: Id }),
    response: Ok,
  }),
  setRole: route({
    method: 'PUT',
    path: '/space/:space_id/users/role',
    scope: 'space',
    ability: 'admin',
    summary: "Change a member's role (the last moderator keeps theirs)",
    params: SpaceParams,
    body: z.object({ user_id: Id, role_id: Id }),
    response: Member,
  }),
  getSettings: route({
    method: 'GET',
    path: '/space/:space_id/settings',
    scope: 'space',
    summary: 'Space settings',
    params: SpaceParams,
    response: SpaceSettings,
  }),
  putSettings: route({
    method: 'PUT',
    path: '/space/:space_id/settings',
    scope: 'space',
    ability: 'admin',
    summary: 'Replace space settings (an allow-list that excludes the caller is refused with 400)',
    params: SpaceParams,
    body: SpaceSettingsInput,
    response: SpaceSettings,
  }),
  access: route({
    method: 'GET',
    path: '/space/:space_id/access',
    scope: 'space',
    summary: "The caller's abilities in the space (eps_id narrows to a node that must exist)",
    params: SpaceParams,
    query: z.object({ eps_id: Id.optional() }),
    response: SpaceConfig,
  }),
  deleteFree: route({
    method: 'DELETE',
    path: '/space/:space_id/delete-free',
    scope: 'space',
    ability: 'admin',
    summary: 'Delete a free space (409 for demo or paid spaces)',
    params: SpaceParams,
    response: Ok,
  }),
};
