// The resource Gantt benchmark's scene (issue 17): 1,000 resources × 100,000 assignments made
// from a fixed seed, and the frame the resource Gantt draws for a scroll position and a scale unit:
// the visible rows, the daily profiles of resources coming into view (made once, then cached) and
// the busiest day of every visible period. Shared by the Node run (benchmarks/resource-gantt.ts)
// and the Chromium run (benchmarks/resource-gantt-page.ts), so both draw the same frames.
import { dailyProfile, dayCapacity, periodPeak, resourceGanttRows } from '../src/domain/resources';
import type { DailyProfile, GanttAssignment, GanttResource } from '../src/domain/resources';
import type { ResourceFrame, ResourceFrameRow } from '../src/gantt/draw-resource';
import { lightTheme } from '../src/gantt/theme';
import type { ScaleUnit, Timescale } from '../src/gantt/timescale';
import { fromDate } from '../src/gantt/timescale';

export function makeScene() {
  const RESOURCES = 1000;
  const ASSIGNMENTS = 100_000;
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

  const units: ScaleUnit[] = ['day', 'week', 'month'];
  // One object for every frame, as the screen memoises it (a new one would be a new picture).
  const texts = { quarter: (q: number) => `Q${q}` };
  /** The frame at a scroll position (rows from the top, pixels from the left) and unit. */
  const frameAt = (top: number, unit: ScaleUnit, left: number, width = 1400, height = 900): ResourceFrame => {
    const ts: Timescale = { unit, zoom: 1, origin: t0 - 30 * DAY, scrollLeft: left };
    return {
      width,
      height,
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
      texts,
      theme: lightTheme,
      showLabels: true,
      row: frameRow,
    };
  };
  return { RESOURCES, ASSIGNMENTS, rows, rowsMs, units, rand, frameAt };
}
