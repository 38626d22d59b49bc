import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dragMinutes, rowsUnder } from '../../../src/domain/cyclogram';

const DAY = 1440;

describe('rowsUnder', () => {
  const tree: Record<string, string[]> = { B: ['L1', 'L2'], L1: ['a', 'b'], L2: ['c'] };
  const kids = (id: string) => tree[id] ?? [];

  it('names a selected summary with every row under it, and a task alone', () => {
    expect([...rowsUnder(['L1'], kids)].sort()).toEqual(['L1', 'a', 'b']);
    expect([...rowsUnder(['B'], kids)].sort()).toEqual(['B', 'L1', 'L2', 'a', 'b', 'c']);
    expect([...rowsUnder(['c'], kids)]).toEqual(['c']);
    expect(rowsUnder([], kids).size).toBe(0);
  });

  it('names each row once when a row and its parent are both selected', () => {
    expect([...rowsUnder(['a', 'L1', 'a'], kids)].sort()).toEqual(['L1', 'a', 'b']);
  });
});

describe('dragMinutes', () => {
  it('moves by whole days, nothing under half a day', () => {
    expect(dragMinutes(0, 20)).toBe(0);
    expect(dragMinutes(9, 20)).toBe(0);
    expect(dragMinutes(11, 20)).toBe(DAY);
    expect(dragMinutes(-61, 20)).toBe(-3 * DAY);
    expect(dragMinutes(50, 0)).toBe(0);
    expect(dragMinutes(Number.NaN, 20)).toBe(0);
  });

  it('is a whole number of days within half a day of the pointer, and odd in dx', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        (dx, ppd) => {
          const m = dragMinutes(dx, ppd);
          expect(Math.abs(m % DAY)).toBe(0);
          expect(Math.abs(m / DAY - dx / ppd)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(dragMinutes(-dx, ppd) + m).toBe(0);
        },
      ),
    );
  });
});
