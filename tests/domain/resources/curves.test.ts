import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curveParts, curveShare, isCurve, remainingByIntensity } from '../../../src/domain/resources';

describe('resource curves', () => {
  it('every named curve sums to 100', () => {
    for (const k of ['uniform', 'front', 'back', 'bell'] as const) expect(isCurve(curveParts(k))).toBe(true);
  });

  it('refuses parts that do not sum to 100 or are negative', () => {
    expect(isCurve([50, 40])).toBe(false);
    expect(isCurve([120, -20])).toBe(false);
    expect(isCurve([100])).toBe(false);
  });

  it('front-loads the front curve and back-loads the back curve', () => {
    expect(curveShare(curveParts('front'), 0, 0.5)).toBeGreaterThan(0.6);
    expect(curveShare(curveParts('back'), 0, 0.5)).toBeLessThan(0.4);
    expect(curveShare(curveParts('uniform'), 0.25, 0.75)).toBeCloseTo(0.5, 9);
  });

  it('slices of the duration add up to the whole work', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('uniform', 'front', 'back', 'bell' as const),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
        (kind, cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), 1];
          let sum = 0;
          for (let i = 1; i < points.length; i++)
            sum += curveShare(curveParts(kind), points[i - 1]!, points[i]!);
          expect(sum).toBeCloseTo(1, 9);
        },
      ),
    );
  });
});

describe('remaining duration by intensity', () => {
  it('takes the slowest rated assignment', () => {
    const r = remainingByIntensity(
      [
        { units: 80, unitsPerDay: 8, intensity: 100 }, // 10 days
        { units: 40, unitsPerDay: 8, intensity: 50 }, // 10 days
        { units: 60, unitsPerDay: 4, intensity: 100 }, // 15 days
      ],
      0,
      8,
    );
    expect(r).toBe(15 * 8 * 60);
  });

  it('counts only what is left and ignores assignments without a rate', () => {
    expect(remainingByIntensity([{ units: 80, unitsPerDay: 8, intensity: 100 }], 50, 8)).toBe(5 * 8 * 60);
    expect(remainingByIntensity([{ units: 80, unitsPerDay: null, intensity: 100 }], 0, 8)).toBeNull();
    expect(remainingByIntensity([], 0, 8)).toBeNull();
  });

  it('a higher intensity never lengthens the work', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        (units, rate, i1, i2) => {
          const a = remainingByIntensity([{ units, unitsPerDay: rate, intensity: Math.min(i1, i2) }], 0, 8)!;
          const b = remainingByIntensity([{ units, unitsPerDay: rate, intensity: Math.max(i1, i2) }], 0, 8)!;
          expect(b).toBeLessThanOrEqual(a);
        },
      ),
    );
  });
});
