import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../src/api/version-compare';
import { monthTicks, scaleOf, slipOf, spanOf } from '../../src/modules/versions/compare-gantt';

const DAY = 1440;
const side = (start: number | null, finish: number | null) =>
  ({ start, finish }) as unknown as NonNullable<CompareRow['base']>;
const row = (b: ReturnType<typeof side> | null, c: ReturnType<typeof side> | null) =>
  ({ status: 'changed', base: b, current: c }) as unknown as CompareRow;

describe('compare Gantt geometry', () => {
  it('spans both versions with a day of margin and places bars and the slip on it', () => {
    const rows = [row(side(10 * DAY, 20 * DAY), side(10 * DAY, 28 * DAY)), row(null, side(null, null))];
    const s = scaleOf(rows)!;
    expect(s).toEqual({ from: 9 * DAY, to: 29 * DAY });
    const bar = spanOf(s, 10 * DAY, 20 * DAY)!;
    expect([bar.left, bar.width].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([5, 50]);
    const slip = slipOf(s, rows[0]!)!;
    expect(
      [slip.left, slip.width, slip.late].map((x) => (typeof x === 'number' ? Math.round(x * 1e6) / 1e6 : x)),
    ).toEqual([55, 40, true]);
    expect(slipOf(s, row(side(0, 28 * DAY), side(0, 20 * DAY)))!.late).toBe(false);
    expect(slipOf(s, row(side(0, DAY), side(0, DAY)))).toBeNull();
    expect(spanOf(s, null, DAY)).toBeNull();
    expect(scaleOf([row(null, side(null, null))])).toBeNull();
  });

  it('ticks month starts inside the scale, thinned to the most asked', () => {
    // 2026-01-01 .. 2026-12-31: the month starts after it, Feb … Dec (11), every second one.
    const from = (Date.UTC(2026, 0, 1) - Date.UTC(2000, 0, 1)) / 60_000;
    const ticks = monthTicks({ from, to: from + 364 * DAY }, 6);
    expect(ticks.length).toBe(6);
    expect(new Date(Date.UTC(2000, 0, 1) + ticks[1]! * 60_000).toISOString().slice(0, 10)).toBe('2026-04-01');
  });
});
