// The bridge from the edited WBS to the engine's interchange model, so a version can be
// scheduled (in the worker, on the server) and exported by the same writers as imports.

import type {
  Activity,
  ActivityKind,
  CalendarDef,
  Constraint,
  ScheduleModel,
  ScheduleOptions,
} from '../schedule/model';
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
