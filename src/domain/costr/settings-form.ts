// The cost settings form (issue 28): the texts a user types, checked field by field into settings
// the server accepts. Messages are keys: the spec's §5 catalogue where it has one (a text field's
// prohibited characters and its 32-character limit, 'validation.*' in the shared texts), the
// shared number keys for number and integer-only fields (spec §5 shows no text for them), and the
// cost module's own keys ('costr.*') for what only it has (a percent's range and decimals).
import { PROHIBITED_CHARACTERS, TEXT_MAX_LENGTH, textLength } from '../format/validation';
import { parseInteger, parseNumber } from '../format/numbers';
import { formatDecimal, parseDecimal } from './decimal';
import type { RoundingMode } from './decimal';
import type { CoefKind, ComplianceRules, CostrSettings } from './types';
import { COEF_KINDS } from './types';

/** Decimals a percent may have, and its bound (the server's 6 integer digits: below 1,000,000). */
export const PCT_SCALE = 4;
export const PCT_LIMIT = 1_000_000n;
export const MAX_DIGITS = 4;

export interface SettingsFormValues {
  currency: string;
  roundingDigits: string;
  roundingMode: RoundingMode;
  coefficientOrder: CoefKind[];
  vatPct: string;
  overheadPct: string;
  /** Empty: the rule is off. */
  priceTolerancePct: string;
  volumeTolerancePct: string;
  required: ComplianceRules['required'];
  measureMatch: boolean;
  negativePrices: boolean;
}

export type SettingsField =
  | 'currency'
  | 'roundingDigits'
  | 'vatPct'
  | 'overheadPct'
  | 'priceTolerancePct'
  | 'volumeTolerancePct'
  | 'coefficientOrder';

export interface SettingsFieldError {
  key: string;
  params?: Record<string, string | number>;
}

export type SettingsFormResult =
  | { ok: true; settings: CostrSettings }
  | { ok: false; errors: Partial<Record<SettingsField, SettingsFieldError>> };

export const formValuesOf = (s: CostrSettings): SettingsFormValues => ({
  currency: s.currency,
  roundingDigits: String(s.rounding.digits),
  roundingMode: s.rounding.mode,
  coefficientOrder: [...(s.coefficientOrder as CoefKind[])],
  vatPct: s.vatPct,
  overheadPct: s.overheadPct,
  priceTolerancePct: s.rules.priceTolerancePct ?? '',
  volumeTolerancePct: s.rules.volumeTolerancePct ?? '',
  required: [...s.rules.required],
  measureMatch: s.rules.measureMatch,
  negativePrices: s.rules.negativePrices,
});

/** The currency: required, no prohibited characters, at most 32 characters (spec §5, §9). */
export function checkCurrency(text: string): SettingsFieldError | null {
  const t = text.trim();
  if (!t) return { key: 'costr.settings_currency_required' };
  if (PROHIBITED_CHARACTERS.test(t)) return { key: 'validation.prohibited_characters' };
  if (textLength(t) > TEXT_MAX_LENGTH)
    return { key: 'validation.max_length', params: { max: TEXT_MAX_LENGTH } };
  return null;
}

/**
 * A percent: a number as spec §5 reads one (a comma is a decimal mark), not negative, below
 * 1,000,000 with at most 4 decimals. Answers the plain decimal text ("12.5"), or the error.
 */
export function checkPercent(
  text: string,
): { ok: true; value: string } | { ok: false; error: SettingsFieldError } {
  const n = parseNumber(text);
  if (!n.ok) return { ok: false, error: { key: 'validation.invalid_number' } };
  if (n.value < 0) return { ok: false, error: { key: 'costr.negative' } };
  // The number as plain text (parseNumber has read the decimal mark and the groups).
  const plain = String(n.value);
  if (/e/i.test(plain))
    return { ok: false, error: { key: n.value < 1 ? 'costr.too_precise' : 'costr.too_large' } };
  const d = parseDecimal(plain, PCT_SCALE);
  if (!d.ok)
    return {
      ok: false,
      error: { key: d.reason === 'too_precise' ? 'costr.too_precise' : 'validation.invalid_number' },
    };
  if (d.value >= PCT_LIMIT * 10n ** BigInt(PCT_SCALE))
    return { ok: false, error: { key: 'costr.too_large' } };
  return { ok: true, value: formatDecimal(d.value, PCT_SCALE) };
}

/** Rounding digits: an integer-only field, 0 to 4. */
export function checkDigits(
  text: string,
): { ok: true; value: number } | { ok: false; error: SettingsFieldError } {
  const n = parseInteger(text);
  if (!n.ok) return { ok: false, error: { key: n.key } };
  if (n.value < 0 || n.value > MAX_DIGITS)
    return { ok: false, error: { key: 'costr.settings_digits_range', params: { max: MAX_DIGITS } } };
  return { ok: true, value: n.value };
}

/** Every field checked; the settings when all pass. */
export function checkSettingsForm(v: SettingsFormValues): SettingsFormResult {
  const errors: Partial<Record<SettingsField, SettingsFieldError>> = {};
  const currency = checkCurrency(v.currency);
  if (currency) errors.currency = currency;
  const digits = checkDigits(v.roundingDigits);
  if (!digits.ok) errors.roundingDigits = digits.error;
  const pct = (
    field: 'vatPct' | 'overheadPct' | 'priceTolerancePct' | 'volumeTolerancePct',
    optional: boolean,
  ) => {
    if (optional && v[field].trim() === '') return null;
    const r = checkPercent(v[field]);
    if (!r.ok) {
      errors[field] = r.error;
      return null;
    }
    return r.value;
  };
  const vat = pct('vatPct', false);
  const overhead = pct('overheadPct', false);
  const price = pct('priceTolerancePct', true);
  const volume = pct('volumeTolerancePct', true);
  const order = v.coefficientOrder;
  if (
    order.length !== COEF_KINDS.length ||
    new Set(order).size !== order.length ||
    order.some((k) => !COEF_KINDS.includes(k))
  )
    errors.coefficientOrder = { key: 'costr.settings_order' };
  if (Object.keys(errors).length || !digits.ok) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      currency: v.currency.trim(),
      rounding: { digits: digits.value, mode: v.roundingMode },
      coefficientOrder: [...order],
      vatPct: vat!,
      overheadPct: overhead!,
      rules: {
        required: [...v.required],
        priceTolerancePct: price,
        measureMatch: v.measureMatch,
        volumeTolerancePct: volume,
        negativePrices: v.negativePrices,
      },
    },
  };
}

/** Moves a kind one place up (-1) or down (+1) in the order. */
export function moveKind(order: readonly CoefKind[], kind: CoefKind, by: -1 | 1): CoefKind[] {
  const i = order.indexOf(kind);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  const next = [...order];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
