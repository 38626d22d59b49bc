// The day matrix of the daily planning tab: the workbench's visible rows down (on the project
// grid those of the focused row's version: scope.tsx), days across (a
// window of two years from the project's first date), the chosen kind's value in each cell.
// Virtualized both ways: the days are painted on a canvas the size of the view (matrix-paint.ts),
// the one DOM cell being the active one (its description for screen readers, the editor while
// editing); the left cells and day headings are DOM for the window in view. Weekends and holidays of
// each row's calendar are shaded, the row's scheduled dates outlined, days before the editing
// period marked read-only with the reason in their title. Summary rows show the sums of their
// rows. Keyboard as in the grid: arrows (Shift extends), type or F2/Enter to edit, Enter/Tab to
// commit, Esc to cancel, Delete to clear, Ctrl+C to copy, Ctrl+V to paste a matrix from Excel,
// Ctrl+Z / Ctrl+Y to undo and redo, Alt+←/→ to move the focused day's value to the day before or
// after (transfer-value). Fill as in a spreadsheet: drag the small square at the selection's
// bottom-right corner over the days or rows: a line of two or more numbers extends as a series
// (1, 2 → 3, 4 …), anything else repeats, as Excel's AutoFill does; Ctrl+D (down) / Ctrl+R
// (right) copy; one undo step. Drag over cells (or Shift+click) to select a range. In labour or
// cost the cells show the volume's hours or money (the row's rates) and are read-only.
// Beside the WBS grid (`pane`), the rows take the grid's row and header heights and its vertical
// scroll (the workbench's shared scrollTop), the row names being the grid's own.
import {
  type CSSProperties,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatNumber, parseNumberValue } from '../../domain/format';
import { parseClipboard, serializeClipboard } from '../../domain/clipboard';
import type { CellEdit, CellRange, Measure, PlanKind, RowRates } from '../../domain/wdp';
import {
  fillByKey,
  fillCells,
  fillTarget,
  fillValues,
  measureOf,
  pasteEdits,
  rowRates,
} from '../../domain/wdp';
import { runCommand } from '../../state/workbench/commands';
import { rowAt } from '../../state/workbench/data';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { calendarOfRow, workingFlags } from './calendars';
import { commitEdits, openFrom, transferDayValue } from './commands';
import { useWdpScope } from './scope';
import { allMeasureTotals, allTotals, dayOfMinutes, finishDay, summaryDays } from './matrix-model';
import { COL_W, LEFT_W, ROW_H } from './day-grid';
import { DAY_SPAN } from './matrix-open';
import { type MatrixWindow, ROW_STEP, matrixWindow } from './matrix-window';
import { type ScrollPos, ScrollBus, WindowPart } from './matrix-scroll';
import type { MatrixCell, MatrixSelection } from '../../state/wdp/matrix-view';
import { type PaintRow, cellLook, paintMatrix } from './matrix-paint';
import { DayHeadings, LeftCell, type MatrixProbe, activeLabel, cellText, fontOf } from './matrix-parts';
export type { MatrixProbe };

type T = (key: string, params?: Record<string, unknown>) => string;
export type { MatrixSelection };
export { DAY_SPAN };
/** The left column beside the grid: the row's total and percent (its name is the grid's). */
const PANE_LEFT_W = 118;

export function rangeOf(sel: MatrixSelection) {
  return {
    r0: Math.min(sel.anchor.row, sel.focus.row),
    r1: Math.max(sel.anchor.row, sel.focus.row),
    c0: Math.min(sel.anchor.col, sel.focus.col),
    c1: Math.max(sel.anchor.col, sel.focus.col),
  };
}

