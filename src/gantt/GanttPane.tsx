// The Gantt side of the workbench: sizes the canvas to its pane, reads the store (rows, schedule,
// selection, shared scroll, timescale), wires gestures to bar commands, and gives the timeline
// its own horizontal scrollbar. The vertical scroll is the grid's.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { moveBar, resizeBar } from '../state/workbench/bar-commands';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText } from '../state/workbench/cell-text';
import { COLUMN_DEFS } from '../state/workbench/columns';
import { linkRows } from '../state/workbench/commands-rows';
import { rowAt } from '../state/workbench/data';
import { useWorkbench, workbench } from '../state/workbench/store';
import type { GanttBar } from './frame';
import { GanttCanvas } from './GanttCanvas';
import { ganttSource } from './gantt-source';
import { timelineWidth } from './timescale';
import type { GanttActions } from './use-gantt-pointer';

const SCROLLBAR = 14;

export interface GanttPaneProps {
  readonly ctx: CellTextContext;
  readonly t: (key: string) => string;
  readonly locale: string;
}

export function GanttPane({ ctx, t, locale }: GanttPaneProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 400, height: 300 });
  const visible = useWorkbench((s) => s.visible);
  const doc = useWorkbench((s) => s.wbs.doc);
  const schedule = useWorkbench((s) => s.schedule);
  const selection = useWorkbench((s) => s.selection);
  const target = useWorkbench((s) => s.target);
  const timescale = useWorkbench((s) => s.timescale);
  const scrollTop = useWorkbench((s) => s.scrollTop);
  const rowHeight = useWorkbench((s) => s.rowHeight);
  const headerHeight = useWorkbench((s) => s.headerHeight);
  const dataDate = useWorkbench((s) => s.version?.data_date ?? NaN);

  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() =>
      setSize({ width: el.clientWidth, height: Math.max(headerHeight, el.clientHeight - SCROLLBAR) }),
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, [headerHeight]);

  const source = useMemo(
    () => ganttSource(workbench.get()),
    // The snapshot reads these through the store; they are its inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [visible, doc, schedule, selection, target],
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

  const tooltip = useCallback(
    (bar: GanttBar): string[] => {
      const s = workbench.get();
      const v = rowAt(s, bar.row);
      if (!v) return [bar.name];
      const text = (id: string) => cellText(v, COLUMN_DEFS[id]!, ctx);
      const lines = [`${text('code')}  ${v.row.name}`, `${text('start')} – ${text('finish')}`];
      if (v.row.nodeType !== 'sum') {
        lines.push(
          `${t('col.duration')}: ${text('duration')}`,
          `${t('col.total_float')}: ${text('total_float')}`,
        );
      }
      if (v.critical) lines.push(t('gantt.critical'));
      return lines;
    },
    [ctx, t],
  );

  const onWheel = useCallback((dx: number, dy: number) => {
    const s = workbench.get();
    if (dy !== 0) {
      const max = Math.max(0, s.visible.ids.length * s.rowHeight - s.viewportHeight + SCROLLBAR);
      workbench.set({ scrollTop: Math.max(0, Math.min(max, s.scrollTop + dy)) });
    }
    if (dx !== 0) {
      const scrollLeft = Math.max(0, s.timescale.scrollLeft + dx);
      workbench.set({ timescale: { ...s.timescale, scrollLeft } });
    }
  }, []);

  // The scrollbar follows the timescale (zoom and wheel change it).
  useEffect(() => {
    const el = barRef.current;
    if (el && Math.abs(el.scrollLeft - timescale.scrollLeft) > 1) el.scrollLeft = timescale.scrollLeft;
  }, [timescale.scrollLeft, timescale.unit, timescale.zoom]);

  return (
    <div className="wb-gantt-pane" ref={hostRef}>
      <GanttCanvas
        source={source}
        width={size.width}
        height={size.height}
        rowHeight={rowHeight}
        headerHeight={headerHeight}
        scrollTop={scrollTop}
        timescale={timescale}
        dataDate={dataDate}
        locale={locale}
        actions={actions}
        tooltip={tooltip}
        onWheel={onWheel}
        ariaLabel={t('gantt.label')}
      />
      <div
        ref={barRef}
        className="wb-gantt-hscroll"
        style={{ height: SCROLLBAR }}
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
