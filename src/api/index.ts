// The /api/v1 contract, shared by server and client.
//
//   errors.ts      {error, error_message: [{code, params, error_message}]}, codes, the error-type header
//   common.ts      headers (authorization, language, space-id), ids, names (§5 rules), Ok
//   route.ts       RouteDef: method, path, scope (public | user | space), ability, zod schemas
//   app.ts         system-state, client-error, health-check, guide
//   users.ts       auth/login, auth/logout, users/* (register, passwords, avatar, spaces, space-config)
//   spaces.ts      space/create, space/{space_id}/* (members, settings, access, demo, delete-free)
//   access.ts      space/{space_id}/access/* (a member's access to a resource, grant, revoke, free abilities)
//   roles.ts       roles and their permission matrices (module × ability)
//   admin.ts       licences, entitlements, the home page
//   structure.ts   space/{space_id}/eps, eps/{id}/rename|up|down, facilities, projects, schedules, schedule-group
//   versions.ts    versions, WBS rows and relations (GET versions/{id}/wbs)
//   calendars.ts   calendars
//   directories.ts directories (eps/{epsId}/directory/…), their values, WBS rows' links to them
//   directory-relations.ts  complex relations between directories, norms → a version's assignments
//   directory-undo.ts  a batch of value edits, the caller's server-kept undo/redo of a directory's values
//   version-resources.ts  a node's resource assignments, a version's attribute definitions
//   views.ts       cyclogram, indicators, network-diagram reads, scoreboard, project pipes
//   wdp.ts         daily work plans, distributions, timesheets (docs/wdp.md)
//   resources.ts   resources of a space, assignment calls (save, update, delete, by intensity)
//   levelling.ts   level a version's resources (a job), read, restore and clear its levelling
//   attributes.ts  typed attributes (EPS and schedule attributes), access per role, formula check
//   view-settings.ts  saved filters (filtering) and layout templates
//   version-compare.ts  compare two versions, copy a version to a schedule, set the target
//   replacements.ts     a schedule's substitution rules for uploads, and a rule's effect on a version
//   curator-dates.ts    accepted curator dates of a version; a schedule's limit for daily plans and settings
//   project-grid.ts  a project's schedules with their active versions (the project grid)
//   analytics.ts   analytics data (curves, counts, indicators, dashboards) and dashboard settings
//   print.ts       print, preview, print/count, print presets (sheet formats) and print settings
//   reports.ts     report templates (XLSX with placeholders), EPS attachment, runs on a version
//   costr.ts       cost estimating: estimates, coefficients, pdc, compliance, import/export, update-costs
//   collab.ts      chat, notices and delegation (docs/collab.md)
//   backups.ts     backups of schedules and periodic backup jobs (space/{space_id}/schedules/…/backups)
//   executors.ts   users/{id}/set-executor, versions/{id}/users
//   remote.ts      remote-spaces, space/copy-remote and the source's remote/export/* (copy from another deployment)
//   localization.ts  the client's texts per language, with a space's overrides (localization/*)
//   bim.ts         3D/BIM: IFC models, elements and their attributes, links to schedules, 4D player
//   events.ts      live events over the /api/v1/events WebSocket
//
// Space scoping: a `space` route under /space/{space_id} takes the space from the path; every other
// `space` route takes it from the `space-id` header. Ids of another space answer 404.
import type { PermissionModule } from '../domain/admin/permissions';
import { accessRoutes } from './access';
import { adminRoutes } from './admin';
import { analyticsRoutes, analyticsSettingRoutes } from './analytics';
import { appRoutes } from './app';
import { attributeRoutes } from './attributes';
import { backupRoutes } from './backups';
import { executorRoutes } from './executors';
import { remoteRoutes } from './remote';
import { calendarRoutes } from './calendars';
import { bimRoutes } from './bim';
import { bimMoreRoutes } from './bim-more';
import { bimSetRoutes } from './bim-sets';
import { costrRoutes } from './costr';
import { chatRoutes, delegationRoutes, noticeRoutes } from './collab';
import { directoryRoutes } from './directories';
import { directoryRelationRoutes } from './directory-relations';
import { directoryUndoRoutes } from './directory-undo';
import { galleryRoutes, storageLinkRoute } from './gallery';
import { levellingRoutes } from './levelling';
import { localizationRoutes } from './localization';
import type { RouteDef } from './route';
import { projectGridRoutes } from './project-grid';
import { versionCompareRoutes } from './version-compare';
import { replacementRoutes } from './replacements';
import { curatorDateRoutes, scheduleSettingRoutes } from './curator-dates';
import { resourceRoutes } from './resources';
import { roleRoutes } from './roles';
import { spaceRoutes } from './spaces';
import { printRoutes } from './print';
import { reportRoutes } from './reports';
import { epsRoutes, facilityRoutes, projectRoutes, scheduleGroupRoutes, scheduleRoutes } from './structure';
import { authRoutes, userRoutes } from './users';
import { transferRoutes } from './transfer';
import { versionResourceRoutes } from './version-resources';
import { versionRoutes } from './versions';
import { viewRoutes } from './views';
import { viewSettingsRoutes } from './view-settings';
import { wbsBatchRoutes } from './wbs-batch';
import { wdpRoutes } from './wdp';

