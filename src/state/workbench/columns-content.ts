// A version's content by columns (GET versions/{id}/wbs/columns) → the store's document and the
// schedule worker's packed columns (src/workers/doc-pack.ts), without row objects in between: the
// open of a 100k-row version builds each row once, and the worker's copy straight from the arrays.
// Rows keep what an import stored for scheduling them (the remaining duration where it is the
// file's own, the sparse `sched` extras, relations' lag calendars), so the worker schedules an
// imported version as the server's Calculate does.

import type { VersionColumns } from '../../api/versions';
import { keptRemaining } from '../../domain/wbs/progress';
import type {
  AttributeValue,
  LagCalendar,
  RowId,
  RowSchedule,
  WbsDoc,
  WbsRelation,
  WbsRow,
} from '../../domain/wbs/types';
import { codeOf, emptyRows, packed, type PackedDoc, type PackedRows } from '../../workers/doc-pack';
import type { SlotPart } from './row-slots';
import { frozenShard } from '../../domain/wbs/change';
import { ShardedMap, shardLayout, type ShardLayout } from '../../domain/wbs/sharded-map';
import { ROOT, type TreeIndex } from '../../domain/wbs/tree-index';

type Items = VersionColumns['items'];
type Relations = VersionColumns['relations'];

/** Attribute values as the grid keeps them (what rowFromItem does for one item). */
function attributeValues(raw: Record<string, unknown>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(raw))
    out[k] = typeof v === 'string' || typeof v === 'number' ? v : v === null ? null : String(v);
  return out;
}

/**
 * The remaining duration each row keeps (keptRemaining): the stored one where it is an import's
 * own, null where percent complete says the same.
 */
function keptColumn(c: Items): (number | null)[] {
  const out = new Array<number | null>(c.id.length);
  // One row, refilled: keptRemaining reads these fields only (100k rows allocate nothing).
  const row: Parameters<typeof keptRemaining>[0] = {
    nodeType: 'task',
    calendarId: null,
    duration: 0,
    percentComplete: 0,
    actualStart: null,
    actualFinish: null,
  };
  for (let i = 0; i < c.id.length; i++) {
    row.nodeType = c.node_type[i]!;
    row.duration = c.duration[i]!;
    row.percentComplete = c.percent[i]!;
    row.actualFinish = c.actual_finish[i]!;
    out[i] = keptRemaining(row, c.remaining[i]!);
  }
  return out;
}

/** Parent ids by row (null at the top), from the parent positions. */
function parentIds(c: Items): (string | null)[] {
  return c.parent.map((p) => (p < 0 ? null : c.id[p]!));
}

/**
 * The columns both the store's document and the worker's copy derive from the content (parents
 * by id, kept remaining durations), once per content: an open builds both from the same arrays.
 */
const derivedCache = new WeakMap<Items, { parents: (string | null)[]; remaining: (number | null)[] }>();
function derived(c: Items): { parents: (string | null)[]; remaining: (number | null)[] } {
  let d = derivedCache.get(c);
  if (!d) derivedCache.set(c, (d = { parents: parentIds(c), remaining: keptColumn(c) }));
  return d;
}

export interface ColumnsDoc {
  readonly doc: WbsDoc;
  /** The tree index, from the columns' order when it holds (else undefined: build it). */
  readonly index: TreeIndex | undefined;
  /** The relations shards' ends as row positions in the columns, to seed the Gantt's slots. */
  readonly relationEnds: readonly (readonly [object, SlotPart])[];
}

/**
 * The attributes of every row without any: one frozen object (an edit copies a row's attributes
 * before writing them, see map-draft.ts), instead of 100k empty ones.
 */
const NO_ATTRIBUTES: Record<string, AttributeValue> = Object.freeze({});

export function docFromColumns(c: Items, r: Relations): ColumnsDoc {
  const attributes = new Map(c.attributes.map(([i, a]) => [i, attributeValues(a)]));
  const sched = new Map<number, RowSchedule>(c.sched);
  const { parents, remaining } = derived(c);
  const rowAt = (i: number): WbsRow => {
    const row: WbsRow = {
      id: c.id[i]!,
      parentId: parents[i]!,
      orderKey: c.order_key[i]!,
      nodeType: c.node_type[i]!,
      name: c.name[i]!,
      code: c.code[i] === '' ? null : c.code[i]!,
      calendarId: c.calendar_id[i]!,
      duration: c.duration[i]!,
      remaining: remaining[i]!,
      startLimitType: c.start_limit_type[i]!,
      startLimitDate: c.start_limit_date[i]!,
      finishLimitType: c.finish_limit_type[i]!,
      finishLimitDate: c.finish_limit_date[i]!,
      actualStart: c.actual_start[i]!,
      actualFinish: c.actual_finish[i]!,
      percentComplete: c.percent[i]!,
      volume: c.volume[i]!,
      price: c.price[i]!,
      color: null,
      attributes: attributes.get(i) ?? NO_ATTRIBUTES,
    };
    const s = sched.get(i);
    if (s) row.sched = s;
    return row;
  };
  // Sharded (an edit copies one small shard, not the 100k-entry map; see sharded-map.ts), and
  // built shard by shard when first read: the first frame builds the rows it shows and the
  // relations of the links it draws; the others are built when read, or frozen into place over
  // idle time (freezeDocInSteps).
  const rows = ShardedMap.lazy<string, WbsRow>(c.id.length, (i) => c.id[i]!, rowAt, frozenShard);
  const lagCalendars = new Map(r.lag_calendar);
  const relationAt = (j: number): WbsRelation => {
    const rel: WbsRelation = {
      id: r.id[j]!,
      predId: c.id[r.pred[j]!]!,
      succId: c.id[r.succ[j]!]!,
      type: r.type[j]!,
      lag: r.lag[j]!,
    };
    const lagCalendar = lagCalendars.get(rel.id);
    if (lagCalendar) rel.lagCalendar = lagCalendar;
    return rel;
  };
  const layout = shardLayout(r.id.length, (j) => r.id[j]!);
  const relations = ShardedMap.lazy<string, WbsRelation>(
    r.id.length,
    (j) => r.id[j]!,
    relationAt,
    frozenShard,
    layout,
  );
  return {
    doc: { rows, relations },
    index: orderedTreeIndex(c, parents),
    relationEnds: relationEnds(r, layout, (i) => relations.shardKey(i)),
  };
}

