// Ctrl+F: find text in the displayed columns of the visible rows, from the focused cell on,
// wrapping around. Moves the selection to the match (a view change, not history).

import { cellText } from './cell-text';
import { textContext } from './commands-edit';
import { columnDef, displayedColumns } from './columns';
import { rowAt, viewOf } from './data';
import { rowRunsFor } from '../../domain/bim/selection';
import { scrollTopShowing } from './scroll';
import { workbench } from './store';
import { arrangeOf } from './arrange';

/** Returns true when a match was found and selected. */
export function findNext(query: string, dir: 1 | -1 = 1): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return false;
  const s = workbench.get();
  const cols = displayedColumns(s.columns).map((c) => columnDef(c.id));
  const n = s.visible.ids.length;
  if (n === 0 || cols.length === 0) return false;
  const ctx = textContext(s);
  const total = n * cols.length;
  const start = s.selection.focus.row * cols.length + s.selection.focus.col;
  let lastRow = -1;
  let view = null as ReturnType<typeof rowAt>;
  for (let k = 1; k <= total; k++) {
    const pos = (((start + dir * k) % total) + total) % total;
    const row = Math.floor(pos / cols.length);
    const col = pos % cols.length;
    if (row !== lastRow) {
      view = rowAt(s, row);
      lastRow = row;
    }
    if (view && cellText(view, cols[col]!, ctx).toLowerCase().includes(q)) {
      workbench.set({
        selection: { anchor: { row, col }, focus: { row, col } },
        find: { open: true, query },
      });
      return true;
    }
  }
  return false;
}

export function closeFind(): void {
  workbench.set({ find: { ...workbench.get().find, open: false } });
}

/**
 * Select the row with this id (the `row` parameter of the schedule's address: the project grid
 * opens a schedule on a row), opening its collapsed parents and scrolling it to the middle.
 * Returns false when the version has no such row.
 */
export function selectRowById(id: string): boolean {
  const s = workbench.get();
  const rows = s.wbs.doc.rows;
  if (!rows.has(id)) return false;
  const closed: string[] = [];
  for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null)
    if (!s.expanded.has(p)) closed.push(p);
  if (closed.length > 0) {
    const expanded = new Set([...s.expanded, ...closed]);
    workbench.set({ expanded, visible: viewOf(s.wbs.index, expanded, s.filterShown, arrangeOf(s)) });
  }
  const now = workbench.get();
  const row = now.visible.ids.indexOf(id);
  if (row < 0) return false;
  const col = now.selection.focus.col;
  const scrollTop = scrollTopShowing(now, row, now.visible.ids.length, true);
  workbench.set({ selection: { anchor: { row, col }, focus: { row, col } }, scrollTop });
  return true;
}

/**
 * Select the rows with these ids: their collapsed parents open, each run of them in view order is
 * a range of the selection (the first the focused one, scrolled into view when outside it) (the 3D pane: an element picked in the model selects its rows).
 * Returns false when none of them is in the version.
 */
export function selectRowsById(ids: readonly string[]): boolean {
  const s = workbench.get();
  const rows = s.wbs.doc.rows;
  const known = ids.filter((id) => rows.has(id));
  if (known.length === 0) return false;
  const closed = new Set<string>();
  for (const id of known)
    for (let p = rows.get(id)?.parentId ?? null; p !== null; p = rows.get(p)?.parentId ?? null)
      if (!s.expanded.has(p)) closed.add(p);
  if (closed.size > 0) {
    const expanded = new Set([...s.expanded, ...closed]);
    workbench.set({ expanded, visible: viewOf(s.wbs.index, expanded, s.filterShown) });
  }
  const now = workbench.get();
  const runs = rowRunsFor(now.visible.ids, new Set(known));
  const range = runs[0];
  if (!range) return false;
  const col = now.selection.focus.col;
  const scrollTop = scrollTopShowing(now, range.first, now.visible.ids.length);
  const extra = runs.slice(1).map((r) => ({ r0: r.first, r1: r.last, c0: col, c1: col }));
  workbench.set({
    selection: {
      anchor: { row: range.first, col },
      focus: { row: range.last, col },
      ...(extra.length ? { extra } : {}),
    },
    scrollTop,
  });
  return true;
}
