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
  if (field.startsWith('attr:')) return row.attributes[field.slice(5)] ?? null;
  if (field === 'attributes' || !(field in row)) return null;
  return row[field as keyof WbsRow] as FieldValue;
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
  const sums = new Map<string, Map<RowId, number>>();
  for (const field of sumFields(filter, new Set()))
    sums.set(
      field,
      subtreeSums(index, (id) => wbsField(rows.get(id)!, field)),
    );
  const ctx: FilterContext<WbsRow> = {
    get: wbsField,
    sum: (row, field) => sums.get(field)?.get(row.id) ?? 0,
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
