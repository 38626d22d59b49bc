// Ctrl+F: find text in the displayed columns of the visible rows, from the focused cell on,
// wrapping around. Moves the selection to the match (a view change, not history).

import { cellText } from './cell-text';
import { textContext } from './commands-edit';
import { columnDef, displayedColumns } from './columns';
import { rowAt } from './data';
import { workbench } from './store';

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
