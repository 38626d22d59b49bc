import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderWrites, placeAt } from '../../../src/domain/structure/order';

describe('placeAt', () => {
  it('inserts a new child at the index', () => {
    expect(placeAt(['a', 'b', 'c'], 'x', 1)).toEqual(['a', 'x', 'b', 'c']);
    expect(placeAt(['a', 'b'], 'x', 0)).toEqual(['x', 'a', 'b']);
  });
  it('moves a child inside its parent (index among the others)', () => {
    expect(placeAt(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(placeAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
  });
  it('clamps the index', () => {
    expect(placeAt(['a'], 'x', 99)).toEqual(['a', 'x']);
    expect(placeAt(['a'], 'x', -3)).toEqual(['x', 'a']);
  });
  it('keeps every other child once, in its order, and the moved one at the clamped index', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.integer({ min: -5, max: 20 }),
        (ids, id, position) => {
          const out = placeAt(ids, id, position);
          const rest = ids.filter((x) => x !== id);
          expect(out.filter((x) => x !== id)).toEqual(rest);
          expect(out.filter((x) => x === id)).toHaveLength(1);
          expect(out.indexOf(id)).toBe(Math.max(0, Math.min(rest.length, position)));
        },
      ),
    );
  });
});

describe('orderWrites', () => {
  it('writes only the children whose order changes', () => {
    const current = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    expect(orderWrites(['a', 'c', 'b'], current)).toEqual([
      { id: 'c', order: 1 },
      { id: 'b', order: 2 },
    ]);
    expect(orderWrites(['a', 'b', 'c'], current)).toEqual([]);
    expect(orderWrites(['x', 'a'], current)).toEqual([
      { id: 'x', order: 0 },
      { id: 'a', order: 1 },
    ]);
  });
});
