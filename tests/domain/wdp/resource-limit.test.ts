// The limit line of the daily plans by resource: the limit per day and the days over it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitDays, overLimitDays } from '../../../src/domain/wdp';

// Day 9,501 is Monday 2026-01-05 (the product counts days from 2000-01-01).
const MON = 9_501;
const a = { defaultLimit: 8, limits: [{ from: (MON + 2) * 1440, to: (MON + 3) * 1440, limit: 4 }] };

describe('limitDays', () => {
  it('is the default on working days, a period limit where one holds, nothing on the weekend', () => {
    const m = limitDays(a, MON, MON + 7);
    expect([...m.values()]).toEqual([8, 8, 4, 8, 8, 0, 0]);
  });
});

describe('overLimitDays', () => {
  it('marks the days above the limit, not those equal to it', () => {
    const days = new Map([
      [MON, 8],
      [MON + 1, 9],
      [MON + 2, 5],
      [MON + 5, 1],
    ]);
    expect(overLimitDays(days, a)).toEqual([MON + 1, MON + 2, MON + 5]);
  });
  it('property: a day is over exactly when its quantity exceeds the day limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 12 }))),
        (xs) => {
          const days = new Map(xs.map(([d, v]) => [MON + d, v]));
          const lim = limitDays(a, MON, MON + 14);
          const expected = [...days].filter(([d, v]) => v > lim.get(d)!).map(([d]) => d);
          return JSON.stringify(overLimitDays(days, a)) === JSON.stringify(expected.sort((x, y) => x - y));
        },
      ),
    );
  });
});
