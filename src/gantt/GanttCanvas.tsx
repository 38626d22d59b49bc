// Thin React shell over the pure renderer: two stacked canvases (static scene, interactive layer),
// redrawn in one animation frame when the frame inputs change. React.memo with a precise equality.
// The interactive canvas takes the keyboard focus on a click, so the workbench's shortcuts keep
// working after a Gantt gesture (the page passes the key handler).

import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { FrameInput, GanttSource } from './build-frame';
import { buildFrame } from './build-frame';
import { drawGantt, sizeCanvas } from './draw';
import { drawInteractive } from './draw-interactive';
import type { GanttGesture } from './draw-interactive';
import type { GanttBar, GanttFrame } from './frame';
import { GanttTip } from './GanttTip';
import { cursorFor } from './hit-test';
import { lightTheme } from './theme';
import type { HeaderTexts } from './tier-labels';
import type { Timescale } from './timescale';
import type { GanttActions } from './use-gantt-pointer';
import { useGanttPointer } from './use-gantt-pointer';

export interface GanttCanvasProps {
  readonly source: GanttSource;
  readonly width: number;
  readonly height: number;
  readonly rowHeight: number;
  readonly headerHeight: number;
  readonly scrollTop: number;
  readonly timescale: Timescale;
  readonly dataDate: number;
  /** The 4D player's time (NaN: none). */
  readonly playerTime: number;
  readonly locale: string;
  readonly texts: HeaderTexts;
  readonly actions: GanttActions;
  /** Lines of the hover tooltip of a bar. */
  readonly tooltip: (bar: GanttBar) => readonly string[];
  /** Lines of the live readout while a bar is moved or stretched (new dates, duration). */
  readonly readout: (gesture: GanttGesture) => readonly string[];
  readonly onWheel: (dx: number, dy: number) => void;
  /** Keys pressed while the chart has the focus (the workbench's key bindings). */
  readonly onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => void;
  readonly ariaLabel: string;
}

function GanttCanvasImpl(props: GanttCanvasProps) {
  const staticRef = useRef<HTMLCanvasElement>(null);
  const liveRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<GanttFrame | null>(null);
  /** Whether the interactive canvas shows anything. */
  const liveDrawn = useRef(false);
  const {
    source,
    width,
    height,
    rowHeight,
    headerHeight,
    scrollTop,
    timescale,
    dataDate,
    playerTime,
    locale,
    texts,
  } = props;
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  const frame = useMemo(() => {
    const input: FrameInput = {
      source,
      width,
      height,
      dpr,
      rowHeight,
      headerHeight,
      scrollTop,
      timescale,
      dataDate,
      playerTime,
      locale,
      texts,
      theme: lightTheme,
    };
    return buildFrame(input);
  }, [
    source,
    width,
    height,
    dpr,
    rowHeight,
    headerHeight,
    scrollTop,
    timescale,
    dataDate,
    playerTime,
    locale,
    texts,
  ]);

  useLayoutEffect(() => {
    frameRef.current = frame;
    const c = staticRef.current;
    const l = liveRef.current;
    if (!c || !l) return;
    sizeCanvas(c, frame.width, frame.height, frame.dpr);
    if (sizeCanvas(l, frame.width, frame.height, frame.dpr)) liveDrawn.current = false;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    drawGantt(ctx, frame);
    // For benchmarks/workbench.ts (?bench=1): when a frame with bars reached the canvas.
    if ((window as { __wbMarks?: boolean }).__wbMarks) {
      const dated = frame.bars.reduce((n, b) => (Number.isFinite(b.start) ? n + 1 : n), 0);
      performance.mark('wb-gantt-paint', {
        detail: { rows: frame.rowCount, bars: frame.bars.length, dated },
      });
    }
  }, [frame]);

  const { state, handlers } = useGanttPointer(frameRef, props.actions);

  useEffect(() => {
    const l = liveRef.current;
    const ctx = l?.getContext('2d');
    if (!ctx) return;
    const hover = state.hover?.bar ?? null;
    // An empty layer stays untouched: clearing it would still send its pixels to the compositor.
    if (!hover && !state.gesture && !liveDrawn.current) return;
    drawInteractive(ctx, { frame, hover, gesture: state.gesture });
    liveDrawn.current = hover !== null || state.gesture !== null;
  }, [frame, state.hover, state.gesture]);

  const { onWheel } = props;
  useEffect(() => {
    const el = liveRef.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const dx = e.shiftKey ? e.deltaY : e.deltaX;
      const dy = e.shiftKey ? 0 : e.deltaY;
      onWheel(dx, dy);
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [onWheel]);

  const hoverBar = !state.gesture && state.hover?.bar && state.hover.zone !== 'row' ? state.hover.bar : null;
  const tip = hoverBar && state.pointer ? props.tooltip(hoverBar) : null;
  const g = state.gesture;
  const readout = g && g.kind !== 'link' && state.pointer ? props.readout(g) : null;

  return (
    <div className="wb-gantt" style={{ position: 'relative', width, height }}>
      <canvas ref={staticRef} aria-hidden style={{ position: 'absolute', inset: 0 }} />
      <canvas
        ref={liveRef}
        data-testid="gantt-interactive"
        role="application"
        aria-label={props.ariaLabel}
        tabIndex={0}
        style={{ position: 'absolute', inset: 0, cursor: cursorFor(state.hover), touchAction: 'none' }}
        onKeyDown={props.onKeyDown}
        {...handlers}
      />
      {tip && state.pointer && (
        <GanttTip lines={tip} at={state.pointer} width={width} height={height} role="tooltip" />
      )}
      {readout && state.pointer && (
        <GanttTip
          lines={readout}
          at={state.pointer}
          width={width}
          height={height}
          above
          titled={false}
          testId="gantt-readout"
        />
      )}
    </div>
  );
}

function sameProps(a: GanttCanvasProps, b: GanttCanvasProps): boolean {
  return (
    a.source === b.source &&
    a.width === b.width &&
    a.height === b.height &&
    a.rowHeight === b.rowHeight &&
    a.headerHeight === b.headerHeight &&
    a.scrollTop === b.scrollTop &&
    a.timescale === b.timescale &&
    a.dataDate === b.dataDate &&
    Object.is(a.playerTime, b.playerTime) &&
    a.locale === b.locale &&
    a.texts === b.texts &&
    a.actions === b.actions &&
    a.tooltip === b.tooltip &&
    a.readout === b.readout &&
    a.onWheel === b.onWheel &&
    a.onKeyDown === b.onKeyDown &&
    a.ariaLabel === b.ariaLabel
  );
}

export const GanttCanvas = memo(GanttCanvasImpl, sameProps);
