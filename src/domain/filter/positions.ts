// The filter over row positions: the tree in preorder as typed arrays (parent, subtree end,
// depth), subtree sums in a Float64Array, the shown rows as a Uint8Array and the visible view as an
// Int32Array of positions. No string-keyed Map or Set per row: the string-keyed version (wbs.ts:
// wbsPredicate, rowsToShow, flattenFiltered) is kept as the reference the property test compares
// with. The same code runs on the main thread and in the schedule worker (filter-core.ts).

import { ROOT, type TreeIndex } from '../wbs/tree-index';
import type { RowId, WbsRow } from '../wbs/types';
import { buildPredicate, type FieldValue, type FilterCondition, type FilterGroup } from './operators';
import { sumFields, wbsGetter } from './wbs';

/** The tree in preorder: the subtree of position p is the positions p … end[p] - 1. */
export interface PreorderTree {
  readonly ids: readonly RowId[];
  /** Parent position, -1 at the top level. */
  readonly parent: Int32Array;
  /** One past the last position of the subtree. */
  readonly end: Int32Array;
  readonly depth: Uint16Array;
}

const trees = new WeakMap<TreeIndex, PreorderTree>();

/** The index in preorder (built once per index: an index is replaced, never changed, on an edit). */
export function preorderTree(index: TreeIndex): PreorderTree {
  let tree = trees.get(index);
  if (tree) return tree;
  const ids: RowId[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  // Iterative walk (a deep chain must not overflow the stack): a stack of (list, next child) frames.
  const lists: (readonly RowId[])[] = [];
  const at: number[] = [];
  const owner: number[] = [];
  const top = index.children.get(ROOT);
  if (top) {
    lists.push(top);
    at.push(0);
    owner.push(-1);
  }
  const endOf: number[] = [];
  while (lists.length > 0) {
    const k = lists.length - 1;
    const list = lists[k]!;
    const i = at[k]!;
    if (i >= list.length) {
      lists.pop();
      at.pop();
      const p = owner.pop()!;
      if (p >= 0) endOf[p] = ids.length;
      continue;
    }
    at[k] = i + 1;
    const id = list[i]!;
    const p = ids.length;
    ids.push(id);
    parents.push(owner[k]!);
    depths.push(k);
    endOf.push(p + 1);
    const kids = index.children.get(id);
    if (kids && kids.length > 0) {
      lists.push(kids);
      at.push(0);
      owner.push(p);
    }
  }
  tree = {
    ids,
    parent: Int32Array.from(parents),
    end: Int32Array.from(endOf),
    depth: Uint16Array.from(depths),
  };
  trees.set(index, tree);
  return tree;
}

/**
 * A position's subtree sum of a numeric value, computed when first asked and kept: children are
 * added in order (own value, then each child's sum), as lazySubtreeSum adds them, so the floating
 * point result is the same to the bit.
 */
export function subtreeSumAt(tree: PreorderTree, own: (p: number) => FieldValue): (p: number) => number {
  const n = tree.ids.length;
  const sums = new Float64Array(n);
  const done = new Uint8Array(n);
  const { end } = tree;
  const sum = (p: number): number => {
    if (done[p] === 1) return sums[p]!;
    const v = own(p);
    let total = typeof v === 'number' ? v : 0;
    for (let c = p + 1; c < end[p]!; c = end[c]!) total += sum(c);
    sums[p] = total;
    done[p] = 1;
    return total;
  };
  return sum;
}

/** How the filter reads a row at a position. */
export interface PositionReader {
  get(p: number, field: string): FieldValue;
  getter?(field: string): (p: number) => FieldValue;
  color(p: number): string | null | undefined;
  /** A date column's days (FilterContext.dayGetter). */
  dayGetter?(field: string): ((p: number) => number) | undefined;
}

/** The filter as a predicate over positions (sum operators read subtreeSumAt). */
export function positionPredicate(
  filter: FilterCondition | FilterGroup,
  tree: PreorderTree,
  read: PositionReader,
): (p: number) => boolean {
  const sums = new Map<string, (p: number) => number>();
  for (const field of sumFields(filter, new Set())) {
    const get = read.getter?.(field) ?? ((p: number) => read.get(p, field));
    sums.set(field, subtreeSumAt(tree, get));
  }
  return buildPredicate<number>(filter, {
    get: read.get,
    ...(read.getter ? { getter: read.getter } : {}),
    sum: (p, field) => sums.get(field)?.(p) ?? 0,
    color: read.color,
    ...(read.dayGetter ? { dayGetter: read.dayGetter } : {}),
  });
}

/** Shown flags: the positions that pass, and their ancestors. */
export function shownPositions(tree: PreorderTree, test: (p: number) => boolean): Uint8Array {
  const n = tree.ids.length;
  const shown = new Uint8Array(n);
  const { parent } = tree;
  for (let p = 0; p < n; p++) {
    if (!test(p)) continue;
    for (let a = p; a >= 0 && shown[a] === 0; a = parent[a]!) shown[a] = 1;
  }
  return shown;
}

/**
 * The visible view through the shown rows: positions in preorder, a row's children only when it is
 * expanded (a hidden or folded row's subtree is skipped in one step).
 */
export function visiblePositions(
  tree: PreorderTree,
  shown: Uint8Array,
  expanded: (p: number) => boolean,
): Int32Array {
  const n = tree.ids.length;
  const out = new Int32Array(n);
  const { end } = tree;
  let k = 0;
  for (let p = 0; p < n;) {
    if (shown[p] === 0) {
      p = end[p]!;
      continue;
    }
    out[k++] = p;
    p = expanded(p) ? p + 1 : end[p]!;
  }
  return out.slice(0, k);
}

/** The ids and depths of a visible view (the shape flattenFiltered gives). */
export function viewOfPositions(
  tree: PreorderTree,
  visible: Int32Array,
): { ids: RowId[]; depth: Uint16Array } {
  const ids = new Array<RowId>(visible.length);
  const depth = new Uint16Array(visible.length);
  for (let i = 0; i < visible.length; i++) {
    const p = visible[i]!;
    ids[i] = tree.ids[p]!;
    depth[i] = tree.depth[p]!;
  }
  return { ids, depth };
}

/** The shown flags as the id set the store keeps. */
export function shownIds(tree: PreorderTree, shown: Uint8Array): Set<RowId> {
  const out = new Set<RowId>();
  for (let p = 0; p < shown.length; p++) if (shown[p] === 1) out.add(tree.ids[p]!);
  return out;
}

/** A reader of WBS row fields (wbsGetter's names) at positions: the rows looked up once, in order. */
export function wbsPositionReader(tree: PreorderTree, rows: ReadonlyMap<RowId, WbsRow>): PositionReader {
  const at = tree.ids.map((id) => rows.get(id)!);
  return {
    get: (p, field) => wbsGetter(field)(at[p]!),
    getter: (field) => {
      const g = wbsGetter(field);
      return (p) => g(at[p]!);
    },
    color: (p) => at[p]!.color,
  };
}

/**
 * The whole evaluation over row fields: shown flags and the visible positions (null when the index
 * does not reach every row, which the string-keyed path handles).
 */
export function filterWbsPositions(
  filter: FilterCondition | FilterGroup,
  index: TreeIndex,
  rows: ReadonlyMap<RowId, WbsRow>,
  expanded: Pick<ReadonlySet<RowId>, 'has'>,
): { tree: PreorderTree; shown: Uint8Array; visible: Int32Array } | null {
  const tree = preorderTree(index);
  if (tree.ids.length !== rows.size) return null;
  const test = positionPredicate(filter, tree, wbsPositionReader(tree, rows));
  const shown = shownPositions(tree, test);
  const visible = visiblePositions(tree, shown, (p) => expanded.has(tree.ids[p]!));
  return { tree, shown, visible };
}
