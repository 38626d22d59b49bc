// A chart's timescale held in a ref as well as in React state: zoom and fit go through state (a
// new picture), a pan only moves the ref's scroll and asks the canvas for a frame, so panning
// costs no React render (issue 19: a pan frame ≤ 16.7 ms p95). Whatever draws or hit-tests reads
// `tsRef.current`, the scroll as it is now.
import { useCallback, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { Timescale } from '../../gantt/timescale';

export interface ViewScale<T extends Timescale | null> {
  /** Changes with zoom, fit and new data, not with a pan. */
  ts: T;
  tsRef: MutableRefObject<T>;
  setTs: (next: T | ((s: T) => T)) => void;
  /** Scrolls to `scrollLeft` (not before the origin) and repaints, without a render. */
  panTo: (scrollLeft: number) => void;
  /** Given to CanvasBox, which sets it to its repaint. */
  repaint: MutableRefObject<() => void>;
}

export function useViewScale<T extends Timescale | null>(initial: T | (() => T)): ViewScale<T> {
  const [ts, setState] = useState<T>(initial);
  const tsRef = useRef<T>(ts);
  const repaint = useRef<() => void>(() => {});
  const setTs = useCallback((next: T | ((s: T) => T)) => {
    const v = typeof next === 'function' ? next(tsRef.current) : next;
    tsRef.current = v;
    setState(v);
  }, []);
  const panTo = useCallback((scrollLeft: number) => {
    const s = tsRef.current;
    const x = Math.max(0, scrollLeft);
    if (!s || x === s.scrollLeft) return;
    tsRef.current = { ...s, scrollLeft: x };
    repaint.current();
  }, []);
  return { ts, tsRef, setTs, panTo, repaint };
}
