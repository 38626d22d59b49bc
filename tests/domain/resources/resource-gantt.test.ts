import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinutes } from '../../../src/domain/calendar/time';
import {
  capacityByPeriod,
  dailyProfile,
  dayCapacity,
  periodLoad,
  periodPeak,
  periodsOf,
  resourceGanttRows,
} from '../../../src/domain/resources';
import type {
  DatedAssignment,
  GanttAssignment,
  GanttResource,
  PeriodUnit,
} from '../../../src/domain/resources';

const mon = toMinutes(2026, 3, 2); // Monday 2 March 2026
const DAY = 1440;
const at = (day: number, hour = 8) => mon + day * DAY + hour * 60;
const job = (start: number, finish: number, extra: Partial<DatedAssignment> = {}): DatedAssignment => ({
  start,
  finish,
  units: 10,
  unitsPerDay: null,
  intensity: 100,
  curve: 'uniform',
  curveValues: null,
  ...extra,
});

describe('resource Gantt rows', () => {
  const res: GanttResource[] = [
    { key: 'r1', name: 'Crane', unit: '', availability: null },
    { key: 'r2', name: 'Idle', unit: '', availability: null },
    { key: 'r3', name: 'Mason', unit: 'h', availability: null },
  ];
  const asg = (id: string, resourceKey: string): GanttAssignment => ({
    id,
    wbsId: id,
    resourceKey,
    units: 1,
    unitsPerDay: null,
    intensity: 100,
    curve: 'uniform',
    curveValues: null,
  });
  const list = [asg('a', 'r3'), asg('b', 'r1'), asg('c', 'r3')];

  it('lists resources in their order, each followed by its assignments; idle ones only when asked', () => {
    const rows = resourceGanttRows(res, list);
    expect(rows).toEqual([
      { kind: 'resource', resource: 0, count: 1, depth: 0, group: false },
      { kind: 'assignment', resource: 0, assignment: 1, depth: 1 },
      { kind: 'resource', resource: 2, count: 2, depth: 0, group: false },
      { kind: 'assignment', resource: 2, assignment: 0, depth: 1 },
      { kind: 'assignment', resource: 2, assignment: 2, depth: 1 },
    ]);
    expect(resourceGanttRows(res, list, new Set(), true)).toHaveLength(6);
  });

  it('a group shows when a member is assigned, its members under it; collapsing it hides them', () => {
    const tree: GanttResource[] = [
      { key: 'g', name: 'Cranes', unit: '', availability: null },
      { key: 'c1', name: 'Crane 1', unit: '', availability: null, parentKey: 'g' },
      { key: 'c2', name: 'Crane 2', unit: '', availability: null, parentKey: 'g' },
      { key: 'm', name: 'Mason', unit: '', availability: null },
    ];
    const rows = resourceGanttRows(tree, [asg('a', 'c2'), asg('b', 'm')]);
    expect(rows).toEqual([
      { kind: 'resource', resource: 0, count: 0, depth: 0, group: true },
      { kind: 'resource', resource: 2, count: 1, depth: 1, group: false },
      { kind: 'assignment', resource: 2, assignment: 0, depth: 2 },
      { kind: 'resource', resource: 3, count: 1, depth: 0, group: false },
      { kind: 'assignment', resource: 3, assignment: 1, depth: 1 },
    ]);
    expect(resourceGanttRows(tree, [asg('a', 'c2')], new Set(['g'])).map((r) => r.resource)).toEqual([0]);
  });

  it('a collapsed resource shows its row only', () => {
    const rows = resourceGanttRows(res, list, new Set(['r3']));
    expect(rows.map((r) => r.kind)).toEqual(['resource', 'assignment', 'resource']);
  });
});

