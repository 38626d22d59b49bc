// A calendar's work pattern (what the analytics SQL expands into working intervals) gives, day by
// day, the working minutes of the calendar index: the exception of a day else its weekday, each
// day's intervals clamped, sorted and merged (fast-check over random definitions).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workPatternOf } from '../../../src/domain/analytics';
import { buildCalendarIndex } from '../../../src/domain/calendar';
import { weekdayOf } from '../../../src/domain/calendar/time';
import type { CalendarDef, WorkInterval } from '../../../src/domain/schedule/model';

const DAY = 1440;
const D0 = 9131; // 2025-01-01

const interval = fc
  .tuple(fc.integer({ min: -60, max: 1500 }), fc.integer({ min: -60, max: 1500 }))
  .map(([a, b]): WorkInterval => ({ start: Math.min(a, b), end: Math.max(a, b) }));
const dayList = fc.array(interval, { maxLength: 4 });
const definition = fc.record({
  week: fc.array(dayList, { minLength: 7, maxLength: 7 }),
  exceptions: fc.array(fc.record({ day: fc.integer({ min: D0, max: D0 + 30 }), intervals: dayList }), {
    maxLength: 8,
  }),
});

describe('work pattern', () => {
  it('gives every day the working minutes of the calendar index', () => {
    fc.assert(
      fc.property(definition, (d) => {
        const def: CalendarDef = {
          id: 'c',
          name: 'c',
          ...d,
          hoursPerDay: 8,
          hoursPerWeek: 40,
          hoursPerMonth: 172,
        };
        const pattern = workPatternOf('c', def);
        const idx = buildCalendarIndex(def);
        const ex = new Map(pattern.ex);
        for (let day = D0 - 3; day <= D0 + 33; day++) {
          const list = ex.get(day) ?? pattern.week[weekdayOf(day)]!;
          // Sorted, disjoint, within the day.
          list.forEach(([s, e], i) => {
            expect(0 <= s && s < e && e <= DAY).toBe(true);
            if (i > 0) expect(s).toBeGreaterThan(list[i - 1]![1]);
          });
          // The working minutes before each interval's ends agree with the index.
          let before = idx.workAt(day * DAY);
          for (const [s, e] of list) {
            expect(idx.workAt(day * DAY + s)).toBe(before);
            before += e - s;
            expect(idx.workAt(day * DAY + e)).toBe(before);
          }
          expect(idx.workAt((day + 1) * DAY)).toBe(before);
        }
      }),
      { numRuns: 200 },
    );
  });
});
