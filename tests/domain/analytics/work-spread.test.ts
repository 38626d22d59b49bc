// Spreading over working time by day: the total is kept, non-working days get nothing, an even
// spread equals a minute-by-minute count of working minutes (computed here without the calendar
// index), and the resource curves put their weight where their names say.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysOf, spreadByDay } from '../../../src/domain/analytics';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar';
import { toMinutes, weekdayOf } from '../../../src/domain/calendar/time';
import { curveParts } from '../../../src/domain/resources';
import { calendarWorkTime } from '../../../src/domain/resources/work-time';

const DAY = 1440;
const std = calendarWorkTime(buildCalendarIndex(standardCalendarDef()), 8);
const between = std.between;
/** Whether minute t works on the standard calendar, from its definition (no index). */
const works = (t: number) => {
  const wd = weekdayOf(Math.floor(t / DAY));
  const m = ((t % DAY) + DAY) % DAY;
  return wd >= 1 && wd <= 5 && ((m >= 480 && m < 720) || (m >= 780 && m < 1020));
};
const D0 = toMinutes(2024, 1, 29); // a Monday
const sum = (m: Map<number, number>) => [...m.values()].reduce((a, v) => a + v, 0);

const ramp = fc.record({
  start: fc.integer({ min: D0, max: D0 + 30 * DAY }),
  length: fc.integer({ min: 0, max: 20 * DAY }),
  amount: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  curve: fc.constantFrom('uniform', 'front', 'back', 'bell', null),
});

describe('spread over working time', () => {
  it('keeps the total and gives nothing to a day off', () => {
    fc.assert(
      fc.property(ramp, (r) => {
        const days = daysOf([
          {
            start: r.start,
            finish: r.start + r.length,
            amount: r.amount,
            between,
            parts: r.curve ? curveParts(r.curve) : null,
          },
        ]);
        expect(sum(days)).toBeCloseTo(r.amount, 6);
        const work = between(r.start, r.start + r.length);
        if (work > 0) for (const [d, v] of days) if (v !== 0) expect([1, 2, 3, 4, 5]).toContain(weekdayOf(d)); // Monday–Friday
      }),
    );
  });

  it('equals a minute-by-minute count of working minutes when even', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: D0, max: D0 + 10 * DAY }),
        fc.integer({ min: 1, max: 6 * DAY }),
        (start, length) => {
          const finish = start + length;
          const perDay = new Map<number, number>();
          let total = 0;
          for (let t = start; t < finish; t++)
            if (works(t)) {
              total++;
              const d = Math.floor(t / DAY);
              perDay.set(d, (perDay.get(d) ?? 0) + 1);
            }
          const got = daysOf([{ start, finish, amount: 1000, between }]);
          if (total === 0) {
            // No working minute: spread over calendar time.
            expect(sum(got)).toBeCloseTo(1000, 6);
            return;
          }
          for (const [d, n] of perDay) expect(got.get(d) ?? 0).toBeCloseTo((1000 * n) / total, 6);
          for (const d of got.keys()) expect(perDay.has(d)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('puts a milestone on its day and a weekend-only ramp over its calendar time', () => {
    expect([...daysOf([{ start: D0 + 600, finish: D0 + 600, amount: 5, between }])]).toEqual([[D0 / DAY, 5]]);
    const sat = D0 + 5 * DAY;
    const got = daysOf([{ start: sat, finish: sat + 2 * DAY, amount: 10, between }]);
    expect([...got]).toEqual([
      [sat / DAY, 5],
      [sat / DAY + 1, 5],
    ]);
  });

  it('shapes by curve: front early, back late, bell in the middle', () => {
    // Two working weeks, Monday to Friday of the next week.
    const r = { start: D0, finish: D0 + 12 * DAY, amount: 100, between };
    const firstWeek = (curve: 'front' | 'back' | 'bell' | 'uniform') => {
      const days = daysOf([{ ...r, parts: curveParts(curve) }]);
      let first = 0;
      for (const [d, v] of days) if (d < D0 / DAY + 7) first += v;
      return { first, days };
    };
    expect(firstWeek('uniform').first).toBeCloseTo(50, 9);
    // Front: 20+18+15+12+10 = 75 % in the first half of the working time.
    expect(firstWeek('front').first).toBeCloseTo(75, 9);
    expect(firstWeek('back').first).toBeCloseTo(25, 9);
    const bell = firstWeek('bell').days;
    const mid = bell.get(D0 / DAY + 4)!; // Friday of the first week, the 5th of 10 working days
    expect(mid).toBeCloseTo(23, 9);
    expect(bell.get(D0 / DAY)!).toBeCloseTo(2, 9);
    // A custom curve of its own parts.
    const custom = daysOf([{ ...r, parts: curveParts('custom', [100, 0]) }]);
    expect([...custom.values()].slice(0, 5).reduce((a, v) => a + v, 0)).toBeCloseTo(100, 9);
  });

  it('calls add once per working day with a share', () => {
    const seen: number[] = [];
    spreadByDay({ start: D0, finish: D0 + 7 * DAY, amount: 7, between }, (d) => seen.push(d - D0 / DAY));
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
