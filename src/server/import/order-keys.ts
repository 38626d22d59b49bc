// The first n integer keys of the fractional order-key scheme (src/domain/wbs/order-key.ts), in
// O(n): "a0" … "az", "b00" … "bzz", "c000" … — the keys keysBetween(null, null, n) gives, without
// its per-key parsing (10k siblings took 0.6 s that way).
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function keyAt(i: number): string {
  let width = 1;
  let span = 62;
  while (i >= span) {
    i -= span;
    width++;
    span *= 62;
  }
  let digits = '';
  for (let k = 0; k < width; k++) {
    digits = DIGITS[i % 62]! + digits;
    i = Math.floor(i / 62);
  }
  return String.fromCharCode(96 + width) + digits;
}

export function firstKeys(n: number): string[] {
  return Array.from({ length: n }, (_, i) => keyAt(i));
}
