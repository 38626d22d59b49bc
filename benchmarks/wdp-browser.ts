// The daily planning matrix's frame time in headless Chromium (issue 18: 10,000 rows × 2 years of
// days scroll at a p95 frame ≤ 16.7 ms). The generated 10,000-row schedule of the other benchmarks
// is uploaded through the API (stored and calculated by the server), every leaf gets a plan of 1
// on each day of its dates (update-many), and the schedule page opens with the matrix beside the
// grid (?chart=daily). Then the matrix is scrolled 240 frames of 120 px down, 240 of 120 px right,
// and both at once, in a browser whose frames are not paced by vsync: each requestAnimationFrame
// delta is the time to produce a frame (script, style, layout, paint); `floor_frame_ms` the same
// page's frames that only move a 2-px element (the machine's own floor at its load);
// `main_thread_ms_per_frame` the renderer main thread's busy time per frame over the 1,200 scroll
// frames (task; of it script, and style with layout). Prints one JSON object.
//
// Needs a built client (npx vite build). Starts the server itself on a fresh data directory
// (BENCH_PORT, default 8311) unless BENCH_URL points at a running one.
// Run: node --import tsx benchmarks/wdp-browser.ts   (or npm run --silent bench -- wdp-browser)
import { loadavg } from 'node:os';
import type { VersionColumns } from '../src/api/versions';
import { benchDoc, scheduleDoc } from './bench-schedule';
import { demoSession, startBenchServer, uploadModel } from './bench-server';
import { launchChromium } from './chromium';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const round = (x: number) => Math.round(x * 10) / 10;
const DAY = 1440;

/** Timeline events summed by BENCH_TRACE (script, style, layout, paint, raster). */
const TIMELINE = new Set([
  'FunctionCall',
  'EventDispatch',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'RasterTask',
  'Commit',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
]);

interface Frames {
  p95: number;
  median: number;
  max: number;
}

/**
 * `frames` frames, each moving the scroller by (dx, dy) px and awaiting the next animation
 * frame; the deltas between the callbacks. Self-contained: Playwright ships it into the page.
 */
