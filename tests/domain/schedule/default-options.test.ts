// The options every version without stored ones schedules with, on the server and in the worker.
import { describe, expect, it } from 'vitest';
import { dayStartMinutes, defaultScheduleOptions } from '../../../src/domain/schedule';

describe('default schedule options', () => {
  it('start the day at local midnight in engine minutes', () => {
    expect(dayStartMinutes(new Date(2000, 0, 1, 0, 0))).toBe(0);
    expect(dayStartMinutes(new Date(2000, 0, 2, 17, 45))).toBe(1440);
  });

  it('schedule from the data date with P6 semantics and retained logic', () => {
    expect(defaultScheduleOptions(9000, 'cal')).toEqual({
      dataDate: 9000,
      projectStart: 9000,
      mustFinishBy: null,
      defaultCalendarId: 'cal',
      progressMode: 'retained_logic',
      lagCalendar: 'predecessor',
      floatType: 'finish',
      criticalBy: 'total_float',
      criticalFloat: 0,
      semantics: 'p6',
    });
  });
});
