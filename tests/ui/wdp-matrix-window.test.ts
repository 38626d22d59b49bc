// The day matrix's painted window: it covers the view, its edges move in steps (a scroll within a
// step paints nothing new), and it stays within the matrix.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COL_STEP, ROW_STEP, matrixWindow, sameWindow } from '../../src/modules/wdp/matrix-window';

const g = { rowHeight: 24, colWidth: 48, left: 118, rows: 10_000, cols: 731 };

describe('matrixWindow', () => {
  it('paints the rows and days in view and a step beyond', () => {
    const w = matrixWindow(g, 0, 0, 1000, 600);
    expect(w.r0).toBe(0);
    expect(w.c0).toBe(0);
    expect(w.r1).toBeGreaterThanOrEqual(600 / 24);
    expect(w.c1).toBeGreaterThanOrEqual(Math.ceil((1000 - 118) / 48));
  });
  it('does not move for a scroll within a step', () => {
    const a = matrixWindow(g, ROW_STEP * 24 * 10 + 1, COL_STEP * 48 * 10 + 1, 1000, 600);
    const b = matrixWindow(g, ROW_STEP * 24 * 10 + 20, COL_STEP * 48 * 10 + 40, 1000, 600);
    expect(sameWindow(a, b)).toBe(true);
  });
  it('stays within the matrix', () => {
    const w = matrixWindow({ ...g, rows: 7 }, 5000, 1e6, 1000, 600);
    expect(w.r1).toBe(7);
    expect(w.c1).toBe(731);
    expect(w.r0).toBeLessThanOrEqual(w.r1);
    expect(w.c0).toBeLessThanOrEqual(w.c1);
  });
  it('covers every row and day in view, with snapped edges (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 240_000 }),
        fc.integer({ min: 0, max: 35_000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 100, max: 2000 }),
        (top, left, width, height) => {
          const w = matrixWindow(g, top, left, width, height);
          const firstRow = Math.floor(top / g.rowHeight);
          const lastRow = Math.min(g.rows, Math.ceil((top + height) / g.rowHeight));
          const firstCol = Math.floor(left / g.colWidth);
          const lastCol = Math.min(g.cols, Math.ceil((left + width - g.left) / g.colWidth));
          expect(w.r0).toBeLessThanOrEqual(Math.min(firstRow, g.rows));
          expect(w.r1).toBeGreaterThanOrEqual(lastRow);
          expect(w.c0).toBeLessThanOrEqual(Math.min(firstCol, g.cols));
          expect(w.c1).toBeGreaterThanOrEqual(lastCol);
          expect(w.r0 % ROW_STEP).toBe(0);
          expect(w.c0 % COL_STEP).toBe(0);
        },
      ),
    );
  });
});
