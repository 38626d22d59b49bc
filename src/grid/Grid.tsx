// The grid: one scroll container (its scrollTop is the host's shared vertical scroll), a sticky
// header, and only the rows in view (@tanstack/react-virtual). Rows are read from the host by
// index, never copied. Keyboard: the bindings of keybindings.ts, run by the host; typing starts an
// edit; copy and paste go through the native clipboard events (TSV + HTML). What the rows are and
// what the commands do is the host's (grid-host.ts): the workbench's WBS rows (WbsGrid) or the
// space's resources (the Resources screen).

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { displayedColumns } from '../state/workbench/columns';
import { commandForKey } from '../state/workbench/keybindings';
import { rangeOf, selectedColumnsOf, type ColumnId, type ColumnLayout } from '../state/workbench/types';
import type { GridCells, GridHost, GridRowView } from './grid-host';
import { GridHeader } from './GridHeader';
import { cellId, GridRow } from './GridRow';
import {
  columnGeometry,
  columnWindow,
  moveColumn,
  resizeColumn,
  type ColumnGeometry,
  type ColumnWindow,
} from './layout';
import { useGridClipboard } from './use-grid-clipboard';
import { useGridMouse } from './use-grid-mouse';
import { textFitFor } from './text-fit';

/** The columns as the rows lay them out, for a special row's cells. */
export interface SpecialFrame {
  readonly cols: readonly ColumnLayout[];
  readonly geo: ColumnGeometry;
  readonly frozen: number;
  /** The scrolling columns rendered. */
  readonly win: ColumnWindow;
}

/** Copy, cut and paste are left to the browser's clipboard events (see use-grid-clipboard). */
const NATIVE = new Set(['copy', 'cut', 'paste']);

export interface GridProps<V extends GridRowView> {
  readonly host: GridHost<V>;
  readonly cells: GridCells<V>;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly label: string;
  /** A column's header text. */
  readonly columnName: (id: ColumnId) => string;
  /** Shown above the grid (the find bar); `focus` puts the focus back on the grid. */
  readonly above?: (focus: () => void) => ReactNode;
  /** A row that is not one of the host's rows (a group header), or null. */
  readonly special?: (index: number, top: number, selected: boolean, frame: SpecialFrame) => ReactNode | null;
  /** The column menu, when the header's corner button opened it. */
  readonly menu?: (close: () => void) => ReactNode;
}

