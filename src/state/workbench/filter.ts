// The schedule page's filter (query parameters `filter` and `filter_indicator`, spec §2): which
// rows the grid and the Gantt show. A filter is applied at a point in time, as a spreadsheet's
// is: when it is set, when the version loads, and when the schedule it reads first arrives; rows
// the user edits or adds meanwhile stay in view until it is applied again (Reapply).
//
// `filter` is JSON of one condition or a group (src/domain/filter: operators lt … exclude_colors)
// over the grid's columns: name, code, type (node type id), status (not_started | in_progress |
// completed), calendar (calendar id), duration, total_float and free_float (working days, as the
// grid shows them), start and finish (the early dates as YYYY-MM-DD text, so they compare in date
// order), progress, volume, price, critical (true/false), color, and attr:<key> for attributes.
// `filter_indicator` names one of INDICATORS. With both, a row must pass both.

import {
  buildPredicate,
  parseFilter,
  positionPredicate,
  preorderTree,
  rowsToShow,
  shownIds,
  shownPositions,
  lazySubtreeSum,
  sumFields,
  type FieldValue,
  type FilterExpr,
  type PreorderTree,
} from '../../domain/filter';
import { gridDayGetter, gridFieldGetter, type GridSource } from '../../domain/filter/grid-fields';
import { gridIndicatorTest } from '../../domain/filter/grid-indicators';
import type { WorkbenchState } from './store';
import type { ItemId } from './types';
import { GRID_INDICATORS } from '../../domain/indicators/grid-filter';
import { indicatorSchedule, qualityFlagged } from './quality-filter';

/** Every `filter_indicator` value (the grid's indicator tests are domain/indicators/grid-filter). */
export const INDICATORS = GRID_INDICATORS;
export type Indicator = (typeof INDICATORS)[number];

export interface ActiveFilter {
  readonly expr: FilterExpr | null;
  readonly indicator: Indicator | null;
  /** The parameters as given, to tell a change of the address from a re-render. */
  readonly key: string;
}

export type FilterParse =
  | { readonly ok: true; readonly filter: ActiveFilter | null }
  | { readonly ok: false; readonly param: 'filter' | 'filter_indicator'; readonly detail: string };

/** The page's parameters as a filter (null: none), or which one is wrong and where. */
export function parseFilterParams(filter: string | null, indicator: string | null): FilterParse {
  if (!filter && !indicator) return { ok: true, filter: null };
  let expr: FilterExpr | null = null;
  if (filter) {
    const parsed = parseFilter(filter);
    if (!parsed.ok) return { ok: false, param: 'filter', detail: parsed.path };
    expr = parsed.filter;
  }
  if (indicator && !(INDICATORS as readonly string[]).includes(indicator))
    return { ok: false, param: 'filter_indicator', detail: indicator };
  return {
    ok: true,
    filter: {
      expr,
      indicator: (indicator as Indicator | null) ?? null,
      key: `${filter ?? ''}\n${indicator ?? ''}`,
    },
  };
}

const MINUTES_PER_HOUR = 60;

/** The store as the filter's source of values by row id (domain/filter/grid-fields.ts). */
export function gridSource(
  s: WorkbenchState,
  hoursPerDay: (calendarId: string | null) => number,
): GridSource<ItemId> {
  const rows = s.wbs.doc.rows;
  const sch = s.schedule;
  return {
    row: (id) => rows.get(id),
    schedule: (id, pick) => {
      const p = sch?.position.get(id);
      const values = sch?.[pick];
      if (p === undefined || !values) return NaN;
      const v = values[p]!;
      return (pick === 'es' || pick === 'ef') && v < 0 ? NaN : v;
    },
    critical: (id) => {
      const p = sch?.position.get(id);
      return p === undefined || !sch ? null : sch.critical[p] === 1;
    },
    rolledPercent: (id) => {
      const p = sch?.position.get(id);
      return p !== undefined && sch?.percentComplete ? sch.percentComplete[p]! : NaN;
    },
    acceptedStart: (id) => s.curatorDates.get(id)?.start ?? NaN,
    acceptedFinish: (id) => s.curatorDates.get(id)?.finish ?? NaN,
    // A calculated attribute reads the worker's value.
    computed: (id, key) => s.formulaValues.get(id)?.[key],
    hoursPerDay,
  };
}

/**
 * How the filter reads a row: the grid's values, derived ones from the schedule snapshot (a
 * layout's sort and grouping read rows the same way).
 */
