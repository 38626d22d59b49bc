// Daily work plans (spec §7 "wdp: …", distributions, timesheets; issue 18). Days are day numbers
// since 2000-01-01. Every change of day values is stored as one undo_wdp action of the version's
// undo log (the same log as WBS and relation edits) and answers the new revision. Shapes the spec
// does not give are designed here and documented in docs/wdp.md.
import { z } from 'zod';
import { Id, IdParams, Ok, SpaceParams, Timestamp } from './common';
import { RevisionResult } from './wbs-batch';
import { route } from './route';

export const PlanKind = z.enum(['plan', 'fact', 'approved_plan']);
export const DistributionMode = z.enum(['start', 'end', 'evenly']);
export const DistributionBase = z.enum(['by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume']);
export const DayStatus = z.enum(['open', 'approved']);
export const Day = z.number().int().min(0).max(18627);
const Value = z.number().finite().min(-1e12).max(1e12);
const ItemIds = z.array(Id).min(1).max(100_000);

export const WdpDay = z.object({
  item_id: Id,
  day: Day,
  plan: z.number().nullable(),
  fact: z.number().nullable(),
  approved_plan: z.number().nullable(),
  status: DayStatus,
});
export type WdpDay = z.infer<typeof WdpDay>;

export const WdpRowSettings = z.object({
  item_id: Id,
  unit: z.string().max(32),
  mode: DistributionMode,
  base: DistributionBase,
  rate: z.number().nullable(),
});
export type WdpRowSettings = z.infer<typeof WdpRowSettings>;

/** The first day each kind may be edited (spec §6 editing periods; null: no limit). */
export const EditPeriods = z.object({
  key_day: Day,
  plan_from: Day.nullable(),
  fact_from: Day.nullable(),
});
export type EditPeriods = z.infer<typeof EditPeriods>;

/**
 * A row's assigned resources summed, for labour and cost per day: `labour` the hours of its labor
 * resources, `cost` the units × price of its priced resources (rows without assignments absent).
 */
export const WdpRowResources = z.object({ item_id: Id, labour: z.number(), cost: z.number() });
export type WdpRowResources = z.infer<typeof WdpRowResources>;

export const WdpGantt = z.object({
  revision: z.number().int(),
  progress_from_facts: z.boolean(),
  periods: EditPeriods,
  rows: z.array(WdpRowSettings),
  days: z.array(WdpDay),
  resources: z.array(WdpRowResources),
});
export type WdpGantt = z.infer<typeof WdpGantt>;

const DayRange = z.object({
  from: z.coerce.number().int().min(0).max(18627).optional(),
  to: z.coerce.number().int().min(0).max(18627).optional(),
});

export const UpdateManyBody = z.object({
  kind: PlanKind,
  values: z
    .array(z.object({ item_id: Id, day: Day, value: Value.nullable() }))
    .min(1)
    .max(500_000),
});

export const DistributeBody = z.object({
  item_ids: ItemIds,
  mode: DistributionMode,
  base: DistributionBase,
  /** by_volume: volume per working day (default: the volume over the dates' working days). */
  rate: z.number().positive().max(1e12).nullable().optional(),
  /** by_fact: no new plan before this day. */
  data_day: Day.optional(),
});

export const ToggleStatusBody = z.object({
  cells: z
    .array(z.object({ item_id: Id, day: Day }))
    .min(1)
    .max(100_000),
  status: DayStatus,
});

export const ClearValuesBody = z.object({
  item_ids: ItemIds,
  kinds: z.array(PlanKind).min(1).max(3),
  from: Day.optional(),
  to: Day.optional(),
});

const ValueKind = z.enum(['plan', 'fact']);

export const AllocateBody = z
  .object({
    item_ids: ItemIds,
    kind: ValueKind,
    mode: DistributionMode,
    /** The period, both days included (at most two years). */
    from: Day,
    to: Day,
    /** The amount each row gets over the period; absent or null: what its volume leaves. */
    amount: Value.nullable().optional(),
  })
  .refine((b) => b.to >= b.from && b.to - b.from <= 731, {
    message: 'to must be on or after from, within two years',
    path: ['to'],
  });

