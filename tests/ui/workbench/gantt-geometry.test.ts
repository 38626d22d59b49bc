import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src/gantt/build-frame';
import type { GanttSource } from '../../../src/gantt/build-frame';
import type { GanttBar, GanttLink } from '../../../src/gantt/frame';
import { visibleRows } from '../../../src/gantt/frame';
import { hitTest } from '../../../src/gantt/hit-test';
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
  texts: { quarter: (q: number) => `Q${q}` },
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

  it('finds a summary bar for its tooltip, never for a drag', () => {
    const sums: GanttSource = {
      rowCount: 10,
      bar: (r) => bar(r, r * DAY, r * DAY + 2 * DAY, 'sum'),
      links: () => [],
    };
    const f = buildFrame({ ...base, source: sums, scrollTop: 0 });
    // The summary band sits just above the row's centre (y 100 on row 2).
    const hit = hitTest(f, 80, 96);
    expect(hit?.zone).toBe('sum');
    expect(hit?.bar?.kind).toBe('sum');
    expect(hitTest(f, 400, 96)?.zone).toBe('row');
  });
});
