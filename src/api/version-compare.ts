// Versions side by side, and the version lifecycle calls of issue 27 built so far: compare two
// versions of a schedule, copy a version into a schedule, set the target version (docs/versions.md).
import { z } from 'zod';
import { COMPARED_FIELDS } from '../domain/versions/compare';
import { Id, IdParams, Name } from './common';
import { route } from './route';
import { Version } from './versions';

export const ComparedField = z.enum(COMPARED_FIELDS);
export type ComparedField = z.infer<typeof ComparedField>;

/** Which two versions, and the summary's slip threshold (the export's whole body). */
export const CompareVersionsBody = z.strictObject({
  /** The version compared against (the older one, a baseline). */
  base_version_id: Id,
  /** The version compared. */
  version_id: Id,
  /** The summary counts activities whose finish moved later by more than this (calendar days). */
  slip_days: z.number().int().min(0).max(3650).default(5),
});

export const CompareShow = z.enum(['differences', 'all', 'added', 'removed', 'changed', 'slipped']);
export type CompareShow = z.infer<typeof CompareShow>;

/** Most rows one answer carries (the view asks for the rows it shows, page by page). */
export const COMPARE_PAGE_MAX = 5000;

export const CompareBody = CompareVersionsBody.extend({
  /** The rows answered: every difference (default), every row, or one kind of change. */
  show: CompareShow.default('differences'),
  /** Only rows where this field changed. */
  field: ComparedField.optional(),
  /** The page: the first row answered (among those the filter keeps) and how many at most. */
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(COMPARE_PAGE_MAX).default(500),
}).strict();
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
  assignments: z.string(),
  attributes: z.string(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
  total_float: z.number().nullable(),
  critical: z.boolean(),
});
export type CompareSideRow = z.infer<typeof CompareSideRow>;

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
  /** The rows the body's filter keeps, from its offset, at most its limit (compared version's order). */
  rows: z.array(CompareRow),
  /** How many rows the filter keeps in all, and where this page starts among them. */
  total: z.number().int(),
  offset: z.number().int(),
  /** The earliest start and latest finish of both versions (the view's time scale), null if none. */
  span: z.object({ start: z.number(), finish: z.number() }).nullable(),
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
      'Compare two versions of the schedule: a summary, relation changes, and one page of the rows a filter keeps (by default the differences: added, removed and changed rows with old and new values and slips); a version not calculated is scheduled by the engine first',
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
    body: CompareVersionsBody,
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