export function reader(s: WorkbenchState, hoursPerDay: (calendarId: string | null) => number) {
  const src = gridSource(s, hoursPerDay);
  const getters = new Map<string, (id: ItemId) => FieldValue>();
  return (id: ItemId, field: string): FieldValue => {
    let g = getters.get(field);
    if (!g) getters.set(field, (g = gridFieldGetter(src, field)));
    return g(id);
  };
}

function indicatorTest(
  s: WorkbenchState,
  indicator: Indicator,
  hoursPerDay: (calendarId: string | null) => number,
): (id: ItemId) => boolean {
  return gridIndicatorTest(
    indicator,
    { rows: s.wbs.doc.rows, schedule: indicatorSchedule(s), target: s.target?.dates ?? null },
    () => qualityFlagged(s, hoursPerDay(null) * MINUTES_PER_HOUR),
  );
}

/**
 * Rows the filter shows: those that pass, and their ancestors (the tree stays readable). Evaluated
 * over row positions (domain/filter/positions.ts: typed arrays, no per-row Map); the string-keyed
 * evaluation (filterShownRowsByIds) only when the tree index does not reach every row.
 */
export function filterShownRows(
  s: WorkbenchState,
  f: ActiveFilter,
  hoursPerDay: (calendarId: string | null) => number,
): Set<ItemId> {
  const tree = preorderTree(s.wbs.index);
  if (tree.ids.length !== s.wbs.doc.rows.size) return filterShownRowsByIds(s, f, hoursPerDay);
  return shownIds(tree, filterShownPositions(s, f, hoursPerDay, tree));
}

/** The shown flags by position of preorderTree(s.wbs.index). */
export function filterShownPositions(
  s: WorkbenchState,
  f: ActiveFilter,
  hoursPerDay: (calendarId: string | null) => number,
  tree: PreorderTree,
): Uint8Array {
  const tests: ((p: number) => boolean)[] = [];
  const ids = tree.ids;
  if (f.expr) {
    const src = gridSource(s, hoursPerDay);
    const rows = s.wbs.doc.rows;
    tests.push(
      positionPredicate(f.expr, tree, {
        get: (p, field) => gridFieldGetter(src, field)(ids[p]!),
        getter: (field) => {
          const g = gridFieldGetter(src, field);
          return (p) => g(ids[p]!);
        },
        dayGetter: (field) => {
          const g = gridDayGetter(src, field);
          return g && ((p) => g(ids[p]!));
        },
        color: (p) => rows.get(ids[p]!)?.color,
      }),
    );
  }
  if (f.indicator) {
    const test = indicatorTest(s, f.indicator, hoursPerDay);
    tests.push((p) => test(ids[p]!));
  }
  const only = tests.length === 1 ? tests[0]! : null;
  return shownPositions(tree, only ?? ((p) => tests.every((t) => t(p))));
}

/** The string-keyed evaluation (Map per subtree sum, Set of ids): the reference and the fallback. */
export function filterShownRowsByIds(
  s: WorkbenchState,
  f: ActiveFilter,
  hoursPerDay: (calendarId: string | null) => number,
): Set<ItemId> {
  const tests: ((id: ItemId) => boolean)[] = [];
  if (f.expr) {
    const get = reader(s, hoursPerDay);
    const sums = new Map<string, (id: ItemId) => number>();
    for (const field of sumFields(f.expr, new Set()))
      sums.set(
        field,
        lazySubtreeSum(s.wbs.index, (id) => get(id, field)),
      );
    tests.push(
      buildPredicate<ItemId>(f.expr, {
        get,
        sum: (id, field) => sums.get(field)?.(id) ?? 0,
        color: (id) => s.wbs.doc.rows.get(id)?.color,
      }),
    );
  }
  if (f.indicator) tests.push(indicatorTest(s, f.indicator, hoursPerDay));
  return rowsToShow(s.wbs.doc.rows, (row) => tests.every((t) => t(row.id)));
}

/** The shown set with rows just edited or added (and their ancestors) kept in view. */
export function keepInView(
  shown: ReadonlySet<ItemId>,
  touched: Iterable<ItemId>,
  parentOf: (id: ItemId) => ItemId | null | undefined,
): ReadonlySet<ItemId> {
  let out: Set<ItemId> | null = null;
  for (const id of touched) {
    for (let at: ItemId | null | undefined = id; at && !(out ?? shown).has(at); at = parentOf(at)) {
      out ??= new Set(shown);
      out.add(at);
    }
  }
  return out ?? shown;
}
