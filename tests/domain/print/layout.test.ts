// Page layout of prints: every row is on exactly one row band, every strip point on exactly one
// column band; fit-to-N-pages fills N pages; sheet format rules (spec §5); title values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEAD_PT, ROW_PT, pageAt, planPages, ticks, tiersFor } from '../../../src/domain/print/layout';
import { checkFormat, defaultSettings } from '../../../src/domain/print/settings';
import type { PrintSettings } from '../../../src/domain/print/settings';
import { expandTitle, partsFor, unknownTokens } from '../../../src/domain/print/titles';

const settingsArb = fc.record({
  width: fc.integer({ min: 297, max: 1200 }),
  height: fc.integer({ min: 210, max: 900 }),
  margin: fc.integer({ min: 0, max: 40 }),
  fit: fc.oneof(
    fc.record({ mode: fc.constant('pages' as const), pages_wide: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ mode: fc.constant('scale' as const), percent: fc.integer({ min: 10, max: 400 }) }),
  ),
  header: fc.boolean(),
  legend: fc.boolean(),
});

type Shape = typeof settingsArb extends fc.Arbitrary<infer T> ? T : never;

const settingsOf = (a: Shape): PrintSettings => {
  const s = defaultSettings();
  const m = a.margin;
  s.format = {
    name: 'X',
    width_mm: a.width,
    height_mm: a.height,
    margins_mm: { top: m, right: m, bottom: m, left: m },
  };
  s.fit = a.fit;
  s.legend = a.legend;
  if (!a.header) s.header.default = { left: '', center: '', right: '' };
  return s;
};

describe('planPages', () => {
  it('puts every row on one page band and covers the strip with the column bands', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        (a, rows, days) => {
          const s = settingsOf(a);
          const plan = planPages(s, rows, days);
          expect(plan.pages).toBe(plan.across * plan.down);
          const seen = new Array<number>(rows).fill(0);
          for (let p = 0; p < plan.pages; p += plan.across) {
            const slice = pageAt(plan, rows, p);
            for (let r = slice.rowFrom; r < slice.rowTo; r++) seen[r]!++;
            // The rows fit the body under the repeated column header.
            expect((HEAD_PT + (slice.rowTo - slice.rowFrom) * ROW_PT) * plan.scale).toBeLessThanOrEqual(
              plan.body.h +
                1e-6 +
                ROW_PT * plan.scale * (plan.rowsPerPage === 1 ? 1 : 0) +
                HEAD_PT * plan.scale * (plan.rowsPerPage === 1 ? 1 : 0),
            );
          }
          expect(seen.every((n) => n === 1)).toBe(true);
          // Column bands: the last one reaches the end of the strip, none is empty.
          const last = pageAt(plan, rows, plan.across - 1);
          expect(last.stripX + last.stripW).toBeGreaterThanOrEqual(plan.gridW + plan.ganttW - 1e-6);
          expect(last.stripX).toBeLessThan(plan.gridW + plan.ganttW);
          if (s.fit.mode === 'pages') expect(plan.across).toBe(s.fit.pages_wide);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a wider sheet never needs more pages', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 300 }),
        (a, rows, days, more) => {
          const narrow = planPages(settingsOf(a), rows, days);
          const wide = planPages(settingsOf({ ...a, width: a.width + more }), rows, days);
          expect(wide.pages).toBeLessThanOrEqual(narrow.pages);
        },
      ),
    );
  });

  it('A3 with one page wide prints 10,000 rows on the expected number of pages', () => {
    const plan = planPages(defaultSettings(), 10_000, 700);
    expect(plan.across).toBe(1);
    expect(plan.pageW).toBeCloseTo(1190.55, 1);
    expect(plan.pageH).toBeCloseTo(841.89, 1);
    expect(plan.down).toBe(Math.ceil(10_000 / plan.rowsPerPage));
  });
});

describe('timescale', () => {
  it('ticks cover the span without gaps or overlaps, for every tier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 * 365 * 1440 }),
        fc.integer({ min: 1, max: 3 * 365 }),
        fc.double({ min: 0.05, max: 40, noNaN: true }),
        (t0, days, ppd) => {
          const t1 = t0 + days * 1440;
          for (const unit of tiersFor(ppd)) {
            const ts = ticks(t0, t1, unit);
            expect(ts[0]!.from).toBe(t0);
            expect(ts.at(-1)!.to).toBe(t1);
            for (let i = 1; i < ts.length; i++) expect(ts[i]!.from).toBe(ts[i - 1]!.to);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('labels months and Monday weeks', () => {
    // 2026-01-05 is a Monday.
    const jan5 = Math.round((Date.UTC(2026, 0, 5) - Date.UTC(2000, 0, 1)) / 60000);
    const weeks = ticks(jan5 + 1440, jan5 + 15 * 1440, 'week');
    expect(weeks.map((w) => w.label)).toEqual(['05.01', '12.01', '19.01']);
    expect(ticks(jan5, jan5 + 40 * 1440, 'month').map((m) => m.label)).toEqual(['Jan', 'Feb']);
  });
});

describe('sheet formats (spec §5)', () => {
  const f = (w: number, h: number, m = 10) => ({
    name: 'F',
    width_mm: w,
    height_mm: h,
    margins_mm: { top: m, right: m, bottom: m, left: m },
  });
  it('accepts 297 × 210 with zero margins and refuses anything smaller', () => {
    expect(checkFormat(f(297, 210, 0))).toEqual([]);
    expect(checkFormat(f(296.9, 210)).map((i) => i.field)).toEqual(['width_mm']);
    expect(checkFormat(f(297, 209)).map((i) => i.field)).toEqual(['height_mm']);
    expect(checkFormat(f(297, 210, -1)).map((i) => i.field)).toEqual([
      'margins_mm.top',
      'margins_mm.right',
      'margins_mm.bottom',
      'margins_mm.left',
    ]);
    expect(checkFormat(f(297, 210, 100)).map((i) => i.code)).toEqual([
      'print.margins_too_wide',
      'print.margins_too_wide',
    ]);
  });
});

describe('titles', () => {
  const values = {
    page: '2',
    pages: '9',
    date: 'D',
    schedule: 'S',
    version: 'V',
    data_date: 'DD',
    user: 'U',
  };
  it('fills dynamic values and names unknown ones', () => {
    expect(expandTitle('{schedule} — {version}, {page}/{pages} {data_date} {user} {date}', values)).toBe(
      'S — V, 2/9 DD U D',
    );
    expect(unknownTokens('{page} {budget} {x}')).toEqual(['{budget}', '{x}']);
  });
  it('uses the special first and last pages where set', () => {
    const set = {
      size: 10,
      first: { left: 'F', center: '', right: '' },
      default: { left: 'D', center: '', right: '' },
      last: null,
    };
    expect([0, 1, 2].map((i) => partsFor(set, i, 3).left)).toEqual(['F', 'D', 'D']);
    expect(partsFor({ ...set, last: { left: 'L', center: '', right: '' } }, 2, 3).left).toBe('L');
    expect(partsFor(set, 0, 1).left).toBe('F');
  });
});
