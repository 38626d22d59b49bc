// The /api/v1 contract, shared by server and client.
//
//   errors.ts      {error, error_message: [{code, params, error_message}]}, codes, the error-type header
//   common.ts      headers (authorization, language, space-id), ids, names (§5 rules), Ok
//   route.ts       RouteDef: method, path, scope (public | user | space), ability, zod schemas
//   app.ts         system-state, client-error, health-check, guide
//   users.ts       auth/login, auth/logout, users/* (register, passwords, avatar, spaces, space-config)
//   spaces.ts      space/create, space/{space_id}/* (members, settings, access, demo, delete-free)
//   roles.ts       roles and their permission matrices (module × ability)
//   admin.ts       licences, entitlements, the home page
//   structure.ts   space/{space_id}/eps, eps/{id}/rename|up|down, facilities, projects, schedules, schedule-group
//   versions.ts    versions, WBS rows and relations (GET versions/{id}/wbs)
//   calendars.ts   calendars
//   version-resources.ts  a node's resource assignments, a version's attribute definitions
//   events.ts      live events over the /api/v1/events WebSocket
//
// Space scoping: a `space` route under /space/{space_id} takes the space from the path; every other
// `space` route takes it from the `space-id` header. Ids of another space answer 404.
import type { PermissionModule } from '../domain/admin/permissions';
import { adminRoutes } from './admin';
import { appRoutes } from './app';
import { calendarRoutes } from './calendars';
import type { RouteDef } from './route';
import { roleRoutes } from './roles';
import { spaceRoutes } from './spaces';
import { epsRoutes, facilityRoutes, projectRoutes, scheduleGroupRoutes, scheduleRoutes } from './structure';
import { authRoutes, userRoutes } from './users';
import { transferRoutes } from './transfer';
import { versionResourceRoutes } from './version-resources';
import { versionRoutes } from './versions';
import { wbsBatchRoutes } from './wbs-batch';

export * from './admin';
export * from './app';
export * from './calendars';
export * from './common';
export * from './errors';
export * from './events';
export * from './roles';
export * from './route';
export * from './spaces';
export * from './structure';
export * from './users';
export * from './version-resources';
export * from './versions';

/** Every route by module; the server registers all of them and tests enumerate them. */
export const api = {
  app: appRoutes,
  auth: authRoutes,
  users: userRoutes,
  space: spaceRoutes,
  admin: adminRoutes,
  roles: roleRoutes,
  eps: epsRoutes,
  facilities: facilityRoutes,
  projects: projectRoutes,
  schedules: scheduleRoutes,
  scheduleGroups: scheduleGroupRoutes,
  versions: versionRoutes,
  calendars: calendarRoutes,
  transfer: transferRoutes,
  wbsBatch: wbsBatchRoutes,
  versionResources: versionResourceRoutes,
} as const;

export const allRoutes: RouteDef[] = Object.values(api).flatMap((m) => Object.values(m) as RouteDef[]);

/**
 * The permission module each group of space routes belongs to; null = any member (the caller's own
 * configuration, the home page). The server checks the route's ability in this module's row of the
 * caller's role matrix.
 */
const GROUP_MODULE: Record<keyof typeof api, PermissionModule | null> = {
  app: null,
  auth: null,
  users: null,
  space: 'administration',
  admin: 'administration',
  roles: 'administration',
  eps: 'structure',
  facilities: 'structure',
  projects: 'structure',
  schedules: 'structure',
  scheduleGroups: 'structure',
  versions: 'schedules',
  wbsBatch: 'schedules',
  versionResources: 'schedules',
  calendars: 'calendars',
  transfer: 'transfer',
};
/** Routes whose module differs from their group's. */
const ROUTE_MODULE = new Map<RouteDef, PermissionModule | null>([
  [api.space.demo, 'structure'],
  [api.space.access, null],
  [api.admin.home, null],
]);
const moduleByRoute = new Map<RouteDef, PermissionModule | null>(
  (Object.keys(api) as (keyof typeof api)[]).flatMap((g) =>
    (Object.values(api[g]) as RouteDef[]).map((r) => [
      r,
      ROUTE_MODULE.has(r) ? ROUTE_MODULE.get(r)! : GROUP_MODULE[g],
    ]),
  ),
);
export const moduleOfRoute = (def: RouteDef): PermissionModule | null => moduleByRoute.get(def) ?? null;
