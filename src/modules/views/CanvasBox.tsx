// A canvas that fills its box, with a backing store scaled by devicePixelRatio; `draw` paints it in
// CSS pixels whenever the size or `draw` changes.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { HTMLAttributes } from 'react';

interface Props extends Omit<HTMLAttributes<HTMLCanvasElement>, 'children'> {
  draw: (ctx: CanvasRenderingContext2D, width: number, height: number) => void;
  onSize?: (width: number, height: number) => void;
}

export const CanvasBox = forwardRef<HTMLCanvasElement | null, Props>(function CanvasBox(
  { draw, onSize, ...rest },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useImperativeHandle(ref, () => canvas.current!, []);
  useEffect(() => {
    const el = box.current!;
    const ro = new ResizeObserver(() => {
      const w = Math.floor(el.clientWidth);
      const h = Math.floor(el.clientHeight);
      setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    if (size.w > 0) onSize?.(size.w, size.h);
  }, [size, onSize]);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(size.w * dpr);
    c.height = Math.round(size.h * dpr);
  }, [size]);
  useEffect(() => {
    const c = canvas.current;
    if (!c || size.w === 0 || size.h === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const frame = requestAnimationFrame(() => {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      draw(ctx, size.w, size.h);
    });
    return () => cancelAnimationFrame(frame);
  }, [draw, size]);
  return (
    <div ref={box} className="views-canvas">
      <canvas ref={canvas} style={{ width: size.w, height: size.h }} {...rest} />
    </div>
  );
});
