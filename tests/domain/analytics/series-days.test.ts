// The day sums a request spreads (the custom-cost graph): per series the days add up to the ramps'
// total, a day off gets nothing when the ramp has working time, and the events span each series'
// first start and last finish.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeriesDays } from '../../../src/domain/analytics';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar';
import { toMinutes, weekdayOf } from '../../../src/domain/calendar/time';
import { calendarWorkTime } from '../../../src/domain/resources/work-time';

const DAY = 1440;
const between = calendarWorkTime(buildCalendarIndex(standardCalendarDef()), 8).between;
const D0 = toMinutes(2024, 1, 29); // a Monday

const ramp = fc.record({
  series: fc.constantFrom('plan', 'target'),
  start: fc.integer({ min: D0, max: D0 + 40 * DAY }),
  length: fc.integer({ min: 0, max: 25 * DAY }),
  amount: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
});

describe('series day sums over working time', () => {
  it('sum to each series total and put nothing on a day off', () => {
    fc.assert(
      fc.property(fc.array(ramp, { minLength: 1, maxLength: 12 }), (list) => {
        const days = new SeriesDays();
        for (const r of list)
          days.add(r.series, { start: r.start, finish: r.start + r.length, amount: r.amount, between });
        const events = days.events();
        for (const series of ['plan', 'target']) {
          const mine = list.filter((r) => r.series === series);
          const got = events.filter((e) => e.series === series);
          const total = mine.reduce((a, r) => a + r.amount, 0);
          const scale = mine.reduce((a, r) => a + Math.abs(r.amount), 1);
          expect(Math.abs(got.reduce((a, e) => a + e.j, 0) - total)).toBeLessThan(1e-9 * scale);
          if (mine.length === 0) continue;
          // Spans the ramps: from the first start (or its day's midnight, where a day's share
          // sits) to the last finish.
          const first = Math.min(...mine.map((r) => r.start));
          expect(got[0]!.t).toBeLessThanOrEqual(first);
          expect(got[0]!.t).toBeGreaterThanOrEqual(Math.floor(first / DAY) * DAY);
          expect(got.at(-1)!.t).toBe(Math.max(...mine.map((r) => r.start + r.length)));
          // Every ramp here has working time unless it is a point or lies in one weekend.
          const allWork = mine.every((r) => r.length > 0 && between(r.start, r.start + r.length) > 0);
          if (allWork)
            for (const e of got)
              if (e.j !== 0) expect([1, 2, 3, 4, 5]).toContain(weekdayOf(Math.floor(e.t / DAY)));
        }
      }),
    );
  });

  it('spreads a week of working time one fifth a working day', () => {
    const days = new SeriesDays();
    days.add('plan', { start: D0 - 2 * DAY, finish: D0 + 7 * DAY, amount: 100, between }); // Sat → next Mon
    const got = days.events().filter((e) => e.j !== 0);
    expect(got.map((e) => weekdayOf(Math.floor(e.t / DAY)))).toEqual([1, 2, 3, 4, 5]);
    for (const e of got) expect(e.j).toBeCloseTo(20, 9);
  });
});
