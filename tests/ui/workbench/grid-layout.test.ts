import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnGeometry, columnWindow, GUTTER } from '../../../src/grid/layout';
import type { ColumnLayout } from '../../../src/state/workbench/types';

const layout = (widths: readonly number[]): ColumnLayout[] =>
  widths.map((width, i) => ({ id: `c${i}`, width, visible: true }) as ColumnLayout);

describe('columnWindow', () => {
  const cols = layout([60, 200, 80, 80, 90, 90, 70, 70, 70]);
  const geo = columnGeometry(cols);

  it('renders the columns in view and one more on each side', () => {
    // Frozen: code and name (GUTTER + 260 px); a 500 px view shows columns 2…4 at scroll 0.
    expect(columnWindow(geo, cols, 2, 0, 500, -1, 0)).toEqual({ from: 2, to: 4 });
    expect(columnWindow(geo, cols, 2, 0, 500)).toEqual({ from: 2, to: 5 });
  });

  it('skips the columns scrolled behind the frozen ones', () => {
    // Scrolled by 170 px: columns 2 (80) and 3 (80) are behind the frozen columns.
    expect(columnWindow(geo, cols, 2, 170, 500, -1, 0)).toEqual({ from: 4, to: 6 });
  });

  it('keeps the focused column even when it is out of view', () => {
    expect(columnWindow(geo, cols, 2, 0, 500, 8, 0)).toEqual({ from: 2, to: 8 });
  });

  it('is empty when every column is frozen', () => {
    expect(columnWindow(geo, cols, cols.length, 0, 500)).toEqual({ from: 9, to: 8 });
  });

  it('covers every scrolling column that shows in the view', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 36, max: 400 }), { minLength: 1, maxLength: 20 }),
        fc.nat({ max: 20 }),
        fc.nat({ max: 3000 }),
        fc.integer({ min: 100, max: 2000 }),
        (widths, frozenAsked, scrollLeft, width) => {
          const cs = layout(widths);
          const g = columnGeometry(cs);
          const frozen = Math.min(frozenAsked, cs.length);
          const w = columnWindow(g, cs, frozen, scrollLeft, width, -1, 0);
          const frozenRight = frozen > 0 ? g.left[frozen - 1]! + cs[frozen - 1]!.width : GUTTER;
          for (let i = frozen; i < cs.length; i++) {
            const l = g.left[i]!;
            const shows = l + cs[i]!.width > scrollLeft + frozenRight && l < scrollLeft + width;
            if (shows) expect(i >= w.from && i <= w.to).toBe(true);
          }
        },
      ),
    );
  });
});
