// The fast exact path of the computed list: money as integer minor units (10^-digits of the
// currency) in plain numbers, every product and quotient done exactly by splitting the operands so
// no intermediate leaves the safe-integer range; where one would, the bigint reference
// (decimal.ts) computes it. Tests check both paths agree.
import type { Rounding, RoundingMode } from './decimal';
import { MONEY_SCALE, QTY_SCALE, divRound, pow10 } from './decimal';

const MAX = Number.MAX_SAFE_INTEGER;

export class AmountTooLargeError extends Error {
  constructor(readonly nodeId: string) {
    super(`amount too large at ${nodeId}`);
  }
}

/** q rounded by `r/d` (0 ≤ r < d; `twiceR` = 2r compared with d), away from zero by mode. */
function roundUp(q: number, r: number, d: number, mode: RoundingMode): number {
  if (r === 0) return q;
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return q + 1;
    case 'half_up':
      return 2 * r >= d ? q + 1 : q;
    case 'half_even':
      return 2 * r > d ? q + 1 : 2 * r < d ? q : q % 2 === 0 ? q : q + 1;
  }
}

/** Exact floor(a / d) and a mod d for a safe integer a ≥ 0 and d > 0. */
function divmod(a: number, d: number): [number, number] {
  let q = Math.floor(a / d);
  let r = a - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return [q, r];
}

/** round(a × b / d) exactly for safe integers (d ≤ 2^26 · 1e6 or so); null when it cannot stay safe. */
export function mulDivRound(a: number, b: number, d: number, mode: RoundingMode): number | null {
  const neg = a < 0 !== b < 0 && a !== 0 && b !== 0;
  const x = Math.abs(a);
  const y = Math.abs(b);
  const [ah, al] = divmod(x, d);
  const hi = ah * y;
  const lo = al * y;
  if (hi > MAX || lo > MAX) return null;
  const [q2, r] = divmod(lo, d);
  const q = hi + q2;
  if (q >= MAX) return null;
  const out = roundUp(q, r, d, mode);
  return neg ? -out : out;
}

const POW = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/**
 * quantity (QTY_SCALE integer) × unit price (MONEY_SCALE integer) in minor units of `r.digits`,
 * rounded once; null when out of the safe range.
 */
export function extendMinor(qty: number, price: number, r: Rounding): number | null {
  const neg = qty < 0 !== price < 0 && qty !== 0 && price !== 0;
  const q = Math.abs(qty);
  const p = Math.abs(price);
  // q × p / 10^QTY_SCALE = X + r1 / 10^QTY_SCALE (X at MONEY_SCALE)
  const D1 = POW[QTY_SCALE]!;
  const [qh, ql] = divmod(q, D1);
  const hi = qh * p;
  const lo = ql * p;
  if (hi > MAX || lo > MAX) return null;
  const [l1, r1] = divmod(lo, D1);
  const X = hi + l1;
  if (X >= MAX) return null;
  // X / U with the fraction (r2 + r1 / D1) / U
  const U = POW[MONEY_SCALE - r.digits]!;
  const [q2, r2] = divmod(X, U);
  const out = roundUp(q2, r2 * D1 + r1, U * D1, r.mode);
  return neg ? -out : out;
}

/** The bigint reference of extendMinor (for values beyond the fast path). */
export function extendMinorBig(qty: bigint, price: bigint, r: Rounding): bigint {
  return divRound(qty * price, pow10(QTY_SCALE + MONEY_SCALE - r.digits), r.mode);
}

/** Minor units × coefficient (COEF_SCALE integer), rounded; null when out of the safe range. */
export const coefMinor = (v: number, k: number, mode: RoundingMode): number | null =>
  mulDivRound(v, k, 1_000_000, mode);

export const coefMinorBig = (v: bigint, k: bigint, mode: RoundingMode): bigint =>
  divRound(v * k, 1_000_000n, mode);

/** Minor units as bigint at MONEY_SCALE. */
export const minorToScaled = (v: number, digits: number): bigint => BigInt(v) * pow10(MONEY_SCALE - digits);

/** Minor units as decimal text with exactly `digits` decimals ("1234.50", "-0.07", "12"). */
export function minorText(v: number, digits: number): string {
  const neg = v < 0;
  const s = String(Math.abs(v)).padStart(digits + 1, '0');
  const int = digits ? s.slice(0, s.length - digits) : s;
  const frac = digits ? `.${s.slice(s.length - digits)}` : '';
  return `${neg ? '-' : ''}${int}${frac}`;
}
