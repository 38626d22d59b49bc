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
import type { WbsChange } from '../../domain/wbs';
import { canRedo, canUndo } from '../../domain/history';
import type { Command } from './commands';
import { commitChange, redo, setExpanded, undo } from './data';
import { services } from './services';
import type { WorkbenchState } from './store';
import { workbench } from './store';
import { rangeOf } from './types';

/** Above this many rows, Delete shows the 'too many WBS items to remove' notice instead. */
export const DELETE_LIMIT = 5000;

export function selectedIds(s: WorkbenchState): RowId[] {
  const { r0, r1 } = rangeOf(s.selection);
  return s.visible.ids.slice(r0, r1 + 1);
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

function create(nodeType: NodeType): void {
  const s = workbench.get();
  const focus = s.visible.ids[s.selection.focus.row];
  const c = createRows(
    s.wbs.doc,
    s.wbs.index,
    { nodeType, at: focus ? { after: focus } : { atEnd: true } },
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
      const c: WbsChange<RowId[]> = fn(s.wbs.doc, s.wbs.index, ids);
      if (!commitChange(c, `cmd.${id}`)) return;
      if (expandParents) reveal(c.result);
      selectIds(ids[0]!, ids[ids.length - 1], focusFirst);
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

/** Link the selected rows into a finish-to-start chain (sums skipped); refusals are reported. */
export function linkSelected(): void {
  const s = workbench.get();
  const ids = selectedIds(s).filter((id) => s.wbs.doc.rows.get(id)?.nodeType !== 'sum');
  if (ids.length < 2) return;
  const inputs = ids.slice(1).map((succId, i) => ({ predId: ids[i]!, succId, type: 'fs' as const }));
  linkRows(inputs);
}

export function linkRows(
  inputs: readonly { predId: RowId; succId: RowId; type?: 'fs' | 'ss' | 'ff' | 'sf'; lag?: number }[],
): boolean {
  const s = workbench.get();
  const c = addRelations(s.wbs.doc, inputs, { newId: () => services().newId() });
  commitChange(c, 'cmd.link', 'undo_relation');
  const refused = c.result.refused;
  if (refused.length > 0) {
    const sv = services();
    const rows = s.wbs.doc.rows;
    const lines = refused.map((r) => {
      const path = (r.params?.path as readonly string[] | undefined)
        ?.map((id) => rows.get(id)?.name || id)
        .join(' → ');
      return sv.t(r.key, { ...r.params, path });
    });
    sv.notify('error', sv.t('link.refused'), lines);
  }
  return c.result.added.length > 0;
}

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
