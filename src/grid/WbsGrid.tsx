// The WBS grid: one scroll container (its scrollTop is the workbench's shared vertical scroll),
// a sticky header, and only the rows in view (@tanstack/react-virtual). Rows are read from the
// store by index, never copied. Keyboard: the bindings of keybindings.ts; typing starts an edit;
// copy and paste go through the native clipboard events (TSV + HTML).

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CellTextContext } from '../state/workbench/cell-text';
import { columnLabel, displayedColumns } from '../state/workbench/columns';
import { runCommand } from '../state/workbench/commands';
import { startEdit } from '../state/workbench/commands-edit';
import { expandToLevel, rowAt, setExpanded } from '../state/workbench/data';
import { commandForKey } from '../state/workbench/keybindings';
import { useWorkbench, workbench } from '../state/workbench/store';
import { rangeOf, selectedColumnsOf, type ColumnId } from '../state/workbench/types';
import { ColumnMenu } from './ColumnMenu';
import { FindBar } from './FindBar';
import { GridHeader } from './GridHeader';
import { cellId, GridRow } from './GridRow';
import { GroupRow } from './GroupRow';
import {
  columnGeometry,
  columnWindow,
  moveColumn,
  resizeColumn,
  setColumnVisible,
  type ColumnWindow,
} from './layout';
import { useGridClipboard } from './use-grid-clipboard';
import { useGridMouse } from './use-grid-mouse';
import { textFitFor } from './text-fit';

/** Copy, cut and paste are left to the browser's clipboard events (see use-grid-clipboard). */
const NATIVE = new Set(['copy', 'cut', 'paste']);

/**
 * Tab on the last cell and Shift+Tab on the first leave the grid (the browser moves the focus on),
 * so that a keyboard user can always reach the rest of the page.
 */
function leavesGrid(cmd: string): boolean {
  const s = workbench.get();
  const { row, col } = s.selection.focus;
  if (cmd === 'prevCell') return row === 0 && col === 0;
  if (cmd !== 'nextCell') return false;
  return row >= s.visible.ids.length - 1 && col >= displayedColumns(s.columns).length - 1;
}

export interface WbsGridProps {
  readonly ctx: CellTextContext;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly label: string;
}

