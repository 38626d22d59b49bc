// The WBS of a version as the workbench edits it: rows keyed by id, each knowing its parent and
// its fractional order key among its siblings. Field meanings follow the schedule interchange
// model (src/domain/schedule/model.ts): time in engine minutes, durations in working minutes.
// Only user input lives here; dates, floats and critical flags are derived by the engine and
// never stored in a row (STYLE practice 5).

import type {
  ActivityKind,
  Constraint,
  ExternalDates,
  LagCalendar,
  LimitType,
  Minutes,
  NodeType,
  RelationType,
  WorkMinutes,
} from '../schedule/model';

export type { LagCalendar, LimitType, Minutes, NodeType, RelationType, WorkMinutes };

/**
 * What an import stored for scheduling a row beyond its columns: the P6 / MS Project activity
 * fields no WBS column holds (the server keeps them as the version's item extras). Read-only; rows
 * made in the workbench have none. Each field is absent when the node type's default applies.
 */
export interface RowSchedule {
  /** Level of effort, WBS summary, resource dependent … (used while the row is a task type). */
  kind?: ActivityKind;
  /** As late as possible. */
  alap?: boolean;
  /** Every constraint of the file (mandatory, two on one side …), used while the limit columns still show them. */
  constraints?: Constraint[];
  /**
   * An activity of another project: fixed dates that only drive links, and its project's name.
   * Read-only in the workbench (the commands refuse edits of such rows).
   */
  external?: ExternalDates;
  /** The scheduled project it belongs to in a multi-project file (ScheduleOptions.projects). */
  projectId?: string;
  /** P6 expected finish, external early start and external late finish. */
  expectedFinish?: Minutes;
  externalEarlyStart?: Minutes;
  externalLateFinish?: Minutes;
  /** MS Project's manually scheduled task. */
  manual?: boolean;
  /** An MS Project elapsed duration: scheduled around the clock (Activity.elapsed). */
  elapsed?: boolean;
  /** An MS Project split: working time without work inside the span (Activity.splitGap). */
  splitGap?: number;
  /** The start typed on a manual task, where MS Project keeps it (Activity.manualStart). */
  manualStart?: Minutes | null;
  /** The calendars of a resource dependent activity's resources (space calendar ids). */
  resourceCalendarIds?: string[];
  plannedStart?: Minutes | null;
  plannedFinish?: Minutes | null;
}

export type RowId = string;
export type RelationId = string;

export type AttributeValue = string | number | null;

export interface WbsRow {
  id: RowId;
  /** Parent row (a 'sum'), or null at the top of the version. */
  parentId: RowId | null;
  /** Fractional key ordering the row among its siblings (see order-key.ts). */
  orderKey: string;
  nodeType: NodeType;
  name: string;
  /** The imported activity code; null shows the outline number (1, 1.1 …) instead. */
  code: string | null;
  /** null = the version's default calendar. */
  calendarId: string | null;
  /** Planned duration on the row's calendar; 0 for milestones, ignored for sums. */
  duration: WorkMinutes;
  /**
   * The remaining duration an import stored (P6's, e.g. from physical % complete), kept until an
   * edit of the row's duration, percent complete, actual finish or type (progress.ts); null = what
   * percent complete leaves of the duration (remainingDuration).
   */
  remaining: WorkMinutes | null;
  /** Spec's start_limit_type / finish_limit_type with their dates (both set or both null). */
  startLimitType: LimitType | null;
  startLimitDate: Minutes | null;
  finishLimitType: LimitType | null;
  finishLimitDate: Minutes | null;
  actualStart: Minutes | null;
  actualFinish: Minutes | null;
  /** 0–100. */
  percentComplete: number;
  volume: number | null;
  price: number | null;
  /** Row colour as '#rrggbb' (the colors / exclude_colors filters), or null. */
  color: string | null;
  /** Attribute columns of the version: attribute key → value. */
  attributes: Record<string, AttributeValue>;
  /** What an import stored for scheduling beyond the columns (read-only; see RowSchedule). */
  sched?: RowSchedule;
}

export interface WbsRelation {
  id: RelationId;
  predId: RowId;
  succId: RowId;
  type: RelationType;
  /** Working minutes; negative = lead. */
  lag: WorkMinutes;
  /** The calendar an import counted the lag on, when not the version's (MSPDI elapsed lags: '24h'). */
  lagCalendar?: LagCalendar;
}

/**
 * The editable document of one version: what commands change and history records. Maps, not
 * plain objects: an immutable update copies the container once, and copying a 100k-entry Map
 * takes a fraction of the time of spreading a 100k-key object (measured: ~13 ms against ~85 ms),
 * which is the floor under every edit. Patch paths are the same: ['rows', id, field].
 */
export interface WbsDoc {
  rows: ReadonlyMap<RowId, WbsRow>;
  relations: ReadonlyMap<RelationId, WbsRelation>;
}

/** Fields a user edits directly (not id, parentId or orderKey, which only tree commands set). */
export type EditableField = Exclude<
  keyof WbsRow,
  'id' | 'parentId' | 'orderKey' | 'attributes' | 'remaining' | 'sched'
>;

/** Where a command gets new ids from (the client passes crypto.randomUUID, tests a counter). */
export interface IdSource {
  newId(): string;
}

/** A refused edit: a message key for i18n plus its params. */
export interface Refusal {
  key: string;
  params?: Record<string, string | number | readonly string[]>;
}

/** A row with default values: a one-day task for task/work/draft, zero for the rest. */
export function newRow(
  id: RowId,
  nodeType: NodeType,
  parentId: RowId | null,
  orderKey: string,
  fields: Partial<Omit<WbsRow, 'id' | 'parentId' | 'orderKey'>> = {},
  defaultDuration: WorkMinutes = 480,
): WbsRow {
  const hasDuration = nodeType === 'task' || nodeType === 'work' || nodeType === 'draft';
  return {
    id,
    parentId,
    orderKey,
    nodeType,
    name: '',
    code: null,
    calendarId: null,
    duration: hasDuration ? defaultDuration : 0,
    remaining: null,
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    actualStart: null,
    actualFinish: null,
    percentComplete: 0,
    volume: null,
    price: null,
    color: null,
    attributes: {},
    ...fields,
  };
}
