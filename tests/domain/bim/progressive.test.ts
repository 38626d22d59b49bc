// A large model's progressive still frame: the overview holds every visible element (whole or as
// its box, never left out, unlike the moving frame's plan), and the parts of the full detail cover
// the drawn indices once, in order, in whole triangles (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX_TRIANGLES, motionPlan } from '../../../src/domain/bim/motion-lod';
import {
  OVERVIEW_FULL_TRIANGLES,
  PROGRESSIVE_TRIANGLES,
  facingSides,
  overviewPlan,
  progressiveStill,
  refineParts,
  screenPixels,
} from '../../../src/domain/bim/progressive';

/** Elements: triangles each (0 = no geometry) and whether visible; an order of them. */
const elements = fc.array(fc.tuple(fc.nat({ max: 400 }), fc.boolean()), { maxLength: 60 }).chain((els) =>
  fc.record({
    els: fc.constant(els),
    order: fc.shuffledSubarray(
      els.map((_, e) => e),
      { minLength: els.length, maxLength: els.length },
    ),
    budget: fc.nat({ max: 3000 }),
  }),
);

describe('overview of a progressive frame', () => {
  it('draws every visible element with triangles once, whole or as a box, in order', () => {
    fc.assert(
      fc.property(elements, ({ els, order, budget }) => {
        const plan = overviewPlan(
          order,
          (e) => els[e]![0],
          (e) => els[e]![1],
          budget,
        );
        const want = order.filter((e) => els[e]![1] && els[e]![0] > 0);
        const got = [...plan.full, ...plan.boxes];
        expect([...got].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
        const pos = new Map(order.map((e, k) => [e, k]));
        for (const list of [plan.full, plan.boxes])
          for (let k = 1; k < list.length; k++)
            expect(pos.get(list[k]!)!).toBeGreaterThan(pos.get(list[k - 1]!)!);
        // Whole: its own triangles within the budget, or no more than a box.
        const big = plan.full.filter((e) => els[e]![0] > BOX_TRIANGLES);
        expect(big.reduce((s, e) => s + els[e]![0], 0)).toBeLessThanOrEqual(budget);
        // A box stands for an element that did not fit whole when its turn came.
        let used = 0;
        const whole = new Set(plan.full);
        for (const e of want) {
          const t = els[e]![0];
          if (whole.has(e)) used += t;
          else expect(used + t).toBeGreaterThan(budget);
        }
        const tri = plan.full.reduce((s, e) => s + els[e]![0], 0) + plan.boxes.length * BOX_TRIANGLES;
        expect(plan.triangles).toBe(tri);
      }),
    );
  });

  it('keeps the small elements a moving frame leaves out (100k elements, one box each at most)', () => {
    const n = 100_000;
    const order = Uint32Array.from({ length: n }, (_, e) => e);
    const tri = (e: number) => (e < 100 ? 2_000 : 80);
    const moving = motionPlan(order, tri, () => true, 30_000);
    const first = overviewPlan(order, tri, () => true);
    expect(moving.full.length + moving.boxes.length).toBeLessThan(n);
    expect(first.full.length + first.boxes.length).toBe(n);
    expect(first.full.reduce((s, e) => s + tri(e), 0)).toBeLessThanOrEqual(OVERVIEW_FULL_TRIANGLES);
  });
});

describe('parts of the full detail', () => {
  it('cover the drawn indices once, in order, whole triangles within the part size', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20_000 }), fc.integer({ min: 50, max: 2_000 }), (triangles, chunk) => {
        const parts = refineParts(triangles * 3, chunk);
        let at = 0;
        for (const p of parts) {
          expect(p.start).toBe(at);
          expect(p.count % 3).toBe(0);
          expect(p.count).toBeGreaterThan(0);
          expect(p.count).toBeLessThanOrEqual(chunk * 3);
          at += p.count;
        }
        expect(at).toBe(triangles * 3);
        expect(parts.length).toBe(Math.ceil(triangles / chunk));
      }),
    );
  });

  it('is progressive only above the threshold (the 10× fixture, 0.2M triangles, is drawn at once)', () => {
    expect(progressiveStill(197_720)).toBe(false);
    expect(progressiveStill(PROGRESSIVE_TRIANGLES)).toBe(false);
    expect(progressiveStill(7_982_000)).toBe(true);
  });
});

describe('boxes and points of the overview', () => {
  const c = fc.double({ min: -100, max: 100, noNaN: true });
  it('shows a box face exactly when the eye is on its outer side (against the face planes)', () => {
    fc.assert(
      fc.property(fc.tuple(c, c, c), fc.tuple(c, c, c), fc.tuple(c, c, c), (a, b, eye) => {
        const lo = [0, 1, 2].map((k) => Math.min(a[k]!, b[k]!)) as [number, number, number];
        const hi = [0, 1, 2].map((k) => Math.max(a[k]!, b[k]!)) as [number, number, number];
        const sides = facingSides(lo, hi, eye);
        for (let k = 0; k < 3; k++) {
          // The high face's outward normal is +axis: seen when the eye is beyond its plane.
          expect(sides[k] === 1).toBe(eye[k]! - hi[k]! > 0);
          expect(sides[k] === -1).toBe(lo[k]! - eye[k]! > 0);
        }
      }),
    );
  });

  it('measures a length on screen: a 1 m element 100 m away in a 45° view 600 px high', () => {
    const px = screenPixels(1, 100, (45 * Math.PI) / 180, 600);
    expect(px).toBeCloseTo(600 / (2 * Math.tan((22.5 * Math.PI) / 180)) / 100, 6);
    expect(screenPixels(2, 100, 1, 600)).toBeCloseTo(2 * screenPixels(1, 100, 1, 600), 9);
    expect(screenPixels(1, 0, 1, 600)).toBe(Infinity);
  });
});
