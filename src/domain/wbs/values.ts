// Value edits: set typed values, convert-and-set typed text (one cell editor), and fill down.

import { change, type WbsChange } from './change';
import {
  convertCell,
  readCell,
  writeCell,
  type CellValue,
  type ConvertContext,
  type WbsColumn,
} from './columns';
import { settleProgress, type WorkTimeContext } from './progress';
import type { TreeIndex } from './tree-index';
import type { Refusal, RowId, WbsDoc } from './types';

export interface CellEdit {
  id: RowId;
  column: WbsColumn;
  value: CellValue;
}

export interface CellRefusal extends Refusal {
  id: RowId;
  columnId: string;
}

/** Fields whose edit moves a row's actual dates (progress.ts). */
const PROGRESS_FIELDS: ReadonlySet<string> = new Set(['percentComplete', 'duration', 'actualFinish']);

/** Whether writing this column can change what a row's progress implies. */
export function touchesProgress(column: WbsColumn): boolean {
  return column.attribute === undefined && column.field !== undefined && PROGRESS_FIELDS.has(column.field);
}

/** Why a value cannot go into a row, beyond its format (null = fine). */
export function refuseValue(doc: WbsDoc, index: TreeIndex, edit: CellEdit): Refusal | null {
  if (edit.column.kind === 'readonly') return { key: 'wbs.read_only', params: { column: edit.column.id } };
  if (edit.column.kind === 'nodeType' && edit.value !== 'sum' && index.children.has(edit.id)) {
    return { key: 'wbs.type_has_children' };
  }
  const row = doc.rows.get(edit.id);
  if (!row) return { key: 'wbs.missing_row' };
  // Another project's activity (a multi-project import) keeps the dates its own project gave it.
  const ext = row.sched?.external;
  if (ext) return { key: 'wbs.external_read_only', params: { project: ext.project ?? '' } };
  // A summary's duration and progress are rolled up from its rows.
  if (row.nodeType === 'sum' && (edit.column.kind === 'duration' || edit.column.kind === 'percent'))
    return { key: 'wbs.read_only', params: { column: edit.column.id } };
  return null;
}

/** Options of the value edits: the version's working time keeps progress and actual dates in step. */
export interface EditOptions {
  workTime?: WorkTimeContext;
}

/** Set typed values; refused edits are reported and left out. */
export function updateValues(
  doc: WbsDoc,
  index: TreeIndex,
  edits: readonly CellEdit[],
  options: EditOptions = {},
): WbsChange<CellRefusal[]> {
  return change(doc, (draft) => {
    const refused: CellRefusal[] = [];
    const settle = new Set<RowId>();
    for (const e of edits) {
      const why = refuseValue(doc, index, e);
      if (why) refused.push({ ...why, id: e.id, columnId: e.column.id });
      else {
        writeCell(draft.rows.get(e.id)!, e.column, e.value);
        if (options.workTime && touchesProgress(e.column)) settle.add(e.id);
      }
    }
    for (const id of settle) settleProgress(draft.rows.get(id)!, doc.rows.get(id)!, options.workTime!);
    return refused;
  });
}

/** The cell editor's commit: convert the typed text, then set it (or report why not). */
export function editCell(
  doc: WbsDoc,
  index: TreeIndex,
  id: RowId,
  column: WbsColumn,
  raw: string,
  ctx: ConvertContext,
): WbsChange<CellRefusal[]> {
  const c = convertCell(raw, column, doc.rows.get(id) ?? null, ctx);
  if (c.ok === 'skip') return updateValues(doc, index, []);
  if (!c.ok)
    return {
      ...updateValues(doc, index, []),
      result: [{ key: c.key, params: c.params, id, columnId: column.id }],
    };
  return updateValues(doc, index, [{ id, column, value: c.value }], ctx);
}

/** Ctrl+D: copy the first row's values of the given columns into the other rows. */
export function fillDown(
  doc: WbsDoc,
  index: TreeIndex,
  ids: readonly RowId[],
  columns: readonly WbsColumn[],
  options: EditOptions = {},
): WbsChange<CellRefusal[]> {
  const source = doc.rows.get(ids[0] ?? '');
  if (!source) return updateValues(doc, index, []);
  const edits: CellEdit[] = [];
  for (const id of ids.slice(1)) {
    for (const column of columns) {
      if (column.kind === 'readonly') continue;
      edits.push({ id, column, value: readCell(source, column) });
      // A start/finish copy carries the limit type too, not only its date.
      if (column.kind === 'start' || column.kind === 'finish') {
        const f = column.kind === 'start' ? 'startLimitType' : 'finishLimitType';
        edits.push({ id, column: { id: column.id, kind: 'text', field: f }, value: source[f] });
      }
    }
  }
  return updateValues(doc, index, edits, options);
}
