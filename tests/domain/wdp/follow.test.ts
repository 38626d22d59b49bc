// Plans follow the dates after a recompute: each moved row is re-planned by its own mode and base,
// facts never move, closed days and empty results leave the row alone, and the inverse undoes it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar/calendar-index';
import { MINUTES_PER_DAY, parseLocal } from '../../../src/domain/calendar/time';
import {
  DISTRIBUTION_BASES,
  DISTRIBUTION_MODES,
  LIVE_FOLLOW_BASES,
  applyWdpPatches,
  followDates,
  isWorkingDay,
  rowTotals,
  toUnits,
} from '../../../src/domain/wdp';
import type { FollowRow, RowDays, WdpCell } from '../../../src/domain/wdp';

const cal = buildCalendarIndex(standardCalendarDef());
const t = (s: string) => parseLocal(s)!;
const day = (s: string) => Math.floor(t(s) / MINUTES_PER_DAY);
const cell = (c: Partial<WdpCell>): WdpCell => ({
  plan: null,
  fact: null,
  approved_plan: null,
  status: 'open',
  ...c,
});
const ID = '00000000-0000-4000-8000-000000000001';

// Ten working days from Monday 2024-03-04 with 10 planned on each; the row moves a week later.
const before = { start: t('2024-03-04 08:00'), finish: t('2024-03-15 17:00') };
const after = { start: t('2024-03-11 08:00'), finish: t('2024-03-22 17:00') };
function evenPlan(from: string, n: number, value = 10): Map<number, WdpCell> {
  const out = new Map<number, WdpCell>();
  for (let d = day(from); out.size < n; d++) if (isWorkingDay(cal, d)) out.set(d, cell({ plan: value }));
  return out;
}
const row = (over: Partial<FollowRow> = {}): FollowRow => ({
  id: ID,
  mode: 'evenly',
  base: 'by_date',
  rate: null,
  volume: 100,
  cal,
  before,
  after,
  current: evenPlan('2024-03-04 00:00', 10),
  ...over,
});
const apply = (cur: RowDays, patches: Parameters<typeof applyWdpPatches>[1]) =>
  applyWdpPatches(new Map([[ID, cur]]), patches).get(ID) ?? new Map<number, WdpCell>();

