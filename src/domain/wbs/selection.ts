// Turning a user's selection into the rows a tree command acts on: drop rows whose ancestor is
// selected too (they move with it) and sort the rest in display (pre)order. Cost is
// O(selected · depth · log siblings), independent of the tree size.

import { siblingIndex, type TreeIndex } from './tree-index';
import type { RowId, WbsRow } from './types';

type Rows = ReadonlyMap<RowId, WbsRow>;

/** Sibling positions from the top down to the row: comparing them orders rows in preorder. */
export function treePath(index: TreeIndex, rows: Rows, id: RowId): number[] {
  const path: number[] = [];
  for (let cur: RowId | null = id; cur !== null; cur = rows.get(cur)?.parentId ?? null) {
    path.push(siblingIndex(index, rows, cur));
  }
  return path.reverse();
}

function comparePaths(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Existing selected rows without a selected ancestor, in preorder. */
export function topLevelSelection(index: TreeIndex, rows: Rows, ids: Iterable<RowId>): RowId[] {
  const selected = new Set<RowId>();
  for (const id of ids) if (rows.get(id)) selected.add(id);
  const top: { id: RowId; path: number[] }[] = [];
  for (const id of selected) {
    let covered = false;
    for (let p = rows.get(id)!.parentId; p !== null && !covered; p = rows.get(p)?.parentId ?? null) {
      covered = selected.has(p);
    }
    if (!covered) top.push({ id, path: treePath(index, rows, id) });
  }
  top.sort((a, b) => comparePaths(a.path, b.path));
  return top.map((t) => t.id);
}
