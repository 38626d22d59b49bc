// One row of a version → the engine's activity. The workbench's toScheduleModel (in the schedule
// worker) and the server's rowsToModel (Calculate, export) both build their activities here, so
// the browser and the server schedule a version alike: the row's columns, the remaining duration
// it keeps, and what an import stored beyond the columns (RowSchedule: activity kind, ALAP, every
// constraint, external dates, manual scheduling, resource calendars, planned dates).

import type { CalendarIndex } from '../calendar/calendar-index';
import type { Activity, ActivityKind, Constraint, Minutes, NodeType } from '../schedule/model';
import { impliedActuals, plannedDuration, remainingDuration } from './progress';
import type { RowId, RowSchedule, WbsRow } from './types';

/** The kind the engine gives a node type when the row keeps none of its own. */
export const DEFAULT_KIND: Record<NodeType, ActivityKind> = {
  sum: 'sum',
  task: 'task',
  work: 'task',
  draft: 'task',
  milestone_start: 'start_milestone',
  milestone_finish: 'finish_milestone',
};

/** The row fields the engine reads (a WbsRow, or a stored item read as one). */
export type ScheduledRow = Pick<
  WbsRow,
  | 'id'
  | 'name'
  | 'nodeType'
  | 'calendarId'
  | 'duration'
  | 'remaining'
  | 'startLimitType'
  | 'startLimitDate'
  | 'finishLimitType'
  | 'finishLimitDate'
  | 'actualStart'
  | 'actualFinish'
  | 'percentComplete'
  | 'attributes'
  | 'sched'
>;

/** The constraint types the limit columns hold (mandatory shows there as in_date). */
export const COLUMN_LIMITS: readonly string[] = ['not_earlier', 'not_later', 'in_date'];

/** Whether the two limit columns say all there is to say about the constraints. */
export function columnsHoldConstraints(cs: readonly Constraint[]): boolean {
  const starts = cs.filter((c) => c.on === 'start');
  const finishes = cs.filter((c) => c.on === 'finish');
  return starts.length <= 1 && finishes.length <= 1 && cs.every((c) => COLUMN_LIMITS.includes(c.type));
}

/** The row fields its constraints are read from. */
type ConstraintRow = Pick<
  ScheduledRow,
  'startLimitType' | 'startLimitDate' | 'finishLimitType' | 'finishLimitDate' | 'sched'
>;

function columnConstraints(row: ConstraintRow): Constraint[] {
  const out: Constraint[] = [];
  if (row.startLimitType && row.startLimitDate !== null)
    out.push({ on: 'start', type: row.startLimitType, date: row.startLimitDate });
  if (row.finishLimitType && row.finishLimitDate !== null)
    out.push({ on: 'finish', type: row.finishLimitType, date: row.finishLimitDate });
  return out;
}

/**
 * The row's constraints: its limit columns, or the import's own constraints while the columns
 * still show them (a mandatory constraint shows as "in date"; a limit edited in the workbench wins).
 */
export function rowConstraints(row: ConstraintRow): Constraint[] {
  const cols = columnConstraints(row);
  const kept = row.sched?.constraints;
  if (!kept || columnsHoldConstraints(kept)) return cols;
  const shown = (on: 'start' | 'finish') => {
    const c = kept.find((k) => k.on === on);
    return c ? `${c.type === 'mandatory' ? 'in_date' : c.type}@${c.date}` : '';
  };
  const col = (on: 'start' | 'finish') => {
    const c = cols.find((k) => k.on === on);
    return c ? `${c.type}@${c.date}` : '';
  };
  return shown('start') === col('start') && shown('finish') === col('finish') ? kept : cols;
}

/**
 * The kind a row is scheduled as: the import's (level of effort, WBS summary, resource dependent
 * …) while the row is still a task type, else its node type's.
 */
function rowKind(row: Pick<ScheduledRow, 'nodeType' | 'sched'>): ActivityKind {
  const own = DEFAULT_KIND[row.nodeType];
  return own === 'task' && row.sched?.kind ? row.sched.kind : own;
}

/** Where a row sits in the model and how its progress is read. */
export interface ActivityPlace {
  parentId: RowId | null;
  /** Position among its siblings. */
  order: number;
  /** The code users see (the imported one, or the outline number). */
  code: string;
  /** The calendar it is scheduled on: its own, or the version's default. */
  calendarId: string;
  dataDate: Minutes;
  /** Working time of a calendar, to place the actual dates progress implies (progress.ts). */
  calendarIndex?: (calendarId: string) => CalendarIndex | null | undefined;
}

