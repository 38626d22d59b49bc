// The day matrix of the daily planning tab: the workbench's visible rows down, days across (a
// window of two years from the project's first date), the chosen kind's value in each cell.
// Virtualized both ways: only the rows and days in view are painted. Weekends and holidays of
// each row's calendar are shaded, the row's scheduled dates outlined, days before the editing
// period marked read-only with the reason in their title. Summary rows show the sums of their
// rows. Keyboard as in the grid: arrows (Shift extends), type or F2/Enter to edit, Enter/Tab to
// commit, Esc to cancel, Delete to clear, Ctrl+C to copy, Ctrl+V to paste a matrix from Excel,
// Ctrl+Z / Ctrl+Y to undo and redo, Alt+←/→ to move the focused day's value to the day before or
// after (transfer-value). Fill as in a spreadsheet: drag the small square at the selection's
// bottom-right corner over the days or rows to repeat the selection's values there, or Ctrl+D
// (down) / Ctrl+R (right); one undo step. In labour or cost the cells show the volume's hours or
// money (the row's rates) and are read-only.
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
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
  isWorkingDay,
  measureOf,
  pasteEdits,
  rowRates,
} from '../../domain/wdp';
import { runCommand } from '../../state/workbench/commands';
import { rowAt } from '../../state/workbench/data';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { useWdp } from '../../state/wdp/store';
import { calendarOfRow } from './calendars';
import { closedReason, commitEdits, transferDayValue } from './commands';
import { allMeasureTotals, allTotals, dayOfMinutes, finishDay, summaryDays } from './matrix-model';
import { COL_W, LEFT_W, ROW_H, dayHeadings } from './day-grid';

type T = (key: string, params?: Record<string, unknown>) => string;
export interface Cell {
  row: number;
  col: number;
}
export interface MatrixSelection {
  anchor: Cell;
  focus: Cell;
}

