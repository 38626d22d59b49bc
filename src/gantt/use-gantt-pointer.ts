// Pointer gestures of the Gantt as a small state machine over hit-testing: hover, move a bar,
// resize its end, draw a relation from a bar's link handle to another bar. Nothing reaches the
// store until release (history "later"); Esc bails out of a gesture.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { GanttBar, GanttFrame } from './frame';
import type { GanttGesture } from './draw-interactive';
import type { Hit } from './hit-test';
import { hitTest } from './hit-test';
import { pxPerMinute, snapToDay, xToTime } from './timescale';

export interface GanttActions {
  /** Bar dragged: new start (a not_earlier start constraint). */
  onMoveBar(id: string, start: number): void;
  /** Bar end dragged: new finish. */
  onResizeBar(id: string, finish: number): void;
  /** Drawn from one bar's end to another's start: a finish-start relation. */
  onLink(predId: string, succId: string): void;
  onSelectRow(row: number, extend: boolean): void;
  /** A click on the timescale (header) at this time; absent: the header does nothing. */
  onTimescaleClick?(time: number): void;
}

export interface PointerState {
  readonly hover: Hit | null;
  readonly gesture: GanttGesture | null;
  readonly pointer: { x: number; y: number } | null;
}

export function useGanttPointer(frameRef: { readonly current: GanttFrame | null }, actions: GanttActions) {
  const [state, setState] = useState<PointerState>({ hover: null, gesture: null, pointer: null });
  const origin = useRef<{ x: number; bar: GanttBar; zone: Hit['zone'] } | null>(null);

  const local = (e: React.PointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerDown = useCallback(
    (e: React.PointerEvent<HTMLElement>) => {
      const frame = frameRef.current;
      if (!frame || e.button !== 0) return;
      const p = local(e);
      if (p.y < frame.headerHeight && actions.onTimescaleClick) {
        actions.onTimescaleClick(xToTime(frame.timescale, p.x));
        return;
      }
      const hit = hitTest(frame, p.x, p.y);
      if (!hit) return;
      actions.onSelectRow(hit.row, e.shiftKey);
      if (!hit.bar || hit.zone === 'row' || hit.zone === 'sum') return;
      e.currentTarget.setPointerCapture(e.pointerId);
      origin.current = { x: p.x, bar: hit.bar, zone: hit.zone };
    },
    [frameRef, actions],
  );

  const onPointerMove = useCallback(
    (e: React.PointerEvent<HTMLElement>) => {
      const frame = frameRef.current;
      if (!frame) return;
      const p = local(e);
      const o = origin.current;
      if (!o) {
        setState({ hover: hitTest(frame, p.x, p.y), gesture: null, pointer: p });
        return;
      }
      const ts = frame.timescale;
      let gesture: GanttGesture;
      if (o.zone === 'body') {
        const delta = snapToDay((p.x - o.x) / pxPerMinute(ts));
        gesture = { kind: 'move', bar: o.bar, deltaMinutes: delta };
      } else if (o.zone === 'end') {
        gesture = { kind: 'resize', bar: o.bar, finish: snapToDay(xToTime(ts, p.x)) };
      } else {
        const h = hitTest(frame, p.x, p.y);
        const target = h?.bar && h.bar.id !== o.bar.id && h.bar.kind !== 'sum' ? h.bar : null;
        gesture = { kind: 'link', bar: o.bar, x: p.x, y: p.y, target };
      }
      setState({ hover: null, gesture, pointer: p });
    },
    [frameRef],
  );

  const finish = useCallback(
    (commit: boolean) => {
      const g = state.gesture;
      origin.current = null;
      setState((s) => ({ ...s, gesture: null }));
      if (!commit || !g) return;
      if (g.kind === 'move' && g.deltaMinutes !== 0)
        actions.onMoveBar(g.bar.id, g.bar.start + g.deltaMinutes);
      else if (g.kind === 'resize' && g.finish !== g.bar.finish)
        actions.onResizeBar(g.bar.id, Math.max(g.bar.start, g.finish));
      else if (g.kind === 'link' && g.target) actions.onLink(g.bar.id, g.target.id);
    },
    [state.gesture, actions],
  );

  const onPointerUp = useCallback(() => finish(true), [finish]);
  const onPointerLeave = useCallback(() => {
    if (!origin.current) setState({ hover: null, gesture: null, pointer: null });
  }, []);

  useEffect(() => {
    if (!state.gesture) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') finish(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.gesture, finish]);

  return { state, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerLeave } };
}
