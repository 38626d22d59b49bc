import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidOrderKey, keyBetween, keysBetween } from '../../../src/domain/wbs/order-key';

describe('order keys', () => {
  it('starts at a0 and appends with short keys', () => {
    expect(keyBetween(null, null)).toBe('a0');
    let k = keyBetween(null, null);
    for (let i = 0; i < 100_000; i++) k = keyBetween(k, null);
    expect(k.length).toBeLessThanOrEqual(4);
  });
  it('refuses keys out of order', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow();
    expect(() => keyBetween('a0', 'a0')).toThrow();
    expect(() => keyBetween('a10', null)).toThrow(); // trailing zero in the fraction
  });
  it('always finds a key strictly between, at either end too', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 60 }), (steps) => {
        const keys: string[] = [keyBetween(null, null)];
        for (const [pick, before] of steps) {
          const i = pick % (keys.length + 1);
          const a = i === 0 ? null : keys[i - 1]!;
          const b = i === keys.length ? null : keys[i]!;
          const k = keyBetween(before && i > 0 ? keys[i - 1]! : a, b);
          if (before && i > 0) {
            // same slot, just exercised via the left neighbour
          }
          expect(isValidOrderKey(k)).toBe(true);
          if (a !== null) expect(a < k).toBe(true);
          if (b !== null) expect(k < b).toBe(true);
          keys.splice(i, 0, k);
        }
      }),
    );
  });
  it('makes n sorted keys between two keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.boolean(), fc.boolean(), (n, lo, hi) => {
        const a = lo ? 'a5' : null;
        const b = hi ? 'a6' : null;
        const keys = keysBetween(a, b, n);
        expect(keys).toHaveLength(n);
        const all = [a, ...keys, b].filter((k): k is string => k !== null);
        for (let i = 1; i < all.length; i++) expect(all[i - 1]! < all[i]!).toBe(true);
      }),
    );
  });
});
