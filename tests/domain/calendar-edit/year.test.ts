// The year view's keyboard cursor and month counts: a step moves by a day, a week or a month
// (a month keeps the day of the month, or the last one), never leaves the accepted days, and a
// month counts its working days with the exceptions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAST_DAY, dateOf, dayOf, toggleDay, type EditableCalendar } from '../../../src/domain/calendar-edit';
import { stepDay, stepOfKey, workingDaysOf, type DayStep } from '../../../src/domain/calendar-edit/year';

const day8 = [{ start: 480, end: 1020 }];
const fiveDay: EditableCalendar = { week: [[], day8, day8, day8, day8, day8, []], exceptions: [] };
const STEPS: DayStep[] = ['left', 'right', 'up', 'down', 'prevMonth', 'nextMonth', 'monthStart', 'monthEnd'];
const ymd = (day: number) => {
  const d = dateOf(day);
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()];
};

describe('the year view', () => {
  it('maps the keys to steps and ignores the others', () => {
    expect(stepOfKey('ArrowDown')).toBe('down');
    expect(stepOfKey('PageUp')).toBe('prevMonth');
    expect(stepOfKey('End')).toBe('monthEnd');
    expect(stepOfKey('Enter')).toBeNull();
    expect(stepOfKey('a')).toBeNull();
  });

  it('moves by days, weeks and months, a month keeping the day or the month’s last', () => {
    const d = dayOf(new Date(2027, 0, 31));
    expect(ymd(stepDay(d, 'right'))).toEqual([2027, 2, 1]);
    expect(ymd(stepDay(d, 'up'))).toEqual([2027, 1, 24]);
    expect(ymd(stepDay(d, 'nextMonth'))).toEqual([2027, 2, 28]);
    expect(ymd(stepDay(d, 'prevMonth'))).toEqual([2026, 12, 31]);
    expect(ymd(stepDay(dayOf(new Date(2028, 1, 10)), 'monthEnd'))).toEqual([2028, 2, 29]);
    expect(ymd(stepDay(dayOf(new Date(2028, 1, 10)), 'monthStart'))).toEqual([2028, 2, 1]);
  });

  it('stays within the accepted days, and a step back and forth by a day or a week returns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LAST_DAY - 1 }), fc.constantFrom(...STEPS), (day, step) => {
        const next = stepDay(day, step);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(LAST_DAY);
        if (step === 'right' && day < LAST_DAY - 1) expect(stepDay(next, 'left')).toBe(day);
        if (step === 'down' && day < LAST_DAY - 8) expect(stepDay(next, 'up')).toBe(day);
        if (step === 'monthStart' || step === 'monthEnd') {
          expect(dateOf(next).getMonth()).toBe(dateOf(day).getMonth());
          expect(dateOf(next).getFullYear()).toBe(dateOf(day).getFullYear());
        }
      }),
    );
    expect(stepDay(0, 'left')).toBe(0);
    expect(stepDay(LAST_DAY - 1, 'nextMonth')).toBe(LAST_DAY - 1);
  });

  it('counts a month’s working days with its holidays and working exceptions', () => {
    // February 2027: 20 weekdays.
    expect(workingDaysOf(fiveDay, 2027, 1)).toBe(20);
    const holiday = toggleDay(fiveDay, dayOf(new Date(2027, 1, 23))); // a Tuesday made a holiday
    const saturday = toggleDay(holiday, dayOf(new Date(2027, 1, 27))); // a Saturday made working
    expect(workingDaysOf(holiday, 2027, 1)).toBe(19);
    expect(workingDaysOf(saturday, 2027, 1)).toBe(20);
    expect(workingDaysOf(saturday, 2027, 2)).toBe(23);
  });
});
