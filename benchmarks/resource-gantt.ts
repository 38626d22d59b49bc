// npm run --silent bench -- resource-gantt: the resource Gantt's work per frame at 1,000
// resources × 100,000 assignments (issue 17: p95 frame ≤ 16.7 ms). Rows are made once; each of
// 300 frames scrolls to a new place (half of them also a new zoom) and runs what a frame runs:
// the visible rows, the daily profiles of resources coming into view (made once, then cached),
// the busiest day of every visible period, and every draw call into a recording 2D context.
// What it does not measure: the browser's rasterising of those calls (the task Gantt's workbench
// benchmark measures a real canvas in Chromium).
import { dailyProfile, dayCapacity, periodPeak, resourceGanttRows } from '../src/domain/resources';
import type { DailyProfile, GanttAssignment, GanttResource } from '../src/domain/resources';
import { drawResourceGantt } from '../src/gantt/draw-resource';
import type { ResourceFrame, ResourceFrameRow } from '../src/gantt/draw-resource';
import { lightTheme } from '../src/gantt/theme';
import type { ScaleUnit, Timescale } from '../src/gantt/timescale';
import { fromDate } from '../src/gantt/timescale';

const RESOURCES = 1000;
const ASSIGNMENTS = 100_000;
const FRAMES = 300;
const DAY = 1440;

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const t0 = fromDate(new Date(Date.UTC(2026, 0, 5)));
const resources: GanttResource[] = Array.from({ length: RESOURCES }, (_, i) => ({
  key: `r${i}`,
  name: `Resource ${i}`,
  unit: 'h',
  availability: {
    defaultLimit: 2 + (i % 5),
    limits: i % 3 ? [] : [{ from: t0 + 60 * DAY, to: t0 + 90 * DAY, limit: 1 }],
  },
}));
const dates: { start: number; finish: number }[] = [];
const assignments: GanttAssignment[] = Array.from({ length: ASSIGNMENTS }, (_, i) => {
  const start = t0 + Math.floor(rand() * 700) * DAY + 480;
  dates.push({ start, finish: start + Math.floor(1 + rand() * 20) * DAY });
  return {
    id: `a${i}`,
    wbsId: `w${i}`,
    resourceKey: `r${Math.floor(rand() * RESOURCES)}`,
    units: 10,
    unitsPerDay: rand() < 0.5 ? 1 + Math.floor(rand() * 3) : null,
    intensity: 100,
    curve: i % 4 === 0 ? 'bell' : 'uniform',
    curveValues: null,
  };
});

const made = performance.now();
const rows = resourceGanttRows(resources, assignments);
const byResource = new Map<string, number[]>();
assignments.forEach((a, i) => {
  const l = byResource.get(a.resourceKey);
  if (l) l.push(i);
  else byResource.set(a.resourceKey, [i]);
});
const rowsMs = performance.now() - made;

const profiles = new Map<number, DailyProfile | null>();
const profile = (ri: number) => {
  let p = profiles.get(ri);
  if (p === undefined) {
    const r = resources[ri]!;
    const list = (byResource.get(r.key) ?? []).map((i) => ({ ...assignments[i]!, ...dates[i]! }));
    profiles.set(ri, (p = dailyProfile(list, r.availability)));
  }
  return p;
};
const frameRow = (i: number): ResourceFrameRow | null => {
  const row = rows[i];
  if (!row) return null;
  if (row.kind === 'resource') {
    const r = resources[row.resource]!;
    const p = profile(row.resource);
    const cap = dayCapacity(r.availability);
    return {
      kind: 'resource',
      limited: true,
      selected: false,
      load: (q) => (p ? periodPeak(p, q.start, q.end, cap) : null),
    };
  }
  const d = dates[row.assignment]!;
  return {
    kind: 'assignment',
    name: `Activity ${row.assignment}`,
    start: d.start,
    finish: d.finish,
    baseStart: NaN,
    baseFinish: NaN,
    critical: false,
    selected: false,
  };
};

// A 2D context that records nothing but the calls: the draw functions' own work.
let calls = 0;
const ctx = new Proxy(
  {},
  {
    get: (_t, k) => (k === 'measureText' ? () => ({ width: 60 }) : () => void calls++),
    set: () => true,
  },
) as unknown as CanvasRenderingContext2D;

const units: ScaleUnit[] = ['day', 'week', 'month'];

/** Runs frames; `at(f)` gives the frame's scroll and unit. Answers the sorted times (ms). */
function run(frames: number, at: (f: number) => { top: number; unit: ScaleUnit; left: number }): number[] {
  const times: number[] = [];
  for (let f = 0; f < frames; f++) {
    const { top, unit, left } = at(f);
    const ts: Timescale = { unit, zoom: 1, origin: t0 - 30 * DAY, scrollLeft: left };
    const frame: ResourceFrame = {
      width: 1400,
      height: 900,
      dpr: 1,
      rowHeight: 26,
      headerHeight: 44,
      scrollTop: top,
      rowCount: rows.length,
      timescale: ts,
      bars: [],
      links: [],
      dataDate: t0,
      locale: 'en-US',
      texts: { quarter: (q) => `Q${q}` },
      theme: lightTheme,
      showLabels: true,
      row: frameRow,
    };
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
// Wheel scrolling: three rows a frame from a random place, at each unit.
const start = Math.floor(rand() * (rows.length - 2000));
const scroll = run(FRAMES, (f) => ({ top: (start + f * 3) * 26, unit: units[f % 3]!, left: 1200 }));
// Scrollbar jumps: a new place (new resources coming into view) and scroll left each frame.
const jumps = run(FRAMES, (f) => ({
  top: Math.floor(rand() * rows.length) * 26,
  unit: units[f % 3]!,
  left: Math.floor(rand() * 4000),
}));
process.stdout.write(
  JSON.stringify({
    resources: RESOURCES,
    assignments: ASSIGNMENTS,
    rows: rows.length,
    rows_ms: Math.round(rowsMs),
    frames: FRAMES,
    scroll_frame_ms_p50: pct(scroll, 0.5),
    scroll_frame_ms_p95: pct(scroll, 0.95),
    jump_frame_ms_p50: pct(jumps, 0.5),
    jump_frame_ms_p95: pct(jumps, 0.95),
    jump_frame_ms_max: pct(jumps, 1),
    draw_calls_per_frame: Math.round(calls / (2 * FRAMES + 30)),
    note: 'JS work per frame (rows, profiles on first view, period peaks, draw calls) without rasterising',
  }) + '\n',
);
