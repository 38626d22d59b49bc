// Mouse selection in the grid: press on a cell to focus it (Shift extends the range, Ctrl or Cmd
// adds a range to the selection), drag to extend, double-click to edit. Cells are found by their data-row / data-col attributes.

import { useCallback, useEffect, useRef } from 'react';
import { rangeOf, type CellRef } from '../state/workbench/types';
import type { GridHost, GridRowView } from './grid-host';

function cellAt(target: EventTarget | null): CellRef | null {
  const el = target instanceof Element ? target : null;
  const cell = el?.closest('[data-col]');
  const row = el?.closest('[data-row]');
  if (!cell || !row) return null;
  return { row: Number(row.getAttribute('data-row')), col: Number(cell.getAttribute('data-col')) };
}

export function useGridMouse<V extends GridRowView>(
  scrollRef: { readonly current: HTMLDivElement | null },
  host: GridHost<V>,
) {
  const store = host.store;
  const dragging = useRef(false);

  useEffect(() => {
    const move = (e: MouseEvent) => {
      if (!dragging.current) return;
      const c = cellAt(document.elementFromPoint(e.clientX, e.clientY));
      if (!c) return;
      const s = store.get();
      if (s.selection.focus.row !== c.row || s.selection.focus.col !== c.col) {
        store.set({ selection: { ...s.selection, focus: c } });
      }
    };
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
    return () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
  }, [store]);

  const onMouseDown = useCallback(
    (e: React.MouseEvent) => {
      if (e.button !== 0) return;
      const c = cellAt(e.target);
      if (!c) return;
      if ((e.target as Element).closest('.wb-editor')) return;
      const s = store.get();
      if (s.editing && (s.editing.row !== c.row || s.editing.col !== c.col)) {
        // The editor commits on blur; the selection then moves to the clicked cell.
        (document.activeElement as HTMLElement | null)?.blur();
      }
      const sel = s.selection;
      store.set({
        selection: e.shiftKey
          ? { ...sel, focus: c }
          : e.ctrlKey || e.metaKey
            ? { anchor: c, focus: c, extra: [...(sel.extra ?? []), rangeOf(sel)] }
            : { anchor: c, focus: c },
      });
      dragging.current = true;
      scrollRef.current?.focus({ preventScroll: true });
      e.preventDefault();
    },
    [scrollRef, store],
  );

  const onDoubleClick = useCallback(
    (e: React.MouseEvent) => {
      const c = cellAt(e.target);
      if (!c) return;
      store.set({ selection: { anchor: c, focus: c } });
      host.startEdit(null);
    },
    [host, store],
  );

  return { onMouseDown, onDoubleClick };
}