describe('followDates', () => {
  it('moves a by_date plan onto the new working days', () => {
    const r = followDates([row()]);
    expect(r.moved).toEqual([ID]);
    const next = apply(row().current, r.patches);
    expect([...next.keys()].sort((a, b) => a - b)).toEqual([...evenPlan('2024-03-11 00:00', 10).keys()]);
    expect(rowTotals(next).plan).toBe(100);
  });

  it('keeps the plan total when the row has no volume', () => {
    const r = followDates([row({ volume: null, current: evenPlan('2024-03-04 00:00', 10, 7.5) })]);
    expect(rowTotals(apply(evenPlan('2024-03-04 00:00', 10, 7.5), r.patches)).plan).toBe(75);
  });

  it('by_lag keeps the shape and moves it with the start', () => {
    const current = new Map([
      [day('2024-03-04 00:00'), cell({ plan: 30 })],
      [day('2024-03-06 00:00'), cell({ plan: 70 })],
    ]);
    const r = followDates([row({ base: 'by_lag', current })]);
    const next = apply(current, r.patches);
    expect(next.get(day('2024-03-11 00:00'))?.plan).toBe(30);
    expect(next.get(day('2024-03-13 00:00'))?.plan).toBe(70);
    expect(next.size).toBe(2);
  });

  it('leaves facts and approved plans where they are', () => {
    const current = evenPlan('2024-03-04 00:00', 10);
    current.set(day('2024-03-05 00:00'), cell({ plan: 10, fact: 4, approved_plan: 10, status: 'approved' }));
    const r = followDates([row({ current })]);
    const next = apply(current, r.patches);
    const kept = next.get(day('2024-03-05 00:00'))!;
    expect(kept).toEqual({ plan: null, fact: 4, approved_plan: 10, status: 'approved' });
  });

  it('does nothing to rows without plan or whose dates did not move', () => {
    expect(
      followDates([row({ current: new Map([[day('2024-03-05 00:00'), cell({ fact: 3 })]]) })]).patches,
    ).toEqual([]);
    const still = followDates([row({ after: before })]);
    expect(still.patches).toEqual([]);
    expect(still.moved).toEqual([]);
  });

  it('skips a row whose new plan would change a closed day, or would be empty', () => {
    const closed = followDates([row()], { firstPlanDay: day('2024-03-10 00:00') });
    expect(closed.patches).toEqual([]);
    expect(closed.skipped).toEqual([{ id: ID, reason: 'day_closed' }]);
    // A weekend-only span has no working day: by_date would plan nothing.
    const empty = followDates([
      row({ after: { start: t('2024-03-09 08:00'), finish: t('2024-03-10 17:00') } }),
    ]);
    expect(empty.patches).toEqual([]);
    expect(empty.skipped).toEqual([{ id: ID, reason: 'no_plan_left' }]);
  });

  it('keeps the volume, never plans on a non-working day, keeps facts, and is undone by its inverse', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DISTRIBUTION_MODES),
        fc.constantFrom(...DISTRIBUTION_BASES.filter((b) => b !== 'by_fact')),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
        (mode, base, shift, length, values, factAt) => {
          const current = new Map<number, WdpCell>();
          const first = day('2024-03-04 00:00');
          values.forEach((v, i) => current.set(first + i, cell({ plan: v / 1000 })));
          for (const i of factAt)
            current.set(first + i, { ...(current.get(first + i) ?? cell({})), fact: 1 });
          const start = t('2024-03-04 08:00') + shift * MINUTES_PER_DAY;
          const r0 = row({
            mode,
            base,
            volume: null,
            current,
            after: { start, finish: start + length * MINUTES_PER_DAY },
          });
          const r = followDates([r0]);
          const next = apply(current, r.patches);
          if (r.moved.length) {
            expect(toUnits(rowTotals(next).plan)).toBe(toUnits(rowTotals(current).plan));
            for (const [d, c] of next)
              if (c.plan !== null && !current.has(d)) expect(isWorkingDay(cal, d)).toBe(true);
          }
          expect(rowTotals(next).fact).toBe(rowTotals(current).fact);
          expect(apply(next, r.inversePatches)).toEqual(current);
        },
      ),
    );
  });
});

// The browser follows live (after its own recompute), the server again when it calculates, from
// the dates it stored before: the bases that may follow live are those for which the second
// follow changes nothing (LIVE_FOLLOW_BASES); by_lag shifts from the stored start and is left to
// the server's calculation.
describe('following twice from the same old dates', () => {
  it('changes nothing the second time for the live-follow bases', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LIVE_FOLLOW_BASES),
        fc.constantFrom(...DISTRIBUTION_MODES),
        fc.integer({ min: -10, max: 20 }),
        fc.integer({ min: -3, max: 5 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (base, mode, shift, stretch, volume, withFact) => {
          const moved = {
            start: after.start + (shift - 7) * MINUTES_PER_DAY,
            finish: after.finish + (shift - 7 + stretch) * MINUTES_PER_DAY,
          };
          const current = evenPlan('2024-03-04 00:00', 10, volume / 10);
          if (withFact) current.set(day('2024-03-05 00:00'), cell({ plan: volume / 10, fact: volume / 20 }));
          const once = followDates([row({ base, mode, volume, current, after: moved })]);
          const followed = apply(current, once.patches);
          const twice = followDates([row({ base, mode, volume, current: followed, after: moved })]);
          expect(twice.patches).toEqual([]);
        },
      ),
    );
  });
  it('is not so for by_lag (it shifts again from the stored start)', () => {
    const once = followDates([row({ base: 'by_lag' })]);
    const followed = apply(row().current, once.patches);
    expect(followDates([row({ base: 'by_lag', current: followed })]).patches.length).toBeGreaterThan(0);
    expect(LIVE_FOLLOW_BASES).not.toContain('by_lag');
  });
});
