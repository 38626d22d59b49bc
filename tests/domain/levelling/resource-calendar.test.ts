// Levelling on resource calendars (P6's leveller: a resource is available only in the working
// time of its own calendar). Data date Monday 2024-01-01 08:00 on P6's usual calendar; a crane
// that works Monday–Wednesday, a crew that works Monday–Thursday with a holiday, a seven-day plant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { formatLocal } from '../../../src/domain/calendar/time';
import { levelSchedule } from '../../../src/domain/levelling/level-schedule';
import type {
  LevellingAssignment,
  LevellingOptions,
  LevellingResource,
} from '../../../src/domain/levelling/types';
import type { Activity, CalendarDef, Relation, ScheduleModel } from '../../../src/domain/schedule/model';
import { act, at, DAY, model, rel, SEVEN_DAY, STANDARD } from '../schedule/helpers';

const SHIFTS = STANDARD.week[1];
const MON_WED: CalendarDef = { ...STANDARD, id: 'mon-wed', week: [[], SHIFTS, SHIFTS, SHIFTS, [], [], []] };
const MORNINGS: CalendarDef = {
  ...STANDARD,
  id: 'mornings',
  week: [[], ...Array.from({ length: 5 }, () => [{ start: 480, end: 720 }]), []],
};
/** Monday–Thursday with Wednesday 10 January 2024 off. */
const MON_THU_HOLIDAY: CalendarDef = {
  ...STANDARD,
  id: 'mon-thu-h',
  week: [[], SHIFTS, SHIFTS, SHIFTS, SHIFTS, [], []],
  exceptions: [{ day: Math.floor(at('2024-01-10 00:00') / 1440), intervals: [] }],
};

/** The usual calendar shut for nine weeks: 1 January to 1 March 2024 (a Friday) off. */
const SHUTDOWN: CalendarDef = {
  ...STANDARD,
  id: 'shutdown',
  exceptions: Array.from({ length: 61 }, (_, k) => ({
    day: Math.floor(at('2024-01-01 00:00') / 1440) + k,
    intervals: [],
  })),
};

function withCalendars(m: ScheduleModel): ScheduleModel {
  return { ...m, calendars: [STANDARD, SEVEN_DAY, MON_WED, MORNINGS, MON_THU_HOLIDAY, SHUTDOWN] };
}

function level(
  m: ScheduleModel,
  resources: LevellingResource[],
  assignments: LevellingAssignment[],
  options: LevellingOptions = {},
) {
  const r = levelSchedule({ model: withCalendars(m), resources, assignments }, { timeMs: 0, ...options });
  const i = (id: string) => r.ids.indexOf(id);
  return {
    r,
    start: (id: string) => formatLocal(r.start[i(id)]),
    finish: (id: string) => formatLocal(r.finish[i(id)]),
    delay: (id: string) => r.delay[i(id)],
  };
}

const crane = (calendarId?: string | null): LevellingResource[] => [{ id: 'crane', limit: 1, calendarId }];
const onCrane = (...ids: string[]): LevellingAssignment[] =>
  ids.map((id) => ({ activityId: id, resourceId: 'crane', units: 1 }));

