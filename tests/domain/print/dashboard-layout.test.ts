// The pages of a dashboard's print: every block on exactly one page, inside the body of the sheet
// (below the header, above the footer), no two blocks overlapping, in order; the pages are as
// many as the last block needs; axis ticks cover the values in 1-2-5 steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_CHART_W,
  defaultDashboardTitles,
  niceTicks,
  planDashboard,
} from '../../../src/domain/print/dashboard-layout';
import type { DashboardBlock } from '../../../src/domain/print/dashboard-layout';
import { PT_PER_MM } from '../../../src/domain/print/layout';

const sheetArb = fc.record({
  width: fc.integer({ min: 297, max: 1200 }),
  height: fc.integer({ min: 210, max: 900 }),
  margin: fc.integer({ min: 0, max: 40 }),
  titles: fc.boolean(),
});
const blocksArb = fc.tuple(
  fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
  fc.array(fc.constantFrom('money_curve', 'labour_curve', 'volume', 'executors'), { maxLength: 20 }),
);

const sheetOf = (s: { width: number; height: number; margin: number; titles: boolean }) => {
  const t = defaultDashboardTitles('en');
  const off = { size: 10, first: null, default: { left: '', center: '', right: '' }, last: null };
  const m = s.margin;
  return {
    format: {
      name: 'X',
      width_mm: s.width,
      height_mm: s.height,
      margins_mm: { top: m, right: m, bottom: m, left: m },
    },
    header: s.titles ? t.header : off,
    footer: s.titles ? t.footer : off,
  };
};

describe('planDashboard', () => {
  it('puts every block on one page inside the body, without overlaps, in order', () => {
    fc.assert(
      fc.property(sheetArb, blocksArb, (s, [tiles, charts]) => {
        const blocks: DashboardBlock[] = [
          ...(tiles === null ? [] : [{ kind: 'tiles' as const, count: tiles }]),
          ...charts.map((key) => ({ kind: 'chart' as const, key })),
        ];
        const plan = planDashboard(sheetOf(s), blocks);
        expect(plan.pageW).toBeCloseTo(s.width * PT_PER_MM, 6);
        expect(plan.pageH).toBeCloseTo(s.height * PT_PER_MM, 6);
        expect(plan.placed.map((p) => p.block)).toEqual(blocks.map((_, i) => i));
        expect(plan.pages).toBe(Math.max(1, ...plan.placed.map((p) => p.page + 1)));
        const eps = 1e-6;
        for (const p of plan.placed) {
          expect(p.x).toBeGreaterThanOrEqual(plan.body.x - eps);
          expect(p.y).toBeGreaterThanOrEqual(plan.body.y - eps);
          expect(p.x + p.w).toBeLessThanOrEqual(plan.body.x + plan.body.w + eps);
          expect(p.y + p.h).toBeLessThanOrEqual(plan.body.y + plan.body.h + eps);
          if (blocks[p.block]!.kind === 'chart')
            expect(p.w).toBeGreaterThanOrEqual(Math.min(MIN_CHART_W, plan.body.w) - eps);
        }
        for (let i = 0; i < plan.placed.length; i++)
          for (let j = i + 1; j < plan.placed.length; j++) {
            const a = plan.placed[i]!;
            const b = plan.placed[j]!;
            expect(b.page).toBeGreaterThanOrEqual(a.page);
            if (a.page !== b.page) continue;
            const apart =
              a.x + a.w <= b.x + eps ||
              b.x + b.w <= a.x + eps ||
              a.y + a.h <= b.y + eps ||
              b.y + b.h <= a.y + eps;
            expect(apart).toBe(true);
          }
      }),
    );
  });

  it('puts two charts a row on A4 landscape, three on A3, and moves a row that does not fit', () => {
    const t = defaultDashboardTitles('en');
    const m10 = { top: 10, right: 10, bottom: 10, left: 10 };
    const charts: DashboardBlock[] = Array.from({ length: 5 }, (_, i) => ({ kind: 'chart', key: `c${i}` }));
    const a4Format = { name: 'A4', width_mm: 297, height_mm: 210, margins_mm: m10 };
    const a4 = planDashboard({ format: a4Format, ...t }, charts);
    expect(a4.columns).toBe(2);
    expect(a4.placed.map((p) => p.page)).toEqual([0, 0, 0, 0, 1]);
    const a3 = planDashboard(
      { format: { name: 'A3', width_mm: 420, height_mm: 297, margins_mm: m10 }, ...t },
      charts,
    );
    expect(a3.columns).toBe(3);
    expect(a3.pages).toBe(1);
    // With two rows of tiles on top, the cells get lower so that two rows of charts still fit.
    const withTiles = planDashboard({ format: a4Format, ...t }, [{ kind: 'tiles', count: 12 }, ...charts]);
    expect(withTiles.placed.map((p) => p.page)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(withTiles.placed[1]!.h).toBeLessThan(a4.placed[0]!.h);
  });
});

describe('niceTicks', () => {
  it('covers the values from zero in steps of 1, 2 or 5 × 10ⁿ', () => {
    fc.assert(
      // Figures are sums of money, hours and volumes: zero, or at least a millionth.
      fc.property(
        fc.oneof(fc.constant(0), fc.double({ min: -1e9, max: -1e-6, noNaN: true })),
        fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1e12, noNaN: true })),
        (lo, hi) => {
          const ticks = niceTicks(lo, hi);
          const step = ticks[1]! - ticks[0]!;
          expect(ticks[0]!).toBeLessThanOrEqual(Math.min(0, lo) + step * 1e-6);
          // (within a millionth of a step: the same place on paper)
          expect(ticks.at(-1)!).toBeGreaterThanOrEqual(hi - step * 1e-6);
          if (hi > lo) expect(ticks).toContain(0);
          const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
          expect([1, 2, 5, 10].some((k) => Math.abs(mantissa - k) < 1e-6)).toBe(true);
          expect(ticks.length).toBeLessThanOrEqual(13);
        },
      ),
    );
  });
});
