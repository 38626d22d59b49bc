// VersionContent (row objects) ↔ VersionColumns (one array per field, references as positions,
// sparse attributes and scheduling extras): the two shapes of GET versions/{id}/wbs and
// …/wbs/columns. Tests check the server's columns against its rows with these, and the
// benchmark serves generated content in either shape.

import {
  WBS_ITEM_FIELDS,
  type ItemSchedule,
  type LagCalendar,
  type VersionColumns,
  type VersionContent,
  type WbsItem,
} from './versions';

type ItemColumns = VersionColumns['items'];
type PlainField = Exclude<keyof ItemColumns, 'id' | 'parent' | 'attributes' | 'sched'>;

/** The fields a column carries as stored (all but id, parent and the sparse attributes). */
export const PLAIN_FIELDS = WBS_ITEM_FIELDS.filter(
  (f): f is PlainField => f !== 'id' && f !== 'parent_id' && f !== 'attributes',
);

/** Byte order of the order keys (as the database's "C" collation), then the id. */
const byParentThenKey = (a: WbsItem, b: WbsItem): number => {
  const pa = a.parent_id ?? '';
  const pb = b.parent_id ?? '';
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (a.order_key !== b.order_key) return a.order_key < b.order_key ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export function columnsOfContent(content: VersionContent): VersionColumns {
  const items = [...content.items].sort(byParentThenKey);
  const position = new Map(items.map((it, i) => [it.id, i]));
  const at = (id: string) => {
    const p = position.get(id);
    if (p === undefined) throw new Error(`relation to a row that is not in the version: ${id}`);
    return p;
  };
  const cols: Record<string, unknown[]> = {};
  for (const f of PLAIN_FIELDS) cols[f] = items.map((it) => it[f]);
  const rels = [...content.relations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    version: content.version,
    items: {
      ...(cols as Pick<ItemColumns, PlainField>),
      id: items.map((it) => it.id),
      parent: items.map((it) => (it.parent_id === null ? -1 : at(it.parent_id))),
      attributes: items.flatMap((it, i) =>
        Object.keys(it.attributes).length > 0 ? [[i, it.attributes] as [number, WbsItem['attributes']]] : [],
      ),
      sched: items.flatMap((it, i) => (it.sched ? [[i, it.sched] as [number, ItemSchedule]] : [])),
    },
    relations: {
      id: rels.map((r) => r.id),
      pred: rels.map((r) => at(r.pred_id)),
      succ: rels.map((r) => at(r.succ_id)),
      type: rels.map((r) => r.type),
      lag: rels.map((r) => r.lag),
      lag_calendar: rels.flatMap((r) =>
        r.lag_calendar ? [[r.id, r.lag_calendar] as [string, LagCalendar]] : [],
      ),
    },
  };
}

/** The rows and relations again (items in the columns' order). */
export function contentOfColumns(c: VersionColumns): VersionContent {
  const { items: ic, relations: rc } = c;
  const attributes = new Map(ic.attributes);
  const sched = new Map(ic.sched);
  const lagCalendars = new Map(rc.lag_calendar);
  const items = ic.id.map((id, i) => {
    const item: Record<string, unknown> = { id, parent_id: ic.parent[i]! < 0 ? null : ic.id[ic.parent[i]!] };
    for (const f of PLAIN_FIELDS) item[f] = ic[f][i];
    item.attributes = attributes.get(i) ?? {};
    item.sched = sched.get(i) ?? null;
    return item as WbsItem;
  });
  const relations = rc.id.map((id, j) => ({
    id,
    pred_id: ic.id[rc.pred[j]!]!,
    succ_id: ic.id[rc.succ[j]!]!,
    type: rc.type[j]!,
    lag: rc.lag[j]!,
    lag_calendar: lagCalendars.get(id) ?? null,
  }));
  return { version: c.version, items, relations };
}
