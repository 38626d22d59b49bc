// Distribution of a volume over an activity's working days: the modes and bases of spec §3, with
// properties (sums kept, nothing on a non-working day, facts never changed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex, standardCalendarDef } from '../../../src/domain/calendar/calendar-index';
import { MINUTES_PER_DAY, parseLocal } from '../../../src/domain/calendar/time';
import {
  distributePlan,
  isWorkingDay,
  splitUnits,
  toUnits,
  withPlan,
  workingDays,
} from '../../../src/domain/wdp';
import type { DistributionBase, DistributionMode, WdpCell } from '../../../src/domain/wdp';

const cal = buildCalendarIndex(standardCalendarDef());
const t = (s: string) => parseLocal(s)!;
const day = (s: string) => Math.floor(t(s) / MINUTES_PER_DAY);
const sumUnits = (m: ReadonlyMap<number, number>) => [...m.values()].reduce((s, v) => s + toUnits(v), 0);
const cell = (c: Partial<WdpCell>): WdpCell => ({
  plan: null,
  fact: null,
  approved_plan: null,
  status: 'open',
  ...c,
});

// Monday 2024-03-04 08:00 to Friday 2024-03-15 17:00: ten working days over a weekend.
const start = t('2024-03-04 08:00');
const finish = t('2024-03-15 17:00');

describe('workingDays', () => {
  it('lists the days with working time, skipping the weekend', () => {
    const days = workingDays(cal, start, finish);
    expect(days).toHaveLength(10);
    expect(days.every((d) => d.work === 480)).toBe(true);
    expect(days.map((d) => d.day)).not.toContain(day('2024-03-09 00:00'));
  });
});

