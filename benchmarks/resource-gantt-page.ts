// The Chromium side of the resource Gantt benchmark (bundled by benchmarks/resource-gantt.ts):
// the same scene and frames drawn onto the page's real canvas, one frame per
// requestAnimationFrame, by the product's drawResourceGantt; and, in the same run, frames drawing
// one pixel (the machine's floor at its load). Answers, per run, the time between frames and the drawing code's own time (ms).
import { drawResourceGantt } from '../src/gantt/draw-resource';
import type { ResourceFrame } from '../src/gantt/draw-resource';
import type { ScaleUnit } from '../src/gantt/timescale';
import { makeScene } from './resource-gantt-scene';

const nextFrame = () => new Promise<number>((ok) => requestAnimationFrame(ok));

type Paint = ((ctx: CanvasRenderingContext2D, f: ResourceFrame) => void) | null;

async function frames(
  ctx: CanvasRenderingContext2D,
  scene: ReturnType<typeof makeScene>,
  paint: Paint,
  count: number,
  at: (f: number) => { top: number; unit: ScaleUnit; left: number },
) {
  const frame: number[] = [];
  const draw: number[] = [];
  let last = await nextFrame();
  for (let f = 0; f < count; f++) {
    const { top, unit, left } = at(f);
    const a = performance.now();
    if (paint) paint(ctx, scene.frameAt(top, unit, left));
    draw.push(performance.now() - a);
    const t = await nextFrame();
    frame.push(t - last);
    last = t;
  }
  return { frame, draw };
}

async function resourceGanttBench(count: number) {
  const scene = makeScene();
  const canvas = document.getElementById('c') as HTMLCanvasElement;
  const ctx = canvas.getContext('2d')!;
  const { rows, units, rand } = scene;
  const full: Paint = drawResourceGantt;
  // Warm-up (the JIT, the profiles of the first rows), not counted.
  await frames(ctx, scene, full, 30, (f) => ({ top: f * 2600, unit: 'week', left: 0 }));
  // The least a frame can be: one pixel drawn (a frame with nothing drawn is not produced).
  const dot: Paint = (c) => {
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.fillStyle = c.fillStyle === '#000000' ? '#ffffff' : '#000000';
    c.fillRect(0, 0, 1, 1);
  };
  const idle = await frames(ctx, scene, dot, count, () => ({ top: 0, unit: 'week', left: 0 }));
  const start = Math.floor(rand() * (rows.length - 2000));
  // Wheel scrolling three rows a frame, the scale changing every frame (every frame drawn whole).
  const mixed = (paint: Paint, from: number) =>
    frames(ctx, scene, paint, count, (f) => ({ top: (from + f * 3) * 26, unit: units[f % 3]!, left: 1200 }));
  // Wheel scrolling three rows a frame at one scale (day, week, month: a third of the frames each).
  const steady = (paint: Paint, from: number) =>
    frames(ctx, scene, paint, count, (f) => ({
      top: (from + f * 3) * 26,
      unit: units[Math.floor((f * 3) / count)]!,
      left: 1200,
    }));
  const jumps = (paint: Paint) =>
    frames(ctx, scene, paint, count, (f) => ({
      top: Math.floor(rand() * rows.length) * 26,
      unit: units[f % 3]!,
      left: Math.floor(rand() * 4000),
    }));
  const scroll = await mixed(full, start);
  const steadyFull = await steady(full, start + count * 3);
  // The same steady scroll on an opaque canvas (getContext('2d', { alpha: false }), as the
  // product's resource Gantt draws since 28 Nov 2026), shown in place of the first; then the
  // first canvas again, so the two alternate under the same load.
  const opaque = document.createElement('canvas');
  opaque.width = canvas.width;
  opaque.height = canvas.height;
  const octx = opaque.getContext('2d', { alpha: false })!;
  const swap = (show: HTMLCanvasElement, hide: HTMLCanvasElement) => {
    hide.style.display = 'none';
    show.style.display = '';
  };
  document.body.appendChild(opaque);
  swap(opaque, canvas);
  await frames(octx, scene, full, 30, (f) => ({ top: f * 2600, unit: 'week', left: 0 }));
  const steadyOpaque = await steadyOn(octx, start + count * 6);
  swap(canvas, opaque);
  const steadyAgain = await steadyOn(ctx, start + count * 9);
  return {
    rows: rows.length,
    idle,
    // Rows not seen before in each run (profiles made on first view, as in the product).
    scroll,
    steady_full: steadyFull,
    steady_opaque: steadyOpaque,
    steady_again: steadyAgain,
    jumps: await jumps(full),
  };

  function steadyOn(c: CanvasRenderingContext2D, from: number) {
    return frames(c, scene, full, count, (f) => ({
      top: (from + f * 3) * 26,
      unit: units[Math.floor((f * 3) / count)]!,
      left: 1200,
    }));
  }
}

/** Steady scrolling alone (the run benchmarks/resource-gantt.ts traces with BENCH_TRACE=1). */
async function resourceGanttSteady(count: number) {
  const scene = makeScene();
  // On an opaque canvas of its own, as the product draws (the page's first has an alpha context).
  const first = document.getElementById('c') as HTMLCanvasElement;
  const canvas = document.createElement('canvas');
  canvas.width = first.width;
  canvas.height = first.height;
  document.body.appendChild(canvas);
  for (const c of document.querySelectorAll('canvas')) if (c !== canvas) c.style.display = 'none';
  const ctx = canvas.getContext('2d', { alpha: false })!;
  await frames(ctx, scene, drawResourceGantt, 30, (f) => ({ top: f * 2600, unit: 'week', left: 0 }));
  return frames(ctx, scene, drawResourceGantt, count, (f) => ({
    top: (5000 + f * 3) * 26,
    unit: scene.units[Math.floor((f * 3) / count)]!,
    left: 1200,
  }));
}

Object.assign(window, { resourceGanttBench, resourceGanttSteady });
