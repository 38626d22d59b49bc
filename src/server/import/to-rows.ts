// An imported schedule model → the rows of a version: WBS items (tree by parent and fractional
// order keys), relations, and the extras the WBS columns cannot hold (activity kind, ALAP,
// mandatory constraints, external dates, lag calendars, the source's options), so that exporting
// the version writes back the schedule that was read. Pure: ids come from the caller.
import type { Activity, Constraint, ScheduleModel, ScheduleResult } from '../../domain/schedule';
import { COLUMN_LIMITS, rowScheduleOf } from '../../domain/wbs/activity';
import type { RowSchedule } from '../../domain/wbs/types';
import { firstKeys } from './order-keys';
import type { Selectable } from 'kysely';
import type { LimitType, WbsItemsTable } from '../db/schema';

/** A wbs_items row as the import writes it (no volume or price: schedule files carry none). */
export type ItemRow = Omit<
  Selectable<WbsItemsTable>,
  'space_id' | 'version_id' | 'volume' | 'price' | 'attributes'
> & { attributes: Record<string, unknown> };

export interface RelationRow {
  id: string;
  pred_id: string;
  succ_id: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lag: number;
}

/**
 * Activity fields with no WBS column (the row's RowSchedule, src/domain/wbs/types.ts) and the
 * activity's id in the source file; absent = the default for the node type.
 */
export interface ItemExtras extends RowSchedule {
  sourceId?: string;
}

/** What the content reads send of an item's extras: the scheduling fields (null: none). */
export function scheduleOfExtras(x: ItemExtras | undefined): RowSchedule | null {
  if (!x) return null;
  const { sourceId: _, ...sched } = x;
  return Object.keys(sched).length > 0 ? sched : null;
}

export interface VersionRows {
  items: ItemRow[];
  relations: RelationRow[];
  itemExtras: Record<string, ItemExtras>;
  relationExtras: Record<string, { lagCalendar: string }>;
  /** Model activity id → item id (for assignments). */
  itemIds: Map<string, string>;
}

/** The constraint a limit column shows: mandatory reads as "in date". */
const columnOf = (c: Constraint | undefined): [LimitType | null, number | null] =>
  c ? [(COLUMN_LIMITS.includes(c.type) ? c.type : 'in_date') as LimitType, c.date] : [null, null];

const int = (n: number) => Math.round(n);
const intOrNull = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n));

/**
 * The rows of a model. `newId` gives item and relation ids; `calendarId` maps a model calendar id
 * to the space calendar; `result` (the engine's, indexed like the activities) fills the derived
 * columns.
 */
export function modelToRows(
  model: ScheduleModel,
  newId: () => string,
  calendarId: (modelCalendarId: string) => string | null,
  result: ScheduleResult | null,
): VersionRows {
  const itemIds = new Map(model.activities.map((a) => [a.id, newId()]));
  const resultIndex = new Map(result?.ids.map((id, i) => [id, i]) ?? []);

  // Siblings by their order in the source, then keys in that order.
  const siblings = new Map<string | null, Activity[]>();
  for (const a of model.activities) {
    const parent = a.parentId !== null && itemIds.has(a.parentId) ? a.parentId : null;
    const list = siblings.get(parent) ?? [];
    list.push(a);
    siblings.set(parent, list);
  }
  const orderKeys = new Map<string, string>();
  for (const list of siblings.values()) {
    list.sort((x, y) => x.order - y.order);
    const keys = firstKeys(list.length);
    list.forEach((a, i) => orderKeys.set(a.id, keys[i]!));
  }

  const itemExtras: Record<string, ItemExtras> = {};
  const items = model.activities.map((a): ItemRow => {
    const id = itemIds.get(a.id)!;
    const [slt, sld] = columnOf(a.constraints.find((c) => c.on === 'start'));
    const [flt, fld] = columnOf(a.constraints.find((c) => c.on === 'finish'));
    const r = resultIndex.get(a.id);
    itemExtras[id] = { sourceId: a.id, ...rowScheduleOf(a, calendarId) };
    return {
      id,
      parent_id: a.parentId !== null ? (itemIds.get(a.parentId) ?? null) : null,
      order_key: orderKeys.get(a.id)!,
      node_type: a.nodeType,
      code: a.code,
      name: a.name,
      calendar_id: calendarId(a.calendarId),
      duration: int(a.duration),
      remaining: int(a.remaining),
      actual_start: intOrNull(a.actualStart),
      actual_finish: intOrNull(a.actualFinish),
      percent: Number.isFinite(a.percentComplete) ? a.percentComplete : 0,
      start_limit_type: slt,
      start_limit_date: intOrNull(sld),
      finish_limit_type: flt,
      finish_limit_date: intOrNull(fld),
      attributes: a.attributes ?? {},
      es: r === undefined ? null : result!.es[r]!,
      ef: r === undefined ? null : result!.ef[r]!,
      ls: r === undefined ? null : result!.ls[r]!,
      lf: r === undefined ? null : result!.lf[r]!,
      tf: r === undefined ? null : result!.tf[r]!,
      ff: r === undefined ? null : result!.ff[r]!,
      critical: r === undefined ? null : result!.critical[r] === 1,
    };
  });

  // One relation per (pred, succ, type): the table's unique key; self-links cannot be stored.
  const seen = new Set<string>();
  const relations: RelationRow[] = [];
  const relationExtras: Record<string, { lagCalendar: string }> = {};
  for (const rel of model.relations) {
    const pred = itemIds.get(rel.predId);
    const succ = itemIds.get(rel.succId);
    const key = `${pred}|${succ}|${rel.type}`;
    if (!pred || !succ || pred === succ || seen.has(key)) continue;
    seen.add(key);
    const id = newId();
    relations.push({ id, pred_id: pred, succ_id: succ, type: rel.type, lag: int(rel.lag) });
    if (rel.lagCalendar) relationExtras[id] = { lagCalendar: rel.lagCalendar };
  }
  return { items, relations, itemExtras, relationExtras, itemIds };
}
