// A version's content by columns (GET versions/{id}/wbs/columns) → the store's document and the
// schedule worker's packed columns (src/workers/doc-pack.ts), without row objects in between: the
// open of a 100k-row version builds each row once, and the worker's copy straight from the arrays.

import type { VersionColumns } from '../../api/versions';
import type { AttributeValue, WbsDoc, WbsRelation, WbsRow } from '../../domain/wbs/types';
import type { PackedDoc } from '../../workers/doc-pack';
import { ShardedMap } from '../../domain/wbs/sharded-map';

type Items = VersionColumns['items'];
type Relations = VersionColumns['relations'];

/** Attribute values as the grid keeps them (what rowFromItem does for one item). */
function attributeValues(raw: Record<string, unknown>): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(raw))
    out[k] = typeof v === 'string' || typeof v === 'number' ? v : v === null ? null : String(v);
  return out;
}

/** Parent ids by row (null at the top), from the parent positions. */
function parentIds(c: Items): (string | null)[] {
  return c.parent.map((p) => (p < 0 ? null : c.id[p]!));
}

export function docFromColumns(c: Items, r: Relations): WbsDoc {
  const attributes = new Map(c.attributes.map(([i, a]) => [i, attributeValues(a)]));
  const parents = parentIds(c);
  // Sharded: an edit copies one small shard, not the 100k-entry map (see sharded-map.ts).
  const rows = new ShardedMap<string, WbsRow>();
  for (let i = 0; i < c.id.length; i++) {
    const id = c.id[i]!;
    rows.set(id, {
      id,
      parentId: parents[i]!,
      orderKey: c.order_key[i]!,
      nodeType: c.node_type[i]!,
      name: c.name[i]!,
      code: c.code[i] === '' ? null : c.code[i]!,
      calendarId: c.calendar_id[i]!,
      duration: c.duration[i]!,
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
      attributes: attributes.get(i) ?? {},
    });
  }
  const relations = new ShardedMap<string, WbsRelation>();
  for (let j = 0; j < r.id.length; j++) {
    const id = r.id[j]!;
    relations.set(id, {
      id,
      predId: c.id[r.pred[j]!]!,
      succId: c.id[r.succ[j]!]!,
      type: r.type[j]!,
      lag: r.lag[j]!,
    });
  }
  return { rows, relations };
}

const floats = (values: readonly (number | null)[]): Float64Array => {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] ?? NaN;
  return out;
};

/** The worker's columns: numbers as Float64Arrays (NaN for null), strings as they came. */
export function packColumns(c: Items, r: Relations): PackedDoc {
  const n = c.id.length;
  return {
    rowCount: n,
    rowNumbers: {
      duration: floats(c.duration),
      startLimitDate: floats(c.start_limit_date),
      finishLimitDate: floats(c.finish_limit_date),
      actualStart: floats(c.actual_start),
      actualFinish: floats(c.actual_finish),
      percentComplete: floats(c.percent),
      volume: floats(c.volume),
      price: floats(c.price),
    },
    rowStrings: {
      id: c.id,
      parentId: parentIds(c),
      orderKey: c.order_key,
      nodeType: c.node_type,
      name: c.name,
      code: c.code.map((x) => (x === '' ? null : x)),
      calendarId: c.calendar_id,
      startLimitType: c.start_limit_type,
      finishLimitType: c.finish_limit_type,
      color: new Array<string | null>(n).fill(null),
    },
    attributes: c.attributes.map(([i, a]) => [i, attributeValues(a)]),
    relCount: r.id.length,
    relStrings: {
      id: r.id,
      predId: r.pred.map((p) => c.id[p]!),
      succId: r.succ.map((p) => c.id[p]!),
      type: r.type,
    },
    relLag: floats(r.lag),
  };
}
