// Matrix paste (Ctrl+V of a range from Excel): raw strings land at the focused cell, each column
// converted by its type; rows past the end of the view are created; cells that cannot be
// converted are reported and left unchanged. One command, so one undo step (STYLE practice 10).

import { change, type WbsChange } from './change';
import { convertCell, writeCell, type ConvertContext, type WbsColumn } from './columns';
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
import { refuseValue } from './values';

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

  return change(doc, (draft) => {
    const failures: PasteFailure[] = [];
    const createdIds: RowId[] = [];
    const rowIds = [...existing];
    for (const key of keys) {
      const id = ctx.newId();
      draft.rows.set(id, newRow(id, opts.newRowType ?? 'task', parentId, key, {}, opts.defaultDuration));
      createdIds.push(id);
      rowIds.push(id);
    }
    const created = new Set(createdIds);
    for (let i = 0; i < matrix.length; i++) {
      const id = rowIds[i]!;
      const line = matrix[i]!;
      // Read the row as it is now (created rows exist only in the draft).
      const row = created.has(id) ? (draft.rows.get(id) as WbsRow) : doc.rows.get(id)!;
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
          writeCell(draft.rows.get(id)!, column, c.value);
        }
      }
    }
    return { failures, createdIds, rowIds };
  });
}
