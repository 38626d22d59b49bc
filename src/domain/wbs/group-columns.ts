// A group header's value in each column, rolled up over the group's rows as a WBS summary rolls
// up its rows (src/domain/schedule/roll-up.ts): additive numbers summed (volume, price, number
// attributes), the earliest of starts and the latest of finishes, the smallest float, percent
// complete weighted by planned duration (a plain mean for milestones alone), and a duration as
// the working time of the span. A column a row has no value in leaves that row out; a group with
// no value in it has none (an empty cell). Nested groups merge their subgroups' partial roll-ups,
// so every row is read once however many levels there are: linear in the rows.
import type { RowGroup } from './arrange';
import type { RowId } from './types';

/**
 * A column that rolls up, and how: its value in a row (undefined or NaN: none). A row is what
 * `handle` makes of its id (the id itself by default), so a caller reads each row's place once for
 * all the columns instead of once per column.
 */
export type GroupColumn<R = RowId> =
  | {
      readonly id: string;
      readonly kind: 'sum' | 'min' | 'max';
      readonly value: (row: R) => number | undefined;
    }
  | {
      /** Weighted mean: Σ value × weight / Σ weight, a plain mean when every weight is 0. */
      readonly id: string;
      readonly kind: 'mean';
      readonly value: (row: R) => number | undefined;
      readonly weight: (row: R) => number;
    }
  | {
      /** The length of the span from the earliest start to the latest finish. */
      readonly id: string;
      readonly kind: 'span';
      readonly start: (row: R) => number | undefined;
      readonly finish: (row: R) => number | undefined;
      readonly length: (start: number, finish: number) => number;
    };

/** A header's values by column id (a column without a value is absent). */
export type GroupValues = ReadonlyMap<string, number>;

// Per column, the partial roll-up of a group: a = sum / min / max / earliest start / Σ v·w;
// b = latest finish / Σ w; c = Σ v (plain mean); n = rows that had a value.
const SLOTS = 4;

const has = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

function emptyAcc<R>(columns: readonly GroupColumn<R>[]): Float64Array {
  const acc = new Float64Array(columns.length * SLOTS);
  columns.forEach((c, k) => {
    const o = k * SLOTS;
    if (c.kind === 'min' || c.kind === 'span') acc[o] = Infinity;
    if (c.kind === 'max') acc[o] = -Infinity;
    if (c.kind === 'span') acc[o + 1] = -Infinity;
  });
  return acc;
}

function addRow<R>(acc: Float64Array, columns: readonly GroupColumn<R>[], id: R): void {
  for (let k = 0; k < columns.length; k++) {
    const c = columns[k]!;
    const o = k * SLOTS;
    if (c.kind === 'span') {
      const s = c.start(id);
      const f = c.finish(id);
      if (has(s) && s < acc[o]!) acc[o] = s;
      if (has(f) && f > acc[o + 1]!) acc[o + 1] = f;
      if (has(s) || has(f)) acc[o + 3]!++;
      continue;
    }
    const v = c.value(id);
    if (!has(v)) continue;
    if (c.kind === 'sum') acc[o]! += v;
    else if (c.kind === 'min') acc[o] = Math.min(acc[o]!, v);
    else if (c.kind === 'max') acc[o] = Math.max(acc[o]!, v);
    else if (c.kind === 'mean') {
      const w = Math.max(0, c.weight(id));
      acc[o]! += v * w;
      acc[o + 1]! += w;
      acc[o + 2]! += v;
    }
    acc[o + 3]!++;
  }
}

/** Adds a subgroup's partial roll-up into its parent's. */
function merge<R>(into: Float64Array, from: Float64Array, columns: readonly GroupColumn<R>[]): void {
  for (let k = 0; k < columns.length; k++) {
    const o = k * SLOTS;
    switch (columns[k]!.kind) {
      case 'min':
        into[o] = Math.min(into[o]!, from[o]!);
        break;
      case 'max':
        into[o] = Math.max(into[o]!, from[o]!);
        break;
      case 'span':
        into[o] = Math.min(into[o]!, from[o]!);
        into[o + 1] = Math.max(into[o + 1]!, from[o + 1]!);
        break;
      default:
        into[o]! += from[o]!;
        into[o + 1]! += from[o + 1]!;
        into[o + 2]! += from[o + 2]!;
    }
    into[o + 3]! += from[o + 3]!;
  }
}

function finish<R>(acc: Float64Array, columns: readonly GroupColumn<R>[]): Map<string, number> {
  const out = new Map<string, number>();
  columns.forEach((c, k) => {
    const o = k * SLOTS;
    if (acc[o + 3] === 0) return;
    let v: number;
    if (c.kind === 'mean') v = acc[o + 1]! > 0 ? acc[o]! / acc[o + 1]! : acc[o + 2]! / acc[o + 3]!;
    else if (c.kind === 'span')
      v = Number.isFinite(acc[o]!) && Number.isFinite(acc[o + 1]!) ? c.length(acc[o]!, acc[o + 1]!) : NaN;
    else v = acc[o]!;
    if (Number.isFinite(v)) out.set(c.id, v);
  });
  return out;
}

/** The group's own rows' roll-up (one group, no nesting). */
export function rollUpRows<R = RowId>(
  rows: readonly RowId[],
  columns: readonly GroupColumn<R>[],
  handle: (id: RowId) => R = (id) => id as R,
): GroupValues {
  const acc = emptyAcc(columns);
  for (const id of rows) addRow(acc, columns, handle(id));
  return finish(acc, columns);
}

/**
 * Every header's values (`groups` as arrangeView gives them, keyed by header id). The innermost
 * headers read their rows; an outer one merges its subgroups (those whose path extends its own).
 */
export function groupColumnValues<R = RowId>(
  groups: ReadonlyMap<RowId, RowGroup>,
  columns: readonly GroupColumn<R>[],
  handle: (id: RowId) => R = (id) => id as R,
): Map<RowId, GroupValues> {
  const out = new Map<RowId, GroupValues>();
  if (columns.length === 0) {
    for (const id of groups.keys()) out.set(id, new Map());
    return out;
  }
  let deepest = 0;
  for (const g of groups.values()) deepest = Math.max(deepest, g.level ?? 0);
  // Partial roll-ups by path (joined), deepest level first so each parent has all its subgroups.
  const key = (path: readonly string[]) => path.join('\u0002');
  const accs = new Map<string, Float64Array>();
  const byLevel: [RowId, RowGroup][][] = Array.from({ length: deepest + 1 }, () => []);
  for (const e of groups) byLevel[e[1].level ?? 0]!.push(e);
  for (let level = deepest; level >= 0; level--) {
    for (const [id, g] of byLevel[level]!) {
      const path = g.path ?? [g.value];
      let acc = accs.get(key(path));
      if (!acc) {
        acc = emptyAcc(columns);
        accs.set(key(path), acc);
      }
      if (level === deepest) for (const row of g.rows) addRow(acc, columns, handle(row));
      if (level > 0) {
        const up = key(path.slice(0, -1));
        let parent = accs.get(up);
        if (!parent) {
          parent = emptyAcc(columns);
          accs.set(up, parent);
        }
        merge(parent, acc, columns);
      }
      out.set(id, finish(acc, columns));
    }
  }
  return out;
}