async function scrollFrames(el: HTMLElement, [dx, dy, frames]: [number, number, number]): Promise<Frames> {
  const times: number[] = [];
  let last = performance.now();
  for (let i = 0; i < frames; i++) {
    el.scrollLeft += dx;
    el.scrollTop += dy;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  times.sort((a, b) => a - b);
  return {
    p95: times[Math.floor(times.length * 0.95)]!,
    median: times[times.length >> 1]!,
    max: times[times.length - 1]!,
  };
}

async function run(base: string): Promise<void> {
  const session = await demoSession(base);
  const { token, spaceId, scheduleId, headers, json } = session;

  // The generated schedule, uploaded and calculated by the server.
  const version = await uploadModel(session, scheduleDoc(benchDoc(ROWS)).model, `Generated ${ROWS}`);

  // A plan of 1 on every day of every leaf's dates.
  const cols = await json<VersionColumns>(`/versions/${version.id}/wbs/columns`, { headers });
  const parents = new Set(cols.items.parent.filter((p) => p >= 0));
  const values: { item_id: string; day: number; value: number }[] = [];
  cols.items.id.forEach((id, i) => {
    const es = cols.items.es[i];
    const ef = cols.items.ef[i];
    if (parents.has(i) || es === null || es === undefined || ef === null || ef === undefined) return;
    for (let d = Math.floor(es / DAY); d <= Math.floor((ef - 1) / DAY); d++)
      values.push({ item_id: id, day: d, value: 1 });
  });
  await json(`/versions/${version.id}/wdp/update-many`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'plan', values }),
  });

  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript((t) => localStorage.setItem('pw.token', t), token);
    const t0 = Date.now();
    await page.goto(`${base}/${spaceId}/schedule/${scheduleId}?version=${version.id}&chart=daily`);
    await page.waitForSelector('.wdp-pane .wdp-left', { timeout: 180_000 });
    const open_pane_ms = Date.now() - t0;
    // At rest: the worker's pass and the idle-time work after the open.
    await page.waitForTimeout(3000);
    const matrix = '.wdp-pane .wdp-matrix';
    const size = await page.$eval(matrix, (el) => ({
      rows: Number(el.getAttribute('aria-rowcount')),
      days: Number(el.getAttribute('aria-colcount')),
      painted_cells: el.querySelectorAll('.wdp-cell').length,
    }));
    const fn = scrollFrames as (el: HTMLElement, a: [number, number, number]) => Promise<Frames>;
    // The machine's floor at its load, in the same page: frames that move one small element.
    const floor = await page.evaluate(async () => {
      const dot = document.body.appendChild(document.createElement('div'));
      dot.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;background:#000';
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 240; i++) {
        dot.style.transform = `translateX(${i % 2}px)`;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      dot.remove();
      times.sort((a, b) => a - b);
      return {
        p95: times[Math.floor(times.length * 0.95)]!,
        median: times[times.length >> 1]!,
        max: times.at(-1)!,
      };
    });
    // The renderer main thread's busy time per frame (Chromium's own task, script, style and
    // layout clocks): steadier than frame times on a shared machine, where another process
    // stretches a frame more than its work.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = (name: string) => (metrics.find((x) => x.name === name)?.value ?? 0) * 1000;
      return {
        task: m('TaskDuration'),
        script: m('ScriptDuration'),
        style_layout: m('RecalcStyleDuration') + m('LayoutDuration'),
      };
    };
    const before = await busy();
    const down = await page.$eval(matrix, fn, [0, 120, 240] as [number, number, number]);
    const up = await page.$eval(matrix, fn, [0, -120, 240] as [number, number, number]);
    const right = await page.$eval(matrix, fn, [120, 0, 240] as [number, number, number]);
    const left = await page.$eval(matrix, fn, [-120, 0, 240] as [number, number, number]);
    const diagonal = await page.$eval(matrix, fn, [60, 60, 240] as [number, number, number]);
    const after = await busy();
    const main = {
      task: round((after.task - before.task) / 1200),
      script: round((after.script - before.script) / 1200),
      style_layout: round((after.style_layout - before.style_layout) / 1200),
    };
    // Where a frame's time goes (BENCH_TRACE=1): the renderer's timeline events of 60 frames down
    // and 60 right, summed by kind (script, style, layout, paint, raster) per frame.
    const breakdown: Record<string, Record<string, number>> = {};
    if (process.env.BENCH_TRACE === '1')
      for (const [name, step] of [
        ['down', [0, 120, 60]],
        ['right', [120, 0, 60]],
      ] as const) {
        await browser.startTracing(page, { categories: ['devtools.timeline'] });
        await page.$eval(matrix, fn, [...step] as [number, number, number]);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as {
          traceEvents: { name: string; ph: string; dur?: number }[];
        };
        const sums: Record<string, number> = {};
        for (const e of trace.traceEvents)
          if (e.ph === 'X' && e.dur && TIMELINE.has(e.name))
            sums[e.name] = (sums[e.name] ?? 0) + e.dur / 1000 / step[2];
        breakdown[name] = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, round(v)]));
      }
    // The grid followed the matrix (one vertical scroll).
    const gridTop = await page.$eval('.wb-grid', (el) => el.scrollTop);
    const matrixTop = await page.$eval(matrix, (el) => el.scrollTop);
    const r = (f: Frames) => ({ p95: round(f.p95), median: round(f.median), max: round(f.max) });
    process.stdout.write(
      JSON.stringify({
        rows: size.rows,
        days: size.days,
        plan_cells: values.length,
        painted_cells: size.painted_cells,
        open_pane_ms,
        scroll_down_frame_ms: r(down),
        scroll_up_frame_ms: r(up),
        scroll_right_frame_ms: r(right),
        scroll_left_frame_ms: r(left),
        scroll_diagonal_frame_ms: r(diagonal),
        floor_frame_ms: r(floor),
        p95_frame_ms: round(Math.max(down.p95, up.p95, right.p95, left.p95, diagonal.p95)),
        main_thread_ms_per_frame: main,
        budget_p95_frame_ms: 16.7,
        grid_follows: Math.abs(gridTop - matrixTop) <= 1,
        ...(process.env.BENCH_TRACE === '1' ? { ms_per_frame_by_event: breakdown } : {}),
        load_average_1m: round(loadavg()[0]!),
      }) + '\n',
    );
  } finally {
    await browser.close();
  }
}

const server = await startBenchServer(8311);
try {
  await run(server.base);
} finally {
  server.stop();
}
