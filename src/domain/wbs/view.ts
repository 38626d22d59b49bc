// What the grid shows: the flattened visible rows (expanded nodes in preorder), expansion per
// node and per level, and outline numbers (1, 1.1, 1.2 …). Expansion is view state, kept outside
// the document and outside history (STYLE practice 3).

import { childrenOf, ROOT, siblingIndex, type TreeIndex } from './tree-index';
import type { RowId, WbsRow } from './types';

type Rows = ReadonlyMap<RowId, WbsRow>;

export interface VisibleView {
  /** Row ids in display order. */
  ids: RowId[];
  /** Depth of each visible row (0 = top level), for indentation. */
  depth: Uint16Array;
}

/** Preorder walk that descends only into expanded rows: O(visible rows). */
export function flattenVisible(index: TreeIndex, expanded: Pick<ReadonlySet<RowId>, 'has'>): VisibleView {
  const ids: RowId[] = [];
  const depths: number[] = [];
  const stack: { list: readonly RowId[]; at: number }[] = [{ list: childrenOf(index, null), at: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.at === top.list.length) {
      stack.pop();
      continue;
    }
    const id = top.list[top.at++]!;
    ids.push(id);
    depths.push(stack.length - 1);
    if (expanded.has(id)) {
      const kids = index.children.get(id);
      if (kids) stack.push({ list: kids, at: 0 });
    }
  }
  return { ids, depth: Uint16Array.from(depths) };
}

/** Every row in preorder (what an export or "expand all" shows). */
export function preorder(index: TreeIndex): RowId[] {
  return flattenVisible(index, { has: (id: RowId) => index.children.has(id) }).ids;
}

export function toggleExpanded(expanded: ReadonlySet<RowId>, id: RowId, open?: boolean): Set<RowId> {
  const next = new Set(expanded);
  if (open ?? !next.has(id)) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * Expansion showing levels 1…level: rows at depth < level that have children are expanded.
 * Level 1 shows the top level only; Infinity expands everything.
 */
export function expandToLevel(index: TreeIndex, level: number): Set<RowId> {
  const out = new Set<RowId>();
  const walk = (parent: string, depth: number) => {
    if (depth >= level) return;
    for (const id of index.children.get(parent) ?? []) {
      if (index.children.has(id)) {
        out.add(id);
        walk(id, depth + 1);
      }
    }
  };
  walk(ROOT, 0);
  return out;
}

/** Expansion with every ancestor of `id` opened, so the row becomes visible. */
export function reveal(expanded: ReadonlySet<RowId>, rows: Rows, id: RowId): Set<RowId> {
  const next = new Set(expanded);
  for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null) next.add(p);
  return next;
}

/**
 * Outline number of one row, computed from its ancestors' sibling positions (binary searches):
 * O(depth · log siblings), so the grid numbers only the rows on screen, after every move.
 */
export function outlineNumber(index: TreeIndex, rows: Rows, id: RowId): string {
  const parts: number[] = [];
  for (let cur: RowId | null = id; cur !== null; cur = rows.get(cur)?.parentId ?? null) {
    const i = siblingIndex(index, rows, cur);
    if (i < 0) return '';
    parts.push(i + 1);
  }
  return parts.reverse().join('.');
}

/** Outline numbers of all rows in one preorder pass (exports, toScheduleModel). */
export function outlineNumbers(index: TreeIndex): Map<RowId, string> {
  const out = new Map<RowId, string>();
  const stack: { id: RowId; prefix: string }[] = [];
  const push = (parent: string, prefix: string) => {
    const kids = index.children.get(parent) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ id: kids[i]!, prefix: prefix + (i + 1) });
  };
  push(ROOT, '');
  while (stack.length) {
    const { id, prefix } = stack.pop()!;
    out.set(id, prefix);
    if (index.children.has(id)) push(id, prefix + '.');
  }
  return out;
}
