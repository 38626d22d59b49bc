import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MONEY_SCALE,
  applyCoef,
  divRound,
  extend,
  formatDecimal,
  parseDecimal,
  roundMoney,
} from '../../../src/domain/costr';

describe('decimal', () => {
  it('parses estimators’ spellings exactly', () => {
    expect(parseDecimal('1 234,5', 4)).toEqual({ ok: true, value: 12_345_000n });
    expect(parseDecimal('-0.75', 2)).toEqual({ ok: true, value: -75n });
    expect(parseDecimal('.5', 1)).toEqual({ ok: true, value: 5n });
    expect(parseDecimal('1.23450', 4)).toEqual({ ok: true, value: 12_345n });
    expect(parseDecimal('1.23456', 4)).toEqual({ ok: false, reason: 'too_precise' });
    expect(parseDecimal('abc', 4)).toEqual({ ok: false, reason: 'not_number' });
    expect(parseDecimal('1e5', 4)).toEqual({ ok: false, reason: 'not_number' });
    expect(parseDecimal('-', 4)).toEqual({ ok: false, reason: 'not_number' });
  });

  it('formats and parses back to the same value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        fc.integer({ min: 0, max: 6 }),
        (v, s) => {
          const r = parseDecimal(formatDecimal(v, s), s);
          expect(r).toEqual({ ok: true, value: v });
        },
      ),
    );
  });

  it('rounds by the mode', () => {
    expect(divRound(25n, 10n, 'half_up')).toBe(3n);
    expect(divRound(-25n, 10n, 'half_up')).toBe(-3n);
    expect(divRound(25n, 10n, 'half_even')).toBe(2n);
    expect(divRound(35n, 10n, 'half_even')).toBe(4n);
    expect(divRound(29n, 10n, 'down')).toBe(2n);
    expect(divRound(21n, 10n, 'up')).toBe(3n);
    expect(divRound(-21n, 10n, 'up')).toBe(-3n);
  });

  it('rounding moves a value by less than one unit of the kept digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('half_up', 'half_even', 'down', 'up' as const),
        (v, digits, mode) => {
          const r = roundMoney(v, { digits, mode });
          const unit = 10n ** BigInt(MONEY_SCALE - digits);
          expect(r % unit).toBe(0n);
          const diff = r > v ? r - v : v - r;
          expect(diff < unit).toBe(true);
          if (mode !== 'down' && mode !== 'up') expect(diff * 2n <= unit).toBe(true);
        },
      ),
    );
  });

  it('extends quantity × price and applies coefficients without binary floating point', () => {
    const r = { digits: 2, mode: 'half_up' as const };
    // 0.1 × 0.2 would be 0.020000000000000004 in binary; here it is exact.
    expect(extend(100_000n, 2_000n, { digits: 4, mode: 'half_up' })).toBe(200n);
    // 3 × 33.3333 = 99.9999 → 100.00
    expect(formatDecimal(extend(3_000_000n, 333_333n, r), MONEY_SCALE, 2)).toBe('100.00');
    // 100.00 × 1.15 = 115.00
    expect(applyCoef(1_000_000n, 1_150_000n, r)).toBe(1_150_000n);
  });
});
