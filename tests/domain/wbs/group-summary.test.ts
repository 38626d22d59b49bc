// A group header's percent complete: the planned-duration-weighted mean of its rows' (a plain mean
// when none has a duration), always between the smallest and the largest of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupPercent, groupSpan } from '../../../src/domain/wbs/group-summary';

describe('groupPercent', () => {
  it('weights by planned duration, milestones alone by count', () => {
    const pct = new Map([
      ['a', 100],
      ['b', 0],
      ['m', 50],
    ]);
    const dur = new Map([
      ['a', 480],
      ['b', 1440],
      ['m', 0],
    ]);
    const of = (id: string) => pct.get(id);
    const d = (id: string) => dur.get(id) ?? 0;
    expect(groupPercent(['a', 'b'], of, d)).toBe(25);
    expect(groupPercent(['a', 'b', 'm'], of, d)).toBe(25);
    expect(groupPercent(['m'], of, d)).toBe(50);
    expect(groupPercent(['x'], of, d)).toBeNull();
    expect(groupPercent([], of, d)).toBeNull();
  });

  it('lies between the smallest and largest percent of its rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 })), {
          minLength: 1,
          maxLength: 30,
        }),
        (rows) => {
          const ids = rows.map((_, i) => String(i));
          const p = groupPercent(
            ids,
            (id) => rows[Number(id)]![0],
            (id) => rows[Number(id)]![1],
          )!;
          const ps = rows.map((r) => r[0]);
          expect(p).toBeGreaterThanOrEqual(Math.min(...ps) - 1e-9);
          expect(p).toBeLessThanOrEqual(Math.max(...ps) + 1e-9);
        },
      ),
    );
  });
});

describe('groupSpan', () => {
  const dates = {
    position: new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]),
    es: [100, 50, -1],
    ef: [300, 200, -1],
  };
  it('spans the earliest start to the latest finish of the scheduled rows', () => {
    expect(groupSpan(['a', 'b', 'c', 'x'], dates)).toEqual([50, 300]);
  });
  it('is NaN without a scheduled row or a schedule', () => {
    expect(groupSpan(['c', 'x'], dates)).toEqual([NaN, NaN]);
    expect(groupSpan(['a'], null)).toEqual([NaN, NaN]);
  });
});
