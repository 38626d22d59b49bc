import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinutes } from '../../../src/domain/calendar/time';
import {
  capacityByPeriod,
  nextPeriod,
  periodStart,
  periodsOf,
  usageByPeriod,
} from '../../../src/domain/resources';
import type { PeriodUnit } from '../../../src/domain/resources';

const units: PeriodUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

describe('resource usage by period', () => {
  it('starts weeks on Monday and months, quarters and years on their first day', () => {
    const wed = toMinutes(2026, 3, 4, 10); // Wednesday 4 March 2026
    expect(periodStart(wed, 'day')).toBe(toMinutes(2026, 3, 4));
    expect(periodStart(wed, 'week')).toBe(toMinutes(2026, 3, 2));
    expect(periodStart(wed, 'month')).toBe(toMinutes(2026, 3, 1));
    expect(periodStart(wed, 'quarter')).toBe(toMinutes(2026, 1, 1));
    expect(periodStart(wed, 'year')).toBe(toMinutes(2026, 1, 1));
    expect(nextPeriod(toMinutes(2026, 11, 1), 'quarter')).toBe(toMinutes(2027, 2, 1));
  });

  it('periods tile the range without gaps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9000 * 1440 }),
        fc.integer({ min: 1, max: 400 * 1440 }),
        fc.constantFrom(...units),
        (from, len, unit) => {
          const ps = periodsOf(from, from + len, unit);
          expect(ps[0]!.from).toBeLessThanOrEqual(from);
          expect(ps[ps.length - 1]!.to).toBeGreaterThanOrEqual(from + len);
          for (let i = 1; i < ps.length; i++) expect(ps[i]!.from).toBe(ps[i - 1]!.to);
        },
      ),
    );
  });

  it('spreads every unit of a bar into the periods that cover it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 * 1440 }),
        fc.integer({ min: 0, max: 90 * 1440 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.constantFrom('uniform', 'front', 'back', 'bell' as const),
        fc.constantFrom(...units),
        (start, len, u, curve, unit) => {
          const ps = periodsOf(start, start + len + 1, unit);
          const used = usageByPeriod([{ start, finish: start + len, units: u, curve }], ps);
          expect(used.reduce((s, x) => s + x, 0)).toBeCloseTo(u, 6);
        },
      ),
    );
  });

  it('uses nothing on days off: five working days across a weekend load only those days', () => {
    const thu = toMinutes(2026, 11, 26, 8);
    const wedEnd = toMinutes(2026, 12, 2, 17);
    const days = periodsOf(thu, wedEnd, 'day');
    const used = usageByPeriod([{ start: thu, finish: wedEnd, units: 70, curve: 'uniform' }], days);
    expect(used.filter((u) => u > 0)).toHaveLength(5);
    expect(used[2]).toBe(0); // Saturday
    expect(used.reduce((s, u) => s + u, 0)).toBeCloseTo(70, 9);
  });

  it('counts the limit of working days, a period limit winning over the default', () => {
    const mon = toMinutes(2026, 3, 2);
    const week = periodsOf(mon, mon + 7 * 1440, 'week');
    expect(capacityByPeriod(week, { defaultLimit: 8, limits: [] })).toEqual([40]);
    const tueWed = { from: mon + 1440, to: mon + 3 * 1440, limit: 2 };
    expect(capacityByPeriod(week, { defaultLimit: 8, limits: [tueWed] })).toEqual([8 * 3 + 2 * 2]);
  });
});