export * from './access';
export * from './admin';
export * from './analytics';
export * from './app';
export * from './attributes';
export * from './backups';
export * from './executors';
export * from './remote';
export * from './calendars';
export * from './bim';
export * from './bim-more';
export * from './bim-sets';
export * from './costr';
export * from './collab';
export * from './directories';
export * from './directory-relations';
export * from './directory-undo';
export * from './gallery';
export * from './common';
export * from './errors';
export * from './events';
export * from './project-grid';
export * from './levelling';
export * from './localization';
export * from './version-compare';
export * from './replacements';
export * from './curator-dates';
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
export * from './print';
export * from './reports';

/** Every route by module; the server registers all of them and tests enumerate them. */
export const api = {
  app: appRoutes,
  auth: authRoutes,
  users: userRoutes,
  space: spaceRoutes,
  admin: adminRoutes,
  access: accessRoutes,
  roles: roleRoutes,
  eps: epsRoutes,
  facilities: facilityRoutes,
  projects: projectRoutes,
  schedules: scheduleRoutes,
  scheduleGroups: scheduleGroupRoutes,
  versions: versionRoutes,
  calendars: calendarRoutes,
  directories: directoryRoutes,
  directoryRelations: directoryRelationRoutes,
  directoryUndo: directoryUndoRoutes,
  transfer: transferRoutes,
  wbsBatch: wbsBatchRoutes,
  versionResources: versionResourceRoutes,
  views: viewRoutes,
  wdp: wdpRoutes,
  resources: resourceRoutes,
  levelling: levellingRoutes,
  attributes: attributeRoutes,
  viewSettings: viewSettingsRoutes,
  projectGrid: projectGridRoutes,
  analytics: analyticsRoutes,
  analyticsSettings: analyticsSettingRoutes,
  versionCompare: versionCompareRoutes,
  replacements: replacementRoutes,
  curatorDates: curatorDateRoutes,
  scheduleSettings: scheduleSettingRoutes,
  print: printRoutes,
  reports: reportRoutes,
  costr: costrRoutes,
  chat: chatRoutes,
  notices: noticeRoutes,
  delegation: delegationRoutes,
  backups: backupRoutes,
  executors: executorRoutes,
  remote: remoteRoutes,
  gallery: galleryRoutes,
  storageLink: { file: storageLinkRoute },
  bim: { ...bimRoutes, ...bimMoreRoutes, ...bimSetRoutes },
  localization: localizationRoutes,
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
  access: 'administration',
  roles: 'administration',
  eps: 'structure',
  facilities: 'structure',
  projects: 'structure',
  schedules: 'structure',
  scheduleGroups: 'structure',
  versions: 'schedules',
  wbsBatch: 'schedules',
  versionResources: 'schedules',
  wdp: 'schedules',
  calendars: 'calendars',
  directories: 'directories',
  directoryRelations: 'directories',
  directoryUndo: 'directories',
  transfer: 'transfer',
  views: 'views',
  viewSettings: 'views',
  resources: 'resources',
  attributes: 'attributes',
  projectGrid: 'schedules',
  analytics: 'views',
  analyticsSettings: 'views',
  levelling: 'schedules',
  versionCompare: 'schedules',
  replacements: 'schedules',
  curatorDates: 'schedules',
  scheduleSettings: 'schedules',
  print: 'views',
  reports: 'views',
  // Estimates price the schedules' work (update-costs writes into versions): the schedules row.
  costr: 'schedules',
  // Any member chats, reads their own notices and hands on their own rights.
  chat: null,
  notices: null,
  delegation: null,
  // A backup and its restore are the schedule's content: the schedules row.
  backups: 'schedules',
  executors: 'administration',
  // Copying a space from another deployment is a space administrator's (the source routes are public).
  remote: 'administration',
  // Comments and photos of EPS nodes are reports from the site: the facts row (fact_gathering
  // adds them; every role reads them).
  gallery: 'facts',
  storageLink: null,
  // Models belong to projects (structure) but links tie them to schedule rows: the schedules row.
  bim: 'schedules',
  // Overriding texts is the space's administration; reading them is any member's (below).
  localization: 'administration',
};
/** Routes whose module differs from their group's. */
const ROUTE_MODULE = new Map<RouteDef, PermissionModule | null>([
  [api.space.demo, 'structure'],
  [api.space.access, null],
  [api.admin.home, null],
  [api.executors.versionUsers, 'schedules'],
  // A row's executor and curator are schedule data.
  [api.executors.rowPeople, 'schedules'],
  [api.executors.setRowPeople, 'schedules'],
  [api.executors.setRowExecutors, 'schedules'],
  [api.localization.list, null],
  [api.localization.defaultTexts, null],
  [api.localization.set, null],
  [api.localization.texts, null],
  // Fact entry: the fact cells of the daily work plan (plans need schedules edit in the handler)
  // and timesheets (deciding others' needs facts approve in the handler).
  [api.wdp.updateMany, 'facts'],
  [api.wdp.allocate, 'facts'],
  [api.wdp.transferValue, 'facts'],
  [api.wdp.reportEdit, 'facts'],
  [api.wdp.timesheets, 'facts'],
  [api.wdp.createTimesheet, 'facts'],
  [api.wdp.updateTimesheet, 'facts'],
  [api.wdp.updateTimesheetDay, 'facts'],
  [api.wdp.deleteTimesheet, 'facts'],
  [api.wdp.timesheetUsers, 'facts'],
  [api.wdp.timesheetReport, 'facts'],
  [api.wdp.exportTimesheetReport, 'facts'],
  // A version's resource assignments are schedule data, not the space's resource list.
  [api.resources.assignments, 'schedules'],
  [api.resources.save, 'schedules'],
  [api.resources.updateOne, 'schedules'],
  [api.resources.removeOne, 'schedules'],
  [api.resources.remainsByIntensity, 'schedules'],
  // Norms recalculate and check a version's assignments: schedule data.
  [api.directoryRelations.recalculate, 'schedules'],
  [api.directoryRelations.indicator, 'schedules'],
  // A schedule's default layout is the schedule's: read by its readers, set by its editors.
  [api.viewSettings.scheduleLayout, 'schedules'],
  [api.viewSettings.setScheduleLayout, 'schedules'],
  [api.viewSettings.clearScheduleLayout, 'schedules'],
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
