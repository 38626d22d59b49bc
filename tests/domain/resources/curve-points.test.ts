// The curve settings' 21 points: pasted from a spreadsheet column, normalised to 100, and turned
// into the assignment's curve (its twentieths are the mean of each pair of points).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  curveOfPoints,
  curveTwentieths,
  normalisedPoints,
  pastedPoints,
  twentiethsOfPoints,
} from '../../../src/domain/resources';

describe('curve points', () => {
  it('reads a column pasted from Excel (decimal commas, percent signs, blank cells)', () => {
    expect(pastedPoints('1\r\n2,5\r\n\r\n10%\r\n')).toEqual([1, 2.5, 10]);
    expect(pastedPoints('1\t2\t3')).toEqual([1, 2, 3]);
    expect(pastedPoints('1\nx')).toBeNull();
    expect(pastedPoints('-1')).toBeNull();
  });

  it('normalises to 100 and keeps the shape', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 21, maxLength: 21 }),
        (p) => {
          const n = normalisedPoints(p);
          const sum = p.reduce((a, x) => a + x, 0);
          if (!(sum > 0)) return expect(n.every((x) => x === 0)).toBe(true);
          expect(n.reduce((a, x) => a + x, 0)).toBeCloseTo(100, 3);
          p.forEach((x, i) => expect(n[i]!).toBeCloseTo((x / sum) * 100, 4));
        },
      ),
    );
  });

  it('gives the assignment the twentieths of the points', () => {
    const rise = Array.from({ length: 21 }, (_, i) => i);
    const c = curveOfPoints(normalisedPoints(rise));
    expect(c.kind).toBe('custom');
    const want = twentiethsOfPoints(rise);
    const total = want.reduce((a, x) => a + x, 0);
    curveTwentieths(c).forEach((x, i) => expect(x).toBeCloseTo((want[i]! / total) * 100, 6));
    expect(curveOfPoints(rise.map(() => 3))).toEqual({ kind: 'uniform' });
  });
});
