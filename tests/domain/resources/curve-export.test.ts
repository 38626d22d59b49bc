import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  curveFromP6Points,
  curveTwentieths,
  isCurve,
  p6PointsOfCurve,
  twentiethsOfPoints,
} from '../../../src/domain/resources';
import type { AssignmentCurve } from '../../../src/domain/resources';

const points = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 21, maxLength: 21 });

describe('curves written as P6 points (21 usage points, linear between)', () => {
  it('named curves: non-negative points summing to 100 with the curve’s twentieths, read back by name', () => {
    for (const kind of ['uniform', 'front', 'back', 'bell'] as const) {
      const p = p6PointsOfCurve({ kind });
      expect(p).toHaveLength(21);
      expect(p.every((v) => v >= 0)).toBe(true);
      expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 4);
      const back = twentiethsOfPoints(p);
      const want = curveTwentieths({ kind });
      const sum = back.reduce((s, v) => s + v, 0);
      back.forEach((v, i) => expect((v / sum) * 100).toBeCloseTo(want[i]!, 4));
      expect(curveFromP6Points(p)).toEqual({ kind });
    }
  });

  it('a uniform curve is a flat line', () => {
    const p = p6PointsOfCurve({ kind: 'uniform' });
    p.forEach((v) => expect(v).toBeCloseTo(100 / 21, 5));
  });

  it('any curve P6 can hold survives points → product → points → product', () => {
    fc.assert(
      fc.property(points, (pts) => {
        const first = curveFromP6Points(pts)!;
        const again = curveFromP6Points(p6PointsOfCurve(first))!;
        if (first.kind !== 'custom' || again.kind !== 'custom') {
          expect(again.kind).toBe(first.kind);
          return;
        }
        again.values!.forEach((v, i) => expect(v).toBeCloseTo(first.values![i]!, 4));
      }),
    );
  });

  it('a shape no non-negative line can hold gets the nearest non-negative points', () => {
    // All the work in one twentieth between two without any: points would have to go below 0.
    const spike: AssignmentCurve = {
      kind: 'custom',
      values: Array.from({ length: 20 }, (_, i) => (i === 7 ? 100 : 0)),
    };
    const p = p6PointsOfCurve(spike);
    expect(p.every((v) => v >= 0)).toBe(true);
    const c = curveFromP6Points(p)!;
    expect(c.kind).toBe('custom');
    expect(isCurve(c.values!)).toBe(true);
    // Most of the work stays in and beside the spike's twentieth.
    expect(c.values![6]! + c.values![7]! + c.values![8]!).toBeGreaterThan(90);
    expect(c.values![7]!).toBe(Math.max(...c.values!));
  });

  it('a custom curve of any count of parts: non-negative points, each twentieth within 5 % of the work', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 40 }), (w) => {
        const sum = w.reduce((s, v) => s + v, 0);
        const curve: AssignmentCurve = { kind: 'custom', values: w.map((v) => (v / sum) * 100) };
        const p = p6PointsOfCurve(curve);
        expect(p.every((v) => v >= 0)).toBe(true);
        const want = curveTwentieths(curve);
        const got = twentiethsOfPoints(p);
        const gs = got.reduce((s, v) => s + v, 0);
        const err = Math.max(...got.map((g, i) => Math.abs((g / gs) * 100 - want[i]!)));
        // Exact when a non-negative line holds the twentieths (the property above); otherwise the
        // nearest line's error, bounded here.
        expect(err).toBeLessThan(5);
      }),
    );
  });
});
