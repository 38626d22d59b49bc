// Cell commands: edit, commit an edit, clear, copy/cut (TSV + HTML), matrix paste (one undo step,
// unconvertible cells marked and left unchanged, rows added past the end) and fill down.

import { dayStartMinutes, defaultCalendarOf } from '../../domain/schedule/default-options';
import type { ConvertContext, WorkTimeContext } from '../../domain/wbs';
import { editCell, fillDown, pasteMatrix, updateValues } from '../../domain/wbs';
import { calendarIndex } from './bar-commands';
import type { CellTextContext } from './cell-text';
import { cellText } from './cell-text';
import { parseClipboard, serializeClipboard } from '../../domain/clipboard';
import { columnDef, displayedColumns } from './columns';
import type { Command } from './commands';
import { newRowFields } from './commands-rows';
import { commitChange, rowAt } from './data';
import { bounds } from './commands-nav';
import { moveSelection } from './selection';
import { services } from './services';
import type { WorkbenchState } from './store';
import { workbench } from './store';
import type { CellIssue } from './types';
import { issueKey, rangeOf } from './types';
import { rememberedT } from './remembered-t';
import { executorOfRow, nameExecutorByLogin } from './executor-column';

export function textContext(s: WorkbenchState = workbench.get()): CellTextContext {
  const sv = services();
  // A row without a calendar runs on the version's default one (the worker's options): name it.
  const fallback = defaultCalendarOf(s.calendars);
  return {
    lang: sv.lang(),
    t: rememberedT((k, p) => sv.t(k, p)),
    hoursPerDay: (id) => sv.hoursPerDay(id),
    calendarName: (id) =>
      id === null ? (fallback?.name ?? '') : (s.calendars.find((c) => c.id === id)?.name ?? id),
    workBetween: (id, from, to) => calendarIndex(id).between(from, to),
    formulaValue: (key, rowId) => s.formulaValues.get(rowId)?.[key],
    acceptedDates: (rowId) => s.curatorDates.get(rowId),
    executor: executorOfRow(),
  };
}

/** The version's working time: its data date (today when none is set) and calendars. */
function workTimeContext(s: WorkbenchState = workbench.get()): WorkTimeContext {
  return { dataDate: s.version?.data_date ?? dayStartMinutes(new Date()), calendar: calendarIndex };
}

export function convertContext(s: WorkbenchState = workbench.get()): ConvertContext {
  const sv = services();
  return {
    hoursPerDay: (id) => sv.hoursPerDay(id),
    calendars: s.calendars.map((c) => ({ id: c.id, name: c.name })),
    slashOrder: sv.lang() === 'ru' ? 'dmy' : 'mdy',
    workTime: workTimeContext(s),
  };
}

/**
 * The command's unconverted cells replace the marks of the last one. No marks before and none now
 * keeps the map as it is: a new map would re-render every row in view (GridRow compares it).
 */
function report(issues: CellIssue[]): void {
  if (issues.length === 0 && workbench.get().issues.size === 0) return;
  workbench.set({ issues: new Map(issues.map((i) => [issueKey(i.id, i.column), i])) });
  if (issues.length === 0) return;
  const sv = services();
  const lines = issues
    .slice(0, 5)
    .map((i) => `${i.value ? `"${i.value}": ` : ''}${sv.t(i.messageKey, i.params)}`);
  if (issues.length > 5) lines.push(sv.t('paste.more', { count: issues.length - 5 }));
  sv.notify('warning', sv.t('paste.unconverted', { count: issues.length }), lines);
}

function focusedColumn(s: WorkbenchState) {
  const cols = displayedColumns(s.columns);
  const layout = cols[s.selection.focus.col];
  return layout ? columnDef(layout.id) : null;
}

/** Start editing the focused cell; `initial` replaces its text (typing starts an edit). */
export function startEdit(initial: string | null = null): void {
  const s = workbench.get();
  const col = focusedColumn(s);
  if (!col || (col.domain.kind === 'readonly' && !col.person) || s.version?.locked || !s.visible.ids.length)
    return;
  // A group's header row (a grouped layout) is not a row of the version.
  if (!rowAt(s, s.selection.focus.row)) return;
  // Another project's activity is read-only: say why instead of opening an editor.
  const ext = rowAt(s, s.selection.focus.row)?.row.sched?.external;
  if (ext) {
    const sv = services();
    sv.notify('info', sv.t('wbs.external_read_only', { project: ext.project ?? '' }));
    return;
  }
  workbench.set({ editing: { row: s.selection.focus.row, col: s.selection.focus.col, initial } });
}

export function cancelEdit(): void {
  workbench.set({ editing: null });
}

/** Commit the editor's text, then move ('down' for Enter, 'next' for Tab). */
export function commitEdit(text: string, then: 'down' | 'next' | 'prev' | 'none' = 'down'): void {
  const s = workbench.get();
  const ed = s.editing;
  if (!ed) return;
  const id = rowAt(s, ed.row)?.row.id;
  const col = columnDef(displayedColumns(s.columns)[ed.col]!.id);
  workbench.set({ editing: null });
  // The executor is not a field of the row: the row-people call names them (one undo step too).
  if (id && col.person && s.versionId) nameExecutorByLogin(s.versionId, id, text);
  else if (id) {
    const c = editCell(s.wbs.doc, s.wbs.index, id, col.domain, text, convertContext(s));
    commitChange(c, 'cmd.edit');
    report(
      c.result.map((r) => ({
        id: r.id,
        column: r.columnId,
        messageKey: r.key,
        value: text,
        params: r.params,
      })),
    );
  }
  if (then !== 'none') {
    const now = workbench.get();
    workbench.set({ selection: moveSelection(now.selection, then, false, bounds(now)) });
  }
}

