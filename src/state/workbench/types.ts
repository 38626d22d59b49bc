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
  readonly critical: boolean;
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
