// The page side of `bench -- cyclogram-browser` (bundled by esbuild, run in headless Chromium):
// pans a real canvas over the chart frame by frame, through the workbench's painter (cached
// pictures) or the full drawing, and times each frame's work including the rasterising.
import type { CyclogramFrame } from '../src/gantt/cyclogram-frame';
import { CyclogramPainter } from '../src/gantt/cyclogram-painter';
import { drawCyclogram } from '../src/gantt/draw-cyclogram';
import type { Timescale } from '../src/gantt/timescale';

export interface PanRun {
  /** Each frame's work: the drawing and a 1-pixel read that makes the canvas raster it (ms). */
  work: number[];
  /** Time between animation frames while panning (ms): what a user sees. */
  intervals: number[];
  stats: CyclogramPainter['stats'] | null;
}

type Base = Omit<CyclogramFrame, 'ts' | 'quarter'>;

function pan(
  base: Base,
  ts0: Timescale,
  opts: { frames: number; step: number; span: number; cached: boolean },
): Promise<PanRun> {
  const { frames, step, span, cached } = opts;
  const canvas = document.querySelector('canvas')!;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = base.width * dpr;
  canvas.height = base.height * dpr;
  canvas.style.width = `${base.width}px`;
  canvas.style.height = `${base.height}px`;
  const ctx = canvas.getContext('2d')!;
  const painter = new CyclogramPainter();
  const work: number[] = [];
  const intervals: number[] = [];
  let f = 0;
  let last = 0;
  return new Promise((resolve) => {
    const frame = (now: number) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      // Back and forth over `span` px of scroll, `step` px a frame.
      const x = (f * step) % (2 * span);
      const ts = { ...ts0, scrollLeft: x < span ? x : 2 * span - x };
      const t = performance.now();
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const fr: CyclogramFrame = { ...base, ts, quarter: (q) => `Q${q}` };
      if (cached) painter.paint(ctx, fr, dpr);
      else drawCyclogram(ctx, fr);
      ctx.getImageData(0, 0, 1, 1);
      work.push(performance.now() - t);
      if (++f < frames) requestAnimationFrame(frame);
      else {
        painter.dispose();
        resolve({ work, intervals, stats: cached ? { ...painter.stats } : null });
      }
    };
    requestAnimationFrame(frame);
  });
}

(window as unknown as { __cyclo: unknown }).__cyclo = {
  pan: (
    base: Omit<Base, 'selectedIds'> & { selected: string[] },
    ts0: Timescale,
    opts: { frames: number; step: number; span: number; cached: boolean },
  ) => pan({ ...base, selectedIds: new Set(base.selected) }, ts0, opts),
};
