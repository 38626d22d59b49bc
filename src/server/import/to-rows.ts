// An imported schedule model → the rows of a version: WBS items (tree by parent and fractional
// order keys), relations, and the extras the WBS columns cannot hold (activity kind, ALAP,
// mandatory constraints, external dates, lag calendars, the source's options), so that exporting
// the version writes back the schedule that was read. Pure: ids come from the caller.
import type {
  Activity,
  ActivityKind,
  Constraint,
  NodeType,
  ScheduleModel,
  ScheduleResult,
} from '../../domain/schedule';
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

/** Activity fields with no WBS column; absent = the default for the node type. */
export interface ItemExtras {
  sourceId?: string;
  kind?: ActivityKind;
  alap?: boolean;
  constraints?: Constraint[];
  external?: { start: number; finish: number };
  manual?: boolean;
  resourceCalendarIds?: string[];
  plannedStart?: number | null;
  plannedFinish?: number | null;
}

export interface VersionRows {
  items: ItemRow[];
  relations: RelationRow[];
  itemExtras: Record<string, ItemExtras>;
  relationExtras: Record<string, { lagCalendar: string }>;
  /** Model activity id → item id (for assignments). */
  itemIds: Map<string, string>;
}

/** The kind the engine gives a node type when nothing else is known (as src/domain/wbs does). */
export const DEFAULT_KIND: Record<NodeType, ActivityKind> = {
  sum: 'sum',
  task: 'task',
  work: 'task',
  draft: 'task',
  milestone_start: 'start_milestone',
  milestone_finish: 'finish_milestone',
};

const COLUMN_LIMITS: readonly string[] = ['not_earlier', 'not_later', 'in_date'];

/** The constraint a limit column shows: mandatory reads as "in date". */
const columnOf = (c: Constraint | undefined): [LimitType | null, number | null] =>
  c ? [(COLUMN_LIMITS.includes(c.type) ? c.type : 'in_date') as LimitType, c.date] : [null, null];

/** Whether the two limit columns say all there is to say about the constraints. */
export function columnsHoldConstraints(cs: readonly Constraint[]): boolean {
  const starts = cs.filter((c) => c.on === 'start');
  const finishes = cs.filter((c) => c.on === 'finish');
  return starts.length <= 1 && finishes.length <= 1 && cs.every((c) => COLUMN_LIMITS.includes(c.type));
}

const int = (n: number) => Math.round(n);
const intOrNull = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n));

function extrasOf(a: Activity, calendarId: (id: string) => string | null): ItemExtras {
  const x: ItemExtras = { sourceId: a.id };
  if (a.kind !== DEFAULT_KIND[a.nodeType]) x.kind = a.kind;
  if (a.alap) x.alap = true;
  if (!columnsHoldConstraints(a.constraints)) x.constraints = a.constraints;
  if (a.external) x.external = a.external;
  if (a.manual) x.manual = true;
  if (a.resourceCalendarIds?.length)
    x.resourceCalendarIds = a.resourceCalendarIds.map((c) => calendarId(c) ?? c);
  if (a.plannedStart !== undefined && a.plannedStart !== null) x.plannedStart = a.plannedStart;
  if (a.plannedFinish !== undefined && a.plannedFinish !== null) x.plannedFinish = a.plannedFinish;
  return x;
}

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
    itemExtras[id] = extrasOf(a, calendarId);
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
