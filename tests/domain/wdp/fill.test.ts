// Fill in the day matrix: the target a dragged handle covers, the tiled pattern, Ctrl+D / Ctrl+R.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellRange } from '../../../src/domain/wdp';
import { fillByKey, fillCells, fillTarget, fillValues } from '../../../src/domain/wdp';

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

describe('fillValues (series as Excel extends them)', () => {
  const grid = (cells: Record<string, number | null>) => (r: number, c: number) => cells[`${r},${c}`] ?? null;
  it('extends 1, 2 to the right as 3, 4, 5 and 10, 7 downwards as 4, 1', () => {
    const right = fillValues(
      { r0: 0, r1: 0, c0: 0, c1: 1 },
      { r0: 0, r1: 0, c0: 0, c1: 4 },
      grid({ '0,0': 1, '0,1': 2 }),
    );
    expect(right.map((f) => [f.col, f.value])).toEqual([
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    const down = fillValues(
      { r0: 0, r1: 1, c0: 0, c1: 0 },
      { r0: 0, r1: 3, c0: 0, c1: 0 },
      grid({ '0,0': 10, '1,0': 7 }),
    );
    expect(down.map((f) => f.value)).toEqual([4, 1]);
  });
  it('extends backwards when filling up or left', () => {
    const left = fillValues(
      { r0: 0, r1: 0, c0: 3, c1: 5 },
      { r0: 0, r1: 0, c0: 1, c1: 5 },
      grid({ '0,3': 5, '0,4': 3, '0,5': 1 }),
    );
    expect(left.map((f) => [f.col, f.value])).toEqual([
      [1, 9],
      [2, 7],
    ]);
  });
  it('follows the least-squares trend of an uneven series, to the thousandth', () => {
    const out = fillValues(
      { r0: 0, r1: 0, c0: 0, c1: 2 },
      { r0: 0, r1: 0, c0: 0, c1: 3 },
      grid({ '0,0': 1, '0,1': 2, '0,2': 4 }),
    );
    // slope 1.5, intercept 0.833…: the fourth is 5.333.
    expect(out).toEqual([{ row: 0, col: 3, value: 5.333 }]);
  });
  it('copies a single value, and tiles a line with an empty cell', () => {
    expect(
      fillValues({ r0: 0, r1: 0, c0: 0, c1: 0 }, { r0: 0, r1: 0, c0: 0, c1: 2 }, grid({ '0,0': 4 })).map(
        (f) => f.value,
      ),
    ).toEqual([4, 4]);
    expect(
      fillValues({ r0: 0, r1: 0, c0: 0, c1: 1 }, { r0: 0, r1: 0, c0: 0, c1: 4 }, grid({ '0,0': 4 })).map(
        (f) => f.value,
      ),
    ).toEqual([4, null, 4]);
  });
  it('treats each line on its own: a series row and a copied row side by side', () => {
    const out = fillValues(
      { r0: 0, r1: 1, c0: 0, c1: 1 },
      { r0: 0, r1: 1, c0: 0, c1: 3 },
      grid({ '0,0': 1, '0,1': 2, '1,0': 6 }),
    );
    expect(out.map((f) => [f.row, f.col, f.value])).toEqual([
      [0, 2, 3],
      [0, 3, 4],
      [1, 2, 6],
      [1, 3, null],
    ]);
  });
  it('property: an arithmetic series of integers stays arithmetic over any fill length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 30 }),
        (a, step, n, more) => {
          const at = (_r: number, c: number) => (c < n ? a + step * c : null);
          const out = fillValues(
            { r0: 0, r1: 0, c0: 0, c1: n - 1 },
            { r0: 0, r1: 0, c0: 0, c1: n - 1 + more },
            at,
          );
          return out.length === more && out.every((f) => f.value === a + step * f.col);
        },
      ),
    );
  });
});