describe('splitUnits', () => {
  it('hands out the remainder to the largest remainders, earliest first', () => {
    expect(splitUnits(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitUnits(-10, [1, 1, 1])).toEqual([-4, -3, -3]);
    expect(splitUnits(5, [0, 0])).toEqual([3, 2]);
  });
  it('always sums to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 60 }),
        (total, w) => {
          expect(splitUnits(total, w).reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('distributePlan', () => {
  it('by_date evenly: the same volume per working day, the remainder on the earliest', () => {
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_date',
      volume: 100,
      cal,
      start,
      finish,
      current: new Map(),
    });
    expect(plan.size).toBe(10);
    expect(plan.get(day('2024-03-04 00:00'))).toBe(10);
    const odd = distributePlan({
      mode: 'evenly',
      base: 'by_date',
      volume: 1,
      cal,
      start,
      finish,
      current: new Map(),
    });
    expect(odd.get(day('2024-03-04 00:00'))).toBe(0.1);
    expect(sumUnits(odd)).toBe(1000);
  });

  it('start and end put the volume on the first and the last working day', () => {
    const s = distributePlan({
      mode: 'start',
      base: 'by_date',
      volume: 7,
      cal,
      start,
      finish,
      current: new Map(),
    });
    expect([...s]).toEqual([[day('2024-03-04 00:00'), 7]]);
    const e = distributePlan({
      mode: 'end',
      base: 'by_date',
      volume: 7,
      cal,
      start,
      finish,
      current: new Map(),
    });
    expect([...e]).toEqual([[day('2024-03-15 00:00'), 7]]);
  });

  it('by_fact keeps facts as the plan and spreads what is left after the last fact', () => {
    const current = new Map([
      [day('2024-03-04 00:00'), cell({ fact: 30, plan: 10 })],
      [day('2024-03-05 00:00'), cell({ fact: 10 })],
    ]);
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_fact',
      volume: 100,
      cal,
      start,
      finish,
      current,
    });
    expect(plan.get(day('2024-03-04 00:00'))).toBe(30);
    expect(plan.get(day('2024-03-05 00:00'))).toBe(10);
    expect(plan.get(day('2024-03-06 00:00'))).toBe(7.5);
    expect(sumUnits(plan)).toBe(100_000);
  });

  it('by_lag moves the plan with the start, working day for working day', () => {
    const current = new Map([
      [day('2024-03-04 00:00'), cell({ plan: 5 })],
      [day('2024-03-08 00:00'), cell({ plan: 6 })],
    ]);
    // The start moves two working days: Monday → Wednesday; Friday's plan goes to next Tuesday.
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_lag',
      volume: 0,
      cal,
      start: t('2024-03-06 08:00'),
      finish: t('2024-03-19 17:00'),
      current,
      previousStart: start,
    });
    expect([...plan].sort((a, b) => a[0] - b[0])).toEqual([
      [day('2024-03-06 00:00'), 5],
      [day('2024-03-12 00:00'), 6],
    ]);
  });

  it('by_period stretches the planned curve over the new dates', () => {
    const current = new Map([
      [day('2024-03-04 00:00'), cell({ plan: 10 })],
      [day('2024-03-05 00:00'), cell({ plan: 10 })],
    ]);
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_period',
      volume: 999,
      cal,
      start,
      finish,
      current,
    });
    expect(plan.size).toBe(10);
    expect(sumUnits(plan)).toBe(20_000);
    expect(plan.get(day('2024-03-11 00:00'))).toBe(2);
  });

  it('by_volume plans a daily rate from the start until the volume is used', () => {
    const plan = distributePlan({
      mode: 'evenly',
      base: 'by_volume',
      volume: 25,
      rate: 4,
      cal,
      start,
      finish,
      current: new Map(),
    });
    expect(plan.size).toBe(7);
    expect(plan.get(day('2024-03-12 00:00'))).toBe(1);
    expect(sumUnits(plan)).toBe(25_000);
  });

  it('withPlan keeps facts, approved plans and statuses', () => {
    const d = day('2024-03-04 00:00');
    const current = new Map([
      [d, cell({ plan: 3, fact: 2, status: 'approved' })],
      [d + 1, cell({ plan: 4 })],
    ]);
    const next = withPlan(current, new Map([[d + 2, 1]]));
    expect(next.get(d)).toEqual(cell({ fact: 2, status: 'approved' }));
    expect(next.has(d + 1)).toBe(false);
    expect(next.get(d + 2)?.plan).toBe(1);
  });

  const modes = fc.constantFrom<DistributionMode>('start', 'end', 'evenly');
  const windows = fc
    .tuple(
      fc.integer({ min: 8800, max: 9200 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 0, max: 2880 }),
      fc.integer({ min: 1, max: 2880 }),
    )
    .map(([d, len, a, b]) => [d * MINUTES_PER_DAY + a, (d + len) * MINUTES_PER_DAY + b] as const);
  const volumes = fc.integer({ min: 0, max: 1e8 }).map((u) => u / 1000);

  it('property: by_date and by_period keep the volume, only on working days inside the dates', () => {
    fc.assert(
      fc.property(
        modes,
        fc.constantFrom<DistributionBase>('by_date', 'by_period'),
        windows,
        volumes,
        (mode, base, [s, f], volume) => {
          const days = workingDays(cal, s, f);
          const plan = distributePlan({ mode, base, volume, cal, start: s, finish: f, current: new Map() });
          for (const d of plan.keys()) {
            expect(isWorkingDay(cal, d)).toBe(true);
            expect(days.some((w) => w.day === d)).toBe(true);
          }
          expect(sumUnits(plan)).toBe(days.length > 0 ? toUnits(volume) : 0);
        },
      ),
    );
  });

  it('property: by_fact never changes facts and plans at least the volume', () => {
    fc.assert(
      fc.property(
        modes,
        windows,
        volumes,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 1e6 })), {
          maxLength: 8,
        }),
        (mode, [s, f], volume, facts) => {
          const d0 = Math.floor(s / MINUTES_PER_DAY);
          const current = new Map(facts.map(([o, u]) => [d0 + o, cell({ fact: u / 1000 })]));
          const plan = distributePlan({ mode, base: 'by_fact', volume, cal, start: s, finish: f, current });
          for (const [d, c] of current) expect(plan.get(d)).toBe(c.fact);
          const done = [...current.values()].reduce((a, c) => a + toUnits(c.fact!), 0);
          const days = workingDays(cal, s, f);
          if (days.length > 0) expect(sumUnits(plan)).toBe(Math.max(done, toUnits(volume)));
          for (const d of plan.keys()) if (!current.has(d)) expect(isWorkingDay(cal, d)).toBe(true);
        },
      ),
    );
  });

  it('property: by_lag keeps the planned total and lands on working days', () => {
    fc.assert(
      fc.property(
        windows,
        fc.integer({ min: -30, max: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 1e6 })), {
          minLength: 1,
          maxLength: 8,
        }),
        ([s, f], shift, plans) => {
          const d0 = Math.floor(s / MINUTES_PER_DAY);
          const current = new Map(plans.map(([o, u]) => [d0 + o, cell({ plan: u / 1000 })]));
          const total = [...current.values()].reduce((a, c) => a + toUnits(c.plan!), 0);
          const plan = distributePlan({
            mode: 'evenly',
            base: 'by_lag',
            volume: 0,
            cal,
            start: s + shift * MINUTES_PER_DAY,
            finish: f + shift * MINUTES_PER_DAY,
            current,
            previousStart: s,
          });
          expect(sumUnits(plan)).toBe(total);
          for (const d of plan.keys()) expect(isWorkingDay(cal, d)).toBe(true);
        },
      ),
    );
  });

  it('property: by_volume keeps the volume on working days from the start', () => {
    fc.assert(
      fc.property(
        windows,
        fc.integer({ min: 0, max: 1e6 }).map((u) => u / 1000),
        fc.integer({ min: 1000, max: 1e7 }),
        ([s, f], volume, rate) => {
          const plan = distributePlan({
            mode: 'evenly',
            base: 'by_volume',
            volume,
            rate: rate / 1000,
            cal,
            start: s,
            finish: f,
            current: new Map(),
          });
          expect(sumUnits(plan)).toBe(toUnits(volume));
          for (const d of plan.keys()) {
            expect(isWorkingDay(cal, d)).toBe(true);
            expect(d).toBeGreaterThanOrEqual(Math.floor(s / MINUTES_PER_DAY));
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