function rangeColumns(s: WorkbenchState) {
  const { c0, c1 } = rangeOf(s.selection);
  return displayedColumns(s.columns)
    .slice(c0, c1 + 1)
    .map((c) => columnDef(c.id));
}

function rangeMatrix(s: WorkbenchState): string[][] {
  const { r0, r1 } = rangeOf(s.selection);
  const cols = rangeColumns(s);
  const ctx = textContext(s);
  const out: string[][] = [];
  for (let r = r0; r <= r1; r++) {
    const row = rowAt(s, r);
    if (row) out.push(cols.map((c) => cellText(row, c, ctx, 'copy')));
  }
  return out;
}

/** The selected range as a matrix of cell texts (copy format). */
export function copyMatrix(): string[][] {
  return rangeMatrix(workbench.get());
}

async function copy(): Promise<void> {
  const m = rangeMatrix(workbench.get());
  const out = serializeClipboard(m);
  await services().writeClipboard(out['text/plain'], out['text/html']);
}

function clear(): void {
  const s = workbench.get();
  const { r0, r1 } = rangeOf(s.selection);
  const ids = s.visible.ids.slice(r0, r1 + 1);
  // Cells that cannot be empty (duration, percent, type) are left as they are, as an empty paste does.
  const cols = rangeColumns(s).filter(
    (c) => !['readonly', 'duration', 'percent', 'nodeType'].includes(c.domain.kind) && c.id !== 'name',
  );
  const edits = ids.flatMap((id) => cols.map((c) => ({ id, column: c.domain, value: null })));
  const c = updateValues(s.wbs.doc, s.wbs.index, edits, { workTime: workTimeContext(s) });
  commitChange(c, 'cmd.clearCells');
}

/** Paste a matrix of raw strings at the focused cell (exported for tests and the benchmark). */
export function pasteAtFocus(matrix: readonly (readonly string[])[]): void {
  const s = workbench.get();
  if (matrix.length === 0 || s.version?.locked) return;
  const cols = displayedColumns(s.columns)
    .slice(s.selection.focus.col)
    .map((c) => columnDef(c.id).domain);
  const ctx = { ...convertContext(s), newId: () => services().newId() };
  const c = pasteMatrix(
    s.wbs.doc,
    s.wbs.index,
    {
      visibleIds: s.visible.ids,
      row: s.selection.focus.row,
      columns: cols,
      matrix,
      newRowFields: newRowFields(s),
    },
    ctx,
  );
  commitChange(c, 'cmd.paste');
  const failures = c.result.failures.map((f) => ({
    id: f.rowId,
    column: f.columnId,
    messageKey: f.key,
    value: matrix[f.row]?.[f.col] ?? '',
    params: f.params,
  }));
  report(failures);
  const { row, col } = s.selection.focus;
  const width = Math.min(
    cols.length,
    matrix.reduce((w, r) => Math.max(w, r.length), 0),
  );
  workbench.set({
    // Excel keeps the active cell at the top left of the pasted range.
    selection: {
      anchor: { row: row + matrix.length - 1, col: col + Math.max(0, width - 1) },
      focus: { row, col },
    },
  });
}

async function paste(): Promise<void> {
  const { text, html } = await services().readClipboard();
  pasteAtFocus(parseClipboard({ html, text }));
}

function fill(): void {
  const s = workbench.get();
  const { r0, r1 } = rangeOf(s.selection);
  if (r1 <= r0) return;
  const c = fillDown(
    s.wbs.doc,
    s.wbs.index,
    s.visible.ids.slice(r0, r1 + 1),
    rangeColumns(s).map((d) => d.domain),
    { workTime: workTimeContext(s) },
  );
  commitChange(c, 'cmd.fillDown');
}

const editable = (s: WorkbenchState) =>
  s.loadState === 'ready' && !s.version?.locked && s.visible.ids.length > 0;

export const editCommands: readonly Command[] = [
  { id: 'edit', labelKey: 'cmd.edit', enabled: editable, perform: () => startEdit(null) },
  { id: 'clearCells', labelKey: 'cmd.clearCells', enabled: editable, perform: clear },
  { id: 'copy', labelKey: 'cmd.copy', enabled: (s) => s.visible.ids.length > 0, perform: copy },
  {
    id: 'cut',
    labelKey: 'cmd.cut',
    enabled: editable,
    perform: async () => {
      await copy();
      clear();
    },
  },
  {
    id: 'paste',
    labelKey: 'cmd.paste',
    enabled: (s) => s.loadState === 'ready' && !s.version?.locked,
    perform: paste,
  },
  { id: 'fillDown', labelKey: 'cmd.fillDown', enabled: editable, perform: fill },
];
