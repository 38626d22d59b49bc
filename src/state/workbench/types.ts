// Types of the version store: the data (WBS items and relations, as the API contract shapes them),
// the view (selection, columns, scroll, timescale) and what the grid and the Gantt read per row.

import type { Version } from '../../api/versions';
import type { RowId, WbsRelation, WbsRow } from '../../domain/wbs/types';

export type { RowId, Version, WbsRelation, WbsRow };

export type ItemId = RowId;

export type ScaleUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** A grid cell by visible row index and column index (in displayed column order). */
export interface CellRef {
  readonly row: number;
  readonly col: number;
}

export interface Selection {
  /** Where the range started (Shift+arrows and drags keep it). */
  readonly anchor: CellRef;
  /** The focused cell: the range's moving corner. */
  readonly focus: CellRef;
  /** Ranges selected before with Ctrl+click (Ctrl+drag), in the order they were; moves drop them. */
  readonly extra?: readonly CellRange[];
}

export interface CellRange {
  readonly r0: number;
  readonly r1: number;
  readonly c0: number;
  readonly c1: number;
}

export function rangeOf(sel: Selection): CellRange {
  return {
    r0: Math.min(sel.anchor.row, sel.focus.row),
    r1: Math.max(sel.anchor.row, sel.focus.row),
    c0: Math.min(sel.anchor.col, sel.focus.col),
    c1: Math.max(sel.anchor.col, sel.focus.col),
  };
}

/**
 * The rows of every selected range, in the order the ranges were selected (each range top to
 * bottom), each once: what the row commands act on (the link command links them in this order).
 */
export function selectedRows(sel: Selection): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const r of [...(sel.extra ?? []), rangeOf(sel)])
    for (let i = r.r0; i <= r.r1; i++)
      if (!seen.has(i)) {
        seen.add(i);
        out.push(i);
      }
  return out;
}

/** The selected columns of a row over every range ([first, last]), or null. */
export function selectedColumnsOf(sel: Selection, row: number): readonly [number, number] | null {
  let c0 = Infinity;
  let c1 = -1;
  for (const r of [...(sel.extra ?? []), rangeOf(sel)])
    if (row >= r.r0 && row <= r.r1) {
      c0 = Math.min(c0, r.c0);
      c1 = Math.max(c1, r.c1);
    }
  return c1 < 0 ? null : [c0, c1];
}

/** Column ids as the domain names them (src/domain/wbs/columns.ts), plus `attr:<key>`. */
export type ColumnId = string;

/** A column's place in the per-user layout of the version. */
export interface ColumnLayout {
  readonly id: ColumnId;
  readonly width: number;
  readonly visible: boolean;
}

/** What the grid and the Gantt read for one visible row (built on demand, never stored). */
export interface RowView {
  readonly index: number;
  readonly row: WbsRow;
  readonly level: number;
  readonly hasChildren: boolean;
  readonly expanded: boolean;
  /** Outline number (1, 1.1, 1.2 …), computed when read. */
  readonly outline: string;
  /** The tree index the view was read from: the outline can only change when it does. */
  readonly tree: object;
  /** Schedule results (derived); NaN when not calculated. */
  readonly es: number;
  readonly ef: number;
  readonly tf: number;
  readonly ff: number;
  /** Start float and finish float; NaN when not calculated (or stored dates only). */
  readonly startFloat: number;
  readonly finishFloat: number;
  readonly critical: boolean;
  /**
   * Percent complete as scheduled: the row's own, a summary's rolled up from the rows under it
   * (weighted by planned duration, as P6's WBS rows). NaN when not calculated.
   */
  readonly percentComplete: number;
  readonly targetStart: number;
  readonly targetFinish: number;
}

export type EditingState = {
  readonly row: number;
  readonly col: number;
  readonly initial: string | null;
} | null;

/** A cell a paste or an edit could not convert: kept unchanged and marked with this message key. */
export interface CellIssue {
  readonly id: ItemId;
  readonly column: ColumnId;
  readonly messageKey: string;
  readonly value: string;
  readonly params?: Record<string, unknown>;
}

/** The key of a cell's mark in the store's issues map. */
export const issueKey = (id: ItemId, column: ColumnId): string => `${id}|${column}`;

/** A cell's mark, if any. While no cell is marked (nearly always) no key is made for the cells in view. */
export function issueOf(
  issues: ReadonlyMap<string, CellIssue>,
  id: ItemId,
  column: ColumnId,
): CellIssue | undefined {
  return issues.size > 0 ? issues.get(issueKey(id, column)) : undefined;
}
