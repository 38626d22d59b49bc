import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESOURCE_COLUMNS, cellText, parseAmount, parseCell, planPaste } from '../../../src/domain/resources';
import type { CellLabels, ResourceFields } from '../../../src/domain/resources';

const labels: CellLabels = {
  kind: (k) => ({ resource: 'Resource', cost: 'Cost' })[k] ?? k,
  type: (t) => ({ labor: 'Labour' })[t] ?? t,
  calendarName: (id) => (id === 'c1' ? 'Standard' : undefined),
  calendars: [{ id: 'c1', name: 'Standard' }],
};

describe('resource cells', () => {
  it('reads amounts as people type them and refuses the rest', () => {
    expect(parseAmount('1 234,5')).toBe(1234.5);
    expect(parseAmount('8')).toBe(8);
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('reads kinds, types and calendars by value or label', () => {
    expect(parseCell('kind', 'Cost', labels)).toEqual({ ok: true, value: 'cost' });
    expect(parseCell('kind', 'worktype', labels)).toEqual({ ok: true, value: 'worktype' });
    expect(parseCell('kind', 'crane', labels)).toEqual({ ok: false });
    expect(parseCell('resource_type', 'labour', labels)).toEqual({ ok: true, value: 'labor' });
    expect(parseCell('calendar_id', 'standard', labels)).toEqual({ ok: true, value: 'c1' });
    expect(parseCell('name', '  ', labels)).toEqual({ ok: false });
  });

  it('every cell reads back what it shows', () => {
    const row = fc.record({
      code: fc.string({ maxLength: 8 }).map((s) => s.trim()),
      name: fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((s) => s.trim() !== '')
        .map((s) => s.trim()),
      kind: fc.constantFrom('resource', 'cost', 'step'),
      resource_type: fc.constantFrom(null, 'labor', 'material'),
      unit: fc.constantFrom('', 'h', 't'),
      price: fc.double({ min: 0, max: 1e6, noNaN: true }),
      default_limit: fc.integer({ min: 0, max: 100 }),
      calendar_id: fc.constantFrom(null, 'c1'),
      specialty: fc.constantFrom('', 'Masonry'),
    });
    fc.assert(
      fc.property(row, (r: ResourceFields) => {
        for (const col of RESOURCE_COLUMNS) {
          const v = parseCell(col, cellText(r, col, labels), labels);
          expect(v).toEqual({ ok: true, value: r[col] });
        }
      }),
    );
  });

  it('plans a paste: updates in range, new rows past the end, refuses bad cells', () => {
    const plan = planPaste(
      [
        ['A', 'Mason'],
        ['B', 'Crane'],
        ['C', 'Truck'],
      ],
      { row: 1, col: 0 },
      2,
      labels,
    );
    expect(plan.updates).toEqual([{ index: 1, patch: { code: 'A', name: 'Mason' } }]);
    expect(plan.creates).toEqual([
      { code: 'B', name: 'Crane' },
      { code: 'C', name: 'Truck' },
    ]);
    expect(plan.refused).toEqual([]);
    const bad = planPaste([['x']], { row: 0, col: 5 }, 1, labels);
    expect(bad.refused).toEqual([{ row: 0, col: 'price' }]);
    expect(planPaste([['only code']], { row: 3, col: 0 }, 1, labels).refused).toEqual([
      { row: 0, col: 'name' },
    ]);
  });

  it('plans a paste in the grid’s displayed column order (a user may reorder columns)', () => {
    const order = ['name', 'price', 'code'] as const;
    const plan = planPaste([['12', 'P-1']], { row: 0, col: 1 }, 1, labels, order);
    expect(plan.updates).toEqual([{ index: 0, patch: { price: 12, code: 'P-1' } }]);
    expect(planPaste([['-1']], { row: 0, col: 1 }, 1, labels, order).refused).toEqual([
      { row: 0, col: 'price' },
    ]);
  });
});