export const DAY_SPAN = 731;

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
}) {
  const { kind, firstDay, sel, onSel, lang, t, height, notify } = props;
  const measure = props.measure ?? 'volume';
  const visible = useWorkbench((s) => s.visible);
  const rows = useWorkbench((s) => s.wbs.doc.rows);
  useWorkbench((s) => s.schedule);
  const days = useWdp((s) => s.days);
  const resources = useWdp((s) => s.resources);
  // Each row's labour and cost per unit of volume (cheap: two divisions).
  const ratesOf = useMemo(
    () =>
      (id: string): RowRates | undefined => {
        const row = rows.get(id);
        return row ? rowRates(row, resources.get(id)) : undefined;
      },
    [rows, resources],
  );
  useWdp((s) => s.periods);
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0, width: 800 });
  const [editing, setEditing] = useState<{ text: string } | null>(null);
  /** While the fill handle is dragged: the range the fill would cover. */
  const [fillPreview, setFillPreview] = useState<CellRange | null>(null);

  // Opens on the focused cell (the row's start): the days before it are a scroll away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft = Math.max(0, (sel.focus.col - 2) * COL_W);
    el.scrollTop = Math.max(0, (sel.focus.row - 1) * ROW_H);
    // Only on opening (a new first day): later moves scroll themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstDay]);
  const parentOf = (id: string) => rows.get(id)?.parentId ?? null;
  const r0 = Math.max(0, Math.floor(scroll.top / ROW_H) - 2);
  const r1 = Math.min(visible.ids.length, r0 + Math.ceil(height / ROW_H) + 4);
  const c0 = Math.max(0, Math.floor(scroll.left / COL_W) - 1);
  const c1 = Math.min(DAY_SPAN, c0 + Math.ceil((scroll.width - LEFT_W) / COL_W) + 3);
  const sums = useMemo(
    () => summaryDays(days, parentOf, kind, firstDay + c0, firstDay + c1, measure, ratesOf),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, rows, kind, firstDay, c0, c1, measure, ratesOf],
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

  const rowIdAt = (r: number) => visible.ids[r];
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
    const out = transferDayValue(id, kind, from, from + dc);
    if (!out.ok) return notify(t(`transfer_${out.reason}`));
    move(0, dc, false);
  };

  const move = (dr: number, dc: number, extend: boolean) => {
    const focus = {
      row: Math.max(0, Math.min(visible.ids.length - 1, sel.focus.row + dr)),
      col: Math.max(0, Math.min(DAY_SPAN - 1, sel.focus.col + dc)),
    };
    onSel({ anchor: extend ? sel.anchor : focus, focus });
    const el = scroller.current;
    if (!el) return;
    const top = focus.row * ROW_H;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_H * 2 > el.scrollTop + el.clientHeight)
      el.scrollTop = top + ROW_H * 2 - el.clientHeight;
    const left = focus.col * COL_W;
    if (left < el.scrollLeft) el.scrollLeft = left;
    else if (left + COL_W + LEFT_W > el.scrollLeft + el.clientWidth)
      el.scrollLeft = left + COL_W + LEFT_W - el.clientWidth;
  };

  const apply = (edits: readonly CellEdit[], labelKey?: string) => {
    const leaf = edits.filter((e) => isLeaf(e.rowId));
    const out = commitEdits(leaf, labelKey);
    if (out.closed > 0) notify(t('closed_skipped', { count: out.closed }));
    if (leaf.length < edits.length) notify(t('summary_skipped'));
  };

  /** Repeats the source's values over the target (one undo step); the target becomes the selection. */
  const fill = (source: CellRange, target: CellRange) => {
    const edits: CellEdit[] = [];
    for (const f of fillCells(source, target)) {
      const id = rowIdAt(f.row);
      if (id !== undefined)
        edits.push({ rowId: id, day: firstDay + f.col, kind, value: valueAt(f.fromRow, f.fromCol) });
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
      row: Math.floor((clientY - box.top + el.scrollTop - ROW_H) / ROW_H),
      col: Math.floor((clientX - box.left + el.scrollLeft - LEFT_W) / COL_W),
    };
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
      const box = el.getBoundingClientRect();
      if (ev.clientX > box.right - 16) el.scrollLeft += COL_W;
      else if (ev.clientX < box.left + LEFT_W + 16 && el.scrollLeft > 0) el.scrollLeft -= COL_W;
      if (ev.clientY > box.bottom - 16) el.scrollTop += ROW_H;
      else if (ev.clientY < box.top + ROW_H + 16 && el.scrollTop > 0) el.scrollTop -= ROW_H;
      target = fillTarget(source, cellAtPointer(ev.clientX, ev.clientY), visible.ids.length, DAY_SPAN);
      setFillPreview(target);
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      setFillPreview(null);
      fill(source, target);
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
      if (f) fill(f.source, f.target);
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
    const ids = visible.ids.slice(range.r0, range.r0 + matrix.length);
    const dayList = Array.from({ length: DAY_SPAN - range.c0 }, (_, i) => firstDay + range.c0 + i);
    const { edits, invalid } = pasteEdits(matrix, ids, dayList, kind);
    if (invalid.length > 0) {
      notify(t('paste_invalid', { count: invalid.length, text: invalid[0]![2] }));
      return;
    }
    apply(edits);
    const rowsDown = Math.min(matrix.length, ids.length) - 1;
    const colsRight = Math.max(...matrix.map((l) => l.length)) - 1;
    onSel({
      anchor: { row: range.r0, col: range.c0 },
      focus: { row: range.r0 + rowsDown, col: range.c0 + colsRight },
    });
  };

  // Painted rows and days.
  const header = dayHeadings(c0, c1, firstDay, lang);
  const body = [];
  for (let r = r0; r < r1; r++) {
    const v = rowAt(s, r);
    if (!v) continue;
    const leaf = !v.hasChildren;
    const cal = calendarOfRow(v.row.calendarId);
    const es = Number.isFinite(v.es) ? dayOfMinutes(v.es) : NaN;
    const ef = Number.isFinite(v.ef) ? finishDay(v.ef) : NaN;
    const tot = totals.get(v.row.id);
    const done = volumes.get(v.row.id);
    const pct = done && v.row.volume ? Math.round((done.fact / v.row.volume) * 1000) / 10 : null;
    const top = r * ROW_H;
    body.push(
      <div
        key={`l${v.row.id}`}
        className={`wdp-left${leaf ? '' : ' wdp-sum'}`}
        style={{ top, left: scroll.left, height: ROW_H, width: LEFT_W }}
        data-row={v.row.id}
      >
        <span className="wdp-name" style={{ paddingLeft: 4 + v.level * 10 }} title={v.row.name}>
          {(v.row.code ?? v.outline) + ' ' + v.row.name}
        </span>
        <span className="wdp-total" data-testid={`wdp-total-${v.row.id}`}>
          {fmt(tot?.[kind] ?? null)}
        </span>
        <span className="wdp-pct" data-testid={`wdp-pct-${v.row.id}`}>
          {pct === null ? '' : `${formatNumber(pct, { lang, decimals: 1, trimZeros: true })}%`}
        </span>
      </div>,
    );
    for (let c = c0; c < c1; c++) {
      const day = firstDay + c;
      const value = leaf
        ? measureOf(days.get(v.row.id)?.get(day)?.[kind] ?? null, measure, ratesOf(v.row.id))
        : (sums.get(v.row.id)?.get(day) ?? null);
      const cell = leaf ? days.get(v.row.id)?.get(day) : undefined;
      const off = !isWorkingDay(cal, day);
      const inDates = day >= es && day <= ef;
      const closed = leaf && closedReason(day, kind) !== null;
      const selected = r >= range.r0 && r <= range.r1 && c >= range.c0 && c <= range.c1;
      const focused = r === sel.focus.row && c === sel.focus.col;
      const cls = [
        'wdp-cell',
        off ? 'wdp-off' : '',
        inDates ? 'wdp-in' : '',
        inDates && day === es ? 'wdp-first' : '',
        inDates && day === ef ? 'wdp-last' : '',
        closed ? 'wdp-closed' : '',
        selected ? 'wdp-sel' : '',
        focused ? 'wdp-focus' : '',
        leaf ? '' : 'wdp-sum',
        cell?.status === 'approved' ? 'wdp-approved' : '',
      ]
        .filter(Boolean)
        .join(' ');
      body.push(
        <div
          key={`${v.row.id}:${c}`}
          role="gridcell"
          aria-selected={selected}
          className={cls}
          style={{ top, left: LEFT_W + c * COL_W, width: COL_W, height: ROW_H }}
          title={closed ? t('closed_title') : off ? t('off_title') : undefined}
          data-day={day}
          data-item={v.row.id}
          onMouseDown={(e) => {
            const to = { row: r, col: c };
            onSel({ anchor: e.shiftKey ? sel.anchor : to, focus: to });
          }}
          onDoubleClick={() => !readOnly() && setEditing({ text: fmt(value).replace(/\s/g, '') })}
        >
          {focused && editing ? (
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
          ) : (
            fmt(value)
          )}
        </div>,
      );
    }
  }

  return (
    <div
      ref={scroller}
      className="wdp-matrix"
      role="grid"
      aria-label={t('matrix', { kind: `${t(`kind.${kind}`)}, ${t(`measure.${measure}`)}` })}
      aria-rowcount={visible.ids.length}
      aria-colcount={DAY_SPAN}
      tabIndex={0}
      style={{ height }}
      onKeyDown={onKey}
      onCopy={onCopy}
      onPaste={onPaste}
      onScroll={(e) => {
        const el = e.currentTarget;
        setScroll({ top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth });
      }}
    >
      <div
        className="wdp-canvas"
        style={{ width: LEFT_W + DAY_SPAN * COL_W, height: visible.ids.length * ROW_H + ROW_H }}
      >
        <div className="wdp-head" style={{ width: LEFT_W + DAY_SPAN * COL_W, height: ROW_H }}>
          <div className="wdp-corner" style={{ width: LEFT_W, left: scroll.left }}>
            <span>{t('col_row')}</span>
            <span className="wdp-total">{t('col_total')}</span>
            <span className="wdp-pct">%</span>
          </div>
          {header}
        </div>
        <div className="wdp-body" style={{ top: ROW_H }}>
          {body}
          {fillPreview && (
            <div
              className="wdp-fill-preview"
              style={{
                top: fillPreview.r0 * ROW_H,
                left: LEFT_W + fillPreview.c0 * COL_W,
                width: (fillPreview.c1 - fillPreview.c0 + 1) * COL_W,
                height: (fillPreview.r1 - fillPreview.r0 + 1) * ROW_H,
              }}
            />
          )}
          {measure === 'volume' && !editing && range.r1 < visible.ids.length && (
            <div
              className="wdp-fill-handle"
              role="button"
              aria-label={t('fill_handle')}
              title={t('fill_handle_title')}
              data-testid="wdp-fill-handle"
              style={{ top: (range.r1 + 1) * ROW_H - 4, left: LEFT_W + (range.c1 + 1) * COL_W - 4 }}
              onMouseDown={startFill}
            />
          )}
        </div>
      </div>
    </div>
  );
}