export const TransferValueBody = z
  .object({
    item_id: Id,
    kind: PlanKind,
    from_day: Day,
    to_day: Day,
    /** How much moves (> 0); absent or null: the whole value of the day. */
    value: z.number().positive().max(1e12).nullable().optional(),
  })
  .refine((b) => b.from_day !== b.to_day, { message: 'from_day and to_day differ', path: ['to_day'] });

/** One row of a day report: the day's plan and fact and the plan and fact to date. */
export const ReportLine = z.object({
  item_id: Id,
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  volume: z.number().nullable(),
  plan: z.number().nullable(),
  fact: z.number().nullable(),
  plan_to_date: z.number(),
  fact_to_date: z.number(),
  /** The day's fact (else plan) in hours and money, where the row carries resources or a price. */
  labour: z.number().nullable(),
  cost: z.number().nullable(),
});

/** One day's quantity of a resource (or of one of its works). */
const DayQuantity = z.object({ day: Day, value: z.number() });

/**
 * The daily plans by resource (spec §7 "wdp: resource gantt"): each assigned resource's quantity
 * per day of the kind — a day's value of a row over the row's volume (else its planned total),
 * times the assignment's units — summed over its works, and each work's part as a bar.
 */
export const WdpResourceGantt = z.object({
  revision: z.number().int(),
  kind: PlanKind,
  resources: z.array(
    z.object({
      /** The version's resource (version_resources id). */
      resource_id: Id,
      name: z.string(),
      unit: z.string(),
      type: z.string(),
      total: z.number(),
      days: z.array(DayQuantity),
      /**
       * The resource's availability (the Resources module's default limit per working day and
       * limits by period, `from`/`to` in minutes); null without one.
       */
      limit: z
        .object({
          default_limit: z.number(),
          limits: z.array(z.object({ from: z.number(), to: z.number(), limit: z.number() })),
        })
        .nullable(),
      works: z.array(
        z.object({
          item_id: Id,
          code: z.string(),
          name: z.string(),
          units: z.number(),
          first_day: Day,
          last_day: Day,
          total: z.number(),
          days: z.array(DayQuantity),
        }),
      ),
    }),
  ),
});
export type WdpResourceGantt = z.infer<typeof WdpResourceGantt>;

export const ReportEditBody = z.object({
  day: Day,
  rows: z
    .array(
      z.object({
        item_id: Id,
        /** Absent: left as it is; null: cleared. */
        plan: Value.nullable().optional(),
        fact: Value.nullable().optional(),
      }),
    )
    .min(1)
    .max(100_000),
});

