// Versions of a schedule and their content (WBS items and relations).
import { z } from 'zod';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { route } from './route';

export const VersionKind = z.enum(['version', 'target', 'actual']);
export type VersionKind = z.infer<typeof VersionKind>;
/** Spec §4: 0 not calculated → 2 calculating → 1 calculated, in named form. */
export const TimetableState = z.enum(['not_calculated', 'in_process', 'calculated']);

export const LagCalendar = z.enum(['predecessor', 'successor', '24h', 'project']);
export type LagCalendar = z.infer<typeof LagCalendar>;

/**
 * The options an import stored for scheduling a version (the file's own: data date, semantics,
 * lag calendar, float type, critical threshold …), in the engine's shape (ScheduleOptions,
 * src/domain/schedule/model.ts). The version's data_date wins over `dataDate`.
 */
const ProjectScheduleOptions = z.object({
  dataDate: z.number(),
  projectStart: z.number(),
  mustFinishBy: z.number().nullable(),
  defaultCalendarId: z.string(),
  progressMode: z.enum(['retained_logic', 'progress_override', 'actual_dates']),
  lagCalendar: LagCalendar,
  floatType: z.enum(['finish', 'start', 'smallest']),
  criticalBy: z.enum(['total_float', 'longest_path']),
  criticalFloat: z.number(),
  semantics: z.enum(['p6', 'msproject']),
  lagFromEarlyStart: z.boolean().optional(),
  openEndsCritical: z.boolean().optional(),
  useExpectedFinish: z.boolean().optional(),
  ignoreExternalRelations: z.boolean().optional(),
});

/** The main project's options; `projects`: the other scheduled projects of a multi-project file. */
export const StoredScheduleOptions = ProjectScheduleOptions.extend({
  projects: z
    .array(z.object({ id: z.string(), name: z.string(), options: ProjectScheduleOptions }))
    .optional(),
});

export const Version = z.object({
  id: Id,
  schedule_id: Id,
  kind: VersionKind,
  label: z.string(),
  locked: z.boolean(),
  order: z.number().int(),
  /** Bumped by every write to the content; edits carry it to detect stale writers (409). */
  revision: z.number().int(),
  timetable_state: TimetableState,
  /** Data date, minutes since 2000-01-01 00:00 (null = not set). */
  data_date: z.number().int().nullable(),
  created_at: Timestamp,
  /**
   * In the content reads (GET versions/{id}/wbs and …/wbs/columns) only: the options an import
   * stored, null when the version was not imported (the workbench's defaults apply).
   */
  schedule_options: StoredScheduleOptions.nullable().optional(),
});
export type Version = z.infer<typeof Version>;

export const NodeType = z.enum(['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft']);
export const LimitType = z.enum(['not_earlier', 'not_later', 'in_date']);
export const RelationType = z.enum(['fs', 'ss', 'ff', 'sf']);

/** The engine's activity kinds (ActivityKind of src/domain/schedule/model.ts). */
export const ActivityKind = z.enum([
  'task',
  'resource',
  'loe',
  'start_milestone',
  'finish_milestone',
  'wbs_summary',
  'sum',
]);
/** Every constraint type an import keeps (the limit columns' three, and mandatory). */
export const ConstraintType = z.enum([...LimitType.options, 'mandatory']);

/**
 * What an import stored for scheduling an item beyond its columns (the domain's RowSchedule,
 * src/domain/wbs/types.ts, in its own field names): P6 / MS Project activity kind, ALAP, every
 * constraint, external dates, manual scheduling, elapsed durations, splits, resource calendars, planned
 * dates. Read-only.
 */
export const ItemSchedule = z.object({
  kind: ActivityKind.optional(),
  alap: z.boolean().optional(),
  constraints: z
    .array(z.object({ on: z.enum(['start', 'finish']), type: ConstraintType, date: z.number() }))
    .optional(),
  external: z
    .object({
      start: z.number(),
      finish: z.number(),
      lateStart: z.number().nullable().optional(),
      lateFinish: z.number().nullable().optional(),
      project: z.string().optional(),
    })
    .optional(),
  projectId: z.string().optional(),
  expectedFinish: z.number().optional(),
  externalEarlyStart: z.number().optional(),
  externalLateFinish: z.number().optional(),
  manual: z.boolean().optional(),
  elapsed: z.boolean().optional(),
  splitGap: z.number().optional(),
  resourceCalendarIds: z.array(z.string()).optional(),
  plannedStart: z.number().nullable().optional(),
  manualStart: z.number().nullable().optional(),
  plannedFinish: z.number().nullable().optional(),
});
export type ItemSchedule = z.infer<typeof ItemSchedule>;