describe('levelling on resource calendars', { timeout: 60_000 }, () => {
  it("waits for the resource's next working day", () => {
    // P (3 d, no crane) then X (1 d on the crane): X would start Thursday, the crane's day off.
    const m = model([act('P', 3), act('X', 1)], [rel('P', 'X')]);
    expect(level(m, crane(), onCrane('X')).start('X')).toBe('2024-01-04T08:00');
    const { r, start, delay } = level(m, crane('mon-wed'), onCrane('X'));
    expect(start('X')).toBe('2024-01-08T08:00');
    expect(delay('X')).toBe(2 * DAY);
    expect(r.levelledStarts).toEqual({ X: at('2024-01-08 08:00') });
    expect(r.stats).toMatchObject({ overallocationsBefore: 1, overallocationsAfter: 0, resolved: true });
  });

  it('finds the resource after a shutdown longer than any fixed search window', () => {
    // Nothing is booked and no limit period is set: only the calendar's nine weeks off decide.
    const m = model([act('X', 2), act('Y', 1)], [rel('X', 'Y')]);
    const { r, start, finish } = level(m, crane('shutdown'), onCrane('X', 'Y'));
    expect(start('X')).toBe('2024-03-04T08:00');
    expect(finish('X')).toBe('2024-03-05T17:00');
    expect(start('Y')).toBe('2024-03-06T08:00');
    expect(r.overallocations).toEqual([]);
    expect(r.stats).toMatchObject({ resolved: true, overallocationsAfter: 0 });
  });

  it('shares the working days of the resource in priority order', () => {
    // Four one-day rows on a Monday–Wednesday crane: three this week, the fourth next Monday.
    const m = model([act('A', 1), act('B', 1), act('C', 1), act('D', 1)], []);
    const { r, start } = level(m, crane('mon-wed'), onCrane('A', 'B', 'C', 'D'), {
      priority: [{ field: 'id' }],
    });
    expect(['A', 'B', 'C', 'D'].map(start)).toEqual([
      '2024-01-01T08:00',
      '2024-01-02T08:00',
      '2024-01-03T08:00',
      '2024-01-08T08:00',
    ]);
    expect(r.overallocations).toEqual([]);
  });

  it('keeps a two-day row inside one stretch of the resource’s working days', () => {
    // Two rows of two days: the second cannot straddle the crane's Thursday and Friday off.
    const m = model([act('A', 2), act('B', 2)], []);
    const { start, finish } = level(m, crane('mon-wed'), onCrane('A', 'B'), { priority: [{ field: 'id' }] });
    expect(start('A')).toBe('2024-01-01T08:00');
    expect(start('B')).toBe('2024-01-08T08:00');
    expect(finish('B')).toBe('2024-01-09T17:00');
  });

  it('reports what cannot fit the resource’s hours instead of hiding it', () => {
    // A full-day row needs the crane in the afternoons, which it never works.
    const m = model([act('A', 1)], []);
    const { r, start } = level(m, crane('mornings'), onCrane('A'));
    expect(start('A')).toBe('2024-01-01T08:00');
    expect(r.stats.resolved).toBe(false);
    expect(r.overallocations[0]).toMatchObject({ resourceId: 'crane', limit: 0 });
  });

  it('treats a resource without a calendar, or with one the model lacks, as always available', () => {
    const m = model([act('P', 3), act('X', 1)], [rel('P', 'X')]);
    expect(level(m, crane(null), onCrane('X')).start('X')).toBe('2024-01-04T08:00');
    expect(level(m, crane('nowhere'), onCrane('X')).start('X')).toBe('2024-01-04T08:00');
    // A seven-day resource offers everything a five-day row needs.
    expect(level(m, crane('c7'), onCrane('X')).start('X')).toBe('2024-01-04T08:00');
  });

  it('keeps every resource within its limit on its own working hours, and every relation', () => {
    const resourceCal = fc.constantFrom<string | undefined>(undefined, 'std', 'mon-wed', 'mon-thu-h', 'c7');
    const caseArb = fc.integer({ min: 2, max: 9 }).chain((n) =>
      fc.record({
        acts: fc.array(
          fc.record({
            days: fc.integer({ min: 0, max: 3 }),
            sevenDay: fc.boolean(),
            res: fc.integer({ min: 0, max: 2 }),
            units: fc.integer({ min: 1, max: 2 }),
            second: fc.boolean(),
          }),
          { minLength: n, maxLength: n },
        ),
        links: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.nat(1)), { maxLength: 2 * n }),
        cals: fc.tuple(resourceCal, resourceCal, resourceCal),
        limits: fc.tuple(
          fc.integer({ min: 2, max: 3 }),
          fc.integer({ min: 2, max: 3 }),
          fc.integer({ min: 2, max: 3 }),
        ),
        passes: fc.constantFrom(0, 12),
      }),
    );
    fc.assert(
      fc.property(caseArb, (c) => {
        // A seven-day row only uses resources that work seven days (else no placement exists).
        const resources: LevellingResource[] = c.cals.map((cal, k) => ({
          id: `r${k}`,
          limit: c.limits[k],
          calendarId: cal,
        }));
        const usable = (k: number, seven: boolean) =>
          !seven || resources[k].calendarId === undefined || resources[k].calendarId === 'c7';
        const activities: Activity[] = c.acts.map((a, i) =>
          act(`A${i}`, a.days, a.sevenDay ? { calendarId: 'c7' } : {}),
        );
        const assignments: LevellingAssignment[] = [];
        c.acts.forEach((a, i) => {
          const picks = a.second ? [a.res, (a.res + 1) % 3] : [a.res];
          for (const k of picks)
            if (usable(k, a.sevenDay))
              assignments.push({ activityId: `A${i}`, resourceId: `r${k}`, units: a.units });
        });
        const relations: Relation[] = [];
        const seen = new Set<string>();
        for (const [x, y, lag] of c.links) {
          const [p, s] = x < y ? [x, y] : [y, x];
          if (p === s || seen.has(`${p}-${s}`)) continue;
          seen.add(`${p}-${s}`);
          relations.push(rel(`A${p}`, `A${s}`, 'fs', lag));
        }
        const m = withCalendars(model(activities, relations));
        const r = levelSchedule(
          { model: m, resources, assignments },
          c.passes === 0 ? { timeMs: 0 } : { maxPasses: c.passes, seed: 3, timeMs: 60_000 },
        );
        const unlevelled = levelSchedule({ model: m, resources, assignments: [] }, { timeMs: 0 });
        expect(r.stats.resolved).toBe(true);
        expect(r.overallocations).toEqual([]);
        const idx = new Map(r.ids.map((id, i) => [id, i]));
        for (const rl of relations)
          expect(r.start[idx.get(rl.succId)!]).toBeGreaterThanOrEqual(r.finish[idx.get(rl.predId)!]);
        for (let i = 0; i < r.ids.length; i++) expect(r.start[i]).toBeGreaterThanOrEqual(unlevelled.start[i]);
        // Independent check on real dates, hour by hour.
        const calIdx = new Map(m.calendars.map((d) => [d.id, buildCalendarIndex(d)]));
        const works = (cal: string, t: number) =>
          calIdx.get(cal)!.workAt(t + 60) > calIdx.get(cal)!.workAt(t);
        const used = new Map<string, number>();
        for (const a of assignments) {
          const i = idx.get(a.activityId)!;
          const cal = m.activities[i].calendarId;
          for (let t = r.start[i]; t < r.finish[i]; t += 60) {
            if (!works(cal, t)) continue;
            const resCal = resources.find((x) => x.id === a.resourceId)!.calendarId;
            expect(!resCal || works(resCal, t), `${a.resourceId} off at ${formatLocal(t)}`).toBe(true);
            const key = `${a.resourceId}@${t}`;
            used.set(key, (used.get(key) ?? 0) + a.units);
          }
        }
        for (const [key, u] of used) {
          const res = resources.find((x) => x.id === key.split('@')[0])!;
          expect(u, key).toBeLessThanOrEqual(res.limit);
        }
      }),
      { numRuns: 60 },
    );
  });
});
