// The derived child lists of the WBS tree: children of each parent sorted by order key. Built
// once in O(n log n) when a version loads, then updated per change in time proportional to the
// parents a change touches, never to the whole tree. It is derived data: not in history, not
// sent to the server, rebuilt when in doubt.

import type { Patch } from 'immer';
import type { RowId, WbsRow } from './types';

/** Map key of the top level (row ids are never empty). */
export const ROOT = '';

export interface TreeIndex {
  /** Child ids per parent id (ROOT for the top level), ascending by (orderKey, id). */
  readonly children: ReadonlyMap<string, readonly RowId[]>;
}

const NONE: readonly RowId[] = Object.freeze([]);

type Rows = ReadonlyMap<RowId, WbsRow>;

function byKey(rows: Rows) {
  return (a: RowId, b: RowId): number => {
    const ka = rows.get(a)!.orderKey;
    const kb = rows.get(b)!.orderKey;
    return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
}

export function buildTreeIndex(rows: Rows): TreeIndex {
  const children = new Map<string, RowId[]>();
  for (const [id, row] of rows) {
    const p = row.parentId ?? ROOT;
    let list = children.get(p);
    if (!list) children.set(p, (list = []));
    list.push(id);
  }
  const cmp = byKey(rows);
  for (const list of children.values()) list.sort(cmp);
  return { children };
}

export function childrenOf(index: TreeIndex, parentId: RowId | null): readonly RowId[] {
  return index.children.get(parentId ?? ROOT) ?? NONE;
}

/** Position of a row among its siblings: binary search on the order key. */
export function siblingIndex(index: TreeIndex, rows: Rows, id: RowId): number {
  const row = rows.get(id);
  if (!row) return -1;
  const sibs = childrenOf(index, row.parentId);
  const cmp = byKey(rows);
  let lo = 0;
  let hi = sibs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(sibs[mid]!, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return sibs[lo] === id ? lo : sibs.indexOf(id);
}

/** Ids of rows a list of patches touched (undefined when a patch replaced all rows at once). */
export function touchedRowIds(patches: readonly Patch[]): Set<RowId> | undefined {
  const ids = new Set<RowId>();
  for (const p of patches) {
    if (p.path[0] !== 'rows') continue;
    if (p.path.length < 2) return undefined;
    ids.add(String(p.path[1]));
  }
  return ids;
}

/**
 * The index after rows changed from `before` to `after`. Only the parents that lost or gained a
 * child, or whose child moved, get a new list (filter + merge, linear in that parent's size).
 */
export function updateTreeIndex(
  index: TreeIndex,
  before: Rows,
  after: Rows,
  touched: Iterable<RowId> | undefined,
): TreeIndex {
  if (touched === undefined) return buildTreeIndex(after);
  const leaving = new Map<string, Set<RowId>>();
  const arriving = new Map<string, RowId[]>();
  for (const id of touched) {
    const a = before.get(id);
    const b = after.get(id);
    if (a && b && a.parentId === b.parentId && a.orderKey === b.orderKey) continue;
    if (a) {
      const p = a.parentId ?? ROOT;
      let set = leaving.get(p);
      if (!set) leaving.set(p, (set = new Set()));
      set.add(id);
    }
    if (b) {
      const p = b.parentId ?? ROOT;
      let list = arriving.get(p);
      if (!list) arriving.set(p, (list = []));
      list.push(id);
    }
  }
  if (leaving.size === 0 && arriving.size === 0) return index;
  const children = new Map(index.children);
  const cmp = byKey(after);
  for (const p of new Set([...leaving.keys(), ...arriving.keys()])) {
    const gone = leaving.get(p);
    const old = children.get(p) ?? NONE;
    const kept = gone ? old.filter((id) => !gone.has(id)) : old;
    const added = (arriving.get(p) ?? []).sort(cmp);
    const merged = mergeSorted(kept, added, cmp);
    if (merged.length === 0) children.delete(p);
    else children.set(p, merged);
  }
  return { children };
}

function mergeSorted(a: readonly RowId[], b: readonly RowId[], cmp: (x: RowId, y: RowId) => number): RowId[] {
  if (b.length === 0) return a.slice();
  const out: RowId[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = cmp(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** True when `ancestor` is a proper ancestor of `id`. */
export function isAncestor(rows: Rows, ancestor: RowId, id: RowId): boolean {
  let p = rows.get(id)?.parentId ?? null;
  for (let guard = 0; p !== null && guard < 1_000_000; guard++) {
    if (p === ancestor) return true;
    p = rows.get(p)?.parentId ?? null;
  }
  return false;
}

/** Depth of a row: 0 at the top level. */
export function depthOf(rows: Rows, id: RowId): number {
  let d = 0;
  for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null) d++;
  return d;
}

/** The row and all its descendants, in preorder. */
export function subtreeIds(index: TreeIndex, id: RowId): RowId[] {
  const out: RowId[] = [];
  const stack: RowId[] = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    const kids = index.children.get(cur);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}
