// Matrix paste (Ctrl+V of a range from Excel): raw strings land at the focused cell, each column
// converted by its type; rows past the end of the view are created; cells that cannot be
// converted are reported and left unchanged. One command, so one undo step (STYLE practice 10).

import type { Draft } from 'immer';
import { change, type WbsChange } from './change';
import { nextActivityCodes } from './codes';
import { convertCell, writeCell, type ConvertContext, type WbsColumn } from './columns';
import { settleProgress } from './progress';
import { keysBetween } from './order-key';
import { childrenOf, siblingIndex, type TreeIndex } from './tree-index';
import {
  newRow,
  type IdSource,
  type NodeType,
  type Refusal,
  type RowId,
  type WbsDoc,
  type WbsRow,
} from './types';
import { refuseValue, touchesProgress } from './values';

export interface PasteOptions {
  /** Row ids of the visible view, in order. */
  visibleIds: readonly RowId[];
  /** Index in visibleIds of the focused cell's row. */
  row: number;
  /** The visible columns from the focused column on (matrix column j goes to columns[j]). */
  columns: readonly WbsColumn[];
  /** Rows × columns of raw strings (clipboard/ parses TSV and HTML into this). */
  matrix: readonly (readonly string[])[];
  /** Type of the rows created past the end (default 'task'). */
  newRowType?: NodeType;
  defaultDuration?: number;
  /**
   * Field values of the rows created past the end (the version's default calendar); they get the
   * next activity codes too when the schedule numbers its activities (codes.ts).
   */
  newRowFields?: Partial<Omit<WbsRow, 'id' | 'parentId' | 'orderKey' | 'nodeType'>>;
}

export interface PasteFailure {
  /** Position in the matrix. */
  row: number;
  col: number;
  rowId: RowId;
  columnId: string;
  key: string;
  params?: Record<string, string | number | readonly string[]>;
}

export interface PasteResult {
  failures: PasteFailure[];
  createdIds: RowId[];
  /** Ids of the rows the matrix covers, in matrix order. */
  rowIds: RowId[];
}

export function pasteMatrix(
  doc: WbsDoc,
  index: TreeIndex,
  opts: PasteOptions,
  ctx: ConvertContext & IdSource,
): WbsChange<PasteResult> {
  const { visibleIds, matrix, columns } = opts;
  const start = Math.max(0, Math.min(opts.row, visibleIds.length));
  const existing = visibleIds.slice(start, start + matrix.length);
  const missing = matrix.length - existing.length;

  // New rows go after the last visible row, as its siblings.
  const anchor = visibleIds[visibleIds.length - 1];
  const parentId = anchor ? doc.rows.get(anchor)!.parentId : null;
  let keys: string[] = [];
  if (missing > 0) {
    const after = anchor ? doc.rows.get(anchor)!.orderKey : null;
    const sibs = childrenOf(index, parentId);
    const next = anchor ? sibs[siblingIndex(index, doc.rows, anchor) + 1] : sibs[0];
    keys = keysBetween(after, next ? doc.rows.get(next)!.orderKey : null, missing);
  }

  const newType = opts.newRowType ?? 'task';
  const codes = keys.length > 0 && newType !== 'sum' ? nextActivityCodes(doc, keys.length, anchor) : null;

  return change(doc, (draft) => {
    const failures: PasteFailure[] = [];
    const createdIds: RowId[] = [];
    const rowIds = [...existing];
    // Created rows as they were before the matrix was written into them.
    const fresh = new Map<RowId, WbsRow>();
    keys.forEach((key, k) => {
      const id = ctx.newId();
      const fields = codes ? { ...opts.newRowFields, code: codes[k]! } : (opts.newRowFields ?? {});
      const row = newRow(id, newType, parentId, key, fields, opts.defaultDuration);
      draft.rows.set(id, row);
      // A copy: a value set into the draft is written in place, not drafted.
      fresh.set(id, { ...row });
      createdIds.push(id);
      rowIds.push(id);
    });
    const created = new Set(createdIds);
    for (let i = 0; i < matrix.length; i++) {
      const id = rowIds[i]!;
      const line = matrix[i]!;
      // Read the row as it is now (created rows exist only in the draft).
      const row = created.has(id) ? (draft.rows.get(id) as WbsRow) : doc.rows.get(id)!;
      // The row's draft, fetched once on its first write (a read through the draft copies the row).
      let target: Draft<WbsRow> | null = null;
      let progress = false;
      for (let j = 0; j < line.length && j < columns.length; j++) {
        const column = columns[j]!;
        const c = convertCell(line[j]!, column, row, ctx);
        if (c.ok === 'skip') continue;
        let why: Refusal | null = c.ok ? refuseValue(doc, index, { id, column, value: c.value }) : c;
        // Rows created by this paste are not in `doc` yet; that refusal does not apply to them.
        if (why?.key === 'wbs.missing_row' && created.has(id)) why = null;
        if (why) {
          failures.push({
            row: i,
            col: j,
            rowId: id,
            columnId: column.id,
            key: why.key,
            ...(why.params ? { params: why.params } : {}),
          });
        } else if (c.ok) {
          writeCell((target ??= draft.rows.get(id)!), column, c.value);
          progress ||= touchesProgress(column);
        }
      }
      if (progress && ctx.workTime && target) settleProgress(target, fresh.get(id) ?? row, ctx.workTime);
    }
    return { failures, createdIds, rowIds };
  });
}
