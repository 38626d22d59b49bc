// Tree commands on the selected rows: create, delete, indent, outdent, move, link, undo, redo.
// Each runs a pure domain command (src/domain/wbs) and commits its patches as one history step.

import type { NodeType, RowId } from '../../domain/wbs';
import {
  addRelations,
  countDeleted,
  createRows,
  deleteRows,
  indent,
  moveDown,
  moveUp,
  outdent,
} from '../../domain/wbs';
import type { MovedRows, WbsChange, WbsRelation } from '../../domain/wbs';
import { canRedo, canUndo } from '../../domain/history';
import { defaultCalendarOf } from '../../domain/schedule/default-options';
import type { Command } from './commands';
import { commitChange, redo, setExpanded, undo } from './data';
import { services } from './services';
import type { WorkbenchState } from './store';
import { workbench } from './store';
import { selectedRows } from './types';

/** Above this many rows, Delete shows the 'too many WBS items to remove' notice instead. */
export const DELETE_LIMIT = 5000;

export function selectedIds(s: WorkbenchState): RowId[] {
  const ids: RowId[] = [];
  for (const i of selectedRows(s.selection)) {
    const id = s.visible.ids[i];
    // Not a group's header row (a grouped layout): it is not a row of the version.
    if (id !== undefined && s.wbs.doc.rows.has(id)) ids.push(id);
  }
  return ids;
}

const hasRows = (s: WorkbenchState) => s.visible.ids.length > 0 && s.loadState === 'ready';
const ready = (s: WorkbenchState) => s.loadState === 'ready' && !s.version?.locked;

/**
 * Re-select rows by id after the view changed (they may have moved). The focus (the cell the
 * view follows) goes to the last row, or with `focusFirst` stays on the first, as it was.
 */
export function selectIds(first: RowId, last: RowId = first, focusFirst = false): void {
  const s = workbench.get();
  const a = s.visible.ids.indexOf(first);
  const b0 = s.visible.ids.indexOf(last);
  if (a < 0) return;
  const b = b0 < 0 ? a : b0;
  const col = s.selection.focus.col;
  const [anchor, focus] = focusFirst ? [b, a] : [a, b];
  workbench.set({ selection: { anchor: { row: anchor, col }, focus: { row: focus, col } } });
}

/** Make sure the given rows are visible (their parents expanded). */
function reveal(ids: readonly RowId[]): void {
  const s = workbench.get();
  const rows = s.wbs.doc.rows;
  const need = new Set<RowId>();
  for (const id of ids)
    for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null)
      if (!s.expanded.has(p)) need.add(p);
  if (need.size > 0) setExpanded([...need], true);
}

/**
 * Fields every new row starts with: the version's default calendar (the space calendar flagged
 * default, the one the schedule runs on for rows without one), so the row shows and keeps it.
 */
export function newRowFields(s: WorkbenchState = workbench.get()): { calendarId?: string } {
  const cal = defaultCalendarOf(s.calendars);
  return cal ? { calendarId: cal.id } : {};
}

function create(nodeType: NodeType): void {
  const s = workbench.get();
  const at = s.visible.ids[s.selection.focus.row];
  const focus = at !== undefined && s.wbs.doc.rows.has(at) ? at : undefined;
  const c = createRows(
    s.wbs.doc,
    s.wbs.index,
    { nodeType, at: focus ? { after: focus } : { atEnd: true }, fields: newRowFields(s) },
    { newId: () => services().newId() },
  );
  if (!commitChange(c, `cmd.add_${nodeType}`)) return;
  const id = c.result[0]!;
  const after = workbench.get();
  const row = after.visible.ids.indexOf(id);
  const nameCol = 1;
  if (row >= 0)
    workbench.set({
      selection: { anchor: { row, col: nameCol }, focus: { row, col: nameCol } },
      editing: null,
    });
}

/** Names of a relation's ends for a message ("Excavation → Foundations"). */
function relationText(rel: WbsRelation): string {
  const rows = workbench.get().wbs.doc.rows;
  const name = (id: string) => rows.get(id)?.name || rows.get(id)?.code || id;
  return `${name(rel.predId)} → ${name(rel.succId)}`;
}

/** Tells the user which links a tree command removed (a summary cannot be linked to its own rows). */
function reportDropped(dropped: readonly WbsRelation[]): void {
  if (dropped.length === 0) return;
  const sv = services();
  const lines = dropped.slice(0, 5).map(relationText);
  if (dropped.length > 5) lines.push(sv.t('paste.more', { count: dropped.length - 5 }));
  sv.notify('info', sv.t('link.dropped', { count: dropped.length }), lines);
}

function tree(id: string, fn: typeof indent, expandParents: boolean): Command {
  return {
    id,
    labelKey: `cmd.${id}`,
    enabled: (s) => ready(s) && hasRows(s),
    perform: () => {
      const s = workbench.get();
      const ids = selectedIds(s);
      // The active cell stays at the end of the range it was on (the view does not jump).
      const focusFirst = s.selection.focus.row <= s.selection.anchor.row;
      const c: WbsChange<MovedRows> = fn(s.wbs.doc, s.wbs.index, ids);
      if (!commitChange(c, `cmd.${id}`)) return;
      if (expandParents) reveal(c.result);
      selectIds(ids[0]!, ids[ids.length - 1], focusFirst);
      reportDropped(c.result.droppedRelations);
    },
  };
}

