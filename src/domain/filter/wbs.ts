// Filters over the WBS: reading a row's fields for the operators, subtree sums for sum_exists,
// and the filtered view the grid shows (matching rows plus their ancestors, so the tree stays
// readable).

import { childrenOf, ROOT, type TreeIndex } from '../wbs/tree-index';
import type { RowId, WbsRow } from '../wbs/types';
import {
  buildPredicate,
  type FieldValue,
  type FilterCondition,
  type FilterContext,
  type FilterGroup,
} from './operators';

type Rows = ReadonlyMap<RowId, WbsRow>;

/** A row field by name, or an attribute as 'attr:key'; unknown fields read as empty. */
export function wbsField(row: WbsRow, field: string): FieldValue {
  return wbsGetter(field)(row);
}

/** The reader of one field, the name looked at once (a filter reads it on 100k rows). */
export function wbsGetter(field: string): (row: WbsRow) => FieldValue {
  if (field.startsWith('attr:')) {
    const key = field.slice(5);
    return (row) => row.attributes[key] ?? null;
  }
  if (field === 'attributes') return () => null;
  return (row) => (field in row ? (row[field as keyof WbsRow] as FieldValue) : null);
}

/**
 * Per-row sums of a numeric value over each subtree, in one post-order pass (O(rows)). Computed
 * per field a filter uses, when the filter is built, not per row test.
 */
export function subtreeSums(index: TreeIndex, value: (id: RowId) => FieldValue): Map<RowId, number> {
  const sums = new Map<RowId, number>();
  const visit = (id: RowId): number => {
    const own = value(id);
    let total = typeof own === 'number' ? own : 0;
    for (const child of childrenOf(index, id)) total += visit(child);
    sums.set(id, total);
    return total;
  };
  for (const id of childrenOf(index, null)) visit(id);
  return sums;
}

/**
 * A row's subtree sum, computed when a test first asks for it and kept (each subtree summed at
 * most once): a sum operator behind other conditions of an "all" group is asked for few rows, and
 * the whole tree's pass of subtreeSums was half of a 100k-row filter's time.
 */
export function lazySubtreeSum(index: TreeIndex, value: (id: RowId) => FieldValue): (id: RowId) => number {
  const memo = new Map<RowId, number>();
  const sum = (id: RowId): number => {
    let total = memo.get(id);
    if (total !== undefined) return total;
    const own = value(id);
    total = typeof own === 'number' ? own : 0;
    for (const child of childrenOf(index, id)) total += sum(child);
    memo.set(id, total);
    return total;
  };
  return sum;
}

export function sumFields(f: FilterCondition | FilterGroup, out: Set<string>): Set<string> {
  if ('conditions' in f) for (const c of f.conditions) sumFields(c, out);
  else if (f.op === 'sum_exists' || f.op === 'sum_not_exists') out.add(f.field);
  return out;
}

/** The filter as a predicate over WBS rows (subtree sums prepared for the fields that need them). */
export function wbsPredicate(
  filter: FilterCondition | FilterGroup,
  index: TreeIndex,
  rows: Rows,
): (row: WbsRow) => boolean {
  const sums = new Map<string, (id: RowId) => number>();
  for (const field of sumFields(filter, new Set())) {
    const get = wbsGetter(field);
    sums.set(
      field,
      lazySubtreeSum(index, (id) => get(rows.get(id)!)),
    );
  }
  const ctx: FilterContext<WbsRow> = {
    get: wbsField,
    getter: wbsGetter,
    sum: (row, field) => sums.get(field)?.(row.id) ?? 0,
    color: (row) => row.color,
  };
  return buildPredicate(filter, ctx);
}

/** Rows to show: those that match, and the ancestors of those that match. */
export function rowsToShow(rows: Rows, predicate: (row: WbsRow) => boolean): Set<RowId> {
  const shown = new Set<RowId>();
  for (const row of rows.values()) {
    if (!predicate(row)) continue;
    for (let id: RowId | null = row.id; id !== null && !shown.has(id); id = rows.get(id)?.parentId ?? null) {
      shown.add(id);
    }
  }
  return shown;
}

/** The filtered visible view: like flattenVisible, through shown rows only. */
export function flattenFiltered(
  index: TreeIndex,
  expanded: Pick<ReadonlySet<RowId>, 'has'>,
  shown: ReadonlySet<RowId>,
): { ids: RowId[]; depth: Uint16Array } {
  const ids: RowId[] = [];
  const depths: number[] = [];
  const walk = (parent: string, depth: number) => {
    for (const id of index.children.get(parent) ?? []) {
      if (!shown.has(id)) continue;
      ids.push(id);
      depths.push(depth);
      if (expanded.has(id)) walk(id, depth + 1);
    }
  };
  walk(ROOT, 0);
  return { ids, depth: Uint16Array.from(depths) };
}
