import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatNumber,
  parseDuration,
  parseInteger,
  parseNumber,
  parseNumberValue,
} from '../../../src/domain/format/numbers';

describe('parseNumber', () => {
  it.each([
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['-2', -2],
    ['+3', 3],
    ['−4,25', -4.25],
    ['.5', 0.5],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['1\u202f234', 1234],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1,234,567', 1234567],
    ["1'234.5", 1234.5],
    ['1,234', 1.234],
    ['1.5E+3', 1500],
    ['  7  ', 7],
  ])('%j → %d', (input, expected) => expect(parseNumber(input)).toEqual({ ok: true, value: expected }));

  it.each(['', 'abc', '1,2,3.4.5', '1..2', 'Infinity', 'NaN', '0x10', '5%', '1e999', '--1'])(
    'refuses %j',
    (input) => expect(parseNumber(input)).toEqual({ ok: false, key: 'validation.invalid_number' }),
  );

  it('integer fields refuse fractions', () => {
    expect(parseInteger('12')).toEqual({ ok: true, value: 12 });
    expect(parseInteger('1,5')).toEqual({ ok: false, key: 'validation.integer_only' });
  });
});

describe('formatNumber', () => {
  it('groups thousands with 2 decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(1234.5, { lang: 'ru' })).toBe('1\u00a0234,50');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(-1234)).toBe('-1,234.00');
    expect(formatNumber(5, { trimZeros: true })).toBe('5');
    expect(formatNumber(999.999)).toBe('1,000.00');
  });
  it('parses back what it formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom<'en' | 'ru'>('en', 'ru'),
        (cents, lang) => {
          expect(parseNumberValue(formatNumber(cents / 100, { lang }))).toBeCloseTo(cents / 100, 6);
        },
      ),
    );
  });
});

describe('durations', () => {
  const units = { hoursPerDay: 8 };
  it.each([
    ['5', 2400],
    ['5d', 2400],
    ['5 д', 2400],
    ['5д', 2400],
    ['1.5', 720],
    ['1,5', 720],
    ['40h', 2400],
    ['40 ч', 2400],
    ['2w', 4800],
    ['2 нед', 4800],
    ['90m', 90],
    ['1mo', 9600],
    ['0', 0],
  ])('%j → %d working minutes', (input, expected) =>
    expect(parseDuration(input, units)).toEqual({ ok: true, value: expected }),
  );
  it.each(['', 'd', '-1', '5x', 'five days'])('refuses %j', (input) =>
    expect(parseDuration(input, units).ok).toBe(false),
  );
  it('uses the calendar hours per day', () =>
    expect(parseDuration('2', { hoursPerDay: 10 })).toEqual({ ok: true, value: 1200 }));
  it('formats in days, hours or weeks', () => {
    expect(formatDuration(2400, units)).toBe('5');
    expect(formatDuration(720, units)).toBe('1.5');
    expect(formatDuration(2400, units, { unit: 'h', suffix: true })).toBe('40h');
    expect(formatDuration(2400, units, { suffix: true, lang: 'ru' })).toBe('5д');
    expect(parseDuration(formatDuration(2400, units, { suffix: true, lang: 'ru' }), units)).toEqual({
      ok: true,
      value: 2400,
    });
  });
});
