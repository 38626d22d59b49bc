// The Gantt side of the workbench: sizes the canvas to its pane, reads the store (rows, schedule,
// selection, shared scroll, timescale), wires gestures to bar commands and keys to the command
// registry, and gives the timeline its own horizontal scrollbar. The vertical scroll is the grid's.
//
// The chart's body is exactly as tall as the grid's row viewport (the store's viewportHeight), so
// both show the same rows at every scroll position; the time scrollbar sits below it, beside the
// grid's horizontal scrollbar (over the chart's bottom edge when the grid has none).

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePlayerTime } from '../state/bim/player-time';
import { moveBar, resizeBar } from '../state/workbench/bar-commands';
import type { CellTextContext } from '../state/workbench/cell-text';
import { runCommand } from '../state/workbench/commands';
import { linkRows } from '../state/workbench/commands-rows';
import { rowAt } from '../state/workbench/data';
import { commandForKey } from '../state/workbench/keybindings';
import { useWorkbench, workbench } from '../state/workbench/store';
import type { GanttGesture } from './draw-interactive';
import type { GanttBar } from './frame';
import { GanttCanvas } from './GanttCanvas';
import { ganttSource } from './gantt-source';
import { barTooltip, gestureReadout } from './gantt-texts';
import type { HeaderTexts } from './tier-labels';
import { pxPerMinute, timelineWidth, timeToX } from './timescale';
import type { GanttActions } from './use-gantt-pointer';

/** Height of the time scrollbar where scrollbars take no room (overlay scrollbars). */
const OVERLAY_SCROLLBAR = 8;
/** Taller than any scrollbar: the first render measures the real one in it. */
const MEASURE = 24;

/**
 * Commands the chart leaves alone: the clipboard goes through the grid's clipboard events, and
 * Tab moves the focus out of the chart instead of across grid cells.
 */
const NOT_IN_CHART = new Set(['copy', 'cut', 'paste', 'nextCell', 'prevCell']);

export interface GanttPaneProps {
  readonly ctx: CellTextContext;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly locale: string;
}

