// Fill in the day matrix: the target a dragged handle covers, the tiled pattern, Ctrl+D / Ctrl+R.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellRange } from '../../../src/domain/wdp';
import { fillByKey, fillCells, fillTarget } from '../../../src/domain/wdp';

const src: CellRange = { r0: 2, r1: 3, c0: 5, c1: 6 };

describe('fillTarget', () => {
  it('extends in the direction the pointer is farthest outside the source', () => {
    expect(fillTarget(src, { row: 9, col: 7 }, 100, 100)).toEqual({ r0: 2, r1: 9, c0: 5, c1: 6 });
    expect(fillTarget(src, { row: 4, col: 20 }, 100, 100)).toEqual({ r0: 2, r1: 3, c0: 5, c1: 20 });
    expect(fillTarget(src, { row: 0, col: 5 }, 100, 100)).toEqual({ r0: 0, r1: 3, c0: 5, c1: 6 });
    expect(fillTarget(src, { row: 3, col: 1 }, 100, 100)).toEqual({ r0: 2, r1: 3, c0: 1, c1: 6 });
  });
  it('is the source when the pointer is inside it, and stays within the matrix', () => {
    expect(fillTarget(src, { row: 3, col: 6 }, 100, 100)).toEqual(src);
    expect(fillTarget(src, { row: 500, col: 6 }, 10, 100)).toEqual({ r0: 2, r1: 9, c0: 5, c1: 6 });
    expect(fillTarget(src, { row: 2, col: -40 }, 10, 100)).toEqual({ r0: 2, r1: 3, c0: 0, c1: 6 });
  });
});

describe('fillCells', () => {
  it('tiles a two-day pattern to the right and upwards', () => {
    const one: CellRange = { r0: 0, r1: 0, c0: 0, c1: 1 };
    expect(fillCells(one, { r0: 0, r1: 0, c0: 0, c1: 4 }).map((c) => c.fromCol)).toEqual([0, 1, 0]);
    const up = fillCells({ r0: 5, r1: 6, c0: 0, c1: 0 }, { r0: 2, r1: 6, c0: 0, c1: 0 });
    expect(up.map((c) => [c.row, c.fromRow])).toEqual([
      [2, 6],
      [3, 5],
      [4, 6],
    ]);
  });

  it('fills exactly the target outside the source, each from a source cell in step with it', () => {
    const range = fc
      .tuple(fc.nat(20), fc.nat(5), fc.nat(20), fc.nat(5))
      .map(([r0, h, c0, w]) => ({ r0, r1: r0 + h, c0, c1: c0 + w }));
    fc.assert(
      fc.property(range, fc.nat(40), fc.nat(40), (s, pr, pc) => {
        const t = fillTarget(s, { row: pr, col: pc }, 50, 50);
        const cells = fillCells(s, t);
        const area = (x: CellRange) => (x.r1 - x.r0 + 1) * (x.c1 - x.c0 + 1);
        expect(cells.length).toBe(area(t) - area(s));
        const seen = new Set<string>();
        for (const c of cells) {
          seen.add(`${c.row}:${c.col}`);
          expect(c.row >= s.r0 && c.row <= s.r1 && c.col >= s.c0 && c.col <= s.c1).toBe(false);
          expect(c.fromRow >= s.r0 && c.fromRow <= s.r1 && c.fromCol >= s.c0 && c.fromCol <= s.c1).toBe(true);
          expect(Math.abs((c.row - c.fromRow) % (s.r1 - s.r0 + 1))).toBe(0);
          expect(Math.abs((c.col - c.fromCol) % (s.c1 - s.c0 + 1))).toBe(0);
        }
        expect(seen.size).toBe(cells.length);
      }),
    );
  });
});

describe('fillByKey', () => {
  it('copies the first row down (Ctrl+D) and the first column right (Ctrl+R)', () => {
    const sel: CellRange = { r0: 1, r1: 4, c0: 2, c1: 8 };
    expect(fillByKey(sel, 'down')).toEqual({ source: { r0: 1, r1: 1, c0: 2, c1: 8 }, target: sel });
    expect(fillByKey(sel, 'right')).toEqual({ source: { r0: 1, r1: 4, c0: 2, c1: 2 }, target: sel });
  });
  it('takes the row above or the column to the left for a one-high or one-wide selection', () => {
    const row: CellRange = { r0: 3, r1: 3, c0: 2, c1: 8 };
    expect(fillByKey(row, 'down')).toEqual({
      source: { r0: 2, r1: 2, c0: 2, c1: 8 },
      target: { r0: 2, r1: 3, c0: 2, c1: 8 },
    });
    const col: CellRange = { r0: 3, r1: 5, c0: 4, c1: 4 };
    expect(fillByKey(col, 'right')).toEqual({
      source: { r0: 3, r1: 5, c0: 3, c1: 3 },
      target: { r0: 3, r1: 5, c0: 3, c1: 4 },
    });
    expect(fillByKey({ r0: 0, r1: 0, c0: 0, c1: 3 }, 'down')).toBeNull();
    expect(fillByKey({ r0: 0, r1: 3, c0: 0, c1: 0 }, 'right')).toBeNull();
  });
});
