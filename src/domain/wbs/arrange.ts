// A layout's sort and grouping applied to the visible rows (the View settings' "sort" and "group
// by"). Sorting reorders rows among their siblings only, so the tree stays a tree; ties keep WBS
// order. Grouping sets the tree aside, as MS Project's "group by" does: the rows without children
// (activities and milestones) gather under one header row per value of the column, values in
// ascending order and the empty value last, each group's rows in WBS order or the sort's. Header
// rows have ids no row can have (`isGroupRowId`); the view names each group's value and rows, so
// the screen can show its summary. A folded header (`folded`) stays with its summary but its rows
// leave the view. Pure: the caller says how a row reads in a column.

import { ROOT, type TreeIndex } from './tree-index';
import type { RowId } from './types';
import type { VisibleView } from './view';

export interface SortKey {
  readonly column: string;
  readonly dir: 'asc' | 'desc';
}

export interface Arrangement {
  readonly sort: readonly SortKey[];
  /** One column, or an ordered list of columns (nested headers, first outermost); null: none. */
  readonly groupBy: string | readonly string[] | null;
}

/** The grouping levels of an arrangement (a single column is one level). */
export const groupLevels = (a: Pick<Arrangement, 'groupBy'>): readonly string[] =>
  a.groupBy === null ? [] : typeof a.groupBy === 'string' ? [a.groupBy] : a.groupBy;

export type ArrangeValue = string | number | boolean | null | undefined;

export interface RowGroup {
  /** The value as text ('' for rows without one). */
  readonly value: string;
  /** The group's rows in display order (every row under it, at any deeper level). */
  readonly rows: readonly RowId[];
  /** 0 for the outermost level (absent: 0). */
  readonly level?: number;
  /** The values of the headers above it and its own, outermost first (absent: [value]). */
  readonly path?: readonly string[];
}

export interface ArrangedView extends VisibleView {
  /** Header rows by id (only when grouped). */
  readonly groups?: ReadonlyMap<RowId, RowGroup>;
}

const GROUP_PREFIX = '\u0001group:';

/** A header's id: one value (one level) or the path of values, outermost first. */
export const groupRowId = (...path: string[]): RowId => `${GROUP_PREFIX}${path.join('\u0002')}`;
export const isGroupRowId = (id: RowId): boolean => id.startsWith(GROUP_PREFIX);
/** A header's path of values, outermost first (the inverse of groupRowId; null: not a header). */
export const groupPathOf = (id: RowId): string[] | null =>
  isGroupRowId(id) ? id.slice(GROUP_PREFIX.length).split('\u0002') : null;

const blank = (v: ArrangeValue): boolean => v === null || v === undefined || v === '';

/** Numbers by size, anything else as text (digits by number: "Level 2" before "Level 10"). */
export function compareValues(a: ArrangeValue, b: ArrangeValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * A comparator of row ids by the sort keys, blanks last whatever the direction, `tie` deciding
 * between equal rows (so the order is total and stable).
 */
export function rowComparator(
  sort: readonly SortKey[],
  read: (id: RowId, column: string) => ArrangeValue,
  tie: (a: RowId, b: RowId) => number,
): (a: RowId, b: RowId) => number {
  return (a, b) => {
    for (const k of sort) {
      const va = read(a, k.column);
      const vb = read(b, k.column);
      const ba = blank(va);
      const bb = blank(vb);
      if (ba || bb) {
        if (ba !== bb) return ba ? 1 : -1;
        continue;
      }
      const c = compareValues(va, vb);
      if (c !== 0) return k.dir === 'asc' ? c : -c;
    }
    return tie(a, b);
  };
}

/**
 * The visible rows under a layout's arrangement: `expanded` and `shown` (a filter's rows, null:
 * all) as in flattenVisible / flattenFiltered; `folded`: the group headers whose rows are hidden.
 */
export function arrangeView(
  index: TreeIndex,
  expanded: Pick<ReadonlySet<RowId>, 'has'>,
  shown: Pick<ReadonlySet<RowId>, 'has'> | null,
  arrangement: Arrangement,
  read: (id: RowId, column: string) => ArrangeValue,
  folded: Pick<ReadonlySet<RowId>, 'has'> = new Set(),
): ArrangedView {
  const ids: RowId[] = [];
  const depths: number[] = [];
  const wbsOrder = new Map<RowId, number>();
  // Preorder of every row (the tie-breaker, and the grouped rows' walk).
  const all: RowId[] = [];
  const walkAll = (parent: string) => {
    for (const id of index.children.get(parent) ?? []) {
      wbsOrder.set(id, all.length);
      all.push(id);
      walkAll(id);
    }
  };
  walkAll(ROOT);
  const tie = (a: RowId, b: RowId) => wbsOrder.get(a)! - wbsOrder.get(b)!;
  const cmp = arrangement.sort.length ? rowComparator(arrangement.sort, read, tie) : tie;

  const levels = groupLevels(arrangement);
  if (levels.length === 0) {
    const walk = (parent: string, depth: number) => {
      const kids = (index.children.get(parent) ?? []).filter((id) => !shown || shown.has(id));
      if (arrangement.sort.length) kids.sort(cmp);
      for (const id of kids) {
        ids.push(id);
        depths.push(depth);
        if (expanded.has(id)) walk(id, depth + 1);
      }
    };
    walk(ROOT, 0);
    return { ids, depth: Uint16Array.from(depths) };
  }

  const leaves = all.filter((id) => !index.children.has(id) && !(shown && !shown.has(id)));
  const groups = new Map<RowId, RowGroup>();
  const orderValues = (keys: string[]) =>
    keys.sort((a, b) => {
      if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
      // Numbers group by their value, so they order as numbers.
      const na = Number(a);
      const nb = Number(b);
      return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : compareValues(a, b);
    });
  // Rows (in WBS order) split by the level's column; a header per value, then its subgroups.
  const place = (
    rows: readonly RowId[],
    level: number,
    path: readonly string[],
    hidden: boolean,
  ): RowId[] => {
    const byValue = new Map<string, RowId[]>();
    for (const id of rows) {
      const v = read(id, levels[level]!);
      const key = blank(v) ? '' : String(v);
      let list = byValue.get(key);
      if (!list) byValue.set(key, (list = []));
      list.push(id);
    }
    const out: RowId[] = [];
    for (const value of orderValues([...byValue.keys()])) {
      const here = [...path, value];
      const header = groupRowId(...here);
      const mine = byValue.get(value)!;
      if (!hidden) {
        ids.push(header);
        depths.push(level);
      }
      const shut = hidden || folded.has(header);
      let ordered: RowId[];
      if (level + 1 < levels.length) ordered = place(mine, level + 1, here, shut);
      else {
        ordered = arrangement.sort.length ? [...mine].sort(cmp) : mine;
        if (!shut)
          for (const id of ordered) {
            ids.push(id);
            depths.push(levels.length);
          }
      }
      groups.set(header, { value, rows: ordered, level, path: here });
      out.push(...ordered);
    }
    return out;
  };
  place(leaves, 0, [], false);
  return { ids, depth: Uint16Array.from(depths), groups };
}
