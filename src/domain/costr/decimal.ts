// Exact decimal arithmetic for the cost module: amounts are bigint counts of 1/10^scale (no binary
// floating point anywhere in a total). Text in, text out: "1234.5", "-0,75", "1 234,50" (a comma
// or a point as the decimal separator, spaces and no-break spaces as group separators).

export type RoundingMode = 'half_up' | 'half_even' | 'down' | 'up';

/** Money is kept at 4 decimals internally and rounded to the settings' digits (0–4) at each step. */
export const MONEY_SCALE = 4;
/** Quantities and coefficient values: up to 6 decimals. */
export const QTY_SCALE = 6;
export const COEF_SCALE = 6;

const TEN = 10n;
export const pow10 = (n: number): bigint => TEN ** BigInt(n);

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

export type ParseResult = { ok: true; value: bigint } | { ok: false; reason: 'not_number' | 'too_precise' };

/** Parses decimal text into a bigint at `scale`; more decimals than `scale` is an error, not a rounding. */
export function parseDecimal(text: string, scale: number): ParseResult {
  const t = text
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(',', '.');
  const m = DECIMAL.exec(t);
  if (!m || (!m[2] && !m[3]) || t === '.' || t === '+' || t === '-')
    return { ok: false, reason: 'not_number' };
  const int = m[2] || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return { ok: false, reason: 'too_precise' };
  if (int.length > 18) return { ok: false, reason: 'not_number' };
  const v = BigInt(int) * pow10(scale) + (frac ? BigInt(frac.padEnd(scale, '0')) : 0n);
  return { ok: true, value: m[1] === '-' ? -v : v };
}

/** parseDecimal that throws (for values already validated). */
export function dec(text: string, scale: number): bigint {
  const r = parseDecimal(text, scale);
  if (!r.ok) throw new Error(`not a decimal: ${text}`);
  return r.value;
}

/** Plain decimal text of `v` at `scale` with at least `minDigits` decimals ("12.50", "-3", "0.000125"). */
export function formatDecimal(v: bigint, scale: number, minDigits = 0): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const p = pow10(scale);
  const int = (a / p).toString();
  let frac = scale > 0 ? (a % p).toString().padStart(scale, '0') : '';
  frac = frac.replace(/0+$/, '');
  if (frac.length < minDigits) frac = frac.padEnd(minDigits, '0');
  return `${neg && a !== 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** n / d rounded to an integer by `mode` (d > 0). */
export function divRound(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d;
  if (r === 0n) return q;
  const neg = n < 0n;
  const away = neg ? q - 1n : q + 1n;
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return away;
    case 'half_up': {
      const twice = (r < 0n ? -r : r) * 2n;
      return twice >= d ? away : q;
    }
    case 'half_even': {
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice > d) return away;
      if (twice < d) return q;
      return q % 2n === 0n ? q : away;
    }
  }
}

export interface Rounding {
  /** Decimals kept in money amounts, 0–4. */
  digits: number;
  mode: RoundingMode;
}

/** Rounds a money amount (at MONEY_SCALE) to the rounding's digits; the result stays at MONEY_SCALE. */
export function roundMoney(v: bigint, r: Rounding): bigint {
  const unit = pow10(MONEY_SCALE - r.digits);
  return divRound(v, unit, r.mode) * unit;
}

/** quantity (QTY_SCALE) × unit price (MONEY_SCALE) → money at MONEY_SCALE, rounded. */
export function extend(qty: bigint, price: bigint, r: Rounding): bigint {
  const unit = pow10(MONEY_SCALE - r.digits);
  return divRound(qty * price, pow10(QTY_SCALE) * unit, r.mode) * unit;
}

/** money × coefficient (COEF_SCALE) → money, rounded. */
export function applyCoef(v: bigint, k: bigint, r: Rounding): bigint {
  const unit = pow10(MONEY_SCALE - r.digits);
  return divRound(v * k, pow10(COEF_SCALE) * unit, r.mode) * unit;
}

/** Money at MONEY_SCALE as text with exactly `digits` decimals. */
export const moneyText = (v: bigint, digits: number): string => {
  const s = formatDecimal(v, MONEY_SCALE, digits);
  return s;
};
