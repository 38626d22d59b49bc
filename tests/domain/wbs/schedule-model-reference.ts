// toScheduleModel and activityOfRow as they were before the worker path's rework (branch
// worker1m): the reference the property test compares the model with, byte for byte, and the
// "before" of `bench -- worker-million`. Not product code.

import type { Activity, ActivityKind, CalendarDef, ScheduleModel } from '../../../src/domain/schedule/model';
import {
  DEFAULT_KIND,
  rowConstraints,
  type ActivityPlace,
  type ScheduledRow,
} from '../../../src/domain/wbs/activity';
import { plannedDuration, remainingDuration, impliedActuals } from '../../../src/domain/wbs/progress';
import type { ToScheduleOptions } from '../../../src/domain/wbs/schedule-model';
import { buildTreeIndex, childrenOf } from '../../../src/domain/wbs/tree-index';
import type { RowId, WbsRelation, WbsRow } from '../../../src/domain/wbs/types';
import { outlineNumbers } from '../../../src/domain/wbs/view';

function rowKind(row: Pick<ScheduledRow, 'nodeType' | 'sched'>): ActivityKind {
  const own = DEFAULT_KIND[row.nodeType];
  return own === 'task' && row.sched?.kind ? row.sched.kind : own;
}

export function referenceActivityOfRow(row: ScheduledRow, at: ActivityPlace): Activity {
  const s = row.sched;
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
    duration: row.nodeType === 'sum' ? row.duration : plannedDuration(row),
    remaining: actualFinish !== null ? 0 : remainingDuration(row),
    actualStart,
    actualFinish,
    percentComplete: row.percentComplete,
    constraints: rowConstraints(row),
    alap: s?.alap ?? false,
    ...(s?.external ? { external: s.external } : {}),
    ...(s?.projectId !== undefined ? { projectId: s.projectId } : {}),
    ...(s?.expectedFinish !== undefined ? { expectedFinish: s.expectedFinish } : {}),
    ...(s?.externalEarlyStart !== undefined ? { externalEarlyStart: s.externalEarlyStart } : {}),
    ...(s?.externalLateFinish !== undefined ? { externalLateFinish: s.externalLateFinish } : {}),
    ...(s?.manual ? { manual: true } : {}),
    ...(s?.elapsed ? { elapsed: true } : {}),
    ...(s?.splitGap ? { splitGap: s.splitGap } : {}),
    ...(s?.manualStart != null ? { manualStart: s.manualStart } : {}),
    ...(s?.resourceCalendarIds ? { resourceCalendarIds: s.resourceCalendarIds } : {}),
    ...(s?.plannedStart !== undefined ? { plannedStart: s.plannedStart } : {}),
    ...(s?.plannedFinish !== undefined ? { plannedFinish: s.plannedFinish } : {}),
    attributes: { ...row.attributes },
  };
}

export function referenceToScheduleModel(
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
  const outline = outlineNumbers(index);
  const calendarIds = new Set(calendars.map((c) => c.id));
  const activities: Activity[] = [];
  const included = new Set<RowId>();
  const visit = (parentId: RowId | null) => {
    childrenOf(index, parentId).forEach((id, order) => {
      const row = rows.get(id)!;
      if (row.nodeType === 'draft' && !includeDrafts) return;
      included.add(id);
      const calendarId =
        row.calendarId !== null && calendarIds.has(row.calendarId)
          ? row.calendarId
          : scheduleOptions.defaultCalendarId;
      activities.push(
        referenceActivityOfRow(row, {
          parentId: row.parentId,
          order,
          code: row.code ?? outline.get(id) ?? '',
          calendarId,
          dataDate: scheduleOptions.dataDate,
          ...(calendarIndex ? { calendarIndex } : {}),
        }),
      );
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
      .map((r) => ({
        id: r.id,
        predId: r.predId,
        succId: r.succId,
        type: r.type,
        lag: r.lag,
        ...(r.lagCalendar ? { lagCalendar: r.lagCalendar } : {}),
      })),
    options: scheduleOptions,
    resources: [],
    assignments: [],
  };
}
