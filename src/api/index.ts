// The /api/v1 contract, shared by server and client.
//
//   errors.ts      {error, error_message: [{code, params, error_message}]}, codes, the error-type header
//   common.ts      headers (authorization, language, space-id), ids, names (§5 rules), Ok
//   route.ts       RouteDef: method, path, scope (public | user | space), ability, zod schemas
//   app.ts         system-state, client-error, health-check, guide
//   users.ts       auth/login, auth/logout, users/* (register, passwords, avatar, spaces, space-config)
//   spaces.ts      space/create, space/{space_id}/* (members, settings, access, demo, delete-free)
//   roles.ts       roles and the abilities of each role value
//   structure.ts   space/{space_id}/eps, eps/{id}/rename|up|down, facilities, projects, schedules, schedule-group
//   versions.ts    versions, WBS rows and relations (GET versions/{id}/wbs)
//   calendars.ts   calendars
//   directories.ts directories (eps/{epsId}/directory/…), their values, WBS rows' links to them
//   version-resources.ts  a node's resource assignments, a version's attribute definitions
//   views.ts       cyclogram, indicators, network-diagram reads, scoreboard, project pipes
//   wdp.ts         daily work plans, distributions, timesheets (docs/wdp.md)
//   resources.ts   resources of a space, assignment calls (save, update, delete, by intensity)
//   attributes.ts  typed attributes (EPS and schedule attributes), access per role, formula check
//   view-settings.ts  saved filters (filtering) and layout templates
//   events.ts      live events over the /api/v1/events WebSocket
//
// Space scoping: a `space` route under /space/{space_id} takes the space from the path; every other
// `space` route takes it from the `space-id` header. Ids of another space answer 404.
import { appRoutes } from './app';
import { attributeRoutes } from './attributes';
import { calendarRoutes } from './calendars';
import { directoryRoutes } from './directories';
import type { RouteDef } from './route';
import { resourceRoutes } from './resources';
import { roleRoutes } from './roles';
import { spaceRoutes } from './spaces';
import { epsRoutes, facilityRoutes, projectRoutes, scheduleGroupRoutes, scheduleRoutes } from './structure';
import { authRoutes, userRoutes } from './users';
import { transferRoutes } from './transfer';
import { versionResourceRoutes } from './version-resources';
import { versionRoutes } from './versions';
import { viewRoutes } from './views';
import { viewSettingsRoutes } from './view-settings';
import { wbsBatchRoutes } from './wbs-batch';
import { wdpRoutes } from './wdp';

export * from './app';
export * from './attributes';
export * from './calendars';
export * from './directories';
export * from './common';
export * from './errors';
export * from './events';
export * from './resources';
export * from './roles';
export * from './route';
export * from './spaces';
export * from './structure';
export * from './users';
export * from './version-resources';
export * from './versions';
export * from './views';
export * from './view-settings';

/** Every route by module; the server registers all of them and tests enumerate them. */
export const api = {
  app: appRoutes,
  auth: authRoutes,
  users: userRoutes,
  space: spaceRoutes,
  roles: roleRoutes,
  eps: epsRoutes,
  facilities: facilityRoutes,
  projects: projectRoutes,
  schedules: scheduleRoutes,
  scheduleGroups: scheduleGroupRoutes,
  versions: versionRoutes,
  calendars: calendarRoutes,
  directories: directoryRoutes,
  transfer: transferRoutes,
  wbsBatch: wbsBatchRoutes,
  versionResources: versionResourceRoutes,
  views: viewRoutes,
  wdp: wdpRoutes,
  resources: resourceRoutes,
  attributes: attributeRoutes,
  viewSettings: viewSettingsRoutes,
} as const;

export const allRoutes: RouteDef[] = Object.values(api).flatMap((m) => Object.values(m) as RouteDef[]);
