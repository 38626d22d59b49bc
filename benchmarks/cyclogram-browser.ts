// npm run --silent bench -- cyclogram-browser: the workbench cyclogram's pan frames in headless
// Chromium on a real canvas (issue 19: 10,000 activities over 200 locations pan at a p95 frame
// ≤ 16.7 ms). The chart is the Node benchmark's (cyclogram-data.ts, built by the workbench's own
// workbenchCyclogram); the page (cyclogram-page.ts, bundled by esbuild) pans a 1200 × 800 canvas
// 40 px a frame over the chart's span, fitted (every work in view) and zoomed in to days, with
// the painter the workbench uses (cached pictures, cyclogram-painter.ts) and, for comparison,
// the full drawing of every frame. A frame's work is the drawing plus a 1-pixel read that makes
// Chromium rasterise it (so the pixels are paid for inside the frame); intervals are the times
// between animation frames. React's commit of the pan (a state update) is not included.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { LABEL_W } from '../src/gantt/cyclogram-frame';
import type { Timescale } from '../src/gantt/timescale';
import { pxPerMinute } from '../src/gantt/timescale';
import { fitScale } from '../src/modules/views/scale';
import { workbenchCyclogram } from '../src/state/workbench/cyclogram';
import { workbench } from '../src/state/workbench/store';
import { launchChromium } from './chromium';
import { T0, loadCyclogramBenchVersion } from './cyclogram-data';
import type { PanRun } from './cyclogram-page';

const W = 1200;
const H = 800;
const FRAMES = Number(process.env.BENCH_FRAMES ?? 300);
const STEP = 40;

loadCyclogramBenchVersion();
const chart = workbenchCyclogram(workbench.get(), 'Location', 'Work type');
const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./cyclogram-page.ts', import.meta.url))],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  logLevel: 'silent',
});

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: W + 40, height: H + 40 } });
  await page.setContent('<!doctype html><body style="margin:0"><canvas></canvas></body>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const base = {
    width: W,
    height: H,
    locations: chart.locations,
    lines: chart.lines,
    target: null,
    clashes: chart.clashes,
    dataDate: T0,
    hoverId: null,
    focusId: null,
    selected: ['a10-3'],
    dragging: null,
    locale: 'en-US',
  };
  const run = (ts: Timescale, cached: boolean): Promise<PanRun> => {
    // Back and forth over the chart's span (never into empty time past its end).
    const span = Math.max(STEP, (chart.finish! - ts.origin) * pxPerMinute(ts) - (W - LABEL_W));
    return page.evaluate(
      ([b, t, o]) =>
        (window as unknown as { __cyclo: { pan: (...a: unknown[]) => Promise<PanRun> } }).__cyclo.pan(
          b,
          t,
          o,
        ),
      [base, ts, { frames: FRAMES, step: STEP, span, cached }] as const,
    );
  };
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return +s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
  };
  const fitted = fitScale(chart.start, chart.finish, W - LABEL_W);
  const days: Timescale = { unit: 'day', zoom: 1, origin: chart.start!, scrollLeft: 0 };
  await run(fitted, true); // warm-up (the JIT, the fonts), not counted
  const out: Record<string, unknown> = {
    activities: chart.lines.reduce((s, l) => s + l.segments.length, 0),
    locations: chart.locations.length,
    clashes: chart.clashes.length,
    canvas: `${W}x${H}`,
    frames: FRAMES,
    step_px: STEP,
  };
  for (const [name, ts] of [
    ['fitted', fitted],
    ['days', days],
  ] as const) {
    for (const cached of [true, false]) {
      const r = await run(ts, cached);
      const key = `${name}_${cached ? 'cached' : 'full_draw'}`;
      out[`${key}_frame_ms_p50`] = pct(r.work, 0.5);
      out[`${key}_frame_ms_p95`] = pct(r.work, 0.95);
      out[`${key}_interval_ms_p95`] = pct(r.intervals, 0.95);
      if (r.stats) out[`${key}_tiles`] = r.stats;
      // The first frame draws the whole tile: what an open or an edit costs the painter.
      if (cached) out[`${name}_first_frame_ms`] = +r.work[0]!.toFixed(1);
    }
  }
  out.frame_budget_ms = 16.7;
  out.note =
    'headless Chromium (no GPU), one canvas; frame = draw + forced raster; React commit not included';
  process.stdout.write(JSON.stringify(out) + '\n');
} finally {
  await browser.close();
}
