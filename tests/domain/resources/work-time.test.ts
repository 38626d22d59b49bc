import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { dayOf, toMinutes } from '../../../src/domain/calendar/time';
import {
  assignmentCalendarId,
  calendarWorkTime,
  capacityByPeriod,
  dailyProfile,
  dayCapacity,
  groupProfile,
  periodLoad,
  periodsOf,
  usageByPeriod,
} from '../../../src/domain/resources';
import type { DatedAssignment, PeriodUnit, WorkTime } from '../../../src/domain/resources';
import type { CalendarDef, WorkInterval } from '../../../src/domain/schedule/model';

const DAY = 1440;
const mon = toMinutes(2026, 3, 2); // Monday 2 March 2026
const at = (day: number, hour = 8) => mon + day * DAY + hour * 60;
const EIGHT: WorkInterval[] = [
  { start: 480, end: 720 },
  { start: 780, end: 1020 },
];
const HALF: WorkInterval[] = [{ start: 480, end: 720 }];

/** A calendar working the given weekdays (0 = Sunday) eight hours, optionally a half day. */
const laid = new Map<string, WorkTime>();
function calendar(days: number[], half: number[] = []): WorkTime {
  const key = `${[...days].sort().join('')}-${half.join('')}`;
  const hit = laid.get(key);
  if (hit) return hit;
  const def: CalendarDef = {
    id: `c${days.join('')}-${half.join('')}`,
    name: 'test',
    week: Array.from({ length: 7 }, (_, d) => (days.includes(d) ? EIGHT : half.includes(d) ? HALF : [])),
    exceptions: [],
    hoursPerDay: 8,
    hoursPerWeek: 8 * days.length,
    hoursPerMonth: 160,
  };
  const time = calendarWorkTime(buildCalendarIndex(def), 8);
  laid.set(key, time);
  return time;
}
const fiveDay = calendar([1, 2, 3, 4, 5]);
const sixDay = calendar([1, 2, 3, 4, 5, 6]);
const fourDay = calendar([1, 2, 3, 4]);
const fiveAndHalf = calendar([1, 2, 3, 4, 5], [6]);

const round = (x: number) => Math.round(x * 1e9) / 1e9;
const job = (start: number, finish: number, extra: Partial<DatedAssignment> = {}): DatedAssignment => ({
  start,
  finish,
  units: 12,
  unitsPerDay: null,
  intensity: 100,
  curve: 'uniform',
  curveValues: null,
  ...extra,
});

