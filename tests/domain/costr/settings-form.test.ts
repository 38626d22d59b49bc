// The cost settings form's checks (issue 28): the spec's §5 messages for the currency text, number
// and integer-only keys for the numeric fields, the module's own for ranges; a valid form gives the
// settings it shows (property: settings → form → settings is the identity).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COEF_KINDS,
  DEFAULT_SETTINGS,
  checkCurrency,
  checkDigits,
  checkPercent,
  checkSettingsForm,
  formValuesOf,
  moveKind,
} from '../../../src/domain/costr';
import type { CostrSettings } from '../../../src/domain/costr';

describe('costr settings form', () => {
  it('checks the currency as a spec text field', () => {
    expect(checkCurrency('EUR')).toBeNull();
    expect(checkCurrency('  ')).toEqual({ key: 'costr.settings_currency_required' });
    expect(checkCurrency('EU<R>')).toEqual({ key: 'validation.prohibited_characters' });
    expect(checkCurrency('x'.repeat(33))).toEqual({ key: 'validation.max_length', params: { max: 32 } });
    expect(checkCurrency('р'.repeat(32))).toBeNull();
  });

  it('reads percents as spec §5 reads numbers and refuses what the server would', () => {
    expect(checkPercent('20')).toEqual({ ok: true, value: '20' });
    expect(checkPercent('12,5')).toEqual({ ok: true, value: '12.5' });
    expect(checkPercent('1 000,25')).toEqual({ ok: true, value: '1000.25' });
    expect(checkPercent('abc')).toEqual({ ok: false, error: { key: 'validation.invalid_number' } });
    expect(checkPercent('')).toEqual({ ok: false, error: { key: 'validation.invalid_number' } });
    expect(checkPercent('-1')).toEqual({ ok: false, error: { key: 'costr.negative' } });
    expect(checkPercent('1.23456')).toEqual({ ok: false, error: { key: 'costr.too_precise' } });
    expect(checkPercent('1000000')).toEqual({ ok: false, error: { key: 'costr.too_large' } });
  });

  it('takes rounding digits as a whole number from 0 to 4', () => {
    expect(checkDigits('2')).toEqual({ ok: true, value: 2 });
    expect(checkDigits('2.5')).toEqual({ ok: false, error: { key: 'validation.integer_only' } });
    expect(checkDigits('x')).toEqual({ ok: false, error: { key: 'validation.invalid_number' } });
    expect(checkDigits('5')).toEqual({
      ok: false,
      error: { key: 'costr.settings_digits_range', params: { max: 4 } },
    });
  });

  it('answers every bad field at once, and empty tolerances turn their rules off', () => {
    const v = { ...formValuesOf(DEFAULT_SETTINGS), currency: '', vatPct: 'x', roundingDigits: '9' };
    const r = checkSettingsForm(v);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['currency', 'roundingDigits', 'vatPct']);
    const off = checkSettingsForm({
      ...formValuesOf(DEFAULT_SETTINGS),
      priceTolerancePct: ' ',
      volumeTolerancePct: '',
    });
    expect(off.ok && off.settings.rules.priceTolerancePct).toBeNull();
    expect(off.ok && off.settings.rules.volumeTolerancePct).toBeNull();
    const dup = checkSettingsForm({ ...formValuesOf(DEFAULT_SETTINGS), coefficientOrder: ['vat', 'vat'] });
    expect(!dup.ok && dup.errors.coefficientOrder).toEqual({ key: 'costr.settings_order' });
  });

  it('moves a kind within the order and never loses one', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...COEF_KINDS], { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (order, i, up) => {
          const next = moveKind(order, order[i]!, up ? -1 : 1);
          expect([...next].sort()).toEqual([...order].sort());
          const j = next.indexOf(order[i]!);
          expect(Math.abs(j - i)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('gives back the settings a form was filled from', () => {
    const pct = fc
      .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9999 }))
      .map(([a, b]) => {
        const f = String(b).padStart(4, '0').replace(/0+$/, '');
        return f ? `${a}.${f}` : String(a);
      });
    const settings: fc.Arbitrary<CostrSettings> = fc.record({
      currency: fc.constantFrom('EUR', 'RUB', '₽', 'руб.', 'US Dollar'),
      rounding: fc.record({
        digits: fc.integer({ min: 0, max: 4 }),
        mode: fc.constantFrom('half_up' as const, 'half_even' as const, 'down' as const, 'up' as const),
      }),
      coefficientOrder: fc.shuffledSubarray([...COEF_KINDS], { minLength: 7, maxLength: 7 }),
      vatPct: pct,
      overheadPct: pct,
      rules: fc.record({
        required: fc.subarray(['code', 'name', 'measure', 'quantity', 'price'] as const),
        priceTolerancePct: fc.option(pct, { nil: null }),
        measureMatch: fc.boolean(),
        volumeTolerancePct: fc.option(pct, { nil: null }),
        negativePrices: fc.boolean(),
      }),
    });
    fc.assert(
      fc.property(settings, (s) => {
        const r = checkSettingsForm(formValuesOf(s));
        expect(r).toEqual({ ok: true, settings: s });
      }),
    );
  });
});
