// A canvas that fills its box, with a backing store scaled by devicePixelRatio; `draw` paints it in
// CSS pixels in the next animation frame whenever the size or `draw` changes, and on `repaint`
// (a pan moved by a ref, not by a React render). Requests in one frame are drawn once, with the
// latest `draw` and size.
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { HTMLAttributes, MutableRefObject } from 'react';

interface Props extends Omit<HTMLAttributes<HTMLCanvasElement>, 'children'> {
  draw: (ctx: CanvasRenderingContext2D, width: number, height: number) => void;
  onSize?: (width: number, height: number) => void;
  /** Set to a function that draws the canvas again in the next animation frame. */
  repaint?: MutableRefObject<() => void>;
}

export const CanvasBox = forwardRef<HTMLCanvasElement | null, Props>(function CanvasBox(
  { draw, onSize, repaint, ...rest },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const latest = useRef({ draw, size });
  latest.current = { draw, size };
  const frame = useRef(0);
  // One frame for every request made before it comes.
  const [schedule] = useState(() => () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const { draw: d, size: s } = latest.current;
      const ctx = s.w > 0 && s.h > 0 ? canvas.current?.getContext('2d') : null;
      if (!ctx) return;
      const dpr = window.devicePixelRatio || 1;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      d(ctx, s.w, s.h);
    });
  });
  useImperativeHandle(ref, () => canvas.current!, []);
  // Measured at once when mounted (before the browser paints), then by the observer: the first
  // frame does not wait a frame for the observer's first report.
  useLayoutEffect(() => {
    const el = box.current!;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      const h = Math.floor(el.clientHeight);
      setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, []);
  useEffect(() => {
    if (repaint) repaint.current = schedule;
  }, [repaint, schedule]);
  // In the same commit as the size: a chart that fits itself to its width (onSize) does so before
  // its first frame is asked for.
  useLayoutEffect(() => {
    if (size.w > 0) onSize?.(size.w, size.h);
  }, [size, onSize]);
  useLayoutEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(size.w * dpr);
    c.height = Math.round(size.h * dpr);
  }, [size]);
  useEffect(schedule, [draw, size, schedule]);
  return (
    <div ref={box} className="views-canvas">
      <canvas ref={canvas} style={{ width: size.w, height: size.h }} {...rest} />
    </div>
  );
});