describe('whose working time usage and availability follow (P6)', () => {
  it("a resource-dependent activity's assignment follows the resource's calendar, else the activity's", () => {
    expect(assignmentCalendarId({ kind: 'resource', calendarId: 'act' }, 'res')).toBe('res');
    expect(assignmentCalendarId({ kind: 'resource', calendarId: 'act' }, null)).toBe('act');
    expect(assignmentCalendarId({ kind: 'task', calendarId: 'act' }, 'res')).toBe('act');
    expect(assignmentCalendarId({ calendarId: null }, 'res')).toBeNull();
  });

  it('a six-day activity uses its resource on Saturday; a four-day resource offers nothing on Friday', () => {
    // Monday 08:00 to Saturday 17:00 on a six-day calendar: 6 working days, 2 units a day.
    const p = dailyProfile(
      [job(at(0), at(5, 17), { time: sixDay })],
      { defaultLimit: 3, limits: [] },
      fourDay,
    )!;
    expect(Array.from(p.daily, round)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(Array.from(p.limit)).toEqual([3, 3, 3, 3, 0, 0]);
    expect(p.overDays).toBe(2); // Friday and Saturday: work, but the resource is off
    // The same on the histogram of the Resources screen.
    const days = periodsOf(at(0, 0), at(7, 0), 'day');
    const used = usageByPeriod(
      [{ start: at(0), finish: at(5, 17), units: 12, curve: 'uniform', time: sixDay }],
      days,
    );
    expect(used.map(round)).toEqual([2, 2, 2, 2, 2, 2, 0]);
    expect(capacityByPeriod(days, { defaultLimit: 3, limits: [] }, fourDay)).toEqual([3, 3, 3, 3, 0, 0, 0]);
  });

  it('a half working day offers half the limit and takes half a rate', () => {
    const week = periodsOf(at(0, 0), at(7, 0), 'week');
    expect(capacityByPeriod(week, { defaultLimit: 2, limits: [] }, fiveAndHalf)).toEqual([11]);
    const p = dailyProfile(
      [job(at(4), at(5, 12), { unitsPerDay: 2, time: fiveAndHalf })],
      null,
      fiveAndHalf,
    )!;
    expect(Array.from(p.daily, round)).toEqual([2, 1]);
  });

  it('a rate starting at 13:00 uses half a day on its first day', () => {
    const p = dailyProfile([job(at(0, 13), at(2, 12), { unitsPerDay: 4, time: fiveDay })], null, fiveDay)!;
    expect(Array.from(p.daily, round)).toEqual([2, 4, 2]);
  });

  const weekPattern = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });

  it('every unit of a bar lands in a period, on working time of its own calendar only', () => {
    fc.assert(
      fc.property(
        weekPattern,
        fc.integer({ min: 0, max: 60 * 24 * 4 }),
        fc.integer({ min: 1, max: 40 * 24 * 4 }),
        fc.double({ min: 0.5, max: 500, noNaN: true }),
        fc.constantFrom('uniform', 'front', 'back', 'bell' as const),
        fc.constantFrom<PeriodUnit>('day', 'week', 'month'),
        (pattern, s, len, units, curve, unit) => {
          const time = calendar(pattern);
          const start = mon + s * 15;
          const finish = start + len * 15;
          if (time.between(start, finish) <= 0) return;
          const days = periodsOf(start, finish + 1, 'day');
          const used = usageByPeriod([{ start, finish, units, curve, time }], days);
          days.forEach((d, i) => {
            if (time.between(d.from, d.to) === 0) expect(used[i]).toBe(0);
          });
          const periods = periodsOf(start, finish + 1, unit);
          const total = usageByPeriod([{ start, finish, units, curve, time }], periods).reduce(
            (a, b) => a + b,
            0,
          );
          expect(total).toBeCloseTo(units, 6);
          // The Gantt's daily profile spreads the same quantity the same way.
          const p = dailyProfile([job(start, finish, { units, curve, time })], null, time)!;
          for (let i = 0; i < p.daily.length; i++) {
            const k = days.findIndex((d) => dayOf(d.from) === p.firstDay + i);
            expect(p.daily[i]).toBeCloseTo(used[k]!, 6);
          }
        },
      ),
    );
  });

  it("a group's profile is the sum of its members' usage and availability, period by period", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pattern: weekPattern,
            limit: fc.integer({ min: 0, max: 5 }),
            jobs: fc.array(
              fc.record({ s: fc.integer({ min: 0, max: 40 }), d: fc.integer({ min: 1, max: 20 }) }),
              {
                maxLength: 4,
              },
            ),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom<PeriodUnit>('day', 'week', 'month'),
        (members, unit) => {
          const built = members.map((m) => {
            const time = calendar(m.pattern);
            const availability = { defaultLimit: m.limit, limits: [] };
            const list = m.jobs.map((j) => job(at(j.s), at(j.s + j.d), { unitsPerDay: 1, time: fiveDay }));
            return { time, availability, profile: dailyProfile(list, availability, time) };
          });
          const g = groupProfile(built);
          if (built.every((b) => b.profile === null)) {
            expect(g).toBeNull();
            return;
          }
          const groupCap = (d: number) =>
            built.reduce((s, b) => s + dayCapacity(b.availability, b.time)!(d), 0);
          for (const q of periodsOf(at(0, 0), at(70, 0), unit)) {
            const load = periodLoad(g!, q.from, q.to, groupCap);
            let usage = 0;
            let capacity = 0;
            for (const b of built) {
              capacity += capacityByPeriod([q], b.availability, b.time)[0]!;
              if (b.profile) usage += periodLoad(b.profile, q.from, q.to, null).usage;
            }
            expect(load.usage).toBeCloseTo(usage, 6);
            expect(load.capacity).toBeCloseTo(capacity, 6);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
