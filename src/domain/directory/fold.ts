// Folding a directory's value tree on its screen: show so many levels, fold or unfold a value
// with everything under it. A fold is the set of values whose children are hidden (what
// flattenValues takes as `collapsed`).

import { childrenOf, flattenValues, subtreeIds, type DirectoryValueNode } from './tree';

/** How many levels the tree has (0 for no values). */
export function treeLevels(values: readonly DirectoryValueNode[]): number {
  return flattenValues(values).reduce((m, f) => Math.max(m, f.depth + 1), 0);
}

/** The fold that shows `levels` levels (values deeper are hidden); null shows every level. */
export function foldToLevel(values: readonly DirectoryValueNode[], levels: number | null): Set<string> {
  const out = new Set<string>();
  if (levels === null) return out;
  for (const f of flattenValues(values)) if (f.hasChildren && f.depth >= levels - 1) out.add(f.value.id);
  return out;
}

/** The fold with the value and every value under it folded (open: false) or unfolded (open: true). */
export function foldSubtree(
  values: readonly DirectoryValueNode[],
  collapsed: ReadonlySet<string>,
  id: string,
  open: boolean,
): Set<string> {
  const children = childrenOf(values);
  const out = new Set(collapsed);
  for (const x of subtreeIds(values, id)) {
    if (open) out.delete(x);
    else if (children.get(x)?.length) out.add(x);
  }
  return out;
}
