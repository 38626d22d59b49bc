// The bridges between the edited WBS and the engine's interchange model: toScheduleModel so a
// version can be scheduled (in the worker, on the server) and exported by the same writers as
// imports; fromScheduleModel so an imported file becomes a version's rows.

import type { CalendarIndex } from '../calendar/calendar-index';
import type {
  Activity,
  ActivityKind,
  CalendarDef,
  Relation,
  ScheduleModel,
  ScheduleOptions,
} from '../schedule/model';
import { activityOfRow, rowScheduleOf, type ActivityPlace } from './activity';
import { keysBetween } from './order-key';
import { keptRemaining } from './progress';
import { buildTreeIndex, childrenOf, type TreeIndex } from './tree-index';
import type { NodeType, RowId, WbsRelation, WbsRow } from './types';
import { outlineNumbers } from './view';

export interface ToScheduleOptions extends ScheduleOptions {
  projectName?: string;
  /** Draft rows are ideas, not plan: left out (with their relations) unless asked for. */
  includeDrafts?: boolean;
  /** Pass the store's index to skip rebuilding it. */
  index?: TreeIndex;
  /**
   * The working time of a calendar id, to place the actual dates a row's progress implies when it
   * has none (progress.ts); without it they sit at the data date.
   */
  calendarIndex?: (calendarId: string) => CalendarIndex | undefined;
}

/**
 * Activities in preorder with `order` = sibling position and `code` = the imported code or the
 * outline number, each built by activityOfRow (activity.ts) as the server's Calculate builds it:
 * a row whose calendar is not among `calendars` is scheduled on the default one.
 */
export function toScheduleModel(
  rows: ReadonlyMap<RowId, WbsRow>,
  relations: ReadonlyMap<string, WbsRelation>,
  calendars: CalendarDef[],
  options: ToScheduleOptions,
): ScheduleModel {
  const {
    projectName = '',
    includeDrafts = false,
    index = buildTreeIndex(rows),
    calendarIndex,
    ...scheduleOptions
  } = options;
  // Outline numbers only stand in for missing codes: made when the first row without one comes.
  let outline: Map<RowId, string> | null = null;
  const calendarIds = new Set(calendars.map((c) => c.id));
  const activities: Activity[] = [];
  const included = new Set<RowId>();
  const visit = (parentId: RowId | null) => {
    const kids = childrenOf(index, parentId);
    for (let order = 0; order < kids.length; order++) {
      const id = kids[order]!;
      const row = rows.get(id)!;
      if (row.nodeType === 'draft' && !includeDrafts) continue;
      included.add(id);
      const calendarId =
        row.calendarId !== null && calendarIds.has(row.calendarId)
          ? row.calendarId
          : scheduleOptions.defaultCalendarId;
      const code = row.code ?? (outline ??= outlineNumbers(index)).get(id) ?? '';
      const place: ActivityPlace = {
        parentId: row.parentId,
        order,
        code,
        calendarId,
        dataDate: scheduleOptions.dataDate,
      };
      if (calendarIndex) place.calendarIndex = calendarIndex;
      activities.push(activityOfRow(row, place));
      visit(id);
    }
  };
  visit(null);
  // The relations between included rows, as the model's plain records.
  const modelRelations: Relation[] = [];
  for (const r of relations.values()) {
    if (!included.has(r.predId) || !included.has(r.succId)) continue;
    const { id, predId, succId, type, lag, lagCalendar } = r;
    modelRelations.push(
      lagCalendar ? { id, predId, succId, type, lag, lagCalendar } : { id, predId, succId, type, lag },
    );
  }
  return {
    source: 'product',
    projectName,
    calendars,
    activities,
    relations: modelRelations,
    options: scheduleOptions,
    resources: [],
    assignments: [],
  };
}

const NODE_TYPE: Record<ActivityKind, NodeType> = {
  sum: 'sum',
  wbs_summary: 'sum',
  task: 'task',
  resource: 'task',
  loe: 'task',
  start_milestone: 'milestone_start',
  finish_milestone: 'milestone_finish',
};

/**
 * The reverse bridge, for imports (XER, MSPDI … → a version): rows keyed by activity id with
 * order keys made from each parent's `order`, limits from the first start and finish constraint,
 * the model's codes kept as the rows' codes, and what the columns cannot hold kept as the row's
 * remaining duration and RowSchedule. Parents missing from the model become top level.
 */
export function fromScheduleModel(model: ScheduleModel): {
  rows: Map<RowId, WbsRow>;
  relations: Map<string, WbsRelation>;
} {
  const ids = new Set(model.activities.map((a) => a.id));
  const byParent = new Map<RowId | null, Activity[]>();
  for (const a of model.activities) {
    const parent = a.parentId !== null && ids.has(a.parentId) ? a.parentId : null;
    let list = byParent.get(parent);
    if (!list) byParent.set(parent, (list = []));
    list.push(a);
  }
  const rows = new Map<RowId, WbsRow>();
  for (const [parentId, list] of byParent) {
    list.sort((x, y) => x.order - y.order);
    const keys = keysBetween(null, null, list.length);
    list.forEach((a, i) => {
      const start = a.constraints.find((c) => c.on === 'start');
      const finish = a.constraints.find((c) => c.on === 'finish');
      const nodeType = a.nodeType ?? NODE_TYPE[a.kind];
      const row: WbsRow = {
        id: a.id,
        parentId,
        orderKey: keys[i]!,
        nodeType: byParent.has(a.id) ? 'sum' : nodeType,
        name: a.name,
        // Our own export writes outline numbers as codes; they are derived, so not kept.
        code: !a.code || (model.source === 'product' && /^\d+(\.\d+)*$/u.test(a.code)) ? null : a.code,
        calendarId: a.calendarId === model.options.defaultCalendarId ? null : a.calendarId,
        duration: a.duration,
        remaining: null,
        startLimitType: start?.type ?? null,
        startLimitDate: start?.date ?? null,
        finishLimitType: finish?.type ?? null,
        finishLimitDate: finish?.date ?? null,
        actualStart: a.actualStart,
        actualFinish: a.actualFinish,
        percentComplete: a.percentComplete,
        volume: null,
        price: null,
        color: null,
        attributes: { ...(a.attributes ?? {}) },
      };
      row.remaining = keptRemaining(row, Math.round(a.remaining));
      const sched = rowScheduleOf(a);
      if (sched) row.sched = sched;
      rows.set(a.id, row);
    });
  }
  const relations = new Map<string, WbsRelation>();
  for (const r of model.relations) {
    if (ids.has(r.predId) && ids.has(r.succId)) relations.set(r.id, { ...r });
  }
  return { rows, relations };
}
