// The interchange model of a schedule: what the file readers produce, what the writers consume,
// and what the engine schedules. Plain data, serialisable (structured clone, JSON).
//
// Units: time is integer minutes since 2000-01-01 00:00 local time (no zones), clamped to
// 2000–2050; durations, lags and floats are working minutes on the calendar that owns them.
import type { AssignmentCurve } from '../resources/curve-import';

/** Minutes since 2000-01-01 00:00, local. */
export type Minutes = number;
/** A count of working minutes on some calendar. */
export type WorkMinutes = number;

/** A working interval within one day, in minutes from midnight; `end` may be 1440. */
export interface WorkInterval {
  start: number;
  end: number;
}

/** A day whose working time differs from the weekly pattern; no intervals = a holiday. */
export interface CalendarException {
  /** Days since 2000-01-01 (day 0 is a Saturday). */
  day: number;
  intervals: WorkInterval[];
}

export interface CalendarDef {
  id: string;
  name: string;
  /** Seven entries indexed like Date.getDay(): 0 = Sunday … 6 = Saturday. */
  week: WorkInterval[][];
  exceptions: CalendarException[];
  /** Display factors for unit conversion (hours → days …); arithmetic uses the intervals. */
  hoursPerDay: number;
  hoursPerWeek: number;
  hoursPerMonth: number;
  isDefault?: boolean;
}

/** WBS node types of the product (spec §3). */
export type NodeType = 'sum' | 'task' | 'work' | 'milestone_start' | 'milestone_finish' | 'draft';

/**
 * How the engine schedules an item, after P6's activity types:
 * task = task dependent (own calendar), resource = resource dependent (its resources' calendars),
 * loe = level of effort (spans its neighbours), wbs_summary = P6 WBS summary activity,
 * sum = a WBS node of the tree (rolls up its children), start/finish milestones have no duration.
 */
export type ActivityKind =
  'task' | 'resource' | 'loe' | 'start_milestone' | 'finish_milestone' | 'wbs_summary' | 'sum';

export type RelationType = 'fs' | 'ss' | 'ff' | 'sf';

/** Spec limit types plus P6's mandatory constraints. */
export type LimitType = 'not_earlier' | 'not_later' | 'in_date' | 'mandatory';

export interface Constraint {
  on: 'start' | 'finish';
  type: LimitType;
  date: Minutes;
}

/** Dates and floats a scheduler (P6, MS Project) stored in the file, kept for comparison. */
export interface StoredResults {
  es?: Minutes | null;
  ef?: Minutes | null;
  ls?: Minutes | null;
  lf?: Minutes | null;
  /** Total and free float in working minutes on the activity's calendar. */
  tf?: WorkMinutes | null;
  ff?: WorkMinutes | null;
  /** Start float (late − early start) and finish float (late − early finish), working minutes. */
  startFloat?: WorkMinutes | null;
  finishFloat?: WorkMinutes | null;
  critical?: boolean | null;
}

export interface Activity {
  /** Stable id within the model (P6 task_id, MSPDI UID, product row id). */
  id: string;
  /** The code users see (P6 task_code, MSPDI ID or WBS, product outline code). */
  code: string;
  name: string;
  /** Parent in the WBS tree (a 'sum' activity), or null at the top. */
  parentId: string | null;
  /** Sibling order within the parent (ascending). */
  order: number;
  nodeType: NodeType;
  kind: ActivityKind;
  calendarId: string;
  /** Planned (original) duration. */
  duration: WorkMinutes;
  /** Remaining duration; equals duration when not started. */
  remaining: WorkMinutes;
  actualStart: Minutes | null;
  actualFinish: Minutes | null;
  /** 0–100. */
  percentComplete: number;
  constraints: Constraint[];
  /** As late as possible (P6 CS_ALAP, MSPDI ConstraintType 1). */
  alap: boolean;
  /**
   * An activity of another, non-exported project: its dates are fixed and only drive links, early
   * ones into its successors, late ones (when known) into its predecessors' late dates.
   */
  external?: ExternalDates;
  /**
   * The project it belongs to when a file holds several scheduled projects (one of
   * ScheduleOptions.projects; any other id, or none, is the main project).
   */
  projectId?: string;
  /**
   * P6 expected finish (TASK.expect_end_date): used when the options say so
   * (ScheduleOptions.useExpectedFinish): the remaining duration becomes what finishes then.
   */
  expectedFinish?: Minutes | null;
  /**
   * P6 external early start / external late finish: bounds from relations to projects the file
   * does not hold (P6 stores them on the activity; they act like an on-or-after start and an
   * on-or-before finish unless relations to other projects are ignored).
   */
  externalEarlyStart?: Minutes | null;
  externalLateFinish?: Minutes | null;
  /** Where the remaining work of a started activity resumes (MS Project's Resume); the engine
   * starts the remaining work no earlier. */
  resumeAt?: Minutes | null;
  /**
   * An elapsed duration (MS Project's ed, eh, ew, emo …): scheduled 24 hours a day, 7 days a week,
   * whatever its calendar or its resources' (its duration, dates and floats are clock minutes).
   */
  elapsed?: boolean;
  /**
   * MS Project's split: working time inside the remaining work's span with no work planned
   * (working minutes on its calendar). The span scheduled is the remaining duration plus this.
   */
  splitGap?: WorkMinutes;
  /** MS Project's manually scheduled task (its late dates follow MS Project's display rule). */
  manual?: boolean;
  /**
   * The start a user typed on a manually scheduled task (MSPDI ManualStart): under MS Project
   * semantics the task stays there whatever its links or the project start say (Project does not
   * move manual tasks); without it the task is scheduled by its links.
   */
  manualStart?: Minutes | null;
  /** Resource calendars for kind 'resource' (ids into the model's calendars). */
  resourceCalendarIds?: string[];
  /** Planned dates as stored in the source (used when nothing else fixes the date). */
  plannedStart?: Minutes | null;
  plannedFinish?: Minutes | null;
  /** Free-form attributes (activity codes, UDFs, product attribute columns). */
  attributes?: Record<string, string | number | null>;
  stored?: StoredResults;
}

