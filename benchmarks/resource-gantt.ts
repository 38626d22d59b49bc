// npm run --silent bench -- resource-gantt: the resource Gantt's frames at 1,000 resources ×
// 100,000 assignments (issue 17: p95 frame ≤ 16.7 ms), the scene of resource-gantt-scene.ts.
// Two runs of the same frames (wheel scrolling three rows a frame at day, week and month scales;
// scrollbar jumps to a new place and a new left edge each frame):
// - in Node, into a recording 2D context: the JS work of a frame (rows, profiles on first view,
//   period peaks, draw calls) without rasterising;
// - in headless Chromium (benchmarks/resource-gantt-page.ts bundled for the page), onto a real
//   1400 × 900 canvas, one frame per requestAnimationFrame in a browser whose frames are not
//   paced by vsync (as the workbench benchmark's unthrottled scroll): `chromium_*_frame_ms` are
//   the times between frames (script, drawing and the canvas's raster and composite),
//   `chromium_*_draw_ms` the drawing code's own time. `--skip-chromium` leaves it out.
//   Besides those runs (the scale changing every frame), in the same page: `chromium_idle_*`
//   frames drawing one pixel (the machine's floor at its load) and `chromium_steady_full_*` wheel
//   scrolling at one scale (a third of the frames each at day, week, month). BENCH_TRACE=1 adds
//   `chromium_steady_ms_per_frame_by_event`: the renderer's timeline events (script, paint,
//   raster, GC) per frame of a steady scroll, from a Chromium performance trace.
import { build } from 'esbuild';
import { drawResourceGantt } from '../src/gantt/draw-resource';
import type { ScaleUnit } from '../src/gantt/timescale';
import { launchChromium } from './chromium';
import { makeScene } from './resource-gantt-scene';

const FRAMES = 300;
const scene = makeScene();
const { rows, units, rand } = scene;

// A 2D context that records nothing but the calls: the draw functions' own work.
let calls = 0;
const ctx = new Proxy(
  {},
  {
    get: (_t, k) => (k === 'measureText' ? () => ({ width: 60 }) : () => void calls++),
    set: () => true,
  },
) as unknown as CanvasRenderingContext2D;

/** Runs frames; `at(f)` gives the frame's scroll and unit. Answers the sorted times (ms). */
function run(frames: number, at: (f: number) => { top: number; unit: ScaleUnit; left: number }): number[] {
  const times: number[] = [];
  for (let f = 0; f < frames; f++) {
    const { top, unit, left } = at(f);
    const frame = scene.frameAt(top, unit, left);
    const a = performance.now();
    drawResourceGantt(ctx, frame);
    times.push(performance.now() - a);
  }
  return times.sort((x, y) => x - y);
}
const pct = (times: number[], p: number) =>
  +times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);

// Warm-up (the JIT), not counted.
run(30, (f) => ({ top: f * 2600, unit: 'week', left: 0 }));
const start = Math.floor(rand() * (rows.length - 2000));
const scroll = run(FRAMES, (f) => ({ top: (start + f * 3) * 26, unit: units[f % 3]!, left: 1200 }));
const jumps = run(FRAMES, (f) => ({
  top: Math.floor(rand() * rows.length) * 26,
  unit: units[f % 3]!,
  left: Math.floor(rand() * 4000),
}));

interface Run {
  frame: number[];
  draw: number[];
}
interface PageResult {
  rows: number;
  idle: Run;
  scroll: Run;
  steady_full: Run;
  steady_opaque: Run;
  steady_again: Run;
  jumps: Run;
}

/** Renderer timeline events summed per frame by BENCH_TRACE=1 (script, style, paint, raster…). */
const TIMELINE = new Set([
  'FunctionCall',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'RasterTask',
  'Commit',
  'MajorGC',
  'MinorGC',
]);

/** The same frames in Chromium on a real canvas (see the page module). */
async function inChromium(): Promise<Record<string, unknown>> {
  const bundle = await build({
    entryPoints: [new URL('./resource-gantt-page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.setContent('<canvas id="c" width="1400" height="900"></canvas>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const r = (await page.evaluate(`window.resourceGanttBench(${FRAMES})`)) as PageResult;
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    const out: Record<string, unknown> = {};
    for (const key of ['idle', 'scroll', 'steady_full', 'steady_opaque', 'steady_again', 'jumps'] as const) {
      const name = key === 'jumps' ? 'jump' : key;
      out[`chromium_${name}_frame_ms_p50`] = pct(sorted(r[key].frame), 0.5);
      out[`chromium_${name}_frame_ms_p95`] = pct(sorted(r[key].frame), 0.95);
      if (key !== 'idle') out[`chromium_${name}_draw_ms_p95`] = pct(sorted(r[key].draw), 0.95);
    }
    out.chromium_jump_frame_ms_max = pct(sorted(r.jumps.frame), 1);
    if (process.env.BENCH_TRACE === '1') {
      // Where a steady scroll frame's time goes: the renderer's timeline events, per frame.
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      const n = 150;
      await page.evaluate(`window.resourceGanttSteady(${n})`);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: { name: string; ph: string; dur?: number }[];
      };
      const sums: Record<string, number> = {};
      for (const e of trace.traceEvents)
        if (e.ph === 'X' && e.dur && TIMELINE.has(e.name))
          sums[e.name] = (sums[e.name] ?? 0) + e.dur / 1000 / n;
      out.chromium_steady_ms_per_frame_by_event = Object.fromEntries(
        Object.entries(sums).map(([k, v]) => [k, Math.round(v * 100) / 100]),
      );
    }
    return out;
  } finally {
    await browser.close();
  }
}

const chromium = process.argv.includes('--skip-chromium') ? {} : await inChromium();
process.stdout.write(
  JSON.stringify({
    resources: scene.RESOURCES,
    assignments: scene.ASSIGNMENTS,
    rows: rows.length,
    rows_ms: Math.round(scene.rowsMs),
    frames: FRAMES,
    scroll_frame_ms_p50: pct(scroll, 0.5),
    scroll_frame_ms_p95: pct(scroll, 0.95),
    jump_frame_ms_p50: pct(jumps, 0.5),
    jump_frame_ms_p95: pct(jumps, 0.95),
    jump_frame_ms_max: pct(jumps, 1),
    draw_calls_per_frame: Math.round(calls / (2 * FRAMES + 30)),
    ...chromium,
    note: 'Node: JS work per frame into a recording context; chromium_*: frames on a real canvas in headless Chromium (no vsync), frame = time between frames',
  }) + '\n',
);
