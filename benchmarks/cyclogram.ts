// npm run --silent bench -- cyclogram: the workbench's cyclogram at the size (issue 19:
// 10,000 activities over 200 locations opens in ≤ 500 ms, pans at a p95 frame ≤ 16.7 ms).
// - open_ms: what opening (or any edit) computes from the store: the rows in WBS order, their
//   groups and dates, the lines, rates, clashes and colours (workbenchCyclogram), median of 9.
// - pan frames: drawCyclogram into a recording 2D context (the draw functions' own work: every
//   segment's geometry, culling, the calls), 300 frames each panning 40 px over the span, fitted (every work in
//   view) and zoomed in to days (a few weeks in view); p50/p95 per frame.
// - drag_frame: one frame of a segment drag (the frame with the dragged work drawn where it lands).
// Not measured: the browser's rasterising of those calls and React's commit (see docs/views.md).
import type { CyclogramFrame } from '../src/gantt/cyclogram-frame';
import { drawCyclogram } from '../src/gantt/draw-cyclogram';
import type { Timescale } from '../src/gantt/timescale';
import { pxPerMinute } from '../src/gantt/timescale';
import { fitScale } from '../src/modules/views/scale';
import { workbenchCyclogram } from '../src/state/workbench/cyclogram';
import { workbench } from '../src/state/workbench/store';
import { DAY, KINDS, LOCATIONS, T0, loadCyclogramBenchVersion } from './cyclogram-data';

const FRAMES = 300;
loadCyclogramBenchVersion();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const opens: number[] = [];
let chart = workbenchCyclogram(workbench.get(), 'Location', 'Work type');
for (let i = 0; i < 9; i++) {
  const t = performance.now();
  chart = workbenchCyclogram(workbench.get(), 'Location', 'Work type');
  opens.push(performance.now() - t);
}
const works = chart.lines.reduce((s, l) => s + l.segments.length, 0);
if (chart.locations.length !== LOCATIONS || chart.lines.length !== KINDS || works !== LOCATIONS * KINDS)
  throw new Error('cyclogram: wrong shape');

// A 2D context that records nothing but the calls.
let calls = 0;
const ctx = new Proxy(
  {},
  {
    get: (_t, k) => (k === 'measureText' ? () => ({ width: 60 }) : () => void calls++),
    set: () => true,
  },
) as unknown as CanvasRenderingContext2D;

const W = 1200;
const H = 800;
const frameAt = (ts: Timescale, extra: Partial<CyclogramFrame> = {}): CyclogramFrame => ({
  width: W,
  height: H,
  ts,
  locations: chart.locations,
  lines: chart.lines,
  target: null,
  clashes: chart.clashes,
  dataDate: T0,
  hoverId: null,
  focusId: null,
  selectedIds: new Set(['a10-3']),
  dragging: null,
  locale: 'en-US',
  quarter: (q) => `Q${q}`,
  ...extra,
});
function pan(ts0: Timescale, frames: number, extra: Partial<CyclogramFrame> = {}): number[] {
  const times: number[] = [];
  for (let f = 0; f < frames; f++) {
    // Back and forth over the chart's span (never into empty time past its end).
    const span = Math.max(40, (chart.finish! - ts0.origin) * pxPerMinute(ts0) - (W - 120));
    const x = (f * 40) % (2 * span);
    const ts = { ...ts0, scrollLeft: x < span ? x : 2 * span - x };
    const t = performance.now();
    drawCyclogram(ctx, frameAt(ts, extra));
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
const pct = (xs: number[], p: number) => +xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(2);

const fitted = fitScale(chart.start, chart.finish, W - 120);
const days: Timescale = { unit: 'day', zoom: 1, origin: chart.start!, scrollLeft: 0 };
pan(fitted, 30); // warm-up (the JIT), not counted
calls = 0;
const fit = pan(fitted, FRAMES);
const fitCalls = calls / FRAMES;
calls = 0;
const zoomed = pan(days, FRAMES);
const zoomedCalls = calls / FRAMES;
const drag = pan(fitted, 60, { dragging: { id: 'a100-20', minutes: 3 * DAY } });

process.stdout.write(
  JSON.stringify({
    activities: works,
    locations: chart.locations.length,
    kinds: chart.lines.length,
    clashes: chart.clashes.length,
    open_ms_median: +median(opens).toFixed(1),
    open_budget_ms: 500,
    frames: FRAMES,
    pan_fitted_frame_ms_p50: pct(fit, 0.5),
    pan_fitted_frame_ms_p95: pct(fit, 0.95),
    pan_days_frame_ms_p50: pct(zoomed, 0.5),
    pan_days_frame_ms_p95: pct(zoomed, 0.95),
    drag_frame_ms_p95: pct(drag, 0.95),
    frame_budget_ms: 16.7,
    draw_calls_per_frame_fitted: Math.round(fitCalls),
    draw_calls_per_frame_days: Math.round(zoomedCalls),
    note: 'JS work per open and per frame in Node (store → chart; draw calls without rasterising)',
  }) + '\n',
);