/**
 * Each relations shard's relations with their ends as row positions in the columns (the Gantt's
 * slots of a content read, row-slots.ts), by the shard's key (ShardedMap.shardKey): the link
 * index finds them without building the shards.
 */
function relationEnds(
  r: Relations,
  layout: ShardLayout,
  key: (shard: number) => object,
): [object, SlotPart][] {
  const { order, start } = layout;
  const n = r.id.length;
  const ids: string[] = new Array(n);
  const pred = new Int32Array(n);
  const succ = new Int32Array(n);
  for (let at = 0; at < n; at++) {
    const j = order[at]!;
    ids[at] = r.id[j]!;
    pred[at] = r.pred[j]!;
    succ[at] = r.succ[j]!;
  }
  return Array.from({ length: ShardedMap.shardCount }, (_, i) => {
    const [a, b] = [start[i]!, start[i + 1]!];
    return [key(i), { ids: ids.slice(a, b), pred: pred.subarray(a, b), succ: succ.subarray(a, b) }];
  });
}

/**
 * The tree index straight from the columns: rows come sorted by parent, then order key, then id
 * (the server's order), so each parent's children are already in the index's order. Checked as
 * it goes (one comparison per row); any row out of that order gives undefined, and the caller
 * sorts as usual.
 */
function orderedTreeIndex(c: Items, parents: readonly (string | null)[]): TreeIndex | undefined {
  const children = new Map<string, RowId[]>();
  let list: RowId[] | undefined;
  let parent: string | undefined;
  for (let i = 0; i < c.id.length; i++) {
    const p = parents[i] ?? ROOT;
    if (p !== parent) {
      if (children.has(p)) return undefined;
      children.set(p, (list = []));
      parent = p;
    } else {
      const k0 = c.order_key[i - 1]!;
      const k1 = c.order_key[i]!;
      if (k0 > k1 || (k0 === k1 && c.id[i - 1]! >= c.id[i]!)) return undefined;
    }
    list!.push(c.id[i]!);
  }
  return { children };
}

/**
 * The relations with a lag calendar, by place: one pass over the relations against the few
 * calendars (not a map of every relation id).
 */
function lagCalendarPlaces(r: Relations): [number, LagCalendar][] {
  if (r.lag_calendar.length === 0) return [];
  const calendars = new Map(r.lag_calendar);
  const out: [number, LagCalendar][] = [];
  for (let j = 0; j < r.id.length; j++) {
    const cal = calendars.get(r.id[j]!);
    if (cal) out.push([j, cal]);
  }
  return out;
}

/** Writes `values` into `out` (NaN for null). */
function fill(out: Float64Array, values: readonly (number | null)[]): void {
  for (let i = 0; i < values.length; i++) out[i] = values[i] ?? NaN;
}

/** The worker's columns (doc-pack.ts) straight from the content's (its string columns as they are). */
export function packColumns(c: Items, r: Relations): PackedDoc {
  const n = c.id.length;
  const { rows, calendarCode } = emptyRows(n);
  const p: PackedRows = { ...rows, id: c.id, orderKey: c.order_key, name: c.name };
  const num = p.rowNumbers;
  fill(num.duration, c.duration);
  fill(num.remaining, derived(c).remaining);
  fill(num.startLimitDate, c.start_limit_date);
  fill(num.finishLimitDate, c.finish_limit_date);
  fill(num.actualStart, c.actual_start);
  fill(num.actualFinish, c.actual_finish);
  fill(num.percentComplete, c.percent);
  fill(num.volume, c.volume);
  fill(num.price, c.price);
  for (let i = 0; i < n; i++) {
    p.code[i] = c.code[i] === '' ? null : c.code[i]!;
    p.parent[i] = c.parent[i]!;
    p.nodeType[i] = codeOf.nodeType(c.node_type[i]!);
    p.startLimitType[i] = codeOf.limitType(c.start_limit_type[i]!);
    p.finishLimitType[i] = codeOf.limitType(c.finish_limit_type[i]!);
    p.calendar[i] = calendarCode(c.calendar_id[i]!);
  }
  for (const [i, a] of c.attributes) p.attributes.push([i, attributeValues(a)]);
  for (const e of c.sched) p.sched.push(e);
  const m = r.id.length;
  const relType = new Uint8Array(m);
  const relLag = new Float64Array(m);
  for (let j = 0; j < m; j++) relType[j] = codeOf.relationType(r.type[j]!);
  fill(relLag, r.lag);
  return packed(p, {
    relId: r.id,
    relPred: Int32Array.from(r.pred),
    relSucc: Int32Array.from(r.succ),
    relType,
    relLag,
    relLagCalendar: lagCalendarPlaces(r),
  });
}
