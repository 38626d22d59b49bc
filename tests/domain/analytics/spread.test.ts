// The reference spread: cumulative values rise with the boundaries, the periods add up to what
// lies inside them, a point counts once in the period holding it; and the drill-down filter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeAt, perPeriod, periodFilter, periodsOf, shareBefore } from '../../../src/domain/analytics';
import { toMinutes } from '../../../src/domain/calendar/time';

const ramp = fc
  .record({
    start: fc.integer({ min: 0, max: 100_000 }),
    length: fc.integer({ min: 0, max: 50_000 }),
    amount: fc.double({ min: 0, max: 1e6, noNaN: true }),
  })
  .map((r) => ({ start: r.start, finish: r.start + r.length, amount: r.amount }));

describe('spread', () => {
  it('shares a ramp linearly and a point as a step', () => {
    const r = { start: 100, finish: 200, amount: 10 };
    expect([50, 100, 150, 200, 250].map((b) => shareBefore(r, b))).toEqual([0, 0, 0.5, 1, 1]);
    const p = { start: 100, finish: 100, amount: 10 };
    expect([100, 101].map((b) => shareBefore(p, b))).toEqual([0, 1]);
  });

  it('per-period values add up to the whole between the first and last boundary', () => {
    fc.assert(
      fc.property(
        fc.array(ramp, { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 160_000 }), { minLength: 2, maxLength: 20 }),
        (ramps, raw) => {
          const bounds = [...new Set(raw)].sort((a, b) => a - b);
          const cum = cumulativeAt(ramps, bounds);
          for (let k = 1; k < cum.length; k++) expect(cum[k]!).toBeGreaterThanOrEqual(cum[k - 1]! - 1e-6);
          const total = perPeriod(cum).reduce((a, v) => a + v, 0);
          expect(total).toBeCloseTo((cum.at(-1) ?? 0) - (cum[0] ?? 0), 3);
          const all = ramps.reduce((a, r) => a + r.amount, 0);
          expect(cumulativeAt(ramps, [200_000])[0]!).toBeCloseTo(all, 3);
        },
      ),
    );
  });

  it('months cover a range without gaps', () => {
    const periods = periodsOf(toMinutes(2024, 1, 15), toMinutes(2024, 4, 2), 'month');
    expect(periods.map((p) => p.from)).toEqual([
      toMinutes(2024, 1, 1),
      toMinutes(2024, 2, 1),
      toMinutes(2024, 3, 1),
      toMinutes(2024, 4, 1),
    ]);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.from).toBe(periods[i - 1]!.to);
  });

  it("a point's filter picks the rows active in its period", () => {
    expect(periodFilter(toMinutes(2024, 2, 1), toMinutes(2024, 3, 1))).toEqual({
      match: 'all',
      conditions: [
        { field: 'type', op: 'ne', value: 'sum' },
        { field: 'start', op: 'lt', value: '2024-03-01' },
        { field: 'finish', op: 'gte', value: '2024-02-01' },
      ],
    });
  });
});
