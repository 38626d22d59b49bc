// npm run --silent bench -- network-browser: the network diagram at 2,000 activities in headless
// Chromium (issue 19: layout in the worker, ≤ 1 s). The worker is the view's own
// (src/workers/network.worker.ts, bundled by esbuild); the page calls it through Comlink as the
// view does, 2,000 activities in chains of 20 with cross links (benchmarks/views.ts's network).
// Prints the first layout (the worker's start included), the median of the next ones (the round
// trip: copy there, layout, copy back), and a frame's drawing (zoomed 1 and 0.2) with its raster.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium';

const N = Number(process.env.BENCH_ACTIVITIES ?? 2000);
const ROUNDS = 10;
const nodes = Array.from({ length: N }, (_, i) => ({ id: `n${i}`, es: i, critical: i % 20 === 0 }));
const rels: { pred: string; succ: string }[] = [];
for (let i = 0; i < N; i++) {
  if (i % 20 !== 19 && i + 1 < N) rels.push({ pred: `n${i}`, succ: `n${i + 1}` });
  if (i + 40 < N) rels.push({ pred: `n${i}`, succ: `n${i + 40}` });
}

const bundle = async (entry: string) =>
  (
    await build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
const [page0, worker0] = await Promise.all([
  bundle('./network-page.ts'),
  bundle('../src/workers/network.worker.ts'),
]);

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body><canvas></canvas></body>');
  await page.addScriptTag({ content: page0 });
  const r = await page.evaluate(
    ([src, a, l, n]) =>
      (
        window as unknown as {
          __net: {
            run: (...x: unknown[]) => Promise<{
              layouts: number[];
              draws: number[];
              drawsOut: number[];
              boxes: number;
              edges: number;
            }>;
          };
        }
      ).__net.run(src, a, l, n),
    [worker0, nodes, rels, ROUNDS] as const,
  );
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => +sorted(xs)[Math.floor(xs.length / 2)]!.toFixed(1);
  const p95 = (xs: number[]) =>
    +sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!.toFixed(1);
  process.stdout.write(
    JSON.stringify({
      activities: r.boxes,
      relations: r.edges,
      first_layout_ms_with_worker_start: +r.layouts[0]!.toFixed(1),
      layout_round_trip_ms_median: median(r.layouts.slice(1)),
      layout_budget_ms: 1000,
      draw_frame_zoom1_ms_median: median(r.draws),
      draw_frame_zoom1_ms_p95: p95(r.draws),
      draw_frame_zoom02_all_in_view_ms_median: median(r.drawsOut),
      draw_frame_zoom02_all_in_view_ms_p95: p95(r.drawsOut),
      note: 'headless Chromium, no GPU; layout in the network worker through Comlink',
    }) + '\n',
  );
} finally {
  await browser.close();
}
