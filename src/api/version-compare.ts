// Versions side by side, and the version lifecycle calls of issue 27 built so far: compare two
// versions of a schedule, copy a version into a schedule, set the target version (docs/versions.md).
import { z } from 'zod';
import { Id, IdParams, Name } from './common';
import { route } from './route';
import { Version } from './versions';

export const CompareBody = z.object({
  /** The version compared against (the older one, a baseline). */
  base_version_id: Id,
  /** The version compared. */
  version_id: Id,
  /** The summary counts activities whose finish moved later by more than this (calendar days). */
  slip_days: z.number().int().min(0).max(3650).default(5),
});
export type CompareBody = z.output<typeof CompareBody>;

/** One side of a compared row: the values compared and the engine's dates (minutes since 2000). */
const CompareSideRow = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  node_type: z.string(),
  duration: z.number(),
  percent: z.number(),
  calendar_id: z.string().nullable(),
  constraint: z.string(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
  total_float: z.number().nullable(),
  critical: z.boolean(),
});
export type CompareSideRow = z.infer<typeof CompareSideRow>;

export const ComparedField = z.enum([
  'name',
  'code',
  'node_type',
  'parent',
  'duration',
  'percent',
  'calendar',
  'constraint',
  'start',
  'finish',
  'total_float',
  'critical',
]);
export type ComparedField = z.infer<typeof ComparedField>;

export const CompareRow = z.object({
  status: z.enum(['added', 'removed', 'changed', 'same']),
  base: CompareSideRow.nullable(),
  current: CompareSideRow.nullable(),
  changed: z.array(ComparedField),
  start_slip_days: z.number().nullable(),
  finish_slip_days: z.number().nullable(),
  matched_by: z.enum(['code', 'id', 'name']).nullable(),
});
export type CompareRow = z.infer<typeof CompareRow>;

export const CompareRelation = z.object({
  status: z.enum(['added', 'removed', 'changed']),
  pred_code: z.string(),
  succ_code: z.string(),
  type: z.string(),
  lag: z.number(),
  base_type: z.string().optional(),
  base_lag: z.number().optional(),
});

export const CompareSummary = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  same: z.number().int(),
  base_finish: z.number().nullable(),
  current_finish: z.number().nullable(),
  finish_moved_days: z.number().nullable(),
  critical_changed: z.boolean(),
  slipped: z.number().int(),
  slip_days: z.number().int(),
  relations_added: z.number().int(),
  relations_removed: z.number().int(),
  relations_changed: z.number().int(),
});
export type CompareSummary = z.infer<typeof CompareSummary>;

export const CompareResult = z.object({
  base: Version,
  version: Version,
  rows: z.array(CompareRow),
  relations: z.array(CompareRelation),
  summary: CompareSummary,
  /** Engine and comparison time on the server, milliseconds. */
  ms: z.number(),
});
export type CompareResult = z.infer<typeof CompareResult>;

export const versionCompareRoutes = {
  compare: route({
    method: 'POST',
    path: '/schedules/:id/versions/compare',
    scope: 'space',
    summary:
      'Compare two versions of the schedule: rows added, removed and changed (fields, old and new values, slips), relations, a summary; each version scheduled by the engine first',
    params: IdParams,
    body: CompareBody,
    response: CompareResult,
  }),
  exportComparison: route({
    method: 'POST',
    path: '/schedules/:id/versions/export-comparison',
    scope: 'space',
    summary:
      'The comparison of two versions (as compare) as an XLSX workbook: a summary sheet and a rows sheet with old → new values of each changed field',
    params: IdParams,
    body: CompareBody.strict(),
    response: 'blob',
  }),
  copyTo: route({
    method: 'POST',
    path: '/versions/:id/copy-to/:scheduleId',
    scope: 'space',
    ability: 'edit',
    summary: 'Copy a version (rows, relations, stored options) into a schedule of the space as a new version',
    params: z.object({ id: Id, scheduleId: Id }),
    body: z.strictObject({ label: Name.optional() }),
    response: Version,
    status: 201,
  }),
  targetDates: route({
    method: 'PATCH',
    path: '/versions/:id/update/target-dates',
    scope: 'space',
    ability: 'edit',
    summary:
      "Set the schedule's target: target_version_id names a version of the same schedule to become the target; without it, this version's dates become the target (a copy of kind target)",
    params: IdParams,
    body: z.strictObject({ target_version_id: Id.optional(), label: Name.optional() }),
    response: Version,
  }),
};