/**
 * A WBS row as stored (the wbs_items columns). Times: integer minutes since 2000-01-01 00:00
 * (calendar-local); durations and floats: working minutes on the item's calendar (see
 * src/domain/schedule/model.ts). `remaining`: an import's remaining duration until the row's
 * progress is edited, then what percent complete leaves (the domain's remainingDuration).
 * DERIVED (computed by the engine, never edited, null until calculated): es, ef, ls, lf, tf, ff, critical.
 */
export const WbsItemColumns = z.object({
  id: Id,
  parent_id: Id.nullable(),
  /** Fractional order key among siblings; compare as plain strings (byte order). */
  order_key: z.string(),
  node_type: NodeType,
  code: z.string(),
  name: z.string(),
  calendar_id: Id.nullable(),
  duration: z.number().int(),
  remaining: z.number().int(),
  actual_start: z.number().int().nullable(),
  actual_finish: z.number().int().nullable(),
  percent: z.number(),
  start_limit_type: LimitType.nullable(),
  start_limit_date: z.number().int().nullable(),
  finish_limit_type: LimitType.nullable(),
  finish_limit_date: z.number().int().nullable(),
  volume: z.number().nullable(),
  price: z.number().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  es: z.number().int().nullable(),
  ef: z.number().int().nullable(),
  ls: z.number().int().nullable(),
  lf: z.number().int().nullable(),
  tf: z.number().int().nullable(),
  ff: z.number().int().nullable(),
  critical: z.boolean().nullable(),
});
/** A WBS row as read: its columns and what an import stored for scheduling it (null: nothing). */
export const WbsItem = WbsItemColumns.extend({ sched: ItemSchedule.nullable().optional() });
export type WbsItem = z.infer<typeof WbsItem>;
/** The item's stored fields in the contract's order (the database's select lists follow it). */
export const WBS_ITEM_FIELDS = WbsItemColumns.keyof().options;
export const DERIVED_WBS_FIELDS = ['es', 'ef', 'ls', 'lf', 'tf', 'ff', 'critical'] as const;

export const WbsRelation = z.object({
  id: Id,
  pred_id: Id,
  succ_id: Id,
  type: RelationType,
  /** Working minutes; negative = lead. */
  lag: z.number().int(),
  /** The calendar an import counted the lag on when not the version's (MSPDI elapsed: '24h'). */
  lag_calendar: LagCalendar.nullable().optional(),
});
export type WbsRelation = z.infer<typeof WbsRelation>;

/** A version's whole content; items in tree order is not promised, sort by parent and order_key. */
export const VersionContent = z.object({
  version: Version,
  items: z.array(WbsItem),
  relations: z.array(WbsRelation),
});
export type VersionContent = z.infer<typeof VersionContent>;

/**
 * The same content by columns, for the workbench's open of a large version: one array per field,
 * rows in tree order (parent, then order_key), and references as row positions instead of ids
 * (parent: the parent's position or -1; pred / succ: the rows' positions). Without a key per
 * value and with a third of the strings, 100k rows are about a quarter of the bytes and parse in
 * a fraction of the time. Attributes are sparse: [position, attributes] for rows that have some;
 * so is what an import stored for scheduling: `sched` [position, ItemSchedule] and the relations'
 * `lag_calendar` [relation id, calendar] (by id: the relations come in no particular order).
 */
