import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TIME,
  MAX_ZOOM,
  MIN_TIME,
  MIN_ZOOM,
  SCALE_UNITS,
  clampTime,
  fromDate,
  isWeekend,
  nextPeriod,
  periodStart,
  pxPerDay,
  ticks,
  timeToX,
  xToTime,
  zoomStep,
} from '../../../src/gantt/timescale';
import type { Timescale } from '../../../src/gantt/timescale';

const at = (y: number, m: number, d: number) => fromDate(new Date(Date.UTC(y, m - 1, d)));

describe('timescale', () => {
  const ts: Timescale = { unit: 'day', zoom: 1, origin: at(2026, 1, 1), scrollLeft: 0 };

  it('maps time to x and back', () => {
    expect(timeToX(ts, at(2026, 1, 1))).toBe(0);
    expect(timeToX(ts, at(2026, 1, 2))).toBe(28);
    expect(xToTime(ts, 56)).toBe(at(2026, 1, 3));
    expect(xToTime({ ...ts, scrollLeft: 28 }, 0)).toBe(at(2026, 1, 2));
  });

  it('clamps dates to 2000–2050', () => {
    expect(MAX_TIME).toBe(at(2050, 1, 1));
    expect(clampTime(-5)).toBe(MIN_TIME);
    expect(clampTime(MAX_TIME + 1)).toBe(MAX_TIME);
    expect(timeToX(ts, at(2070, 1, 1))).toBe(timeToX(ts, MAX_TIME));
    expect(xToTime(ts, -1e9)).toBe(MIN_TIME);
  });

  it('finds period starts: Monday weeks, months, quarters, years, decades', () => {
    const wed = at(2026, 1, 14);
    expect(periodStart('week', wed)).toBe(at(2026, 1, 12));
    expect(periodStart('week', at(2000, 1, 1))).toBe(at(1999, 12, 27));
    expect(periodStart('month', wed + 600)).toBe(at(2026, 1, 1));
    expect(periodStart('quarter', at(2026, 5, 20))).toBe(at(2026, 4, 1));
    expect(periodStart('year', at(2026, 5, 20))).toBe(at(2026, 1, 1));
    expect(periodStart('decade', at(2026, 5, 20))).toBe(at(2020, 1, 1));
    expect(nextPeriod('month', at(2026, 1, 1))).toBe(at(2026, 2, 1));
    expect(nextPeriod('quarter', at(2026, 10, 1))).toBe(at(2027, 1, 1));
  });

  it('lists the ticks in view, contiguous', () => {
    const list = ticks({ ...ts, unit: 'month', zoom: 1 }, 'month', 400);
    expect(list.length).toBeGreaterThan(3);
    for (let i = 1; i < list.length; i++) expect(list[i]!.start).toBe(list[i - 1]!.end);
    expect(list[0]!.x0).toBeLessThanOrEqual(0);
  });

  it('knows weekends', () => {
    expect(isWeekend(at(2000, 1, 1))).toBe(true); // Saturday
    expect(isWeekend(at(2026, 11, 22))).toBe(true); // Sunday
    expect(isWeekend(at(2026, 11, 23))).toBe(false); // Monday
  });

  it('zooms across units at the same width', () => {
    expect(zoomStep({ unit: 'week', zoom: 1 }, 1)).toEqual({ unit: 'week', zoom: 1.25 });
    // Week at zoom 4 is 36 px a day; one step in is 45 px a day, in the day unit (28 × 1.607…).
    const inward = zoomStep({ unit: 'week', zoom: 4 }, 1);
    expect(inward.unit).toBe('day');
    expect(pxPerDay(inward)).toBeCloseTo(45);
    const outward = zoomStep({ unit: 'week', zoom: 0.5 }, -1);
    expect(outward.unit).toBe('month');
    expect(pxPerDay(outward)).toBeCloseTo(3.6);
    expect(zoomStep({ unit: 'day', zoom: 4 }, 1)).toEqual({ unit: 'day', zoom: 4 });
    expect(zoomStep({ unit: 'year', zoom: 0.5 }, -1)).toEqual({ unit: 'year', zoom: 0.5 });
  });

  it('never narrows the axis on zoom in, nor widens it on zoom out (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCALE_UNITS),
        fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }),
        fc.array(fc.constantFrom(1 as const, -1 as const), { minLength: 1, maxLength: 40 }),
        (unit, zoom, steps) => {
          let ts = { unit, zoom };
          for (const dir of steps) {
            const next = zoomStep(ts, dir);
            const before = pxPerDay(ts);
            const after = pxPerDay(next);
            if (dir > 0) expect(after).toBeGreaterThanOrEqual(before - 1e-9);
            else expect(after).toBeLessThanOrEqual(before + 1e-9);
            // It moves unless it reaches the end of the whole range.
            const atEnd =
              dir > 0
                ? next.unit === 'day' && next.zoom === MAX_ZOOM
                : next.unit === 'year' && next.zoom === MIN_ZOOM;
            if (!atEnd) expect(Math.abs(after - before)).toBeGreaterThan(before * 0.1);
            expect(next.zoom).toBeGreaterThanOrEqual(MIN_ZOOM);
            expect(next.zoom).toBeLessThanOrEqual(MAX_ZOOM);
            ts = next;
          }
        },
      ),
    );
  });
});