export function GanttPane({ ctx, t, locale }: GanttPaneProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState({ width: 400, height: 300 });
  const [scrollbar, setScrollbar] = useState(MEASURE);
  const visible = useWorkbench((s) => s.visible);
  const doc = useWorkbench((s) => s.wbs.doc);
  const schedule = useWorkbench((s) => s.schedule);
  const selection = useWorkbench((s) => s.selection);
  const target = useWorkbench((s) => s.target);
  const levelled = useWorkbench((s) => s.levelled);
  const timescale = useWorkbench((s) => s.timescale);
  const scrollTop = useWorkbench((s) => s.scrollTop);
  const rowHeight = useWorkbench((s) => s.rowHeight);
  const headerHeight = useWorkbench((s) => s.headerHeight);
  const viewportHeight = useWorkbench((s) => s.viewportHeight);
  const dataDate = useWorkbench((s) => s.version?.data_date ?? NaN);
  const playerTime = usePlayerTime((s) => s.time ?? NaN);

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setPane({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The scrollbar's own thickness (0 where scrollbars overlay the content).
  useLayoutEffect(() => {
    const el = barRef.current;
    if (el) setScrollbar(el.offsetHeight - el.clientHeight || OVERLAY_SCROLLBAR);
  }, []);

  const height = Math.max(headerHeight, Math.min(pane.height, headerHeight + viewportHeight));

  const source = useMemo(
    () => ganttSource(workbench.get()),
    // The snapshot reads these through the store; they are its inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [visible, doc, schedule, selection, target, levelled],
  );

  const actions = useMemo<GanttActions>(
    () => ({
      onMoveBar: (id, start) => moveBar(id, start),
      onResizeBar: (id, finish) => {
        const s = workbench.get();
        const row = s.visible.ids.indexOf(id);
        const v = row >= 0 ? rowAt(s, row) : null;
        if (v && Number.isFinite(v.es)) resizeBar(id, v.es, finish);
      },
      onLink: (predId, succId) => void linkRows([{ predId, succId, type: 'fs' }]),
      // While the 3D pane's player is open, the timescale moves its time.
      onTimescaleClick: (time) => usePlayerTime.getState().seek?.(time),
      onSelectRow: (row, extend) => {
        const s = workbench.get();
        const col = s.selection.focus.col;
        const focus = { row, col };
        workbench.set({
          selection: extend ? { anchor: s.selection.anchor, focus } : { anchor: focus, focus },
        });
      },
    }),
    [],
  );

  // Translated once per language: the header asks on every frame, and an interpolating t() is
  // costly garbage at 60 frames a second.
  const texts = useMemo<HeaderTexts>(() => {
    const quarters = [1, 2, 3, 4].map((q) => t('gantt.quarter', { q }));
    return { quarter: (q) => quarters[q - 1] ?? t('gantt.quarter', { q }) };
  }, [t]);
  const tooltip = useCallback((bar: GanttBar) => barTooltip(workbench.get(), bar, ctx, t), [ctx, t]);
  const readout = useCallback((g: GanttGesture) => gestureReadout(workbench.get(), g, ctx, t), [ctx, t]);

  // The workbench's key bindings, as on the grid (Ctrl+Z right after a drag undoes it).
  const onKeyDown = useCallback((e: React.KeyboardEvent<HTMLElement>) => {
    if (workbench.get().editing) return;
    const cmd = commandForKey(e);
    if (!cmd || NOT_IN_CHART.has(cmd)) return;
    e.preventDefault();
    runCommand(cmd);
  }, []);

  // Once per language, not on every scroll frame (i18next interpolates on every call).
  const ariaLabel = useMemo(() => t('gantt.label'), [t]);

  const onWheel = useCallback((dx: number, dy: number) => {
    const s = workbench.get();
    if (dy !== 0) {
      // No further than the grid, the scroll owner, can go.
      const max = Math.max(0, s.visible.ids.length * s.rowHeight - s.viewportHeight);
      workbench.set({ scrollTop: Math.max(0, Math.min(max, s.scrollTop + dy)) });
    }
    if (dx !== 0) {
      const scrollLeft = Math.max(0, s.timescale.scrollLeft + dx);
      workbench.set({ timescale: { ...s.timescale, scrollLeft } });
    }
  }, []);

  // The chart follows the 3D pane's player: a time out of view scrolls it a third in.
  const widthRef = useRef(pane.width);
  useLayoutEffect(() => {
    widthRef.current = pane.width;
  }, [pane.width]);
  useEffect(() => {
    if (!Number.isFinite(playerTime)) return;
    const ts = workbench.get().timescale;
    const w = widthRef.current;
    const x = timeToX(ts, playerTime);
    if (x >= 0 && x <= w) return;
    // The time at the chart's left edge; before the timeline's origin, the origin moves there.
    const left = playerTime - w / 3 / pxPerMinute(ts);
    const scrollLeft = (left - ts.origin) * pxPerMinute(ts);
    workbench.set({
      timescale:
        scrollLeft >= 0 ? { ...ts, scrollLeft } : { ...ts, origin: Math.max(0, left), scrollLeft: 0 },
    });
  }, [playerTime]);

  // The scrollbar follows the timescale (zoom and wheel change it).
  useEffect(() => {
    const el = barRef.current;
    if (el && Math.abs(el.scrollLeft - timescale.scrollLeft) > 1) el.scrollLeft = timescale.scrollLeft;
  }, [timescale.scrollLeft, timescale.unit, timescale.zoom]);

  return (
    <div className="wb-gantt-pane" ref={hostRef}>
      <GanttCanvas
        source={source}
        width={pane.width}
        height={height}
        rowHeight={rowHeight}
        headerHeight={headerHeight}
        scrollTop={scrollTop}
        timescale={timescale}
        dataDate={dataDate}
        playerTime={playerTime}
        locale={locale}
        texts={texts}
        actions={actions}
        tooltip={tooltip}
        readout={readout}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        ariaLabel={ariaLabel}
      />
      <div
        ref={barRef}
        className="wb-gantt-hscroll"
        data-testid="gantt-hscroll"
        style={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: scrollbar, overflowX: 'scroll' }}
        onScroll={(e) => {
          const s = workbench.get();
          const left = e.currentTarget.scrollLeft;
          if (Math.abs(left - s.timescale.scrollLeft) > 1)
            workbench.set({ timescale: { ...s.timescale, scrollLeft: left } });
        }}
      >
        <div style={{ width: timelineWidth(timescale), height: 1 }} />
      </div>
    </div>
  );
}
