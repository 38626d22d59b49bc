// npm run --silent bench -- cyclogram-open: the cyclogram's open and pan in the real screens, in
// headless Chromium against the real server (issue 19: a version of 10,000 activities over 200
// locations opens in ≤ 500 ms and pans at a p95 frame ≤ 16.7 ms). Not an estimate: the
// generated version (cyclogram-data.ts, 200 locations × 50 kinds, with their attributes) is
// uploaded and calculated by the server, then
// - the views page (`/{space}/schedule/{id}/cyclogram`) is opened by navigation RUNS times: from
//   the navigation's start to the first animation frame after the cyclogram was drawn (the
//   painter's `cyclogram:drawn` mark; that frame carries the drawing to the screen), with the
//   cyclogram call's own time (request to last byte) beside it; then RUNS times more, each after
//   saving a colour (the server's kept answer no longer serves: the chart read and built anew,
//   as after a row edit);
// - the schedule page is opened with the version, and the toolbar's Cyclogram button is clicked
//   RUNS times (closed between): from the click to the same first frame (the chart built from the
//   workbench's 10,000 rows, its first tile drawn);
// - each screen's chart is panned by wheel events (40 px, one per animation frame: React's
//   update, the painter's copy, raster): the times between frames, beside the same page's frames
//   that only move a 2-px element (the machine's own floor at its load).
// Frames are not paced by vsync (each delta is a frame's cost). BENCH_TRACE=1 adds the workbench
// pan's timeline events per frame (a Chromium performance trace). Needs a built client (npx vite
// build); starts the server on a fresh data directory (BENCH_PORT, default 8313).
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { CYCLOGRAM_DRAWN } from '../src/gantt/cyclogram-painter';
import { demoSession, startBenchServer, uploadModel } from './bench-server';
import { launchChromium } from './chromium';
import { cyclogramBenchModel } from './cyclogram-data';

/** Renderer timeline events summed by BENCH_TRACE (script, style, layout, paint, raster, GC). */
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
  'MajorGC',
  'MinorGC',
]);

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 200);
const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor(p * s.length))]!);
};

/** In every page: each `cyclogram:drawn` mark and the animation frame after it (page times, ms). */
function watchDrawn(name: string) {
  const w = window as unknown as { __drawn: { mark: number; frame: number }[] };
  w.__drawn = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === name) {
        const mark = e.startTime;
        requestAnimationFrame(() => w.__drawn.push({ mark, frame: performance.now() }));
      }
  }).observe({ type: 'mark' });
}

/** The first drawn frame after page time `after`. */
async function drawnAfter(page: Page, after: number): Promise<{ mark: number; frame: number }> {
  const h = await page.waitForFunction(
    (t) =>
      (window as unknown as { __drawn: { mark: number; frame: number }[] }).__drawn.find((d) => d.mark > t) ??
      null,
    after,
    { timeout: 120_000, polling: 50 },
  );
  return (await h.jsonValue()) as { mark: number; frame: number };
}

/** `frames` frames of `dx` px wheel pans on the canvas (dx 0: the page's floor, see above). */
async function panFrames(page: Page, testId: string, dx: number, frames: number): Promise<number[]> {
  return page.getByTestId(testId).evaluate(
    async (el, [dx, frames]) => {
      const times: number[] = [];
      const dot = document.body.appendChild(document.createElement('div'));
      dot.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;background:#000';
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      for (let i = 0; i < frames; i++) {
        // Back and forth, so the pan stays over the chart.
        const d = Math.floor(i / 50) % 2 === 0 ? dx : -dx;
        if (dx !== 0)
          el.dispatchEvent(new WheelEvent('wheel', { deltaX: d, bubbles: true, cancelable: true }));
        // Frames with nothing to do are not produced: the floor moves a 2-px element.
        else dot.style.transform = `translateX(${i % 2}px)`;
        const t = await new Promise<number>((r) => requestAnimationFrame(r));
        times.push(t - last);
        last = t;
      }
      dot.remove();
      return times;
    },
    [dx, frames] as const,
  );
}

