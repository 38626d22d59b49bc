import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateOf,
  dayKind,
  dayOf,
  formatIntervals,
  monthWeeks,
  parseIntervals,
  patternHours,
  setException,
  toggleDay,
  type EditableCalendar,
} from '../../../src/domain/calendar-edit';

const day8 = [
  { start: 480, end: 720 },
  { start: 780, end: 1020 },
];
const fiveDay: EditableCalendar = { week: [[], day8, day8, day8, day8, day8, []], exceptions: [] };

describe('calendar editing', () => {
  it('reads and writes interval texts, refusing what is not a set of ranges', () => {
    expect(parseIntervals('08:00-12:00, 13:00-17:00')).toEqual(day8);
    expect(parseIntervals('13-17; 8-12')).toEqual(day8);
    expect(parseIntervals('')).toEqual([]);
    expect(parseIntervals('0:00-24:00')).toEqual([{ start: 0, end: 1440 }]);
    for (const bad of ['8-8', '12-8', '8-12, 11-13', 'x', '8:70-9', '8-25', '8-9-10'])
      expect(parseIntervals(bad), bad).toBeNull();
    expect(formatIntervals(day8)).toBe('08:00-12:00, 13:00-17:00');
  });

  it('reads back any sorted, disjoint intervals it formats', () => {
    const ivs = fc
      .uniqueArray(fc.integer({ min: 0, max: 1440 }), { minLength: 0, maxLength: 16 })
      .map((xs) => xs.sort((a, b) => a - b))
      .map((xs) => {
        const out = [];
        for (let i = 0; i + 1 < xs.length; i += 2) out.push({ start: xs[i]!, end: xs[i + 1]! });
        return out;
      });
    fc.assert(
      fc.property(ivs, (list) => {
        expect(parseIntervals(formatIntervals(list))).toEqual(list);
      }),
    );
  });

  it('numbers days from 2000-01-01 and lays out months from Monday', () => {
    expect(dayOf(new Date(2000, 0, 1))).toBe(0);
    expect(dayOf(new Date(2026, 10, 26))).toBe(9826);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18627 }), (d) => {
        expect(dayOf(dateOf(d))).toBe(d);
      }),
    );
    const weeks = monthWeeks(2026, 1); // February 2026 starts on a Sunday
    expect(dateOf(weeks[0]![0]!).getDay()).toBe(1);
    expect(weeks[0]).toContain(dayOf(new Date(2026, 1, 1)));
    expect(weeks.flat()).toContain(dayOf(new Date(2026, 1, 28)));
  });

  it('toggles a day between its pattern and an exception', () => {
    const monday = dayOf(new Date(2026, 10, 23));
    const sunday = dayOf(new Date(2026, 10, 22));
    expect(dayKind(fiveDay, monday)).toBe('working');
    const holiday = toggleDay(fiveDay, monday);
    expect(dayKind(holiday, monday)).toBe('holiday');
    expect(toggleDay(holiday, monday)).toEqual(fiveDay);
    const sundayWork = toggleDay(fiveDay, sunday);
    expect(dayKind(sundayWork, sunday)).toBe('working_exception');
    expect(sundayWork.exceptions[0]!.intervals).toEqual(day8);
    expect(setException(sundayWork, sunday, null)).toEqual(fiveDay);
    expect(patternHours(fiveDay.week)).toEqual({ day: 8, week: 40, month: 173.33 });
  });
});
