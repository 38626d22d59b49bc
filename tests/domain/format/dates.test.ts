import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, MAX_MINUTES, weekday } from '../../../src/domain/format/civil';
import {
  formatDate,
  formatIsoDate,
  minutesFromParts,
  parseDate,
  parseDateValue,
} from '../../../src/domain/format/dates';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  minutesFromParts({ year, month, day, hour, minute });

describe('civil day arithmetic', () => {
  it('counts days from 2000-01-01, a Saturday', () => {
    expect(daysFromCivil(2000, 1, 1)).toBe(0);
    expect(weekday(0)).toBe(6);
    expect(daysFromCivil(2000, 3, 1)).toBe(60); // 2000 is a leap year
    expect(daysFromCivil(2024, 1, 15)).toBe(8780);
    expect(daysFromCivil(1999, 12, 31)).toBe(-1);
  });
  it('agrees with UTC Date arithmetic and round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40000, max: 40000 }), (days) => {
        const c = civilFromDays(days);
        expect(daysFromCivil(c.year, c.month, c.day)).toBe(days);
        const d = new Date(Date.UTC(2000, 0, 1) + days * 86_400_000);
        expect([c.year, c.month, c.day]).toEqual([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]);
        expect(weekday(days)).toBe(d.getUTCDay());
      }),
    );
  });
});

describe('parseDate', () => {
  const jan15 = at(2024, 1, 15);
  it.each([
    ['DD.M.YYYY', '15.1.2024', jan15],
    ['DD.MM.YYYY', '15.01.2024', jan15],
    ['DD.MMM.YYYY en', '15.Jan.2024', jan15],
    ['DD.MMM.YYYY ru', '15.янв.2024', jan15],
    ['DD.MMM.YYYY ru with dot', '15.янв..2024', jan15],
    ['DD.MMMM.YYYY en', '15.JANUARY.2024', jan15],
    ['DD.MMMM.YYYY ru genitive', '15.Января.2024', jan15],
    ['DD.MMMM.YYYY ru nominative', '15.январь.2024', jan15],
    ['DD.M.YY', '15.1.24', jan15],
    ['DD.MM.YY', '15.01.24', jan15],
    ['DD.MMM.YY', '15.jan.24', jan15],
    ['DD.MM.YYYY HH:mm', '15.01.2024 08:30', at(2024, 1, 15, 8, 30)],
    ['ISO', '2024-01-15', jan15],
    ['ISO with time', '2024-01-15 17:05', at(2024, 1, 15, 17, 5)],
    ['ISO T with seconds', '2024-01-15T17:05:59', at(2024, 1, 15, 17, 5)],
    ['Excel M/D/YYYY', '1/15/2024', jan15],
    ['Excel M/D/YYYY with time', '1/15/2024 8:00 PM', at(2024, 1, 15, 20, 0)],
    ['Excel 12 AM', '1/15/2024 12:00 AM', jan15],
    ['Excel D-MMM-YY', '15-Jan-24', jan15],
    ['Russian words', '15 января 2024 г.', jan15],
    ['month first', 'January 15, 2024', jan15],
    ['sept', '1.Sept.2024', at(2024, 9, 1)],
    ['leap day', '29.02.2024', at(2024, 2, 29)],
    ['end of day', '15.01.2024 24:00', at(2024, 1, 16)],
  ])('%s: %s', (_name, input, expected) => {
    expect(parseDate(input)).toEqual({ ok: true, value: expected, clamped: false });
  });

  it('reads a slash date day-first when asked or when it can only be day-first', () => {
    expect(parseDateValue('2/1/2024', { slashOrder: 'dmy' })).toBe(at(2024, 1, 2));
    expect(parseDateValue('2/1/2024')).toBe(at(2024, 2, 1));
    expect(parseDateValue('15/1/2024')).toBe(jan15);
  });

  it.each([
    '',
    'abc',
    '32.01.2024',
    '29.02.2023',
    '15.13.2024',
    '15.ja.2024',
    '15.01.2024 25:00',
    '15.01',
    '1/2',
  ])('refuses %j', (input) =>
    expect(parseDate(input)).toEqual({ ok: false, key: 'validation.invalid_date' }),
  );

  it('clamps to 2000–2050', () => {
    expect(parseDate('31.12.1999')).toEqual({ ok: true, value: 0, clamped: true });
    expect(parseDate('01.06.2060')).toEqual({ ok: true, value: MAX_MINUTES, clamped: true });
  });
});

describe('formatDate', () => {
  it('formats tokens and month names', () => {
    const m = at(2024, 3, 5, 7, 9);
    expect(formatDate(m)).toBe('05.03.2024');
    expect(formatDate(m, 'DD.MM.YYYY HH:mm')).toBe('05.03.2024 07:09');
    expect(formatDate(m, 'D MMMM YYYY', 'ru')).toBe('5 марта 2024');
    expect(formatDate(m, 'DD-MMM-YY')).toBe('05-Mar-24');
    expect(formatIsoDate(m)).toBe('2024-03-05T07:09');
    expect(formatIsoDate(at(2024, 3, 5))).toBe('2024-03-05');
  });
  it('round-trips through parseDate for every minute in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MINUTES }), (m) => {
        expect(parseDateValue(formatDate(m, 'DD.MM.YYYY HH:mm'))).toBe(m);
        expect(parseDateValue(formatDate(m, 'DD.MMMM.YYYY HH:mm', 'ru'))).toBe(m);
        expect(parseDateValue(formatIsoDate(m))).toBe(m);
      }),
    );
  });
});