export function Grid<V extends GridRowView>({
  host,
  cells,
  t,
  label,
  columnName,
  above,
  special,
  menu: menuOf,
}: GridProps<V>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { gridId, store } = host;
  const rows = host.useRows();
  const count = rows.count;
  const selection = store.use((s) => s.selection);
  const editing = store.use((s) => s.editing);
  const layout = store.use((s) => s.columns);
  const frozen = store.use((s) => s.frozen);
  const issues = store.use((s) => s.issues);
  const rowHeight = store.use((s) => s.rowHeight);
  const headerHeight = store.use((s) => s.headerHeight);
  const [menu, setMenu] = useState(false);
  const lastLeft = useRef(0);
  const [fit] = useState(() => textFitFor(() => scrollRef.current));

  const cols = useMemo(() => displayedColumns(layout), [layout]);
  const geo = useMemo(() => columnGeometry(cols), [cols]);
  // The horizontal view (scrollLeft, width): rows render only the columns in it.
  const [hView, setHView] = useState({ left: 0, width: Infinity });

  // Not compiled by the React Compiler; the grid re-renders from store selectors, not memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: headerHeight,
  });

  // Shared vertical scroll: another pane (the Gantt's wheel) writes the store; follow it here (no
  // re-render: the virtualizer re-renders on the element's own scroll event). Only a new value
  // is followed: an unrelated update arriving between a native scroll and its scroll event would
  // otherwise snap the grid back to where it was (a click then lands on another row).
  useEffect(() => {
    let last = store.get().scrollTop;
    if (scrollRef.current) scrollRef.current.scrollTop = last;
    return store.subscribe((s) => {
      if (s.scrollTop === last) return;
      last = s.scrollTop;
      const el = scrollRef.current;
      if (el && Math.abs(el.scrollTop - s.scrollTop) > 1) el.scrollTop = s.scrollTop;
    });
  }, [store]);

  // Viewport height for PageUp/PageDown and the Gantt; width for the rendered columns.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      store.set({ viewportHeight: el.clientHeight - headerHeight });
      setHView((h) => (h.width === el.clientWidth ? h : { ...h, width: el.clientWidth }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [headerHeight, store]);

  // Keep the focused cell in view.
  const { row: fRow, col: fCol } = selection.focus;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = fRow * rowHeight;
    const body = el.clientHeight - headerHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + body) el.scrollTop = top + rowHeight - body;
    const c = cols[fCol];
    if (c && fCol >= frozen) {
      const frozenW = frozen > 0 ? geo.left[frozen - 1]! + cols[frozen - 1]!.width : geo.left[0]!;
      const left = geo.left[fCol]!;
      if (left - frozenW < el.scrollLeft) el.scrollLeft = left - frozenW;
      else if (left + c.width > el.scrollLeft + el.clientWidth)
        el.scrollLeft = left + c.width - el.clientWidth;
    }
  }, [fRow, fCol, rowHeight, headerHeight, cols, geo, frozen]);

  // Back to the grid when an edit ends.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) scrollRef.current?.focus({ preventScroll: true });
    wasEditing.current = editing !== null;
  }, [editing]);

  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      if (host.keyDown?.(e)) return;
      if (store.get().editing) return;
      const cmd = commandForKey(e);
      if (cmd) {
        if (NATIVE.has(cmd) || leavesGrid(cmd, store.get(), count)) return;
        if (host.command(cmd)) e.preventDefault();
        return;
      }
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        host.startEdit(e.key);
      }
    },
    [host, store, count],
  );

  const mouse = useGridMouse(scrollRef, host);
  useGridClipboard(scrollRef, host);

  const onToggle = useCallback((id: string, open: boolean) => host.setExpanded(id, open), [host]);
  const onCommit = useCallback(
    (text: string, then: Parameters<typeof host.commitEdit>[1]) => host.commitEdit(text, then),
    [host],
  );
  const onCancel = useCallback(() => host.cancelEdit(), [host]);
  // Stable, so that the memoized header does not render again (and translate its labels) on
  // every scroll frame.
  const onResize = useCallback(
    (id: string, w: number) => store.set({ columns: resizeColumn(store.get().columns, id, w) }),
    [store],
  );
  const onMove = useCallback(
    (id: string, before: string | null) =>
      store.set({ columns: moveColumn(store.get().columns, id, before) }),
    [store],
  );
  const onMenu = useCallback(() => setMenu((m) => !m), []);
  const align = useCallback((id: ColumnId) => cells.align(id), [cells]);
  // One object while the same columns show, so that memoized rows stay as they are.
  const shown = columnWindow(geo, cols, frozen, hView.left, hView.width, fCol);
  const win = useMemo<ColumnWindow>(() => ({ from: shown.from, to: shown.to }), [shown.from, shown.to]);
  const frame = useMemo<SpecialFrame>(() => ({ cols, geo, frozen, win }), [cols, geo, frozen, win]);
  const range = rangeOf(selection);
  const items = virtualizer.getVirtualItems();
  const focusGrid = useCallback(() => scrollRef.current?.focus(), []);

  return (
    <div className="wb-grid-wrap">
      {above?.(focusGrid)}
      <div
        ref={scrollRef}
        className="wb-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={count + 1}
        aria-colcount={cols.length + 1}
        aria-multiselectable
        aria-activedescendant={count > 0 ? cellId(gridId, fRow, fCol) : undefined}
        tabIndex={0}
        style={{ '--wb-line': `${rowHeight - 1}px` } as React.CSSProperties}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollLeft !== lastLeft.current) {
            lastLeft.current = el.scrollLeft;
            el.style.setProperty('--wb-sl', `${el.scrollLeft}px`);
            el.classList.toggle('wb-hscrolled', el.scrollLeft > 0);
            const left = el.scrollLeft;
            const w = columnWindow(geo, cols, frozen, left, el.clientWidth, fCol);
            if (w.from !== win.from || w.to !== win.to) setHView({ left, width: el.clientWidth });
          }
          if (el.scrollTop !== store.get().scrollTop) store.set({ scrollTop: el.scrollTop });
        }}
        {...mouse}
      >
        <GridHeader
          cols={cols}
          geo={geo}
          frozen={frozen}
          height={headerHeight}
          t={t}
          label={columnName}
          align={align}
          onResize={onResize}
          onMove={onMove}
          onMenu={menuOf ? onMenu : undefined}
        />
        <div className="wb-body" style={{ height: virtualizer.getTotalSize(), width: geo.total }}>
          {items.map((vi) => {
            const top = vi.start - headerHeight;
            const other = special?.(vi.index, top, vi.index >= range.r0 && vi.index <= range.r1, frame);
            if (other) return other;
            const view = rows.at(vi.index);
            if (!view) return null;
            const picked = selection.extra ? selectedColumnsOf(selection, vi.index) : null;
            const inRange = picked !== null || (vi.index >= range.r0 && vi.index <= range.r1);
            return (
              <GridRow
                key={view.row.id}
                view={view}
                top={top}
                height={rowHeight}
                cols={cols}
                geo={geo}
                frozen={frozen}
                win={win}
                selFrom={inRange ? (picked ? picked[0] : range.c0) : -1}
                selTo={inRange ? (picked ? picked[1] : range.c1) : -1}
                focusCol={vi.index === fRow ? fCol : -1}
                editing={editing && editing.row === vi.index ? editing : null}
                issues={issues}
                cells={cells}
                fit={fit}
                gridId={gridId}
                onToggle={onToggle}
                onCommit={onCommit}
                onCancel={onCancel}
              />
            );
          })}
        </div>
        {count === 0 && <div className="wb-empty">{t('grid.empty')}</div>}
      </div>
      {menu && menuOf?.(() => setMenu(false))}
    </div>
  );
}

/**
 * Tab on the last cell and Shift+Tab on the first leave the grid (the browser moves the focus on),
 * so that a keyboard user can always reach the rest of the page.
 */
function leavesGrid(
  cmd: string,
  s: { selection: { focus: { row: number; col: number } }; columns: Parameters<typeof displayedColumns>[0] },
  rows: number,
): boolean {
  const { row, col } = s.selection.focus;
  if (cmd === 'prevCell') return row === 0 && col === 0;
  if (cmd !== 'nextCell') return false;
  return row >= rows - 1 && col >= displayedColumns(s.columns).length - 1;
}
