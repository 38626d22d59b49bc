// Timesheet reports: lines per person and work over a period, days summed over sheets, totals in
// whole thousandths (unit cases and fast-check properties).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timesheetReport, toUnits } from '../../../src/domain/wdp';
import type { TimesheetEntry } from '../../../src/domain/wdp';

const e = (user: string, item: string, day: number, hours: number | null, fact: number | null) =>
  ({ user_id: user, version_id: 'v', item_id: item, day, hours, fact }) satisfies TimesheetEntry;

describe('timesheetReport', () => {
  it('groups by person and work, sums a day over sheets, leaves days outside the period', () => {
    const r = timesheetReport(
      [
        e('ann', 'w1', 10, 8, 2.5),
        e('ann', 'w1', 10, 2, 0.5), // a second sheet, same day
        e('ann', 'w1', 11, 8, null),
        e('ann', 'w2', 11, null, 4),
        e('bob', 'w1', 12, 6, 1),
        e('bob', 'w1', 20, 8, 9), // after the period
        e('bob', 'w2', 12, null, null), // nothing entered
      ],
      10,
      15,
      (_, item) => (item === 'w1' ? { labour: null, cost: 100 } : { labour: null, cost: null }),
    );
    expect(r.lines).toEqual([
      {
        user_id: 'ann',
        version_id: 'v',
        item_id: 'w1',
        hours: 18,
        fact: 3,
        cost: 300,
        days: [
          { day: 10, hours: 10, fact: 3 },
          { day: 11, hours: 8, fact: null },
        ],
      },
      {
        user_id: 'ann',
        version_id: 'v',
        item_id: 'w2',
        hours: 0,
        fact: 4,
        cost: null,
        days: [{ day: 11, hours: null, fact: 4 }],
      },
      {
        user_id: 'bob',
        version_id: 'v',
        item_id: 'w1',
        hours: 6,
        fact: 1,
        cost: 100,
        days: [{ day: 12, hours: 6, fact: 1 }],
      },
    ]);
    expect(r.people).toEqual([
      { user_id: 'ann', hours: 18, cost: 300, works: 2, days: 3 },
      { user_id: 'bob', hours: 6, cost: 100, works: 1, days: 1 },
    ]);
  });

  it('is empty without entries in the period', () => {
    expect(timesheetReport([e('ann', 'w1', 3, 8, 1)], 10, 15, () => undefined)).toEqual({
      lines: [],
      people: [],
    });
  });

  const entry = fc.record({
    user_id: fc.constantFrom('a', 'b', 'c'),
    version_id: fc.constantFrom('v1', 'v2'),
    item_id: fc.constantFrom('w1', 'w2', 'w3'),
    day: fc.integer({ min: 0, max: 30 }),
    hours: fc.option(fc.integer({ min: 0, max: 24_000 }).map((u) => u / 1000)),
    fact: fc.option(fc.integer({ min: -5_000, max: 100_000 }).map((u) => u / 1000)),
  });

  it("property: a line holds exactly the period's values of its person and work; people sum their lines", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (es, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const r = timesheetReport(es, from, to, () => ({ labour: null, cost: 2 }));
          const inPeriod = es.filter(
            (x) => x.day >= from && x.day <= to && (x.hours !== null || x.fact !== null),
          );
          for (const l of r.lines) {
            const mine = inPeriod.filter(
              (x) => x.user_id === l.user_id && x.version_id === l.version_id && x.item_id === l.item_id,
            );
            expect(toUnits(l.fact)).toBe(mine.reduce((s, x) => s + toUnits(x.fact ?? 0), 0));
            expect(toUnits(l.hours)).toBe(mine.reduce((s, x) => s + toUnits(x.hours ?? 0), 0));
            expect(new Set(l.days.map((d) => d.day)).size).toBe(l.days.length);
            expect(l.days.every((d) => d.day >= from && d.day <= to)).toBe(true);
            expect(l.cost).toBe(toUnits(l.fact * 2) / 1000);
          }
          // Every entry of the period is in exactly one line.
          const keys = new Set(inPeriod.map((x) => `${x.user_id}|${x.version_id}|${x.item_id}`));
          expect(r.lines).toHaveLength(keys.size);
          for (const p of r.people) {
            const ls = r.lines.filter((l) => l.user_id === p.user_id);
            expect(toUnits(p.hours)).toBe(ls.reduce((s, l) => s + toUnits(l.hours), 0));
            expect(toUnits(p.cost!)).toBe(ls.reduce((s, l) => s + toUnits(l.cost!), 0));
            expect(p.works).toBe(ls.length);
            expect(p.days).toBe(ls.reduce((s, l) => s + l.days.length, 0));
          }
        },
      ),
    );
  });
});
