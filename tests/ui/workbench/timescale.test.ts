import { describe, expect, it } from 'vitest';
import {
  MAX_TIME,
  MIN_TIME,
  clampTime,
  fromDate,
  isWeekend,
  nextPeriod,
  periodStart,
  tickLabel,
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

  it('labels ticks in the locale', () => {
    expect(tickLabel('month', at(2026, 3, 1), 'en-US', false)).toBe('Mar');
    expect(tickLabel('quarter', at(2026, 8, 1), 'en-US', false)).toBe('Q3');
    expect(tickLabel('decade', at(2020, 1, 1), 'en-US', false)).toBe('2020–2029');
    expect(tickLabel('day', at(2026, 3, 9), 'en-US', false)).toBe('9');
  });

  it('knows weekends', () => {
    expect(isWeekend(at(2000, 1, 1))).toBe(true); // Saturday
    expect(isWeekend(at(2026, 11, 22))).toBe(true); // Sunday
    expect(isWeekend(at(2026, 11, 23))).toBe(false); // Monday
  });

  it('zooms across units', () => {
    expect(zoomStep({ unit: 'week', zoom: 1 }, 1)).toEqual({ unit: 'week', zoom: 1.25 });
    expect(zoomStep({ unit: 'week', zoom: 4 }, 1)).toEqual({ unit: 'day', zoom: 1 });
    expect(zoomStep({ unit: 'week', zoom: 0.5 }, -1)).toEqual({ unit: 'month', zoom: 1 });
    expect(zoomStep({ unit: 'day', zoom: 4 }, 1)).toEqual({ unit: 'day', zoom: 4 });
  });
});
