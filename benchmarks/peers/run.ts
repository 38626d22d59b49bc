// Measures the two strongest open-source Gantt components on the workbench bench's generated
// schedule: dhtmlx-gantt (Community, MIT) and @svar-ui/react-gantt (MIT core). For each, a fresh
// page of the harness (built here with Vite into a temp dir, served through page.route on a
// made-up origin), the data handed in before any timing, then: load → first painted frame with
// rows and bars, edit one task near the top → painted frame showing it, 240 scroll frames.
//
// Run: node --import tsx benchmarks/peers/run.ts   (BENCH_PEER_TASKS overrides 50,000;
// BENCH_PEER_RUNS=3 takes medians over three fresh pages per library). Prints one JSON object.
// measurePeers is the entry point for benchmarks/workbench.ts, to print these beside our figures.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { launchChromium } from '../chromium';
import { build } from 'vite';
import { type PeerSet, peerSet } from './data';
import type { PeerLib } from './page-api';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://peers.localhost/';
const LIBS: PeerLib[] = ['dhtmlx', 'svar'];
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const round = (x: number) => Math.round(x * 10) / 10;

export interface PeerOptions {
  /** An already built harness (buildPeerHarness); built into a fresh temp dir when absent. */
  dir?: string;
  libs?: PeerLib[];
  /** Fresh pages per library; each figure is the median over them (default 1). */
  runs?: number;
  /** Each run's raw figures, for progress output. */
  log?: (line: string) => void;
}

/** vite build of benchmarks/peers into a fresh directory under the OS temp dir. */
export async function buildPeerHarness(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'wb-peers-'));
  await build({ configFile: path.join(here, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** "50k" for 50,000 rows, else the plain count. */
function sizeLabel(n: number): string {
  return n % 1000 === 0 ? `${n / 1000}k` : String(n);
}

const DAY_MS = 86_400_000;
const time = (d: string) => Date.parse(d.replace(' ', 'T'));

/**
 * A task in view after load: among the first 20 rows, the first task at least a day long that
 * starts within a week of the first row (so its bar is on screen), and a duration that visibly
 * changes its bar.
 */
function editTarget(set: PeerSet): { id: string; days: number } {
  const first = time(set.tasks[0]!.start);
  const task = set.tasks
    .slice(0, 20)
    .find(
      (t) => t.type === 'task' && time(t.end) - time(t.start) >= DAY_MS && time(t.start) < first + 7 * DAY_MS,
    );
  if (!task) throw new Error('no task bar in view to edit');
  return { id: task.id, days: Math.ceil((time(task.end) - time(task.start)) / DAY_MS) + 5 };
}

async function measureOne(browser: Browser, lib: PeerLib, dir: string, set: PeerSet) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  try {
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin + '/' !== ORIGIN) return route.abort();
      const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
      if (!file.startsWith(dir) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({
        status: 200,
        contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
        body: readFileSync(file),
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${ORIGIN}index.html?lib=${lib}`);
    await page.waitForFunction(() => window.__peer !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate((d) => void (window.__peerData = d), { tasks: set.tasks, links: set.links });
    await page.waitForTimeout(500);
    const firstPaint = await page.evaluate(() => window.__peer!.load(window.__peerData!));
    const counts = await page.evaluate(() => window.__peer!.counts());
    await page.waitForTimeout(500);
    const { id, days } = editTarget(set);
    const edit = await page.evaluate(([i, d]) => window.__peer!.edit(i, d), [id, days] as const);
    await page.waitForTimeout(500);
    const scroll = await page.evaluate(() => window.__peer!.scroll());
    if (errors.length > 0) throw new Error(`${lib}: page errors: ${errors.join('; ')}`);
    return { firstPaint, edit, scroll, counts };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function measurePeers(
  browser: Browser,
  set: PeerSet,
  opts: PeerOptions = {},
): Promise<Record<string, number>> {
  const dir = opts.dir ?? (await buildPeerHarness());
  const size = sizeLabel(set.tasks.length);
  const out: Record<string, number> = {};
  try {
    for (const lib of opts.libs ?? LIBS) {
      const runs: Awaited<ReturnType<typeof measureOne>>[] = [];
      for (let k = 0; k < Math.max(1, opts.runs ?? 1); k++) {
        const r = await measureOne(browser, lib, dir, set);
        opts.log?.(`${lib}: ${JSON.stringify(r)}`);
        runs.push(r);
      }
      out[`peer_${lib}_first_paint_${size}_ms`] = round(median(runs.map((r) => r.firstPaint)));
      out[`peer_${lib}_edit_to_paint_${size}_ms`] = round(median(runs.map((r) => r.edit)));
      out[`peer_${lib}_scroll_p95_frame_ms`] = round(median(runs.map((r) => r.scroll.p95)));
      out[`peer_${lib}_long_tasks`] = median(runs.map((r) => r.scroll.longTasks));
    }
  } finally {
    if (!opts.dir) rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  const n = Number(process.env.BENCH_PEER_TASKS ?? 50_000);
  const runs = Number(process.env.BENCH_PEER_RUNS ?? 1);
  const set = peerSet(n);
  const dir = await buildPeerHarness();
  const browser = await launchChromium();
  try {
    const figures = await measurePeers(browser, set, { dir, runs, log: (l) => console.error(l) });
    console.log(
      JSON.stringify({
        tasks: set.tasks.length,
        links: set.links.length,
        runs,
        ...figures,
        cpus: cpus().length,
        load_average_1m: round(loadavg()[0]!),
      }),
    );
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
