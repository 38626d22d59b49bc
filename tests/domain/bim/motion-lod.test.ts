// What the viewer draws while the camera moves: element bounding boxes against a brute-force
// scan, the size order, and the plan within its triangle budget (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOX_TRIANGLES,
  FULL_SHARE,
  elementBounds,
  motionPlan,
  sizeOrder,
} from '../../../src/domain/bim/motion-lod';
import type { ElementRange } from '../../../src/domain/bim/geometry-format';

const coord = fc.float({ min: -1000, max: 1000, noNaN: true });

/** A model of elements with 0–5 vertices each. */
const model = fc
  .array(fc.array(fc.tuple(coord, coord, coord), { maxLength: 5 }), { maxLength: 12 })
  .map((els) => {
    const ranges: ElementRange[] = [];
    const flat: number[] = [];
    els.forEach((vs, e) => {
      ranges.push({
        id: 100 + e,
        vertexStart: flat.length / 3,
        vertexCount: vs.length,
        indexStart: 0,
        indexCount: 0,
      });
      for (const v of vs) flat.push(...v);
    });
    return { ranges, positions: new Float32Array(flat), els };
  });

describe('element bounds and size order', () => {
  it('bound every element by its own vertices (an element with none: a point at 0)', () => {
    fc.assert(
      fc.property(model, ({ ranges, positions, els }) => {
        const b = elementBounds({ ranges, positions });
        els.forEach((vs, e) => {
          const f = (x: number) => Math.fround(x);
          const want = vs.length
            ? [0, 1, 2]
                .map((a) => Math.min(...vs.map((v) => f(v[a]!))))
                .concat([0, 1, 2].map((a) => Math.max(...vs.map((v) => f(v[a]!)))))
            : [0, 0, 0, 0, 0, 0];
          expect([...b.subarray(e * 6, e * 6 + 6)]).toEqual(want);
        });
      }),
    );
  });

  it('orders elements by their diagonal, largest first, ties by index', () => {
    fc.assert(
      fc.property(model, ({ ranges, positions }) => {
        const b = elementBounds({ ranges, positions });
        const order = [...sizeOrder(b)];
        expect([...order].sort((x, y) => x - y)).toEqual(ranges.map((_, e) => e));
        const d = (e: number) =>
          Math.hypot(b[e * 6 + 3]! - b[e * 6]!, b[e * 6 + 4]! - b[e * 6 + 1]!, b[e * 6 + 5]! - b[e * 6 + 2]!);
        for (let k = 1; k < order.length; k++) {
          const [p, q] = [order[k - 1]!, order[k]!];
          expect(d(p) > d(q) || (d(p) === d(q) && p < q)).toBe(true);
        }
      }),
    );
  });
});

describe('motion plan', () => {
  const input = fc.record({
    tris: fc.array(fc.nat({ max: 400 }), { maxLength: 60 }),
    hidden: fc.array(fc.boolean(), { maxLength: 60 }),
    budget: fc.integer({ min: 0, max: 3000 }),
  });

  it('draws a prefix of the visible elements in order, within the budget, each once', () => {
    fc.assert(
      fc.property(input, ({ tris, hidden, budget }) => {
        const order = tris.map((_, e) => e).reverse();
        const visible = (e: number) => !hidden[e];
        const plan = motionPlan(order, (e) => tris[e]!, visible, budget);
        const full = new Set(plan.full);
        const boxes = new Set(plan.boxes);
        const drawn = order.filter((e) => full.has(e) || boxes.has(e));
        // Each once, visible, with triangles.
        expect(full.size + boxes.size).toBe(drawn.length);
        for (const e of drawn) expect(visible(e) && tris[e]! > 0).toBe(true);
        // A prefix: every visible element with triangles before the last drawn one is drawn.
        const candidates = order.filter((e) => visible(e) && tris[e]! > 0);
        expect(drawn).toEqual(candidates.slice(0, drawn.length));
        // The cost, its budget and the share of elements kept whole.
        const cost = plan.full.reduce((s, e) => s + tris[e]!, 0) + plan.boxes.length * BOX_TRIANGLES;
        expect(plan.triangles).toBe(cost);
        expect(cost).toBeLessThanOrEqual(budget);
        const bigWhole = plan.full.filter((e) => tris[e]! > BOX_TRIANGLES);
        expect(bigWhole.reduce((s, e) => s + tris[e]!, 0)).toBeLessThanOrEqual(budget * FULL_SHARE);
        for (const e of plan.boxes) expect(tris[e]!).toBeGreaterThan(BOX_TRIANGLES);
        // It stops only when the next element does not fit.
        const next = candidates[drawn.length];
        if (next !== undefined) expect(cost + Math.min(tris[next]!, BOX_TRIANGLES)).toBeGreaterThan(budget);
      }),
    );
  });

  it('keeps a model within its budget whole up to the share, the rest as boxes', () => {
    const plan = motionPlan(
      [0, 1, 2],
      () => 100,
      () => true,
      1000,
    );
    expect(plan).toEqual({ full: [0, 1, 2], boxes: [], triangles: 300 });
    const big = motionPlan(
      [0, 1, 2, 3],
      () => 300,
      () => true,
      700,
    );
    expect(big).toEqual({ full: [0], boxes: [1, 2, 3], triangles: 336 });
  });
});
