// Fractional order keys for WBS siblings (STYLE practice 13): a row's place among its siblings is
// a string that sorts with plain `<`, and a key can always be made between any two, so an indent
// or a move rewrites one row, never its neighbours.
//
// The scheme is David Greenspan's "Implementing fractional indexing" (also behind excalidraw's
// fractionalIndex.ts): a key is an integer part, whose length is told by its head letter
// (a → 2 chars, b → 3 …; Z → 2, Y → 3 … for negatives), followed by a base-62 fraction with no
// trailing zero. Appending at the end increments the integer, so 100k appended rows still get
// keys of 4 characters; inserting between two neighbours grows the fraction instead.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = DIGITS[0]!;
const LAST = DIGITS[DIGITS.length - 1]!;
/** The smallest integer part: nothing can be put before it without a fraction. */
const SMALLEST_INTEGER = 'A' + ZERO.repeat(26);

function digit(c: string): number {
  const d = DIGITS.indexOf(c);
  if (d < 0) throw new Error(`invalid order key digit: ${c}`);
  return d;
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2;
  if (head >= 'A' && head <= 'Z') return 90 - head.charCodeAt(0) + 2;
  throw new Error(`invalid order key head: ${head}`);
}

function integerPart(key: string): string {
  const n = integerLength(key[0] ?? '');
  if (n > key.length) throw new Error(`invalid order key: ${key}`);
  return key.slice(0, n);
}

/** True for a well-formed key (used by tests and when accepting keys from the server). */
export function isValidOrderKey(key: string): boolean {
  try {
    if (key === SMALLEST_INTEGER) return false;
    const i = integerPart(key);
    for (const c of key) digit(c);
    return !key.slice(i.length).endsWith(ZERO);
  } catch {
    return false;
  }
}

/** A fraction strictly between a and b (b null = 1), as digits; neither may end with zero. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Drop the common prefix (a padded with zeros), then work on the first differing digit.
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = a ? digit(a[0]!) : 0;
  const db = b !== null ? digit(b[0]!) : DIGITS.length;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)]!;
  // Consecutive first digits: take b's first digit if b continues, else extend a.
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da]! + midpoint(a.slice(1), null);
}

function incrementInteger(x: string): string | null {
  const head = x[0]!;
  const digs = x.slice(1).split('');
  let i = digs.length - 1;
  for (; i >= 0; i--) {
    const d = digit(digs[i]!) + 1;
    if (d < DIGITS.length) {
      digs[i] = DIGITS[d]!;
      return head + digs.join('');
    }
    digs[i] = ZERO;
  }
  // Carry out of the integer: the next head letter holds one more (or one fewer) digit.
  if (head === 'Z') return 'a' + ZERO;
  if (head === 'z') return null;
  const next = String.fromCharCode(head.charCodeAt(0) + 1);
  if (next > 'a') digs.push(ZERO);
  else digs.pop();
  return next + digs.join('');
}

function decrementInteger(x: string): string | null {
  const head = x[0]!;
  const digs = x.slice(1).split('');
  for (let i = digs.length - 1; i >= 0; i--) {
    const d = digit(digs[i]!) - 1;
    if (d >= 0) {
      digs[i] = DIGITS[d]!;
      return head + digs.join('');
    }
    digs[i] = LAST;
  }
  if (head === 'a') return 'Z' + LAST;
  if (head === 'A') return null;
  const prev = String.fromCharCode(head.charCodeAt(0) - 1);
  if (prev < 'Z') digs.push(LAST);
  else digs.pop();
  return prev + digs.join('');
}

/** A key strictly between a and b; null means the open end. Throws on a ≥ b or a malformed key. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && !isValidOrderKey(a)) throw new Error(`invalid order key: ${a}`);
  if (b !== null && !isValidOrderKey(b)) throw new Error(`invalid order key: ${b}`);
  if (a !== null && b !== null && a >= b) throw new Error(`order keys out of order: ${a} >= ${b}`);
  if (a === null) {
    if (b === null) return 'a' + ZERO;
    const ib = integerPart(b);
    const fb = b.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', fb);
    if (ib < b) return ib;
    const dec = decrementInteger(ib);
    if (dec === null) throw new Error('order key space exhausted');
    return dec;
  }
  const ia = integerPart(a);
  const fa = a.slice(ia.length);
  if (b === null) {
    const inc = incrementInteger(ia);
    return inc === null ? ia + midpoint(fa, null) : inc;
  }
  const ib = integerPart(b);
  if (ia === ib) return ia + midpoint(fa, b.slice(ib.length));
  const inc = incrementInteger(ia);
  if (inc === null) throw new Error('order key space exhausted');
  return inc < b ? inc : ia + midpoint(fa, null);
}

/** n ascending keys strictly between a and b, spread so that later inserts stay short. */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  if (n <= 0) return [];
  if (n === 1) return [keyBetween(a, b)];
  if (b === null) {
    const out: string[] = [];
    let k = a;
    for (let i = 0; i < n; i++) out.push((k = keyBetween(k, null)));
    return out;
  }
  if (a === null) {
    const out: string[] = [];
    let k: string = b;
    for (let i = 0; i < n; i++) out.push((k = keyBetween(null, k)));
    return out.reverse();
  }
  const mid = Math.floor(n / 2);
  const c = keyBetween(a, b);
  return [...keysBetween(a, c, mid), c, ...keysBetween(c, b, n - mid - 1)];
}
