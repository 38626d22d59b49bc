// The working time two calendars share (MS Project: task calendar ∩ resource calendar).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { intersectCalendars, intersectIntervals } from '../../../src/domain/calendar/intersect';
import { parseLocal } from '../../../src/domain/calendar/time';
import type { CalendarDef } from '../../../src/domain/schedule/model';
import { SEVEN_DAY, STANDARD } from '../schedule/helpers';

const at = (s: string) => parseLocal(s) as number;
const dayOf = (s: string) => Math.floor(at(s) / 1440);

describe('intersectCalendars', () => {
  it('overlaps intervals of one day', () => {
    expect(
      intersectIntervals(
        [
          { start: 480, end: 720 },
          { start: 780, end: 1020 },
        ],
        [{ start: 600, end: 900 }],
      ),
    ).toEqual([
      { start: 600, end: 720 },
      { start: 780, end: 900 },
    ]);
  });

  it('works only when both work: weekdays of one, holidays of the other', () => {
    // A 7-day calendar with Wed 2024-01-03 off, and the standard week: Mon–Fri except Wednesday.
    const seven: CalendarDef = {
      ...SEVEN_DAY,
      exceptions: [{ day: dayOf('2024-01-03 00:00'), intervals: [] }],
    };
    const both = buildCalendarIndex(intersectCalendars(STANDARD, seven, 'x'));
    // Mon 01-01 08:00 + 3 days (24 h): Mon, Tue, Thu → Thu 01-04 17:00.
    expect(both.finishAt(both.workAt(at('2024-01-01 08:00')) + 24 * 60)).toBe(at('2024-01-04 17:00'));
    // Saturday works on the 7-day calendar only: not here.
    expect(both.workAt(at('2024-01-06 17:00'))).toBe(both.workAt(at('2024-01-06 08:00')));
  });

  it('property: an hour works in the intersection exactly when it works in both', () => {
    const a = buildCalendarIndex(STANDARD);
    const b = buildCalendarIndex(SEVEN_DAY);
    const both = buildCalendarIndex(intersectCalendars(STANDARD, SEVEN_DAY, 'x'));
    const works = (c: ReturnType<typeof buildCalendarIndex>, t: number) => c.workAt(t + 1) > c.workAt(t);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * 24 * 366 }), (m) => {
        const t = at('2024-01-01 00:00') + m;
        expect(works(both, t)).toBe(works(a, t) && works(b, t));
      }),
    );
  });
});
