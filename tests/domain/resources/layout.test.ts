// A saved Resources grid layout laid over the screen's columns (src/domain/resources/layout.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLayout, MIN_WIDTH, type LayoutColumn } from '../../../src/domain/resources/layout';

const defaults: LayoutColumn[] = ['code', 'name', 'kind', 'price'].map((id) => ({
  id,
  width: 100,
  visible: true,
}));

describe('applyLayout', () => {
  it('keeps the saved order, widths and visibility, adds new columns and drops gone ones', () => {
    const out = applyLayout(
      {
        columns: [
          { id: 'price', width: 150, visible: true },
          { id: 'gone', width: 80, visible: true },
          { id: 'name', width: 300, visible: false },
          { id: 'code', width: 60, visible: false },
        ],
        frozen: 9,
      },
      defaults,
    );
    expect(out.columns).toEqual([
      { id: 'price', width: 150, visible: true },
      { id: 'name', width: 300, visible: true },
      { id: 'code', width: 60, visible: false },
      { id: 'kind', width: 100, visible: true },
    ]);
    expect(out.frozen).toBe(3);
  });

  it('always answers every screen column once, name shown, widths and frozen in range', () => {
    const col = fc.record({
      id: fc.constantFrom('code', 'name', 'kind', 'price', 'x', 'y'),
      width: fc.integer({ min: 0, max: 3000 }),
      visible: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(col, { maxLength: 10 }), fc.integer({ min: 0, max: 60 }), (columns, frozen) => {
        const out = applyLayout({ columns, frozen }, defaults);
        expect(out.columns.map((c) => c.id).sort()).toEqual(defaults.map((c) => c.id).sort());
        expect(out.columns.find((c) => c.id === 'name')!.visible).toBe(true);
        for (const c of out.columns) expect(c.width).toBeGreaterThanOrEqual(MIN_WIDTH);
        expect(out.frozen).toBeLessThanOrEqual(out.columns.filter((c) => c.visible).length);
        expect(out.frozen).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
