import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTES_PER_DAY, weekdayOf } from '../../../src/domain/calendar/time';
import { dayOfDate, weekWindow } from '../../../src/domain/admin/week';

describe('home week', () => {
  it('is the Monday-to-Sunday week holding the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18_000 }), (day) => {
        const { from, to } = weekWindow(day);
        expect(to - from).toBe(7 * MINUTES_PER_DAY);
        expect(Math.abs(from % MINUTES_PER_DAY)).toBe(0);
        expect(weekdayOf(from / MINUTES_PER_DAY)).toBe(1); // Monday
        expect(day * MINUTES_PER_DAY).toBeGreaterThanOrEqual(from);
        expect(day * MINUTES_PER_DAY).toBeLessThan(to);
      }),
    );
  });

  it('reads calendar dates', () => {
    expect(dayOfDate('2000-01-01')).toBe(0);
    // Thursday 26 November 2026: its week starts on Monday the 23rd.
    const thursday = dayOfDate('2026-11-26')!;
    expect(weekWindow(thursday).from / MINUTES_PER_DAY).toBe(dayOfDate('2026-11-23'));
    expect(dayOfDate('2026-13-01')).toBeNull();
    expect(dayOfDate('26.11.2026')).toBeNull();
  });
});
