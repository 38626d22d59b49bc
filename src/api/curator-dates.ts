// Accepted curator dates and the limit for daily plans (issue 27, docs/versions.md).
//
// Curator dates: a schedule proposes dates for its rows (their calculated start and finish); a
// curator accepts them (PATCH versions/{id}/accepted-curator-dates) and the accepted dates stay
// beside the row's own, so a later calculation that moves a row shows both and by how much.
//
// Limit for daily plans (GET schedules/{id}/limit-for-dp): how far back planned and actual days of
// the schedule's daily plans may be edited (spec §6: a number of days before a key date); the
// schedule may set its own days (PATCH schedules/{id}/settings), else the space's apply.
import { z } from 'zod';
import { Id, IdParams } from './common';
import { route } from './route';

export const CuratorDateRow = z.object({
  wbs_id: Id,
  code: z.string(),
  name: z.string(),
  node_type: z.string(),
  /** The row's level in the tree (0 = top), for indenting. */
  depth: z.number().int(),
  /** The proposed dates: the row's calculated start and finish (minutes since 2000), null if none. */
  start: z.number().nullable(),
  finish: z.number().nullable(),
  accepted_start: z.number().nullable(),
  accepted_finish: z.number().nullable(),
  /** Who accepted (their name) and when (ISO), null when not accepted. */
  accepted_by: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** Calendar days the proposed finish lies after the accepted one (negative: earlier). */
  finish_diff_days: z.number().nullable(),
  /** none: not accepted; accepted: the dates are the accepted ones; moved: they differ since. */
  state: z.enum(['none', 'accepted', 'moved']),
});
export type CuratorDateRow = z.infer<typeof CuratorDateRow>;

export const CuratorDates = z.object({
  version_id: Id,
  /** The version's timetable state (accepting needs calculated dates). */
  timetable_state: z.enum(['not_calculated', 'in_process', 'calculated']),
  accepted: z.number().int(),
  moved: z.number().int(),
  rows: z.array(CuratorDateRow),
});
export type CuratorDates = z.infer<typeof CuratorDates>;

export const AcceptCuratorDatesBody = z.strictObject({
  /** The rows whose proposed dates are accepted (or withdrawn); absent: every dated row. */
  wbs_ids: z.array(Id).min(1).max(100_000).optional(),
  /** true: withdraw the acceptance of those rows instead. */
  withdraw: z.boolean().default(false),
});

const EditDays = z.number().int().min(0).max(3650).nullable();

export const DpLimit = z.object({
  schedule_id: Id,
  /** The key date (today, UTC) as a day number since 2000-01-01. */
  key_day: z.number().int(),
  /** Days before the key date that stay editable (null: no limit), for plans and for facts. */
  plan_edit_days: EditDays,
  fact_edit_days: EditDays,
  /** The first editable day (null: every day). */
  plan_from: z.number().int().nullable(),
  fact_from: z.number().int().nullable(),
  /** Where each limit comes from: the schedule's own setting, the space's, or none. */
  plan_source: z.enum(['schedule', 'space', 'none']),
  fact_source: z.enum(['schedule', 'space', 'none']),
  /** The schedule's own settings (null: the space's apply). */
  schedule_plan_edit_days: EditDays,
  schedule_fact_edit_days: EditDays,
  /** The space's settings. */
  space_plan_edit_days: EditDays,
  space_fact_edit_days: EditDays,
});
export type DpLimit = z.infer<typeof DpLimit>;

export const curatorDateRoutes = {
  curatorDates: route({
    method: 'GET',
    path: '/versions/:id/accepted-curator-dates',
    scope: 'space',
    summary: "A version's rows with their proposed (calculated) dates and the curator's accepted dates",
    params: IdParams,
    response: CuratorDates,
  }),
  acceptCuratorDates: route({
    method: 'PATCH',
    path: '/versions/:id/accepted-curator-dates',
    scope: 'space',
    ability: 'edit',
    summary:
      "A curator accepts the rows' proposed dates (their calculated start and finish), or withdraws the acceptance; all rows or none",
    params: IdParams,
    body: AcceptCuratorDatesBody,
    response: CuratorDates,
  }),
};

export const scheduleSettingRoutes = {
  limitForDp: route({
    method: 'GET',
    path: '/schedules/:id/limit-for-dp',
    scope: 'space',
    summary: "How far back the schedule's daily plans (planned and actual days) may be edited",
    params: IdParams,
    response: DpLimit,
  }),
  settings: route({
    method: 'PATCH',
    path: '/schedules/:id/settings',
    scope: 'space',
    ability: 'edit',
    summary:
      "A schedule's own settings: the days before the key date its daily plans and facts stay editable (null: the space's)",
    params: IdParams,
    body: z.strictObject({ plan_edit_days: EditDays.optional(), fact_edit_days: EditDays.optional() }),
    response: DpLimit,
  }),
};
