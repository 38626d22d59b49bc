// Calendar index and engine time: conversions, working-time arithmetic, exceptions, clamping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCalendarIndex,
  CalendarIndex,
  continuousCalendar,
  standardCalendarDef,
} from '../../../src/domain/calendar/calendar-index';
import {
  DAY_COUNT,
  formatLocal,
  MAX_TIME,
  parseLocal,
  toMinutes,
  weekdayOf,
} from '../../../src/domain/calendar/time';

const t = (s: string) => parseLocal(s)!;
const std = buildCalendarIndex(standardCalendarDef());

describe('engine time', () => {
  it('counts minutes from 2000-01-01 00:00 and formats local date-times', () => {
    expect(t('2000-01-01 00:00')).toBe(0);
    expect(t('2000-01-02T01:30:00')).toBe(1440 + 90);
    expect(formatLocal(t('2024-02-29 17:05'))).toBe('2024-02-29T17:05');
    expect(weekdayOf(0)).toBe(6); // a Saturday
    expect(weekdayOf(t('2024-01-01 00:00') / 1440)).toBe(1); // a Monday
  });

  it('clamps to 2000–2050 and rejects malformed text', () => {
    expect(toMinutes(1999, 12, 31)).toBe(0);
    expect(toMinutes(2077, 1, 1)).toBe(MAX_TIME);
    expect(formatLocal(MAX_TIME)).toBe('2051-01-01T00:00');
    expect(parseLocal('')).toBeNull();
    expect(parseLocal('2024-13-01 00:00')).toBeNull();
    expect(parseLocal('yesterday')).toBeNull();
  });

  it('round-trips every minute through format and parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TIME - 1 }), (m) => parseLocal(formatLocal(m)) === m),
    );
  });
});

describe('calendar index', () => {
  it('places a finish at the end of a working interval and a start at the beginning of one', () => {
    const w = std.workAt(t('2024-01-05 17:00')); // Friday evening
    expect(formatLocal(std.finishAt(w))).toBe('2024-01-05T17:00');
    expect(formatLocal(std.startAt(w))).toBe('2024-01-08T08:00'); // Monday morning
    expect(formatLocal(std.nextWorking(t('2024-01-01 12:30')))).toBe('2024-01-01T13:00');
    expect(formatLocal(std.previousWorking(t('2024-01-01 12:30')))).toBe('2024-01-01T12:00');
  });

  it('adds working minutes and counts working minutes between moments', () => {
    expect(formatLocal(std.addWork(t('2024-01-01 08:00'), 480))).toBe('2024-01-01T17:00');
    expect(formatLocal(std.addWork(t('2024-01-05 16:00'), 120))).toBe('2024-01-08T09:00');
    expect(formatLocal(std.addWork(t('2024-01-08 09:00'), -120))).toBe('2024-01-05T16:00');
    expect(std.between(t('2024-01-05 08:00'), t('2024-01-09 08:00'))).toBe(2 * 480);
    expect(std.between(t('2024-01-09 08:00'), t('2024-01-05 08:00'))).toBe(-2 * 480);
  });

  it('honours holidays, changed hours and working weekends from exceptions', () => {
    const def = standardCalendarDef();
    const day = (s: string) => t(s) / 1440;
    def.exceptions = [
      { day: day('2024-01-02 00:00'), intervals: [] },
      { day: day('2024-01-03 00:00'), intervals: [{ start: 600, end: 1440 }] },
      { day: day('2024-01-06 00:00'), intervals: [{ start: 480, end: 720 }] },
    ];
    const c = buildCalendarIndex(def);
    expect(formatLocal(c.addWork(t('2024-01-01 08:00'), 480 + 60))).toBe('2024-01-03T11:00');
    expect(c.between(t('2024-01-03 00:00'), t('2024-01-04 00:00'))).toBe(840);
    expect(formatLocal(c.nextWorking(t('2024-01-06 00:00')))).toBe('2024-01-06T08:00');
  });

  it('merges intervals that touch across midnight and works around the clock when asked', () => {
    const all = buildCalendarIndex({
      ...standardCalendarDef(),
      week: Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]),
    });
    expect(all.intervalCount).toBe(1);
    expect(all.continuous).toBe(true);
    expect(continuousCalendar().workAt(12345)).toBe(12345);
    const night = buildCalendarIndex({
      ...standardCalendarDef(),
      week: Array.from({ length: 7 }, () => [
        { start: 0, end: 360 },
        { start: 1320, end: 1440 },
      ]),
    });
    expect(night.intervalCount).toBe(DAY_COUNT + 1);
    expect(formatLocal(night.addWork(t('2024-01-01 23:00'), 120))).toBe('2024-01-02T01:00');
  });

  it('unites calendars for a task worked by several resources', () => {
    const nights = buildCalendarIndex({
      ...standardCalendarDef(),
      week: Array.from({ length: 7 }, () => [{ start: 1080, end: 1440 }]),
    });
    const u = CalendarIndex.union('u', [std, nights]);
    expect(u.between(t('2024-01-01 00:00'), t('2024-01-02 00:00'))).toBe(480 + 360);
  });

  it('workAt, startAt and finishAt are consistent inverses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TIME }), (m) => {
        const w = std.workAt(m);
        return (
          std.workAt(std.startAt(w)) === w &&
          std.workAt(std.finishAt(w)) === w &&
          std.finishAt(w) <= m &&
          m <= std.startAt(w)
        );
      }),
    );
  });
});
