// Resource usage rows of report tables: per schedule, resource and period, the units of every
// assignment are all there (nothing lost or counted twice), the cumulative column runs up to the
// total, and no row is empty; chart SVG and print columns from a layout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceUsageRows } from '../../../src/domain/reports/resource-usage';
import type { ResourceBar } from '../../../src/domain/reports/resource-usage';
import { chartSvg, niceStep } from '../../../src/domain/reports/chart-svg';
import { printColumns } from '../../../src/domain/print/columns';
import { defaultSettings } from '../../../src/domain/print/settings';

const D = 1440;
const bar = fc.record({
  schedule: fc.constantFrom('S1', 'S2'),
  resource: fc.constantFrom('Crane', 'Crew', 'Concrete'),
  kind: fc.constant('labor'),
  start: fc.integer({ min: 9000 * D, max: 9200 * D }),
  length: fc.integer({ min: 0, max: 90 * D }),
  units: fc.double({ min: 0.5, max: 1000, noNaN: true }),
  curve: fc.constantFrom('uniform', 'front', 'back', 'bell'),
});

describe('resource usage rows', () => {
  it('add up per resource to the assignments, cumulative to the total, no empty row', () => {
    fc.assert(
      fc.property(
        fc.array(bar, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('day', 'week', 'month'),
        (bs, unit) => {
          const bars: ResourceBar[] = bs.map((b) => ({
            schedule: b.schedule,
            resource: b.resource,
            kind: b.kind,
            start: b.start,
            finish: b.start + b.length,
            units: b.units,
            curve: b.curve as ResourceBar['curve'],
          }));
          const rows = resourceUsageRows(bars, unit);
          const want = new Map<string, number>();
          for (const b of bars)
            want.set(`${b.schedule}/${b.resource}`, (want.get(`${b.schedule}/${b.resource}`) ?? 0) + b.units);
          const got = new Map<string, number>();
          const last = new Map<string, number>();
          for (const r of rows) {
            expect(r.units).toBeGreaterThan(0);
            expect(r.periodEnd).toBeGreaterThan(r.periodStart);
            const k = `${r.schedule}/${r.resource}`;
            got.set(k, (got.get(k) ?? 0) + r.units);
            last.set(k, r.cumulative);
          }
          expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
          for (const [k, v] of want) {
            expect(Math.abs(got.get(k)! - v)).toBeLessThan(0.01 * Math.max(1, v) + 0.05);
            expect(Math.abs(last.get(k)! - v)).toBeLessThan(0.01 * Math.max(1, v) + 0.05);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('leaves out a period holding only a sliver of a back-loaded tail (found by the property)', () => {
    const rows = resourceUsageRows(
      [
        {
          schedule: 'S1',
          resource: 'Crane',
          kind: 'labor',
          start: 13102050,
          finish: 13102050 + 77461,
          units: 0.5,
          curve: 'back',
        },
        {
          schedule: 'S1',
          resource: 'Crane',
          kind: 'labor',
          start: 12960000,
          finish: 12960000,
          units: 0.5,
          curve: 'uniform',
        },
      ],
      'day',
    );
    expect(rows.every((r) => r.units > 0)).toBe(true);
    expect(rows.at(-1)!.cumulative).toBeCloseTo(1, 2);
  });

  it('orders rows by schedule, resource and period', () => {
    const rows = resourceUsageRows(
      [
        {
          schedule: 'S',
          resource: 'B',
          kind: '',
          start: 9000 * D,
          finish: 9020 * D,
          units: 20,
          curve: 'uniform',
        },
        {
          schedule: 'S',
          resource: 'A',
          kind: '',
          start: 9000 * D,
          finish: 9003 * D,
          units: 3,
          curve: 'uniform',
        },
      ],
      'week',
    );
    expect(rows[0]!.resource).toBe('A');
    const b = rows.filter((r) => r.resource === 'B');
    expect(b.map((r) => r.periodStart)).toEqual([...b.map((r) => r.periodStart)].sort((x, y) => x - y));
  });
});

describe('chart image', () => {
  it('draws one polyline per series, ending at the last cumulative value, with a round axis', () => {
    expect(niceStep(7_300_000)).toBe(2_000_000);
    const svg = chartSvg({
      title: 'S-кривая',
      periods: [
        { from: 0, to: 10 },
        { from: 10, to: 20 },
      ],
      series: [
        { label: 'Plan', color: '#00f', values: [5, 10] },
        { label: 'Target', color: '#888', values: [4, 8], dashed: true },
      ],
      dataDate: 10,
      lang: 'ru',
    });
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('S-кривая');
    expect(svg).toContain('stroke-dasharray="8 5"');
  });
});

describe('print columns', () => {
  it('are the settings’ own, or the layout’s visible printable ones in its order and widths', () => {
    const s = defaultSettings();
    expect(printColumns(s, null, new Set()).map((c) => c.key)).toEqual(s.columns);
    const layout = [
      { id: 'attr:Zone', width: 100, visible: true },
      { id: 'name', width: 200, visible: true },
      { id: 'code', width: 64, visible: false },
      { id: 'price', width: 90, visible: true },
      { id: 'attr:Secret', width: 80, visible: true },
    ];
    const cols = printColumns({ ...s, use_layout: true }, layout, new Set(['Zone']));
    expect(cols).toEqual([
      { key: 'attr:Zone', width: 75 },
      { key: 'name', width: 150 },
      // Price prints since the print reads it from the rows (volume and price, as the grid shows them).
      { key: 'price', width: 67.5 },
    ]);
  });
});
