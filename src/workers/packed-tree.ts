// The tree index (domain/wbs/tree-index.ts) of a packed document, from its parent positions: the
// same child lists buildTreeIndex makes of the unpacked rows, without its map lookups per
// comparison. Columns come from the server by parent, then order key, so the lists are mostly in
// order already: each is checked in one pass and sorted only when it is not.

import { ROOT, type TreeIndex } from '../domain/wbs/tree-index';
import type { RowId } from '../domain/wbs/types';
import type { PackedRows } from './doc-pack';

/** The index of the rows unpackDoc makes of `p` (rows by id: the ids must be distinct). */
export function packedTreeIndex(p: Pick<PackedRows, 'rowCount' | 'id' | 'orderKey' | 'parent'>): TreeIndex {
  const { rowCount: n, id, orderKey: key, parent } = p;
  // Child positions per parent position (n: the top level), in row order.
  const lists = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const at = parent[i]! < 0 ? n : parent[i]!;
    let list = lists.get(at);
    if (!list) lists.set(at, (list = []));
    list.push(i);
  }
  // buildTreeIndex's order: by order key, then id (string comparison).
  const cmp = (a: number, b: number): number => {
    const ka = key[a]!;
    const kb = key[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const ia = id[a]!;
    const ib = id[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };
  const children = new Map<string, RowId[]>();
  for (const [at, list] of lists) {
    let sorted = true;
    for (let k = 1; k < list.length && sorted; k++) sorted = cmp(list[k - 1]!, list[k]!) <= 0;
    if (!sorted) list.sort(cmp);
    const ids = new Array<RowId>(list.length);
    for (let k = 0; k < list.length; k++) ids[k] = id[list[k]!]!;
    children.set(at === n ? ROOT : id[at]!, ids);
  }
  return { children };
}