export const WdpUploadResult = RevisionResult.extend({
  cells: z.number().int(),
  /** Lines skipped: an unknown code, a bad date or number (line numbers from 1). */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

export const Distribution = z.object({
  id: Id,
  eps_id: Id,
  mode: DistributionMode,
  base: DistributionBase,
  updated_at: Timestamp,
});

export const TimesheetStatus = z.enum(['draft', 'submitted', 'APPROVED', 'DECLINED']);
export const TimesheetDay = z.object({
  item_id: Id,
  day: Day,
  hours: z.number().nullable(),
  fact: z.number().nullable(),
});
export const Timesheet = z.object({
  id: Id,
  version_id: Id,
  user_id: Id,
  user_name: z.string(),
  first_day: Day,
  last_day: Day,
  status: TimesheetStatus,
  decided_by: Id.nullable(),
  comment: z.string(),
  days: z.array(TimesheetDay),
});
export type Timesheet = z.infer<typeof Timesheet>;

/** A work a person can report on in a timesheet: its code, name, unit and dates. */
export const TimesheetWork = z.object({
  item_id: Id,
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  volume: z.number().nullable(),
  start: z.number().int().nullable(),
  finish: z.number().int().nullable(),
  /** Planned hours per unit of volume (its labor resources), and the cost of a unit (null: none). */
  labour: z.number().nullable(),
  cost: z.number().nullable(),
  /** The person who gathers its facts: the row's executor (wbs_people; null: nobody). */
  executor_id: Id.nullable(),
});

/** Which timesheet lines a report reads: days in [from, to], optionally of a version, person, status. */
export const TimesheetReportQuery = z
  .object({
    from: z.coerce.number().int().min(0).max(18627),
    to: z.coerce.number().int().min(0).max(18627),
    version_id: Id.optional(),
    user_id: Id.optional(),
    status: TimesheetStatus.optional(),
  })
  .strict();

const ReportDay = z.object({ day: Day, hours: z.number().nullable(), fact: z.number().nullable() });
/** The facts and hours people gathered on timesheets over a period (docs/wdp.md). */
export const TimesheetReport = z.object({
  from: Day,
  to: Day,
  lines: z.array(
    z.object({
      user_id: Id,
      user_name: z.string(),
      version_id: Id,
      version_label: z.string(),
      schedule_name: z.string(),
      item_id: Id,
      code: z.string(),
      name: z.string(),
      unit: z.string(),
      hours: z.number(),
      fact: z.number(),
      cost: z.number().nullable(),
      days: z.array(ReportDay),
    }),
  ),
  people: z.array(
    z.object({
      user_id: Id,
      user_name: z.string(),
      hours: z.number(),
      cost: z.number().nullable(),
      works: z.number().int(),
      days: z.number().int(),
    }),
  ),
});
export type TimesheetReport = z.infer<typeof TimesheetReport>;

const TimesheetParams = z.object({ id: Id });

export const wdpRoutes = {
  gantt: route({
    method: 'GET',
    path: '/versions/:id/wdp/gantt',
    scope: 'space',
    summary: 'The day values of a version (optionally a day range), row settings and editing periods',
    params: IdParams,
    query: DayRange,
    response: WdpGantt,
  }),
  resourceGantt: route({
    method: 'GET',
    path: '/versions/:id/wdp/resource-gantt',
    scope: 'space',
    summary:
      "The daily plans by resource: each assigned resource's quantity per day of a kind (plan by default), with its works",
    params: IdParams,
    query: DayRange.extend({ kind: PlanKind.optional() }),
    response: WdpResourceGantt,
  }),
  updateMany: route({
    method: 'POST',
    path: '/versions/:id/wdp/update-many',
    scope: 'space',
    ability: 'edit',
    summary:
      'Set values of one kind on many rows and days (null clears); facts need the facts ability, plans edit',
    params: IdParams,
    body: UpdateManyBody,
    response: RevisionResult,
    bodyLimit: 64 * 1024 * 1024,
  }),
  distribute: route({
    method: 'POST',
    path: '/versions/:id/wdp/distribute',
    scope: 'space',
    ability: 'edit',
    summary: "Distribute each row's volume over its working days by mode and base (facts kept)",
    params: IdParams,
    body: DistributeBody,
    response: RevisionResult,
  }),
  allocate: route({
    method: 'POST',
    path: '/versions/:id/wdp/allocate',
    scope: 'space',
    ability: 'edit',
    summary:
      "Allocate plan or fact over a period: each row's amount (default: what its volume leaves) over its working days by mode; facts need the facts ability, plans edit",
    params: IdParams,
    body: AllocateBody,
    response: RevisionResult.extend({ rows: z.number().int() }),
  }),
  transferValue: route({
    method: 'POST',
    path: '/versions/:id/wdp/transfer-value',
    scope: 'space',
    ability: 'edit',
    summary: "Move a row's value of one kind (all or part) from one day to another; the total is kept",
    params: IdParams,
    body: TransferValueBody,
    response: RevisionResult.extend({ moved: z.number() }),
  }),
  report: route({
    method: 'GET',
    path: '/versions/:id/wdp/report',
    scope: 'space',
    summary:
      "The day report: rows planned or reported on the day, or behind their plan, with the day's plan and fact, to-date totals, labour and cost",
    params: IdParams,
    query: z.object({ day: z.coerce.number().int().min(0).max(18627) }),
    response: z.object({ day: Day, rows: z.array(ReportLine) }),
  }),
  reportEdit: route({
    method: 'POST',
    path: '/versions/:id/wdp/report-edit',
    scope: 'space',
    ability: 'edit',
    summary:
      "Edit the day report: set the day's fact (and plan, for a planner) of many rows at once; one undo_wdp action",
    params: IdParams,
    body: ReportEditBody,
    response: RevisionResult,
  }),
  upload: route({
    method: 'POST',
    path: '/versions/:id/wdp/upload',
    scope: 'space',
    ability: 'edit',
    consumes: 'multipart',
    summary: 'Upload day values from CSV or XLSX: code, kind, then one column per date',
    params: IdParams,
    response: WdpUploadResult,
  }),
  toggleStatus: route({
    method: 'POST',
    path: '/versions/:id/wdp/bulk-toggle-status',
    scope: 'space',
    ability: 'approve',
    summary: 'Approve days (their plan becomes the approved plan) or open them again',
    params: IdParams,
    body: ToggleStatusBody,
    response: RevisionResult,
  }),
  clearValues: route({
    method: 'POST',
    path: '/versions/:id/wdp/bulk-clear-values',
    scope: 'space',
    ability: 'edit',
    summary: 'Clear values of the given kinds on rows (optionally in a day range)',
    params: IdParams,
    body: ClearValuesBody,
    response: RevisionResult,
  }),
  clearWdp: route({
    method: 'POST',
    path: '/versions/:id/wdp/bulk-clear',
    scope: 'space',
    ability: 'edit',
    summary: 'Remove every day of the rows (values and statuses)',
    params: IdParams,
    body: z.object({ item_ids: ItemIds }),
    response: RevisionResult,
  }),
  saveRows: route({
    method: 'PUT',
    path: '/versions/:id/wdp/rows',
    scope: 'space',
    ability: 'edit',
    summary: "Rows' unit and distribution settings (mode, base, rate)",
    params: IdParams,
    body: z.object({ rows: z.array(WdpRowSettings).min(1).max(100_000) }),
    response: Ok,
  }),
  planAtDay: route({
    method: 'GET',
    path: '/versions/:id/update-volume-plan-at-day',
    scope: 'space',
    summary: 'Per row with a plan: the volume planned up to the day and the facts up to it',
    params: IdParams,
    query: z.object({ day: z.coerce.number().int().min(0).max(18627) }),
    response: z.object({
      day: Day,
      items: z.array(
        z.object({ item_id: Id, plan: z.number(), fact: z.number(), volume: z.number().nullable() }),
      ),
    }),
  }),
  checkEmptyWorks: route({
    method: 'GET',
    path: '/versions/:id/check-empty-works',
    scope: 'space',
    summary: 'Works without a volume, and works with a volume but no plan',
    params: IdParams,
    response: z.object({
      no_volume: z.array(z.object({ item_id: Id, code: z.string() })),
      no_plan: z.array(z.object({ item_id: Id, code: z.string() })),
    }),
  }),
  estimatedData: route({
    method: 'PATCH',
    path: '/versions/:id/update/estimated-data',
    scope: 'space',
    ability: 'edit',
    summary:
      "Set whether progress comes from facts; when on, rows' percent complete is set from facts (one undo_wbs action)",
    params: IdParams,
    body: z.object({ progress_from_facts: z.boolean() }),
    response: z.object({ revision: z.number().int(), updated: z.number().int() }),
  }),
  distribution: route({
    method: 'GET',
    path: '/distributions/:id',
    scope: 'space',
    summary: 'A saved distribution default',
    params: IdParams,
    response: Distribution,
  }),
  distributionByEps: route({
    method: 'GET',
    path: '/distributions/by-eps-id/:id',
    scope: 'space',
    summary: 'The distribution default of an EPS node (null when none is saved)',
    params: IdParams,
    response: z.object({ distribution: Distribution.nullable() }),
  }),
  saveDistribution: route({
    method: 'PUT',
    path: '/distributions/save',
    scope: 'space',
    ability: 'edit',
    summary: 'Save the distribution default (mode and base) of an EPS node',
    body: z.object({ eps_id: Id, mode: DistributionMode, base: DistributionBase }),
    response: Distribution,
  }),
  timesheets: route({
    method: 'GET',
    path: '/versions/:id/timesheets',
    scope: 'space',
    summary: "Timesheets of a version: the caller's, or everyone's for a planner (query status)",
    params: IdParams,
    query: z.object({ status: TimesheetStatus.optional(), mine: z.enum(['true', 'false']).optional() }),
    response: z.object({ items: z.array(Timesheet), works: z.array(TimesheetWork) }),
  }),
  createTimesheet: route({
    method: 'POST',
    path: '/versions/:id/timesheets/create',
    scope: 'space',
    ability: 'edit',
    summary: "Create the caller's timesheet for a period (at most 62 days)",
    params: IdParams,
    body: z.object({ first_day: Day, last_day: Day }),
    response: Timesheet,
    status: 201,
  }),
  updateTimesheet: route({
    method: 'PATCH',
    path: '/timesheets/:id/update',
    scope: 'space',
    ability: 'edit',
    summary:
      'Submit a timesheet (its owner) or decide on it: APPROVED (facts flow into the works) or DECLINED',
    params: TimesheetParams,
    body: z.object({ status: TimesheetStatus, comment: z.string().max(500).optional() }),
    response: Timesheet,
  }),
  updateTimesheetDay: route({
    method: 'PUT',
    path: '/timesheets/:id/day',
    scope: 'space',
    ability: 'edit',
    summary: "Set hours and facts of works on days of the caller's draft or declined timesheet",
    params: TimesheetParams,
    body: z.object({ days: z.array(TimesheetDay).min(1).max(5000) }),
    response: Timesheet,
  }),
  deleteTimesheet: route({
    method: 'DELETE',
    path: '/timesheets/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a timesheet that is not approved (its owner or a planner)',
    params: TimesheetParams,
    response: Ok,
  }),
  timesheetUsers: route({
    method: 'GET',
    path: '/versions/:id/timesheet/users',
    scope: 'space',
    summary:
      'The people who gather facts on the version (executors of its works, or with timesheets): works assigned and timesheets by status',
    params: IdParams,
    response: z.object({
      items: z.array(
        z.object({
          user_id: Id,
          name: z.string(),
          /** Works of the version whose executor they are (their timesheets list these). */
          works: z.number().int(),
          submitted: z.number().int(),
          approved: z.number().int(),
          declined: z.number().int(),
          draft: z.number().int(),
        }),
      ),
    }),
  }),
  timesheetReport: route({
    method: 'GET',
    path: '/space/:space_id/timesheet-report',
    scope: 'space',
    summary:
      "Timesheet report: hours and facts per person and work over a period, with each person's totals (others' need facts approve)",
    params: SpaceParams,
    query: TimesheetReportQuery,
    response: TimesheetReport,
  }),
  exportTimesheetReport: route({
    method: 'GET',
    path: '/space/:space_id/timesheet-report/export',
    scope: 'space',
    summary: 'The timesheet report as an XLSX (or CSV) file: one line per person and work, a column per day',
    params: SpaceParams,
    query: TimesheetReportQuery.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }).strict(),
    response: 'blob',
  }),
  timesheetNotification: route({
    method: 'GET',
    path: '/users/timesheet-notification',
    scope: 'user',
    summary:
      'What waits for the caller: timesheets to decide (planner) and own declined ones, over all spaces',
    response: z.object({ to_decide: z.number().int(), declined: z.number().int() }),
  }),
};