export function DayMatrix(props: {
  kind: PlanKind;
  /** What the cells show: the volume (editable), or its labour or cost (read-only). */
  measure?: Measure;
  firstDay: number;
  sel: MatrixSelection;
  onSel: (s: MatrixSelection) => void;
  lang: 'en' | 'ru';
  t: T;
  height: number;
  notify: (text: string) => void;
  /** Beside the WBS grid: its row heights and vertical scroll. */
  pane?: boolean;
  /** In the pane's corner: the kind shown (the tab has its own radio buttons). */
  corner?: ReactNode;
}) {
  const { kind, firstDay, sel, onSel, lang, t, height, notify, pane = false } = props;
  const measure = props.measure ?? 'volume';
  const gridRowH = useWorkbench((s) => s.rowHeight);
  const gridHeadH = useWorkbench((s) => s.headerHeight);
  const ROW = pane ? gridRowH : ROW_H;
  const HEAD = pane ? gridHeadH : ROW_H;
  const LEFT = pane ? PANE_LEFT_W : LEFT_W;
  const visible = useWorkbench((s) => s.visible);
  // The rows shown and the store they read: the workbench's visible rows and the page's store on
  // the schedule page, the focused row's version's rows and store on the project grid.
  const scope = useWdpScope();
  const { ids, store } = scope;
  const rows = useWorkbench((s) => s.wbs.doc.rows);
  const schedule = useWorkbench((s) => s.schedule);
  const days = store.use((s) => s.days);
  const resources = store.use((s) => s.resources);
  // Each row's labour and cost per unit of volume (cheap: two divisions).
  const ratesOf = useMemo(
    () =>
      (id: string): RowRates | undefined => {
        const row = rows.get(id);
        return row ? rowRates(row, resources.get(id)) : undefined;
      },
    [rows, resources],
  );
  // The editing periods: closed days are painted from them (openFrom reads the store).
  store.use((s) => s.periods);
  const scroller = useRef<HTMLDivElement>(null);
  // The last scroll position, outside React state: a scroll renders only the parts whose window
  // moves (WindowPart), never the whole matrix.
  const [bus] = useState(() => new ScrollBus());
  // The view's width, measured when it changes (never read in a scroll handler: a forced layout).
  const [width, setWidth] = useState(800);
  const [clientH, setClientH] = useState(height);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** Paints the canvas at the last scroll position with the latest render's data. */
  const drawRef = useRef<() => void>(() => {});
  const probeRef = useRef<MatrixProbe | null>(null);
  useEffect(() => {
    const el = scroller.current as (HTMLDivElement & { wdpProbe?: MatrixProbe }) | null;
    if (el)
      el.wdpProbe = {
        cell: (id, day, reveal) => probeRef.current?.cell(id, day, reveal) ?? null,
        row: (id) => probeRef.current?.row(id) ?? null,
      };
  }, []);
  const geo = { rowHeight: ROW, colWidth: COL_W, left: LEFT, rows: ids.length, cols: DAY_SPAN };
  const windowAt = (p: ScrollPos) => matrixWindow(geo, p.top, p.left, width, height);
  const [editing, setEditing] = useState<{ text: string } | null>(null);
  /** While the fill handle is dragged: the range the fill would cover. */
  const [fillPreview, setFillPreview] = useState<CellRange | null>(null);

  // Opens on the focused cell (the row's start): the days before it are a scroll away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft = Math.max(0, (sel.focus.col - 2) * COL_W);
    // Beside the grid the rows stay where the grid has them.
    if (pane) el.scrollTop = workbench.get().scrollTop;
    else el.scrollTop = Math.max(0, (sel.focus.row - 1) * ROW);
    // Only on opening (a new first day): later moves scroll themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstDay]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setClientH(el.clientHeight);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Beside the grid: one vertical scroll with the grid and the Gantt (the workbench's scrollTop).
  // Compared with the last scroll event's position: reading scrollTop here would force a layout.
  useEffect(() => {
    if (!pane) return;
    return workbench.subscribe((st) => {
      const el = scroller.current;
      if (el && Math.abs(bus.get().top - st.scrollTop) > 1) el.scrollTop = st.scrollTop;
    });
  }, [pane, bus]);
  const parentOf = (id: string) => rows.get(id)?.parentId ?? null;
  // The summaries' days over the whole span, once per change of the values: a scroll never sums.
  const sums = useMemo(
    () => summaryDays(days, parentOf, kind, firstDay, firstDay + DAY_SPAN - 1, measure, ratesOf),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, rows, kind, firstDay, measure, ratesOf],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const volumes = useMemo(() => allTotals(days, parentOf), [days, rows]);
  const totals = useMemo(
    () => (measure === 'volume' ? volumes : allMeasureTotals(days, parentOf, measure, ratesOf)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [volumes, measure, ratesOf],
  );
  const s = workbench.get();
  const range = rangeOf(sel);
  const fmt = (v: number | null | undefined) =>
    v === null || v === undefined ? '' : formatNumber(v, { lang, decimals: 3, trimZeros: true });

  const rowIdAt = (r: number) => ids[r];
  const isLeaf = (id: string) => !s.wbs.index.children.has(id);
  const valueAt = (r: number, c: number): number | null => {
    const id = rowIdAt(r);
    if (id === undefined) return null;
    if (!isLeaf(id)) return sums.get(id)?.get(firstDay + c) ?? null;
    return measureOf(days.get(id)?.get(firstDay + c)?.[kind] ?? null, measure, ratesOf(id));
  };
  /** Edits of labour or cost are refused: they follow from the volume. */
  const readOnly = () => {
    if (measure === 'volume') return false;
    notify(t('measure_read_only'));
    return true;
  };

  /** Moves the focused day's value one day left or right (transfer-value); focus follows. */
  const transfer = (dc: number) => {
    const id = rowIdAt(sel.focus.row);
    if (id === undefined || !isLeaf(id)) return notify(t('summary_skipped'));
    const from = firstDay + sel.focus.col;
    const out = transferDayValue(store, id, kind, from, from + dc);
    if (!out.ok) return out.reason === 'refused' ? undefined : notify(t(`transfer_${out.reason}`));
    move(0, dc, false);
  };

  const move = (dr: number, dc: number, extend: boolean) => {
    const focus = {
      row: Math.max(0, Math.min(ids.length - 1, sel.focus.row + dr)),
      col: Math.max(0, Math.min(DAY_SPAN - 1, sel.focus.col + dc)),
    };
    onSel({ anchor: extend ? sel.anchor : focus, focus });
    const el = scroller.current;
    if (!el) return;
    const top = focus.row * ROW;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW + HEAD > el.scrollTop + el.clientHeight)
      el.scrollTop = top + ROW + HEAD - el.clientHeight;
    const left = focus.col * COL_W;
    if (left < el.scrollLeft) el.scrollLeft = left;
    else if (left + COL_W + LEFT > el.scrollLeft + el.clientWidth)
      el.scrollLeft = left + COL_W + LEFT - el.clientWidth;
  };

  const apply = (edits: readonly CellEdit[], labelKey?: string) => {
    const leaf = edits.filter((e) => isLeaf(e.rowId));
    const out = commitEdits(store, leaf, labelKey);
    if (out.closed > 0) notify(t('closed_skipped', { count: out.closed }));
    if (leaf.length < edits.length) notify(t('summary_skipped'));
  };

  /**
   * Fills the target from the source (one undo step); the target becomes the selection. The
   * handle extends series (`series`), Ctrl+D / Ctrl+R copy.
   */
  const fill = (source: CellRange, target: CellRange, series: boolean) => {
    const edits: CellEdit[] = [];
    const cells = series
      ? fillValues(source, target, valueAt)
      : fillCells(source, target).map((f) => ({ ...f, value: valueAt(f.fromRow, f.fromCol) }));
    for (const f of cells) {
      const id = rowIdAt(f.row);
      if (id !== undefined) edits.push({ rowId: id, day: firstDay + f.col, kind, value: f.value });
    }
    if (edits.length === 0) return;
    apply(edits, 'wdp.cmd.fill');
    onSel({ anchor: { row: target.r0, col: target.c0 }, focus: { row: target.r1, col: target.c1 } });
  };

  /** The cell under a pointer (may lie outside the matrix: the fill clamps it). */
  const cellAtPointer = (clientX: number, clientY: number) => {
    const el = scroller.current!;
    const box = el.getBoundingClientRect();
    return {
      row: Math.floor((clientY - box.top + el.scrollTop - HEAD) / ROW),
      col: Math.floor((clientX - box.left + el.scrollLeft - LEFT) / COL_W),
    };
  };

  /** Scrolls the view a step when a drag reaches its edges. */
  const edgeScroll = (ev: MouseEvent) => {
    const el = scroller.current!;
    const box = el.getBoundingClientRect();
    if (ev.clientX > box.right - 16) el.scrollLeft += COL_W;
    else if (ev.clientX < box.left + LEFT + 16 && el.scrollLeft > 0) el.scrollLeft -= COL_W;
    if (ev.clientY > box.bottom - 16) el.scrollTop += ROW;
    else if (ev.clientY < box.top + HEAD + 16 && el.scrollTop > 0) el.scrollTop -= ROW;
  };

  const clampCell = (c: MatrixCell): MatrixCell => ({
    row: Math.max(0, Math.min(ids.length - 1, c.row)),
    col: Math.max(0, Math.min(DAY_SPAN - 1, c.col)),
  });

  /**
   * A press on a cell selects it (Shift: from the anchor to it); dragging extends the selection
   * to the cell under the pointer, scrolling at the edges. One handler for the whole matrix.
   */
  const onCellsDown = (e: ReactMouseEvent<HTMLDivElement>) => {
    if (e.button !== 0 || editing) return;
    if (e.target !== canvasRef.current) return;
    const at = clampCell(cellAtPointer(e.clientX, e.clientY));
    const anchor = e.shiftKey ? sel.anchor : at;
    onSel({ anchor, focus: at });
    let last = at;
    const onMove = (ev: MouseEvent) => {
      edgeScroll(ev);
      const to = clampCell(cellAtPointer(ev.clientX, ev.clientY));
      if (to.row === last.row && to.col === last.col) return;
      last = to;
      onSel({ anchor, focus: to });
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  /** Drag of the fill handle: previews the target, scrolls at the edges, fills on release. */
  const startFill = (e: ReactMouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (readOnly()) return;
    const source = range;
    let target: CellRange = source;
    setFillPreview(source);
    const el = scroller.current!;
    const onMove = (ev: MouseEvent) => {
      edgeScroll(ev);
      target = fillTarget(source, cellAtPointer(ev.clientX, ev.clientY), ids.length, DAY_SPAN);
      setFillPreview(target);
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      setFillPreview(null);
      fill(source, target, true);
      el.focus();
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  const commitText = (text: string) => {
    const id = rowIdAt(sel.focus.row);
    setEditing(null);
    if (id === undefined) return true;
    const trimmed = text.trim();
    const value = trimmed === '' ? null : parseNumberValue(trimmed);
    if (trimmed !== '' && value === null) {
      notify(t('not_a_number', { text }));
      return false;
    }
    apply([{ rowId: id, day: firstDay + sel.focus.col, kind, value }]);
    return true;
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key;
    if (mod && (k === 'z' || k === 'Z')) {
      e.preventDefault();
      runCommand(e.shiftKey ? 'redo' : 'undo');
      return;
    }
    if (mod && (k === 'y' || k === 'Y')) {
      e.preventDefault();
      runCommand('redo');
      return;
    }
    if (mod && (k === 'd' || k === 'D' || k === 'r' || k === 'R')) {
      e.preventDefault();
      if (readOnly()) return;
      const f = fillByKey(range, k === 'd' || k === 'D' ? 'down' : 'right');
      if (f) fill(f.source, f.target, false);
      return;
    }
    if (mod) return; // copy and paste arrive as clipboard events
    if (e.altKey && (k === 'ArrowLeft' || k === 'ArrowRight')) {
      e.preventDefault();
      if (!readOnly()) transfer(k === 'ArrowLeft' ? -1 : 1);
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = arrows[k];
    if (step) {
      e.preventDefault();
      move(step[0], step[1], e.shiftKey);
    } else if (k === 'Tab') {
      e.preventDefault();
      move(0, e.shiftKey ? -1 : 1, false);
    } else if (k === 'Enter' || k === 'F2') {
      e.preventDefault();
      if (readOnly()) return;
      setEditing({ text: fmt(valueAt(sel.focus.row, sel.focus.col)).replace(/\s/g, '') });
    } else if (k === 'Delete' || k === 'Backspace') {
      e.preventDefault();
      if (readOnly()) return;
      const edits = [];
      for (let r = range.r0; r <= range.r1; r++)
        for (let c = range.c0; c <= range.c1; c++) {
          const id = rowIdAt(r);
          if (id) edits.push({ rowId: id, day: firstDay + c, kind, value: null });
        }
      apply(edits);
    } else if (/^[0-9.,-]$/.test(k)) {
      e.preventDefault();
      if (readOnly()) return;
      setEditing({ text: k });
    }
  };

  const onCopy = (e: ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    const m: string[][] = [];
    for (let r = range.r0; r <= range.r1; r++) {
      const line: string[] = [];
      for (let c = range.c0; c <= range.c1; c++) {
        const v = valueAt(r, c);
        line.push(v === null ? '' : String(v));
      }
      m.push(line);
    }
    const data = serializeClipboard(m);
    e.clipboardData.setData('text/plain', data['text/plain']);
    e.clipboardData.setData('text/html', data['text/html']);
  };

  const onPaste = (e: ClipboardEvent) => {
    if (editing) return;
    e.preventDefault();
    if (readOnly()) return;
    const matrix = parseClipboard({
      html: e.clipboardData.getData('text/html'),
      text: e.clipboardData.getData('text/plain'),
    });
    const rowIds = ids.slice(range.r0, range.r0 + matrix.length);
    const dayList = Array.from({ length: DAY_SPAN - range.c0 }, (_, i) => firstDay + range.c0 + i);
    const { edits, invalid } = pasteEdits(matrix, rowIds, dayList, kind);
    if (invalid.length > 0) {
      notify(t('paste_invalid', { count: invalid.length, text: invalid[0]![2] }));
      return;
    }
    apply(edits);
    const rowsDown = Math.min(matrix.length, rowIds.length) - 1;
    const colsRight = Math.max(...matrix.map((l) => l.length)) - 1;
    onSel({
      anchor: { row: range.r0, col: range.c0 },
      focus: { row: range.r0 + rowsDown, col: range.c0 + colsRight },
    });
  };

  // The focused cell's editor while editing.
  const editor = editing ? (
    <input
      className="wdp-input"
      autoFocus
      aria-label={t('cell_editor')}
      value={editing.text}
      onChange={(e) => setEditing({ text: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          setEditing(null);
          scroller.current?.focus();
        } else if (e.key === 'Enter' || e.key === 'Tab') {
          e.preventDefault();
          if (commitText(editing.text)) {
            scroller.current?.focus();
            move(e.key === 'Enter' ? 1 : 0, e.key === 'Tab' ? 1 : 0, false);
          }
        }
      }}
      onBlur={() => setEditing(null)}
    />
  ) : null;

  // The frozen left cells are memoized DOM (a vertical scroll mounts only the rows coming into
  // view, a horizontal one none: the column is sticky); the days are painted on the canvas.
  const header = (
    <WindowPart bus={bus} part="cols" at={windowAt}>
      {({ c0, c1 }) => <DayHeadings c0={c0} c1={c1} firstDay={firstDay} lang={lang} left={LEFT} />}
    </WindowPart>
  );
  const open = openFrom(store, kind);
  // Recycled DOM: left cells are keyed by their slot in a pool at least as long as the window (row
  // r takes slot r mod pool): a vertical scroll gives new text to the slots it leaves.
  const leftsOf = ({ r0, r1 }: MatrixWindow) => {
    const rowPool = Math.max(r1 - r0, Math.ceil(height / ROW) + 4 * ROW_STEP + 2);
    // In slot order (the rows are positioned, so their order in the DOM does not show): a scroll
    // moves no node, up or down.
    const lefts: ReactNode[] = new Array<ReactNode>(rowPool).fill(null);
    for (let r = r0; r < r1; r++) {
      const v = rowAt(workbench.get(), scope.at(r));
      if (!v) continue;
      const leaf = !v.hasChildren;
      const tot = totals.get(v.row.id);
      const done = volumes.get(v.row.id);
      const pct = done && v.row.volume ? Math.round((done.fact / v.row.volume) * 1000) / 10 : null;
      const top = r * ROW;
      lefts[r % rowPool] = (
        <LeftCell
          key={r % rowPool}
          id={v.row.id}
          top={top}
          height={ROW}
          width={LEFT}
          leaf={leaf}
          name={pane ? null : (v.row.code ?? v.outline) + ' ' + v.row.name}
          title={pane ? v.row.name : undefined}
          indent={4 + v.level * 10}
          total={fmt(tot?.[kind] ?? null)}
          pct={pct === null ? '' : `${formatNumber(pct, { lang, decimals: 1, trimZeros: true })}%`}
        />
      );
    }
    return lefts;
  };

  // The canvas: one row description per painted row, shared by the painter, the active cell's
  // label and the test probe.
  const paintRowAt = (r: number): PaintRow | null => {
    const v = rowAt(workbench.get(), scope.at(r));
    if (!v) return null;
    const id = v.row.id;
    const leaf = !v.hasChildren;
    const own = leaf ? days.get(id) : undefined;
    const rowSums = leaf ? undefined : sums.get(id);
    const rates = leaf && measure !== 'volume' ? ratesOf(id) : undefined;
    return {
      id,
      sum: !leaf,
      es: Number.isFinite(v.es) ? dayOfMinutes(v.es) : NaN,
      ef: Number.isFinite(v.ef) ? finishDay(v.ef) : NaN,
      working: workingFlags(calendarOfRow(v.row.calendarId), firstDay, DAY_SPAN),
      openFrom: open,
      value: (day) =>
        leaf
          ? measure === 'volume'
            ? (own?.get(day)?.[kind] ?? null)
            : measureOf(own?.get(day)?.[kind] ?? null, measure, rates)
          : (rowSums?.get(day) ?? null),
      approved: (day) => own?.get(day)?.status === 'approved',
    };
  };
  const text = (v: number) => cellText(v, lang);
  const paintW = Math.max(0, Math.min(width - LEFT, DAY_SPAN * COL_W));
  const paintH = Math.max(0, Math.min(clientH - HEAD, ids.length * ROW));
  const draw = () => {
    const cv = canvasRef.current;
    const ctx = cv?.getContext('2d');
    if (!cv || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(paintW * dpr);
    const h = Math.round(paintH * dpr);
    if (cv.width !== w) cv.width = w;
    if (cv.height !== h) cv.height = h;
    const view = {
      x: bus.pos.left,
      y: bus.pos.top,
      width: paintW,
      height: paintH,
      dpr,
      rowH: ROW,
      colW: COL_W,
      rows: ids.length,
      cols: DAY_SPAN,
      firstDay,
      sel: range,
      focus: sel.focus,
      font: fontOf(scroller.current),
    };
    paintMatrix(ctx, view, paintRowAt, text);
  };
  const describe = (r: number, c: number) => {
    const row = paintRowAt(r);
    return row ? { row, look: cellLook(row, firstDay, c, text) } : null;
  };
  const titles = { off: t('off_title'), closed: t('closed_title') };
  /** The day's reason as the canvas's tooltip (off the calendar, closed), as the cells had. */
  const onPaintHover = (e: ReactMouseEvent<HTMLCanvasElement>) => {
    const at = cellAtPointer(e.clientX, e.clientY);
    const d = describe(at.row, at.col);
    const title = d?.look.closed ? titles.closed : d?.look.off ? titles.off : '';
    if (e.currentTarget.title !== title) e.currentTarget.title = title;
  };
  // The focused cell in the DOM: what assistive technology reads (aria-activedescendant), and the
  // editor's place while editing.
  const activeCell = describe(sel.focus.row, sel.focus.col);
  const activeId = `wdp-active-${kind}-${measure}${pane ? '-pane' : ''}`;
  const active = activeCell && (
    <div role="row" aria-rowindex={sel.focus.row + 1} className="wdp-active-row">
      <div
        id={activeId}
        role="gridcell"
        aria-colindex={sel.focus.col + 1}
        aria-selected
        aria-label={activeLabel(
          activeCell.look,
          rows.get(activeCell.row.id),
          firstDay + sel.focus.col,
          lang,
          t,
        )}
        className={`wdp-active${editing ? ' wdp-active--editing' : ''}`}
        data-item={activeCell.row.id}
        data-day={firstDay + sel.focus.col}
        style={{ top: sel.focus.row * ROW, left: LEFT + sel.focus.col * COL_W, width: COL_W, height: ROW }}
      >
        {editing ? editor : null}
      </div>
    </div>
  );
  // For the browser tests: a cell as painted, and where it is on the screen (scrolled into view).
  const probeCell: MatrixProbe['cell'] = (id, day, reveal) => {
    const r = ids.indexOf(id);
    const c = day - firstDay;
    const d = r < 0 || c < 0 || c >= DAY_SPAN ? null : describe(r, c);
    if (!d) return null;
    const el = scroller.current!;
    const box = el.getBoundingClientRect();
    const x = LEFT + c * COL_W - el.scrollLeft;
    const y = HEAD + r * ROW - el.scrollTop;
    if (reveal && (x < LEFT || x + COL_W > el.clientWidth)) el.scrollLeft = Math.max(0, (c - 2) * COL_W);
    if (reveal && (y < HEAD || y + ROW > el.clientHeight)) el.scrollTop = Math.max(0, (r - 2) * ROW);
    const inSel = r >= range.r0 && r <= range.r1 && c >= range.c0 && c <= range.c1;
    return {
      ...d.look,
      selected: inSel,
      focused: r === sel.focus.row && c === sel.focus.col,
      x: box.left + LEFT + c * COL_W - el.scrollLeft + COL_W / 2,
      y: box.top + HEAD + r * ROW - el.scrollTop + ROW / 2,
    };
  };

  const probe: MatrixProbe = {
    cell: probeCell,
    row: (id) => {
      const row = paintRowAt(ids.indexOf(id));
      if (!row || row.id !== id) return null;
      const texts: Record<number, string> = {};
      for (let c = 0; c < DAY_SPAN; c++) {
        const v = row.value(firstDay + c);
        if (v !== null) texts[firstDay + c] = text(v);
      }
      return { es: row.es, ef: row.ef, texts };
    },
  };
  // A scroll paints in its handler with the latest render's data; a render paints only when what
  // is painted changed (a render for a scroll's new window of left cells paints nothing again).
  useLayoutEffect(() => {
    drawRef.current = draw;
    probeRef.current = probe;
  });
  useLayoutEffect(
    () => draw(),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      days,
      sums,
      schedule,
      rows,
      visible,
      ids,
      sel,
      kind,
      measure,
      ratesOf,
      open,
      firstDay,
      lang,
      paintW,
      paintH,
      ROW,
    ],
  );

  return (
    <div
      ref={scroller}
      className="wdp-matrix"
      role="grid"
      aria-label={t('matrix', { kind: `${t(`kind.${kind}`)}, ${t(`measure.${measure}`)}` })}
      aria-rowcount={ids.length}
      aria-colcount={DAY_SPAN}
      aria-activedescendant={activeCell ? activeId : undefined}
      tabIndex={0}
      style={{ height, '--wdp-col': `${COL_W}px` } as CSSProperties}
      onMouseDown={onCellsDown}
      onDoubleClick={(e) => {
        if (e.target !== canvasRef.current || readOnly()) return;
        setEditing({ text: fmt(valueAt(sel.focus.row, sel.focus.col)).replace(/\s/g, '') });
      }}
      onKeyDown={onKey}
      onCopy={onCopy}
      onPaste={onPaste}
      onScroll={(e) => {
        // No layout is read here but the scroll position itself: the canvas is painted, and only
        // the left cells or day headings whose window moved render.
        const el = e.currentTarget;
        const at = { top: el.scrollTop, left: el.scrollLeft };
        bus.set(at);
        drawRef.current();
        if (pane && Math.abs(at.top - workbench.get().scrollTop) > 1) workbench.set({ scrollTop: at.top });
      }}
    >
      <div className="wdp-canvas" style={{ width: LEFT + DAY_SPAN * COL_W, height: ids.length * ROW + HEAD }}>
        <div
          className={`wdp-head${pane ? ' wdp-head--pane' : ''}`}
          style={{ width: LEFT + DAY_SPAN * COL_W, height: HEAD }}
        >
          <div className="wdp-corner wdp-corner--sticky" style={{ width: LEFT }}>
            {pane ? props.corner : <span>{t('col_row')}</span>}
            <span className="wdp-total">{t('col_total')}</span>
            <span className="wdp-pct">%</span>
          </div>
          {header}
        </div>
        <div className="wdp-lefts" style={{ width: LEFT, height: ids.length * ROW }}>
          <WindowPart bus={bus} part="rows" at={windowAt}>
            {leftsOf}
          </WindowPart>
        </div>
        <div
          className="wdp-body"
          style={{ top: HEAD, height: ids.length * ROW, width: LEFT + DAY_SPAN * COL_W }}
        >
          <canvas
            ref={canvasRef}
            className="wdp-paint"
            aria-hidden
            style={{ top: HEAD, left: LEFT, marginLeft: LEFT, width: paintW, height: paintH }}
            onMouseMove={onPaintHover}
          />
          {active}
          {fillPreview && (
            <div
              className="wdp-fill-preview"
              style={{
                top: fillPreview.r0 * ROW,
                left: LEFT + fillPreview.c0 * COL_W,
                width: (fillPreview.c1 - fillPreview.c0 + 1) * COL_W,
                height: (fillPreview.r1 - fillPreview.r0 + 1) * ROW,
              }}
            />
          )}
          {measure === 'volume' && !editing && range.r1 < ids.length && (
            <div
              className="wdp-fill-handle"
              role="button"
              aria-label={t('fill_handle')}
              title={t('fill_handle_title')}
              data-testid="wdp-fill-handle"
              style={{ top: (range.r1 + 1) * ROW - 4, left: LEFT + (range.c1 + 1) * COL_W - 4 }}
              onMouseDown={startFill}
            />
          )}
        </div>
      </div>
    </div>
  );
}
