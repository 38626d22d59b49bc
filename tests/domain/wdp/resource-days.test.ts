// The daily plans by resource: a row's day values turned into its resources' quantities per day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowDays, WdpCell } from '../../../src/domain/wdp';
import { resourceLoads, toUnits } from '../../../src/domain/wdp';

const cell = (c: Partial<WdpCell>): WdpCell => ({
  plan: null,
  fact: null,
  approved_plan: null,
  status: 'open',
  ...c,
});
const rowDays = (entries: [number, Partial<WdpCell>][]): RowDays =>
  new Map(entries.map(([d, c]) => [d, cell(c)]));

describe('resourceLoads', () => {
  const days = new Map<string, RowDays>([
    [
      'w1',
      rowDays([
        [10, { plan: 10, fact: 5 }],
        [11, { plan: 10 }],
        [12, { plan: 20 }],
      ]),
    ],
    ['w2', rowDays([[11, { plan: 4 }]])],
    ['w3', rowDays([[12, { plan: 2 }]])],
  ]);
  const volumes: Record<string, number | null> = { w1: 40, w2: null, w3: 0 };

  it('asks each day its share of the units: value / volume × units, summed per resource', () => {
    const out = resourceLoads({
      assignments: [
        { rowId: 'w1', resourceId: 'crew', units: 80 },
        { rowId: 'w2', resourceId: 'crew', units: 8 },
        { rowId: 'w1', resourceId: 'crane', units: 4 },
      ],
      volumeOf: (id) => volumes[id] ?? null,
      daysOf: (id) => days.get(id),
      kind: 'plan',
    });
    expect(out.map((r) => r.resourceId)).toEqual(['crew', 'crane']);
    const crew = out[0]!;
    // w1: 10/40×80 = 20, 20, 40; w2 (no volume: its plan of 4 shapes its 8 units) 8 on day 11.
    expect([...crew.days]).toEqual([
      [10, 20],
      [11, 28],
      [12, 40],
    ]);
    expect(crew.total).toBe(88);
    expect(crew.works.map((w) => [w.rowId, w.firstDay, w.lastDay, w.total])).toEqual([
      ['w1', 10, 12, 80],
      ['w2', 11, 11, 8],
    ]);
    expect(out[1]!.total).toBe(4);
  });

  it('reads the kind and the range asked for, and leaves out resources with nothing', () => {
    const out = resourceLoads({
      assignments: [
        { rowId: 'w1', resourceId: 'crew', units: 80 },
        { rowId: 'w3', resourceId: 'pump', units: 3 },
      ],
      volumeOf: (id) => volumes[id] ?? null,
      daysOf: (id) => days.get(id),
      kind: 'fact',
      from: 10,
      to: 11,
    });
    expect(out).toHaveLength(1);
    expect([...out[0]!.days]).toEqual([[10, 10]]);
  });

  it('a plan that sums to the volume asks the whole units; a resource is the sum of its works', () => {
    const plan = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(plan, plan, fc.integer({ min: 1, max: 5000 }), (a, b, units) => {
        const mk = (xs: number[]) => rowDays(xs.map((v, i) => [100 + i, { plan: v }]));
        const d = new Map([
          ['a', mk(a)],
          ['b', mk(b)],
        ]);
        const vol = { a: a.reduce((s, x) => s + x, 0), b: null } as Record<string, number | null>;
        const [r] = resourceLoads({
          assignments: [
            { rowId: 'a', resourceId: 'r', units },
            { rowId: 'b', resourceId: 'r', units },
          ],
          volumeOf: (id) => vol[id] ?? null,
          daysOf: (id) => d.get(id),
          kind: 'plan',
        });
        for (const w of r!.works) expect(Math.abs(w.total - units)).toBeLessThanOrEqual(0.001 * w.days.size);
        const daySum = [...r!.days.values()].reduce((s, x) => s + toUnits(x), 0);
        expect(daySum).toBe(toUnits(r!.total));
        expect(toUnits(r!.total)).toBe(r!.works.reduce((s, w) => s + toUnits(w.total), 0));
      }),
    );
  });
});
