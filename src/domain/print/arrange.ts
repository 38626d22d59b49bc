// The printed rows in the order the workbench shows them: the layout's sort and grouping through
// the workbench's own arrangement (domain/wbs/arrange), and the page's filter through the
// workbench's predicate (domain/filter) and indicator tests (domain/indicators/grid-filter) — the
// print has no sorter or filter of its own. Every row
// counts as expanded (a print shows the whole tree). Pure: the caller says how a row reads.

import { buildPredicate, lazySubtreeSum, sumFields, type FieldValue, type FilterExpr } from '../filter';
import {
  arrangeView,
  isGroupRowId,
  type Arrangement,
  type ArrangeValue,
  type RowGroup,
} from '../wbs/arrange';
import { ROOT, type TreeIndex } from '../wbs/tree-index';

export interface TreeRow {
  readonly id: string;
  /** The parent's id (null: top level); rows come parents first, siblings in WBS order. */
  readonly parent: string | null;
}

/** One printed line: a row (its index in the WBS-ordered rows, its depth) or a group header. */
export type PrintLine =
  | { readonly kind: 'row'; readonly index: number; readonly depth: number }
  | { readonly kind: 'group'; readonly group: RowGroup };

/** The child lists of rows given in WBS preorder (their order is the siblings' order). */
export function treeOfRows(rows: readonly TreeRow[]): TreeIndex {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    const p = r.parent ?? ROOT;
    let list = children.get(p);
    if (!list) children.set(p, (list = []));
    list.push(r.id);
  }
  return { children };
}

/**
 * The rows a filter shows: those that pass and their ancestors (as the schedule page shows them);
 * `sum` operators read subtree sums. `also` is a further test every shown row passes too (the
 * page's indicator, domain/indicators/grid-filter); with no `expr` it alone decides.
 */
export function filterRows(
  rows: readonly TreeRow[],
  expr: FilterExpr | null,
  read: (id: string, field: string) => FieldValue,
  also?: (id: string) => boolean,
): Set<string> {
  let passes: (id: string) => boolean = () => true;
  if (expr) {
    const index = treeOfRows(rows);
    const sums = new Map<string, (id: string) => number>();
    for (const field of sumFields(expr, new Set()))
      sums.set(
        field,
        lazySubtreeSum(index, (id) => read(id, field)),
      );
    passes = buildPredicate<string>(expr, {
      get: read,
      sum: (id, field) => sums.get(field)?.(id) ?? 0,
      color: (id) => read(id, 'color') as string | null,
    });
  }
  const test = also ? (id: string) => passes(id) && also(id) : passes;
  const parent = new Map(rows.map((r) => [r.id, r.parent]));
  const shown = new Set<string>();
  for (const r of rows) {
    if (!test(r.id)) continue;
    for (let id: string | null = r.id; id !== null && !shown.has(id); id = parent.get(id) ?? null)
      shown.add(id);
  }
  return shown;
}

/** The lines to print: the rows under the arrangement, only `shown` ones when given. */
export function printLines(
  rows: readonly TreeRow[],
  arrangement: Arrangement,
  read: (id: string, column: string) => FieldValue,
  shown: ReadonlySet<string> | null,
): PrintLine[] {
  const at = new Map(rows.map((r, i) => [r.id, i]));
  // Each row read once per column (a sort reads the same rows again at every comparison).
  const cache = new Map<string, Map<string, ArrangeValue>>();
  const view = arrangeView(treeOfRows(rows), { has: () => true }, shown, arrangement, (id, column) => {
    let byId = cache.get(column);
    if (!byId) cache.set(column, (byId = new Map()));
    if (byId.has(id)) return byId.get(id);
    const v = read(id, column);
    const value = Array.isArray(v) ? v.join(', ') : (v as ArrangeValue);
    byId.set(id, value);
    return value;
  });
  return view.ids.map((id, i) =>
    isGroupRowId(id)
      ? { kind: 'group', group: view.groups!.get(id)! }
      : { kind: 'row', index: at.get(id)!, depth: view.depth[i]! },
  );
}
