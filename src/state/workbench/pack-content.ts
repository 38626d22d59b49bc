// The version's content packed by columns for the schedule worker (src/workers/doc-pack.ts)
// straight from the contract's items and relations.

import type { WbsItem, WbsRelation as ApiRelation } from '../../api/versions';
import type { WbsRow } from '../../domain/wbs/types';
import type { PackedDoc } from '../../workers/doc-pack';
import { rowFromItem } from './api-mapping';

/**
 * The same columns straight from the contract's items and relations (what GET versions/{id}/wbs
 * returns), so the worker's request leaves before the main thread maps them into rows; the
 * values are rowFromItem's and relationFromApi's.
 */
export function packContent(items: readonly WbsItem[], rels: readonly ApiRelation[]): PackedDoc {
  const n = items.length;
  const num = (): Float64Array => new Float64Array(n);
  const rowNumbers = {
    duration: num(),
    startLimitDate: num(),
    finishLimitDate: num(),
    actualStart: num(),
    actualFinish: num(),
    percentComplete: num(),
    volume: num(),
    price: num(),
  };
  const str = (): (string | null)[] => new Array<string | null>(n);
  const rowStrings = {
    id: str(),
    parentId: str(),
    orderKey: str(),
    nodeType: str(),
    name: str(),
    code: str(),
    calendarId: str(),
    startLimitType: str(),
    finishLimitType: str(),
    color: str(),
  };
  const v = (x: number | null | undefined) => (typeof x === 'number' ? x : NaN);
  const attributes: [number, WbsRow['attributes']][] = [];
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    rowNumbers.duration[i] = v(it.duration);
    rowNumbers.startLimitDate[i] = v(it.start_limit_date);
    rowNumbers.finishLimitDate[i] = v(it.finish_limit_date);
    rowNumbers.actualStart[i] = v(it.actual_start);
    rowNumbers.actualFinish[i] = v(it.actual_finish);
    rowNumbers.percentComplete[i] = v(it.percent);
    rowNumbers.volume[i] = v(it.volume);
    rowNumbers.price[i] = v(it.price);
    rowStrings.id[i] = it.id;
    rowStrings.parentId[i] = it.parent_id ?? null;
    rowStrings.orderKey[i] = it.order_key;
    rowStrings.nodeType[i] = it.node_type;
    rowStrings.name[i] = it.name;
    rowStrings.code[i] = it.code === '' ? null : (it.code ?? null);
    rowStrings.calendarId[i] = it.calendar_id ?? null;
    rowStrings.startLimitType[i] = it.start_limit_type ?? null;
    rowStrings.finishLimitType[i] = it.finish_limit_type ?? null;
    rowStrings.color[i] = null;
    for (const _ in it.attributes ?? {}) {
      attributes.push([i, rowFromItem(it).attributes]);
      break;
    }
  }
  const m = rels.length;
  const relStrings = {
    id: new Array<string>(m),
    predId: new Array<string>(m),
    succId: new Array<string>(m),
    type: new Array<string>(m),
  };
  const relLag = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const r = rels[j]!;
    relStrings.id[j] = r.id;
    relStrings.predId[j] = r.pred_id;
    relStrings.succId[j] = r.succ_id;
    relStrings.type[j] = r.type;
    relLag[j] = r.lag;
  }
  return { rowCount: n, rowNumbers, rowStrings, attributes, relCount: m, relStrings, relLag };
}
