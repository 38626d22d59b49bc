// Administration calls beyond members and roles: signed licence tokens of a space, the members'
// estimates/BIM entitlements, and the home page of a member.
import { z } from 'zod';
import { Id, Ok, SpaceParams, Timestamp } from './common';
import { route } from './route';
import { Member } from './spaces';

export const LicenceInfo = z.object({
  id: z.string(),
  customer: z.string(),
  user_cap: z.number().int(),
  expires_at: Timestamp,
  min_version: z.string(),
  max_version: z.string(),
  estimates_users: z.number().int().nullable(),
  bim_users: z.number().int().nullable(),
  issued_at: Timestamp,
  loaded_at: Timestamp,
  /** The unexpired licence loaded last: it sets the space's user cap and expiry. */
  active: z.boolean(),
  expired: z.boolean(),
});
export type LicenceInfo = z.infer<typeof LicenceInfo>;

export const HomeSchedule = z.object({
  schedule_id: Id,
  schedule_name: z.string(),
  project_name: z.string(),
  version_id: Id,
  version_label: z.string(),
  version_kind: z.enum(['version', 'target', 'actual']),
  /** Last write of the version's rows or relations. */
  changed_at: Timestamp,
  /** Changed after the member's previous visit of the home page. */
  changed_since_visit: z.boolean(),
});
export type HomeSchedule = z.infer<typeof HomeSchedule>;

/** A task of an actual version assigned to the member (through a resource linked to them). */
export const HomeTask = z.object({
  schedule_id: Id,
  schedule_name: z.string(),
  version_id: Id,
  wbs_id: Id,
  code: z.string(),
  name: z.string(),
  /** Local "YYYY-MM-DDTHH:mm" (actual dates where recorded, else the early dates). */
  start: z.string().nullable(),
  finish: z.string().nullable(),
  starts_this_week: z.boolean(),
  finishes_this_week: z.boolean(),
});
export type HomeTask = z.infer<typeof HomeTask>;

export const Home = z.object({
  /** Tasks starting or finishing in the week of `today` assigned to the member (at most 50). */
  tasks: z.array(HomeTask),
  /** Versions of the space, latest change first (at most 12). */
  recent: z.array(HomeSchedule),
  /** The member's previous home visit (null on the first). */
  previous_visit_at: Timestamp.nullable(),
  members: z.number().int(),
  licence: z.object({ user_cap: z.number().int(), expires_at: Timestamp.nullable() }),
});
export type Home = z.infer<typeof Home>;

export const adminRoutes = {
  licences: route({
    method: 'GET',
    path: '/space/:space_id/licences',
    scope: 'space',
    ability: 'admin',
    summary: 'Licence tokens loaded into the space, newest first',
    params: SpaceParams,
    response: z.array(LicenceInfo),
  }),
  loadLicence: route({
    method: 'POST',
    path: '/space/:space_id/licences',
    scope: 'space',
    ability: 'admin',
    summary: 'Load a signed licence token (400 with a licence error code when refused)',
    params: SpaceParams,
    body: z.object({ token: z.string().trim().min(1).max(8000) }),
    response: LicenceInfo,
    status: 201,
  }),
  removeLicence: route({
    method: 'DELETE',
    path: '/space/:space_id/licences/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Remove a licence token that is not the active one',
    params: SpaceParams.extend({ id: z.string().min(1).max(200) }),
    response: Ok,
  }),
  setEntitlements: route({
    method: 'PUT',
    path: '/space/:space_id/users/entitlements',
    scope: 'space',
    ability: 'admin',
    summary: "Give or take a member's estimates / BIM seat (within the active licence's caps)",
    params: SpaceParams,
    body: z.object({ user_id: Id, estimates: z.boolean(), bim: z.boolean() }),
    response: Member,
  }),
  home: route({
    method: 'GET',
    path: '/space/:space_id/home',
    scope: 'space',
    summary: 'What a member opens the day with; records the visit',
    params: SpaceParams,
    /** The member's local date (the week of the task list); default: the server's UTC date. */
    query: z.object({ today: z.iso.date().optional() }),
    response: Home,
  }),
};