/** Where another project's activity is (fixed) and which project it is. */
export interface ExternalDates {
  start: Minutes;
  finish: Minutes;
  /** Its late dates in its own project (null: unknown or complete: it bounds nothing before it). */
  lateStart?: Minutes | null;
  lateFinish?: Minutes | null;
  /** The name of its project (P6 proj_short_name), shown beside it. */
  project?: string;
}

export interface Relation {
  id: string;
  predId: string;
  succId: string;
  type: RelationType;
  /** Working minutes on the lag calendar (see ScheduleOptions.lagCalendar); negative = lead. */
  lag: WorkMinutes;
  /** Overrides ScheduleOptions.lagCalendar for this relation ('24h' = an elapsed lag in MSPDI). */
  lagCalendar?: LagCalendar;
}

export type ProgressMode = 'retained_logic' | 'progress_override' | 'actual_dates';
export type LagCalendar = 'predecessor' | 'successor' | '24h' | 'project';
export type FloatType = 'finish' | 'start' | 'smallest';

export interface ScheduleOptions {
  /** Data date (P6 last_recalc_date); keeps its time of day. */
  dataDate: Minutes;
  /** Planned project start; early dates never start before it. */
  projectStart: Minutes;
  /** Must-finish-by date driving late dates, or null for the latest early finish. */
  mustFinishBy: Minutes | null;
  defaultCalendarId: string;
  progressMode: ProgressMode;
  lagCalendar: LagCalendar;
  floatType: FloatType;
  criticalBy: 'total_float' | 'longest_path';
  /** Critical when total float ≤ this (working minutes). */
  criticalFloat: WorkMinutes;
  /** P6 semantics by default; MS Project's where an MSPDI file was imported. */
  semantics: 'p6' | 'msproject';
  /**
   * Start-to-start lag of a started predecessor counts from its remaining early start (true, P6's
   * sched_lag_early_start_flag = Y and the default) or from its actual start (false).
   */
  lagFromEarlyStart?: boolean;
  /** Activities without successors are critical (P6 sched_open_critical_flag). */
  openEndsCritical?: boolean;
  /** Expected finish dates set the remaining duration (P6 sched_use_expect_end_flag). */
  useExpectedFinish?: boolean;
  /**
   * P6 "Ignore relationships to and from other projects" (sched_outer_depend_type = SD_None):
   * relations with external activities and the external early start / late finish do not apply.
   */
  ignoreExternalRelations?: boolean;
  /**
   * The other scheduled projects of a file that holds several (an XER exporting more than one):
   * their activities (Activity.projectId) schedule with their own options (data date,
   * must-finish-by, progress mode, lag calendar, float type, critical threshold); these options
   * are the main project's.
   */
  projects?: ProjectPart[];
  /**
   * The version's levelling (docs/levelling.md "Levelled starts in the engine"): by activity id, the
   * start levelling gave it. An input like MS Project's levelling delay, kept as a date: the
   * activity's remaining work starts no earlier (a floor beside its own constraints, which it does
   * not replace), on every calculation, until the levelling is cleared. Completed activities and
   * mandatory dates are not moved by it.
   */
  levelledStarts?: Readonly<Record<string, Minutes>>;
}

/** One more scheduled project of a file: its id (Activity.projectId), name and own options. */
export interface ProjectPart {
  id: string;
  name: string;
  options: Omit<ScheduleOptions, 'projects'>;
}

export interface Resource {
  id: string;
  name: string;
  calendarId: string | null;
  kind?: string;
}

export interface Assignment {
  id: string;
  activityId: string;
  resourceId: string;
  /** Planned units (hours or quantity, as the source records). */
  units: number;
  /** How the work spreads over the activity, when the file says (P6 resource curve, MS Project contour). */
  curve?: AssignmentCurve;
}

export interface ScheduleModel {
  /** Where it came from: 'xer', 'pmxml', 'mspdi', 'xlsx', 'csv', 'json', 'product'. */
  source: string;
  projectName: string;
  calendars: CalendarDef[];
  activities: Activity[];
  relations: Relation[];
  options: ScheduleOptions;
  resources: Resource[];
  assignments: Assignment[];
  /** Attribute (activity code / UDF) definitions: key → label. */
  attributeDefs?: Record<string, string>;
}