const nullableInts = z.array(z.number().int().nullable());
export const VersionColumns = z.object({
  version: Version,
  items: z.object({
    id: z.array(Id),
    parent: z.array(z.number().int().min(-1)),
    order_key: z.array(z.string()),
    node_type: z.array(NodeType),
    code: z.array(z.string()),
    name: z.array(z.string()),
    calendar_id: z.array(Id.nullable()),
    duration: z.array(z.number().int()),
    remaining: z.array(z.number().int()),
    actual_start: nullableInts,
    actual_finish: nullableInts,
    percent: z.array(z.number()),
    start_limit_type: z.array(LimitType.nullable()),
    start_limit_date: nullableInts,
    finish_limit_type: z.array(LimitType.nullable()),
    finish_limit_date: nullableInts,
    volume: z.array(z.number().nullable()),
    price: z.array(z.number().nullable()),
    attributes: z.array(z.tuple([z.number().int().min(0), z.record(z.string(), z.unknown())])),
    sched: z.array(z.tuple([z.number().int().min(0), ItemSchedule])),
    es: nullableInts,
    ef: nullableInts,
    ls: nullableInts,
    lf: nullableInts,
    tf: nullableInts,
    ff: nullableInts,
    critical: z.array(z.boolean().nullable()),
  }),
  relations: z.object({
    id: z.array(Id),
    pred: z.array(z.number().int().min(0)),
    succ: z.array(z.number().int().min(0)),
    type: z.array(RelationType),
    lag: z.array(z.number().int()),
    lag_calendar: z.array(z.tuple([Id, LagCalendar])),
  }),
});
export type VersionColumns = z.infer<typeof VersionColumns>;

export const versionRoutes = {
  create: route({
    method: 'POST',
    path: '/schedules/:id/versions/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a version (kind version or target), empty or as a copy of another version',
    params: IdParams,
    body: z.object({
      label: Name,
      kind: z.enum(['version', 'target']).default('version'),
      copy_from_version_id: Id.optional(),
    }),
    response: Version,
    status: 201,
  }),
  list: route({
    method: 'GET',
    path: '/schedules/:id/versions',
    scope: 'space',
    summary: 'Versions of a schedule',
    params: IdParams,
    response: z.array(Version),
  }),
  get: route({
    method: 'GET',
    path: '/versions/:id',
    scope: 'space',
    summary: 'A version',
    params: IdParams,
    response: Version,
  }),
  remove: route({
    method: 'DELETE',
    path: '/versions/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a version (409 when locked)',
    params: IdParams,
    response: Ok,
  }),
  removeMany: route({
    method: 'DELETE',
    path: '/versions',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete several versions (409 when one is locked; nothing is deleted then)',
    body: z.strictObject({ ids: z.array(Id).min(1).max(1000) }),
    response: Ok,
  }),
  actualInfo: route({
    method: 'GET',
    path: '/schedules/:id/actual/info',
    scope: 'space',
    summary:
      "The schedule's actual version (null when none is set) with its rows, activities, relations and whether its dates are calculated",
    params: IdParams,
    response: z.object({
      version: Version.nullable(),
      rows: z.number().int(),
      activities: z.number().int(),
      relations: z.number().int(),
      calculated: z.boolean(),
    }),
  }),
  changeLabel: route({
    method: 'PATCH',
    path: '/versions/:id/change-label',
    scope: 'space',
    ability: 'edit',
    summary: 'Relabel a version',
    params: IdParams,
    body: z.strictObject({ label: Name }),
    response: Version,
  }),
  setActualStatus: route({
    method: 'POST',
    path: '/versions/:id/setActualStatus',
    scope: 'space',
    ability: 'edit',
    summary: 'Make this the actual version of its schedule (the previous actual becomes a version), or undo',
    params: IdParams,
    body: z.object({ actual: z.boolean() }),
    response: Version,
  }),
  setLocked: route({
    method: 'POST',
    path: '/versions/:id/setLocked',
    scope: 'space',
    ability: 'edit',
    summary: 'Lock or unlock a version (a locked version refuses content edits and deletion)',
    params: IdParams,
    body: z.object({ locked: z.boolean() }),
    response: Version,
  }),
  content: route({
    method: 'GET',
    path: '/versions/:id/wbs',
    scope: 'space',
    summary: 'All WBS items and relations of a version in one response',
    params: IdParams,
    response: VersionContent,
  }),
  contentColumns: route({
    method: 'GET',
    path: '/versions/:id/wbs/columns',
    scope: 'space',
    summary:
      'The same content by columns, rows in tree order, references as row positions (the workbench open); ' +
      'format=binary: the same columns as typed arrays and dictionary codes (src/api/columns-binary.ts)',
    params: IdParams,
    query: z.object({ format: z.enum(['json', 'binary']).optional() }).strict(),
    response: VersionColumns,
  }),
};
