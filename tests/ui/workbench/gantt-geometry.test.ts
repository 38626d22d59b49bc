import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src/gantt/build-frame';
import type { GanttSource } from '../../../src/gantt/build-frame';
import type { GanttBar, GanttLink } from '../../../src/gantt/frame';
import { visibleRows } from '../../../src/gantt/frame';
import { hitTest } from '../../../src/gantt/hit-test';
import { routeLink } from '../../../src/gantt/route-links';
import { lightTheme } from '../../../src/gantt/theme';

const DAY = 1440;

function bar(row: number, start: number, finish: number, kind: GanttBar['kind'] = 'task'): GanttBar {
  return {
    row,
    id: `r${row}`,
    kind,
    name: `Row ${row}`,
    start,
    finish,
    progress: 0,
    critical: false,
    targetStart: NaN,
    targetFinish: NaN,
    selected: false,
  };
}

function source(n: number, asked: number[]): GanttSource {
  return {
    rowCount: n,
    bar: (r) => {
      asked.push(r);
      return bar(r, r * DAY, r * DAY + 2 * DAY);
    },
    links: (): GanttLink[] => [],
  };
}

const base = {
  width: 800,
  height: 24 * 20 + 40,
  dpr: 2,
  rowHeight: 24,
  headerHeight: 40,
  timescale: { unit: 'day' as const, zoom: 1, origin: 0, scrollLeft: 0 },
  dataDate: NaN,
  locale: 'en-US',
  theme: lightTheme,
};

describe('frame', () => {
  it('asks only for the rows in view, out of 100,000', () => {
    const asked: number[] = [];
    const frame = buildFrame({ ...base, source: source(100_000, asked), scrollTop: 24 * 50_000 });
    expect(asked.length).toBeLessThan(30);
    expect(Math.min(...asked)).toBeGreaterThanOrEqual(49_998);
    expect(frame.bars.length).toBe(asked.length);
  });

  it('computes visible row ranges', () => {
    expect(visibleRows(0, 240, 24, 5)).toEqual({ first: 0, last: 4 });
    expect(visibleRows(240, 240, 24, 1000, 0)).toEqual({ first: 10, last: 20 });
  });
});

describe('hit test', () => {
  const frame = buildFrame({ ...base, source: source(100, []), scrollTop: 0 });
  // Row 2: start day 2 → x 56, finish day 4 → x 112, centre y = 40 + 2*24 + 12 = 100.
  it('finds body, end grip, link handle and empty row', () => {
    expect(hitTest(frame, 80, 99)?.zone).toBe('body');
    expect(hitTest(frame, 110, 99)?.zone).toBe('end');
    expect(hitTest(frame, 120, 99)?.zone).toBe('link');
    expect(hitTest(frame, 400, 99)?.zone).toBe('row');
    expect(hitTest(frame, 80, 99)?.bar?.id).toBe('r2');
    expect(hitTest(frame, 80, 10)).toBeNull(); // header
  });
});

describe('link routing', () => {
  const rh = 24;
  it('routes fs with room as one elbow', () => {
    const pts = routeLink({
      type: 'fs',
      predX0: 0,
      predX1: 100,
      predY: 12,
      succX0: 200,
      succX1: 300,
      succY: 60,
      rowHeight: rh,
    });
    expect(pts).toEqual([
      { x: 100, y: 12 },
      { x: 108, y: 12 },
      { x: 108, y: 60 },
      { x: 200, y: 60 },
    ]);
  });

  it('routes a backward fs around, along the row boundary', () => {
    const pts = routeLink({
      type: 'fs',
      predX0: 0,
      predX1: 100,
      predY: 12,
      succX0: 50,
      succX1: 90,
      succY: 60,
      rowHeight: rh,
    });
    expect(pts.length).toBe(6);
    expect(pts[2]!.y).toBe(24); // boundary between the rows
    expect(pts[pts.length - 1]).toEqual({ x: 50, y: 60 });
    expect(pts[pts.length - 2]!.x).toBeLessThan(50);
  });

  it('routes ss from the left of both starts and ff from the right of both finishes', () => {
    const ss = routeLink({
      type: 'ss',
      predX0: 50,
      predX1: 100,
      predY: 12,
      succX0: 30,
      succX1: 90,
      succY: 36,
      rowHeight: rh,
    });
    expect(ss[1]!.x).toBe(22);
    expect(ss[ss.length - 1]).toEqual({ x: 30, y: 36 });
    const ff = routeLink({
      type: 'ff',
      predX0: 0,
      predX1: 100,
      predY: 12,
      succX0: 30,
      succX1: 140,
      succY: 36,
      rowHeight: rh,
    });
    expect(ff[1]!.x).toBe(148);
    expect(ff[ff.length - 1]).toEqual({ x: 140, y: 36 });
  });

  it('ends every route at the successor end the type names', () => {
    for (const type of ['fs', 'ss', 'ff', 'sf'] as const) {
      const pts = routeLink({
        type,
        predX0: 100,
        predX1: 200,
        predY: 12,
        succX0: 150,
        succX1: 260,
        succY: 84,
        rowHeight: rh,
      });
      const end = pts[pts.length - 1]!;
      expect(end.x).toBe(type === 'fs' || type === 'ss' ? 150 : 260);
      expect(pts[0]!.x).toBe(type === 'fs' || type === 'ff' ? 200 : 100);
      // Orthogonal: each segment is horizontal or vertical.
      for (let i = 1; i < pts.length; i++) {
        expect(pts[i]!.x === pts[i - 1]!.x || pts[i]!.y === pts[i - 1]!.y).toBe(true);
      }
    }
  });
});