describe('daily usage profile', () => {
  const limit1 = { defaultLimit: 1, limits: [] };

  it('a rate uses rate × intensity on each working day, the weekend nothing', () => {
    // Thursday to the next Tuesday: Thu, Fri, Mon, Tue = 4 working days.
    const p = dailyProfile([job(at(3), at(8, 17), { unitsPerDay: 2, intensity: 50 })], limit1)!;
    expect(p.usage[p.usage.length - 1]).toBeCloseTo(4);
    expect(p.peak).toBeCloseTo(1);
    expect(p.overDays).toBe(0);
    expect(periodLoad(p, mon + 5 * DAY, mon + 7 * DAY, dayCapacity(limit1)).usage).toBe(0);
  });

  it('two rows at once over a limit of one are over it on the days they overlap', () => {
    const p = dailyProfile(
      [job(at(0), at(4, 17), { unitsPerDay: 1 }), job(at(2), at(4, 17), { unitsPerDay: 1 })],
      limit1,
    )!;
    expect(p.overDays).toBe(3);
    expect(p.peak).toBeCloseTo(2);
    const week = periodLoad(p, mon, mon + 7 * DAY, dayCapacity(limit1));
    expect(week.usage).toBeCloseTo(8);
    expect(week.capacity).toBeCloseTo(5);
  });

  it("a week's column shows its busiest day, and a day over the limit though the week's sum is within", () => {
    // Thursday and Friday at two a day; the week's 4 units are within its 5 × 1.
    const p = dailyProfile(
      [job(at(3), at(4, 17), { unitsPerDay: 1 }), job(at(3), at(4, 17), { unitsPerDay: 1 })],
      limit1,
    )!;
    const week = periodLoad(p, mon, mon + 7 * DAY, dayCapacity(limit1));
    expect(week.usage).toBeCloseTo(4);
    expect(week.capacity).toBeCloseTo(5);
    expect(periodPeak(p, mon, mon + 7 * DAY, dayCapacity(limit1))).toEqual({ peak: 2, limit: 1, over: true });
    expect(periodPeak(p, mon + 7 * DAY, mon + 14 * DAY, dayCapacity(limit1))).toEqual({
      peak: 0,
      limit: 1,
      over: false,
    });
    expect(periodPeak(p, mon, mon + 7 * DAY, null).over).toBe(false);
  });

  it('a period limit applies on its days', () => {
    const a = { defaultLimit: 1, limits: [{ from: mon + 2 * DAY, to: mon + 3 * DAY, limit: 3 }] };
    const p = dailyProfile([job(at(0), at(4, 17), { unitsPerDay: 2 })], a)!;
    expect(p.overDays).toBe(4);
    expect(periodLoad(p, mon, mon + 7 * DAY, dayCapacity(a)).capacity).toBeCloseTo(7);
  });

  it('a quantity without a rate spreads over the working days, shaped by its curve', () => {
    const flat = dailyProfile([job(at(0), at(4, 17))], null)!;
    expect(flat.peak).toBeCloseTo(2);
    const bell = dailyProfile([job(at(0), at(4, 17), { curve: 'bell' })], null)!;
    expect(bell.usage[5]).toBeCloseTo(10);
    expect(bell.peak).toBeGreaterThan(2);
    expect(bell.overDays).toBe(0);
  });

  it('period loads agree with the histogram of the Resources screen for every unit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ s: fc.integer({ min: 0, max: 60 }), d: fc.integer({ min: 1, max: 30 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.constantFrom<PeriodUnit>('day', 'week', 'month'),
        (jobs, unit) => {
          const a = { defaultLimit: 2, limits: [{ from: mon + 10 * DAY, to: mon + 20 * DAY, limit: 5 }] };
          const list = jobs.map((j) => job(mon + j.s * DAY, mon + (j.s + j.d) * DAY, { unitsPerDay: 1 }));
          const p = dailyProfile(list, a)!;
          const periods = periodsOf(mon - 10 * DAY, mon + 100 * DAY, unit);
          const caps = capacityByPeriod(periods, a);
          let total = 0;
          periods.forEach((q, i) => {
            const load = periodLoad(p, q.from, q.to, dayCapacity(a));
            expect(load.capacity).toBeCloseTo(caps[i]!);
            total += load.usage;
          });
          expect(total).toBeCloseTo(p.usage[p.usage.length - 1]!);
        },
      ),
    );
  });
});