/**
 * The activity of a row. Remaining duration: the row's (kept or derived, remainingDuration), none
 * once finished; a row with progress but no actual dates is scheduled with the ones its progress
 * implies.
 */
export function activityOfRow(row: ScheduledRow, at: ActivityPlace): Activity {
  const s = row.sched;
  // Only rows with progress can imply actual dates (no calendar lookup for the others).
  const implies =
    row.percentComplete > 0 &&
    row.nodeType !== 'sum' &&
    (row.actualStart === null || row.actualFinish === null);
  const { actualStart, actualFinish } = implies
    ? impliedActuals(row, at.dataDate, at.calendarIndex?.(at.calendarId) ?? null)
    : row;
  return {
    id: row.id,
    code: at.code,
    name: row.name,
    parentId: at.parentId,
    order: at.order,
    nodeType: row.nodeType,
    kind: rowKind(row),
    calendarId: at.calendarId,
    // A summary's own duration means nothing to the engine; it is kept for the writers.
    duration: row.nodeType === 'sum' ? row.duration : plannedDuration(row),
    remaining: actualFinish !== null ? 0 : remainingDuration(row),
    actualStart,
    actualFinish,
    percentComplete: row.percentComplete,
    constraints: rowConstraints(row),
    alap: s?.alap ?? false,
    // Most rows have no import extras: one spread of nothing, not thirteen empty ones.
    ...(s === undefined ? undefined : scheduleExtras(s)),
    attributes: { ...row.attributes },
  };
}

/** What a row's import extras add to its activity (only the fields they hold). */
function scheduleExtras(s: NonNullable<ScheduledRow['sched']>): Partial<Activity> {
  return {
    ...(s.external ? { external: s.external } : {}),
    ...(s.projectId !== undefined ? { projectId: s.projectId } : {}),
    ...(s.expectedFinish !== undefined ? { expectedFinish: s.expectedFinish } : {}),
    ...(s.externalEarlyStart !== undefined ? { externalEarlyStart: s.externalEarlyStart } : {}),
    ...(s.externalLateFinish !== undefined ? { externalLateFinish: s.externalLateFinish } : {}),
    ...(s.manual ? { manual: true } : {}),
    ...(s.elapsed ? { elapsed: true } : {}),
    ...(s.splitGap ? { splitGap: s.splitGap } : {}),
    ...(s.manualStart != null ? { manualStart: s.manualStart } : {}),
    ...(s.resourceCalendarIds ? { resourceCalendarIds: s.resourceCalendarIds } : {}),
    ...(s.plannedStart !== undefined ? { plannedStart: s.plannedStart } : {}),
    ...(s.plannedFinish !== undefined ? { plannedFinish: s.plannedFinish } : {}),
  };
}

/**
 * What an activity says beyond a row's columns (the inverse of activityOfRow), for an import;
 * `calendarId` maps the model's calendar ids to the version's. Undefined when there is nothing.
 */
export function rowScheduleOf(
  a: Activity,
  calendarId: (modelCalendarId: string) => string | null = (id) => id,
): RowSchedule | undefined {
  const x: RowSchedule = {};
  if (a.kind !== DEFAULT_KIND[a.nodeType]) x.kind = a.kind;
  if (a.alap) x.alap = true;
  if (!columnsHoldConstraints(a.constraints)) x.constraints = a.constraints;
  if (a.external) x.external = a.external;
  if (a.projectId !== undefined) x.projectId = a.projectId;
  if (a.expectedFinish != null) x.expectedFinish = a.expectedFinish;
  if (a.externalEarlyStart != null) x.externalEarlyStart = a.externalEarlyStart;
  if (a.externalLateFinish != null) x.externalLateFinish = a.externalLateFinish;
  if (a.manual) x.manual = true;
  if (a.elapsed) x.elapsed = true;
  if (a.splitGap) x.splitGap = a.splitGap;
  if (a.manualStart != null) x.manualStart = a.manualStart;
  if (a.resourceCalendarIds?.length)
    x.resourceCalendarIds = a.resourceCalendarIds.map((c) => calendarId(c) ?? c);
  if (a.plannedStart !== undefined && a.plannedStart !== null) x.plannedStart = a.plannedStart;
  if (a.plannedFinish !== undefined && a.plannedFinish !== null) x.plannedFinish = a.plannedFinish;
  return Object.keys(x).length > 0 ? x : undefined;
}