async function deleteSelected(): Promise<void> {
  const s = workbench.get();
  const ids = selectedIds(s);
  if (ids.length === 0) return;
  const n = countDeleted(s.wbs.doc, s.wbs.index, ids);
  const sv = services();
  if (n > DELETE_LIMIT) {
    sv.notify('warning', sv.t('delete.too_many_title'), [
      sv.t('delete.too_many', { count: n, limit: DELETE_LIMIT }),
    ]);
    return;
  }
  const ok = await sv.confirm(sv.t('delete.confirm', { count: n }), {
    title: sv.t('delete.title'),
    submitLabel: sv.t('delete.submit'),
    danger: true,
  });
  if (!ok) return;
  const now = workbench.get();
  const c = deleteRows(now.wbs.doc, now.wbs.index, ids);
  commitChange(c, 'cmd.deleteRows');
  const after = workbench.get();
  const row = Math.min(now.selection.focus.row, Math.max(0, after.visible.ids.length - 1));
  const col = now.selection.focus.col;
  workbench.set({ selection: { anchor: { row, col }, focus: { row, col } } });
}

/**
 * Link the selected rows into a finish-to-start chain; refusals are reported. Summaries in the
 * selection are not linked (the chain runs through their tasks); with fewer than two tasks left
 * the command says why instead of doing nothing: a summary selected with one of its own rows
 * cannot be linked to it, otherwise at least two tasks are needed.
 */
export function linkSelected(): void {
  const s = workbench.get();
  const rows = s.wbs.doc.rows;
  const selected = selectedIds(s);
  const ids = selected.filter((id) => rows.get(id)?.nodeType !== 'sum');
  if (ids.length >= 2) {
    const inputs = ids.slice(1).map((succId, i) => ({ predId: ids[i]!, succId, type: 'fs' as const }));
    linkRows(inputs);
    return;
  }
  const sums = new Set(selected.filter((id) => rows.get(id)?.nodeType === 'sum'));
  const withOwnRow = selected.some((id) => {
    for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null)
      if (sums.has(p)) return true;
    return false;
  });
  const sv = services();
  sv.notify('warning', sv.t('link.refused'), [
    sv.t(withOwnRow ? 'wbs.relation_hierarchy' : 'link.need_two_tasks'),
  ]);
}

export function linkRows(
  inputs: readonly { predId: RowId; succId: RowId; type?: 'fs' | 'ss' | 'ff' | 'sf'; lag?: number }[],
): boolean {
  const s = workbench.get();
  if (s.version?.locked) return false;
  const c = addRelations(s.wbs.doc, inputs, { newId: () => services().newId() });
  commitChange(c, 'cmd.link', 'undo_relation');
  const refused = c.result.refused;
  if (refused.length > 0) {
    const sv = services();
    sv.notify('error', sv.t('link.refused'), refusalLines(refused, s.wbs.doc.rows));
  }
  return c.result.added.length > 0;
}

/**
 * One line per refused link, except that pairs already linked are counted in one line where
 * there are several (Ctrl+L over a chain linked before refuses every pair again). Each cycle keeps
 * its own line with its path, named by the rows' names.
 */
function refusalLines(
  refused: readonly { key: string; params?: Record<string, unknown> }[],
  rows: ReadonlyMap<RowId, { name: string }>,
): string[] {
  const sv = services();
  const duplicates = refused.filter((r) => r.key === DUPLICATE).length;
  const lines: string[] = [];
  let counted = false;
  for (const r of refused) {
    if (r.key === DUPLICATE && duplicates > 1) {
      if (!counted) lines.push(sv.t('wbs.relation_duplicate_count', { count: duplicates }));
      counted = true;
      continue;
    }
    const path = (r.params?.path as readonly string[] | undefined)
      ?.map((id) => rows.get(id)?.name || id)
      .join(' → ');
    lines.push(sv.t(r.key, { ...r.params, path }));
  }
  return lines;
}

const DUPLICATE = 'wbs.relation_duplicate';

export const rowCommands: readonly Command[] = [
  ...(['task', 'work', 'sum', 'milestone_finish'] as const).map((t) => ({
    id: `add_${t}`,
    labelKey: `cmd.add_${t}`,
    enabled: ready,
    perform: () => create(t),
  })),
  { id: 'insertRow', labelKey: 'cmd.insertRow', enabled: ready, perform: () => create('task') },
  {
    id: 'deleteRows',
    labelKey: 'cmd.deleteRows',
    enabled: (s) => ready(s) && hasRows(s),
    perform: deleteSelected,
  },
  tree('indent', indent, true),
  tree('outdent', outdent, false),
  tree('moveRowsUp', moveUp, false),
  tree('moveRowsDown', moveDown, false),
  { id: 'link', labelKey: 'cmd.link', enabled: (s) => ready(s) && hasRows(s), perform: linkSelected },
  { id: 'undo', labelKey: 'cmd.undo', enabled: (s) => canUndo(s.history), perform: () => void undo() },
  { id: 'redo', labelKey: 'cmd.redo', enabled: (s) => canRedo(s.history), perform: () => void redo() },
];
