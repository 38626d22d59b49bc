// The contract's WBS item and relation (snake_case, src/api/versions.ts) ↔ the domain's row and
// relation (src/domain/wbs/types.ts). Derived fields (es … critical) are read into a side table,
// never into the row (STYLE 5). What an import stored for scheduling comes along: the remaining
// duration where it is the file's own (keptRemaining), the item's `sched`, a lag calendar. Shared
// by the workbench and the server (which reads stored items as rows for toScheduleModel).

import { keptRemaining, remainingDuration } from '../domain/wbs/progress';
import type { AttributeValue, WbsRelation, WbsRow } from '../domain/wbs/types';
import type { WbsItem, WbsRelation as ApiRelation } from './versions';

export function rowFromItem(i: WbsItem): WbsRow {
  const attributes: Record<string, AttributeValue> = {};
  // A value a row cannot hold (an object, a boolean) is kept as its JSON, readable and exported.
  for (const [k, v] of Object.entries(i.attributes ?? {})) {
    attributes[k] = typeof v === 'string' || typeof v === 'number' || v === null ? v : JSON.stringify(v);
  }
  const row: WbsRow = {
    id: i.id,
    parentId: i.parent_id,
    orderKey: i.order_key,
    nodeType: i.node_type,
    name: i.name,
    code: i.code === '' ? null : i.code,
    calendarId: i.calendar_id,
    duration: i.duration,
    remaining: null,
    startLimitType: i.start_limit_type,
    startLimitDate: i.start_limit_date,
    finishLimitType: i.finish_limit_type,
    finishLimitDate: i.finish_limit_date,
    actualStart: i.actual_start,
    actualFinish: i.actual_finish,
    percentComplete: i.percent,
    volume: i.volume,
    price: i.price,
    color: null,
    attributes,
  };
  row.remaining = keptRemaining(row, i.remaining);
  if (i.sched) row.sched = i.sched;
  return row;
}

/**
 * The input fields of an item as the contract names them (derived fields left out); `remaining`
 * is the row's remainingDuration (its kept one, or what its progress leaves), as the server
 * stores it.
 */
export function itemFieldsFromRow(
  r: WbsRow,
): Omit<WbsItem, 'es' | 'ef' | 'ls' | 'lf' | 'tf' | 'ff' | 'critical'> {
  return {
    id: r.id,
    parent_id: r.parentId,
    order_key: r.orderKey,
    node_type: r.nodeType,
    code: r.code ?? '',
    name: r.name,
    calendar_id: r.calendarId,
    duration: r.duration,
    remaining: remainingDuration(r),
    actual_start: r.actualStart,
    actual_finish: r.actualFinish,
    percent: r.percentComplete,
    start_limit_type: r.startLimitType === 'mandatory' ? 'in_date' : r.startLimitType,
    start_limit_date: r.startLimitDate,
    finish_limit_type: r.finishLimitType === 'mandatory' ? 'in_date' : r.finishLimitType,
    finish_limit_date: r.finishLimitDate,
    volume: r.volume,
    price: r.price,
    attributes: r.attributes,
    ...(r.sched ? { sched: r.sched } : {}),
  };
}

export function relationFromApi(r: ApiRelation): WbsRelation {
  const rel: WbsRelation = { id: r.id, predId: r.pred_id, succId: r.succ_id, type: r.type, lag: r.lag };
  if (r.lag_calendar) rel.lagCalendar = r.lag_calendar;
  return rel;
}

export function relationToApi(r: WbsRelation): ApiRelation {
  return {
    id: r.id,
    pred_id: r.predId,
    succ_id: r.succId,
    type: r.type,
    lag: r.lag,
    ...(r.lagCalendar ? { lag_calendar: r.lagCalendar } : {}),
  };
}