const server = await startBenchServer(8313);
try {
  const s = await demoSession(server.base);
  const made = performance.now();
  const version = await uploadModel(s, cyclogramBenchModel(), 'Cyclogram 10k');
  const upload_ms = Math.round(performance.now() - made);

  // The cyclogram call alone, from Node (the server's own time, no browser).
  const api: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await s.json(`/versions/${version.id}/cyclogram/Location?kind_by=Work%20type`, { headers: s.headers });
    api.push(performance.now() - t);
  }

  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript((t) => localStorage.setItem('pw.token', t), s.token);
    await page.addInitScript(watchDrawn, CYCLOGRAM_DRAWN);

    // 1. The views page, opened by navigation.
    const viewsUrl = `${server.base}/${s.spaceId}/schedule/${s.scheduleId}/cyclogram?version=${version.id}`;
    const views: { frame: number; mark: number; call: number; call_start: number }[] = [];
    let summary = '';
    let waterfall: string[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.goto(viewsUrl);
      const d = await drawnAfter(page, 0);
      const call = await page.evaluate(() => {
        const e = performance.getEntriesByType('resource').find((r) => /\/cyclogram\//.test(r.name)) as
          PerformanceResourceTiming | undefined;
        return e ? { start: e.startTime, ms: e.responseEnd - e.startTime } : { start: NaN, ms: NaN };
      });
      views.push({ frame: d.frame, mark: d.mark, call: call.ms, call_start: call.start });
      // The page's requests in time order (ms from the navigation): what the open waits for.
      waterfall = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => r.name.includes('/api/'))
          .map((r) => {
            const path = new URL(r.name).pathname.replace(/[0-9a-f-]{36}/g, ':id').replace('/api/v1', '');
            return `${path} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`;
          }),
      );
      summary = (await page.getByTestId('cyclogram-summary').textContent()) ?? '';
    }
    const warm = views.slice(1); // the first navigation also fetches and compiles the bundle
    await page.waitForTimeout(1000);
    const viewsIdle = await panFrames(page, 'cyclogram-canvas', 0, FRAMES);
    const viewsPan = await panFrames(page, 'cyclogram-canvas', 40, FRAMES);

    // 1b. The views page opened after a change the server's kept answer must not serve (a saved
    // colour, as a row edit would: the chart is read and built anew), RUNS times.
    const changed: { frame: number; call: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      await s.json(`/versions/${version.id}/cyclogram/color`, {
        method: 'POST',
        headers: { ...s.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ kind_by: 'Work type', colors: { bench: i % 2 ? '#123456' : '#654321' } }),
      });
      await page.goto(viewsUrl);
      const d = await drawnAfter(page, 0);
      const call = await page.evaluate(() => {
        const e = performance.getEntriesByType('resource').find((r) => /\/cyclogram\//.test(r.name)) as
          PerformanceResourceTiming | undefined;
        return e ? e.responseEnd - e.startTime : NaN;
      });
      changed.push({ frame: d.frame, call });
    }

    // 2. The workbench: the schedule page with the version, the Cyclogram button.
    await page.goto(`${server.base}/${s.spaceId}/schedule/${s.scheduleId}?version=${version.id}`);
    const button = page.getByRole('button', { name: 'Cyclogram', exact: true });
    await page.locator('[role=grid] [data-row]').first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3000); // the open's idle-time work
    const clicks: { frame: number; mark: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = await button.evaluate((el) => {
        const t = performance.now();
        (el as HTMLElement).click();
        return t;
      });
      const d = await drawnAfter(page, t0);
      clicks.push({ frame: d.frame - t0, mark: d.mark - t0 });
      await page.getByTestId('workbench-cyclogram-summary').waitFor();
      if (i < RUNS - 1) {
        await button.click();
        await page.getByTestId('workbench-cyclogram').waitFor({ state: 'detached' });
        await page.waitForTimeout(500);
      }
    }
    await page.waitForTimeout(1000);
    const wbIdle = await panFrames(page, 'workbench-cyclogram-canvas', 0, FRAMES);
    const wbPan = await panFrames(page, 'workbench-cyclogram-canvas', 40, FRAMES);
    // BENCH_TRACE=1: where a workbench pan frame's time goes (the renderer's timeline events of
    // 100 pan frames, summed by kind, per frame).
    let byEvent: Record<string, number> | null = null;
    if (process.env.BENCH_TRACE === '1') {
      await browser.startTracing(page, { categories: ['devtools.timeline'] });
      await panFrames(page, 'workbench-cyclogram-canvas', 40, 100);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: { name: string; ph: string; dur?: number }[];
      };
      const sums: Record<string, number> = {};
      for (const e of trace.traceEvents)
        if (e.ph === 'X' && e.dur && TIMELINE.has(e.name))
          sums[e.name] = (sums[e.name] ?? 0) + e.dur / 1000 / 100;
      byEvent = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, round(v)]));
    }

    process.stdout.write(
      JSON.stringify({
        summary,
        upload_ms,
        runs: RUNS,
        views_open_cold_ms: round(views[0]!.frame),
        views_open_ms_median: round(median(warm.map((v) => v.frame))),
        views_open_ms: warm.map((v) => round(v.frame)),
        api_cyclogram_ms: api.map(round),
        views_cyclogram_call_ms_median: round(median(warm.map((v) => v.call))),
        views_call_start_ms_median: round(median(warm.map((v) => v.call_start))),
        views_after_call_to_frame_ms_median: round(median(warm.map((v) => v.frame - v.call_start - v.call))),
        views_last_open_requests: waterfall,
        views_open_after_change_ms_median: round(median(changed.map((c) => c.frame))),
        views_open_after_change_ms: changed.map((c) => round(c.frame)),
        views_call_after_change_ms_median: round(median(changed.map((c) => c.call))),
        workbench_click_to_frame_ms_median: round(median(clicks.map((c) => c.frame))),
        workbench_click_to_frame_ms: clicks.map((c) => round(c.frame)),
        views_pan_frame_ms: { p50: pct(viewsPan, 0.5), p95: pct(viewsPan, 0.95), max: pct(viewsPan, 1) },
        views_idle_frame_ms: { p50: pct(viewsIdle, 0.5), p95: pct(viewsIdle, 0.95) },
        workbench_pan_frame_ms: { p50: pct(wbPan, 0.5), p95: pct(wbPan, 0.95), max: pct(wbPan, 1) },
        workbench_idle_frame_ms: { p50: pct(wbIdle, 0.5), p95: pct(wbIdle, 0.95) },
        ...(byEvent ? { workbench_pan_ms_per_frame_by_event: byEvent } : {}),
        budget_open_ms: 500,
        budget_p95_frame_ms: 16.7,
        load_average_1m: round(loadavg()[0]!),
      }) + '\n',
    );
  } finally {
    await browser.close();
  }
} finally {
  server.stop();
}
