// The bridges between the edited WBS and the engine's interchange model: toScheduleModel so a
// version can be scheduled (in the worker, on the server) and exported by the same writers as
// imports; fromScheduleModel so an imported file becomes a version's rows.

import type {
  Activity,
  ActivityKind,
  CalendarDef,
  Constraint,
  ScheduleModel,
  ScheduleOptions,
} from '../schedule/model';
import { keysBetween } from './order-key';
import { buildTreeIndex, childrenOf, type TreeIndex } from './tree-index';
import type { NodeType, RowId, WbsRelation, WbsRow } from './types';
import { outlineNumbers } from './view';

const KIND: Record<NodeType, ActivityKind> = {
  sum: 'sum',
  task: 'task',
  work: 'task',
  draft: 'task',
  milestone_start: 'start_milestone',
  milestone_finish: 'finish_milestone',
};

export interface ToScheduleOptions extends ScheduleOptions {
  projectName?: string;
  /** Draft rows are ideas, not plan: left out (with their relations) unless asked for. */
  includeDrafts?: boolean;
  /** Pass the store's index to skip rebuilding it. */
  index?: TreeIndex;
}

function constraints(row: WbsRow): Constraint[] {
  const out: Constraint[] = [];
  if (row.startLimitType && row.startLimitDate !== null) {
    out.push({ on: 'start', type: row.startLimitType, date: row.startLimitDate });
  }
  if (row.finishLimitType && row.finishLimitDate !== null) {
    out.push({ on: 'finish', type: row.finishLimitType, date: row.finishLimitDate });
  }
  return out;
}

/**
 * Activities in preorder with `order` = sibling position and `code` = the imported code or the
 * outline number. Remaining duration follows percent complete (none when actually finished).
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
    ...scheduleOptions
  } = options;
  const outline = outlineNumbers(index);
  const activities: Activity[] = [];
  const included = new Set<RowId>();
  const visit = (parentId: RowId | null) => {
    childrenOf(index, parentId).forEach((id, order) => {
      const row = rows.get(id)!;
      if (row.nodeType === 'draft' && !includeDrafts) return;
      included.add(id);
      const milestone = row.nodeType === 'milestone_start' || row.nodeType === 'milestone_finish';
      const duration = milestone || row.nodeType === 'sum' ? 0 : row.duration;
      const remaining =
        row.actualFinish !== null ? 0 : Math.round((duration * (100 - row.percentComplete)) / 100);
      activities.push({
        id,
        code: row.code ?? outline.get(id) ?? '',
        name: row.name,
        parentId: row.parentId,
        order,
        nodeType: row.nodeType,
        kind: KIND[row.nodeType],
        calendarId: row.calendarId ?? scheduleOptions.defaultCalendarId,
        duration,
        remaining,
        actualStart: row.actualStart,
        actualFinish: row.actualFinish,
        percentComplete: row.percentComplete,
        constraints: constraints(row),
        alap: false,
        attributes: { ...row.attributes },
      });
      visit(id);
    });
  };
  visit(null);
  return {
    source: 'product',
    projectName,
    calendars,
    activities,
    relations: [...relations.values()]
      .filter((r) => included.has(r.predId) && included.has(r.succId))
      .map((r) => ({ id: r.id, predId: r.predId, succId: r.succId, type: r.type, lag: r.lag })),
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
 * and the model's codes kept as the rows' codes. Parents missing from the model become top level.
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
      rows.set(a.id, {
        id: a.id,
        parentId,
        orderKey: keys[i]!,
        nodeType: byParent.has(a.id) ? 'sum' : nodeType,
        name: a.name,
        // Our own export writes outline numbers as codes; they are derived, so not kept.
        code: !a.code || (model.source === 'product' && /^\d+(\.\d+)*$/u.test(a.code)) ? null : a.code,
        calendarId: a.calendarId === model.options.defaultCalendarId ? null : a.calendarId,
        duration: a.duration,
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
      });
    });
  }
  const relations = new Map<string, WbsRelation>();
  for (const r of model.relations) {
    if (ids.has(r.predId) && ids.has(r.succId)) relations.set(r.id, { ...r });
  }
  return { rows, relations };
}