export function WbsGrid({ ctx, t, label }: WbsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridId = 'wbs-grid';
  const visible = useWorkbench((s) => s.visible);
  useWorkbench((s) => s.wbs.doc.rows);
  useWorkbench((s) => s.schedule);
  useWorkbench((s) => s.target);
  useWorkbench((s) => s.expanded);
  const selection = useWorkbench((s) => s.selection);
  const editing = useWorkbench((s) => s.editing);
  const layout = useWorkbench((s) => s.columns);
  const frozen = useWorkbench((s) => s.frozen);
  const attributeLabels = useWorkbench((s) => s.attributeLabels);
  const columnName = useCallback((id: ColumnId) => columnLabel(id, t, attributeLabels), [t, attributeLabels]);
  const groupBy = useWorkbench((s) => s.arrange?.groupBy ?? null);
  const groupColumn = groupBy ? columnName(groupBy) : '';
  const issues = useWorkbench((s) => s.issues);
  const rowHeight = useWorkbench((s) => s.rowHeight);
  const headerHeight = useWorkbench((s) => s.headerHeight);
  const find = useWorkbench((s) => s.find);
  const [menu, setMenu] = useState(false);
  const lastLeft = useRef(0);
  const [fit] = useState(() => textFitFor(() => scrollRef.current));

  const cols = useMemo(() => displayedColumns(layout), [layout]);
  const geo = useMemo(() => columnGeometry(cols), [cols]);
  // The horizontal view (scrollLeft, width): rows render only the columns in it.
  const [hView, setHView] = useState({ left: 0, width: Infinity });
  const count = visible.ids.length;

  // Not compiled by the React Compiler; the grid re-renders from store selectors, not memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: headerHeight,
  });

  // Shared vertical scroll: the Gantt's wheel writes the store; follow it here (no re-render:
  // the virtualizer re-renders on the element's own scroll event).
  useEffect(
    () =>
      workbench.subscribe((s) => {
        const el = scrollRef.current;
        if (el && Math.abs(el.scrollTop - s.scrollTop) > 1) el.scrollTop = s.scrollTop;
      }),
    [],
  );

  // Viewport height for PageUp/PageDown and the Gantt; width for the rendered columns.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      workbench.set({ viewportHeight: el.clientHeight - headerHeight });
      setHView((h) => (h.width === el.clientWidth ? h : { ...h, width: el.clientWidth }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [headerHeight]);

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

  const onKeyDown = useCallback((e: React.KeyboardEvent) => {
    if (workbench.get().editing) return;
    const cmd = commandForKey(e);
    if (cmd) {
      if (NATIVE.has(cmd) || leavesGrid(cmd)) return;
      e.preventDefault();
      runCommand(cmd);
      return;
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      startEdit(e.key);
    }
  }, []);

  const mouse = useGridMouse(scrollRef);
  useGridClipboard(scrollRef);

  const onToggle = useCallback((id: string, open: boolean) => setExpanded([id], open), []);
  // Stable, so that the memoized header does not render again (and translate its labels) on
  // every scroll frame.
  const onResize = useCallback(
    (id: string, w: number) => workbench.set({ columns: resizeColumn(workbench.get().columns, id, w) }),
    [],
  );
  const onMove = useCallback(
    (id: string, before: string | null) =>
      workbench.set({ columns: moveColumn(workbench.get().columns, id, before) }),
    [],
  );
  const onMenu = useCallback(() => setMenu((m) => !m), []);
  // One object while the same columns show, so that memoized rows stay as they are.
  const shown = columnWindow(geo, cols, frozen, hView.left, hView.width, fCol);
  const win = useMemo<ColumnWindow>(() => ({ from: shown.from, to: shown.to }), [shown.from, shown.to]);
  const range = rangeOf(selection);
  const s = workbench.get();
  const items = virtualizer.getVirtualItems();

  return (
    <div className="wb-grid-wrap">
      {find.open && <FindBar initial={find.query} t={t} onDone={() => scrollRef.current?.focus()} />}
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
          if (el.scrollTop !== workbench.get().scrollTop) workbench.set({ scrollTop: el.scrollTop });
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
          onResize={onResize}
          onMove={onMove}
          onMenu={onMenu}
        />
        <div className="wb-body" style={{ height: virtualizer.getTotalSize(), width: geo.total }}>
          {items.map((vi) => {
            const group = visible.groups?.get(visible.ids[vi.index]!);
            if (group)
              return (
                <GroupRow
                  key={visible.ids[vi.index]}
                  group={group}
                  index={vi.index}
                  top={vi.start - headerHeight}
                  height={rowHeight}
                  width={geo.total}
                  column={groupColumn}
                  selected={vi.index >= range.r0 && vi.index <= range.r1}
                  schedule={s.schedule}
                  ctx={ctx}
                />
              );
            const view = rowAt(s, vi.index);
            if (!view) return null;
            const picked = selection.extra ? selectedColumnsOf(selection, vi.index) : null;
            const inRange = picked !== null || (vi.index >= range.r0 && vi.index <= range.r1);
            return (
              <GridRow
                key={view.row.id}
                view={view}
                top={vi.start - headerHeight}
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
                ctx={ctx}
                fit={fit}
                gridId={gridId}
                onToggle={onToggle}
              />
            );
          })}
        </div>
        {count === 0 && <div className="wb-empty">{t('grid.empty')}</div>}
      </div>
      {menu && (
        <ColumnMenu
          layout={layout}
          frozen={frozen}
          t={t}
          label={columnName}
          onVisible={(id, v) => workbench.set({ columns: setColumnVisible(workbench.get().columns, id, v) })}
          onFrozen={(n) => workbench.set({ frozen: n })}
          onLevel={expandToLevel}
          onClose={() => setMenu(false)}
        />
      )}
    </div>
  );
}
