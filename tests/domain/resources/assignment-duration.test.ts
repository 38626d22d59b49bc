// A resource-dependent row's duration following its assignments (issue 17).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationFromAssignments } from '../../../src/domain/resources';
import type { DurationRow } from '../../../src/domain/resources';

const DAY = 8 * 60;
const row = (over: Partial<DurationRow> = {}): DurationRow => ({
  nodeType: 'task',
  calendarId: null,
  duration: 3 * DAY,
  percentComplete: 0,
  actualStart: null,
  actualFinish: null,
  remaining: null,
  resourceDependent: true,
  ...over,
});
const rated = (units: number, unitsPerDay: number | null, intensity = 100) => ({
  units,
  unitsPerDay,
  intensity,
});

describe('durationFromAssignments', () => {
  it('gives an unstarted row the slowest assignment as its duration', () => {
    expect(durationFromAssignments(row(), [rated(40, 8), rated(10, 1)], 8)).toEqual({
      duration: 10 * DAY,
      remaining: null,
      remainingMinutes: 10 * DAY,
    });
  });

  it('gives a started row a kept remaining duration and leaves its duration', () => {
    const r = row({ actualStart: 0, percentComplete: 50 });
    expect(durationFromAssignments(r, [rated(40, 2)], 8)).toEqual({
      duration: 3 * DAY,
      remaining: 10 * DAY,
      remainingMinutes: 10 * DAY,
    });
  });

  it('keeps the duration of rows that are not resource dependent, not tasks, finished or unrated', () => {
    const a = [rated(40, 8)];
    expect(durationFromAssignments(row({ resourceDependent: false }), a, 8)).toBeNull();
    expect(durationFromAssignments(row({ nodeType: 'milestone_start', duration: 0 }), a, 8)).toBeNull();
    expect(durationFromAssignments(row({ nodeType: 'sum' }), a, 8)).toBeNull();
    expect(durationFromAssignments(row({ actualStart: 0, actualFinish: DAY }), a, 8)).toBeNull();
    expect(durationFromAssignments(row(), [rated(40, null), rated(40, 0)], 8)).toBeNull();
    expect(durationFromAssignments(row(), [], 8)).toBeNull();
  });

  it('answers null when the row already lasts what its assignments give', () => {
    expect(durationFromAssignments(row({ duration: 5 * DAY }), [rated(40, 8)], 8)).toBeNull();
  });

  const arbRate = fc.double({ min: 0.01, max: 1000, noNaN: true });
  const arbUnits = fc.double({ min: 0, max: 1e5, noNaN: true });
  const arbIntensity = fc.integer({ min: 1, max: 200 });
  const arbHours = fc.integer({ min: 1, max: 24 });

  it('halves the working duration when the rate doubles (property)', () => {
    fc.assert(
      fc.property(arbUnits, arbRate, arbIntensity, arbHours, (units, rate, intensity, hours) => {
        const r = row({ duration: 123_457 });
        const once = durationFromAssignments(r, [rated(units, rate, intensity)], hours);
        const twice = durationFromAssignments(r, [rated(units, rate * 2, intensity)], hours);
        const days = units / (rate * (intensity / 100));
        expect(once?.duration ?? r.duration).toBe(Math.round(days * hours * 60));
        expect(twice?.duration ?? r.duration).toBe(Math.round((days / 2) * hours * 60));
      }),
    );
  });

  it('never changes a row that is not resource dependent (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ units: arbUnits, unitsPerDay: fc.option(arbRate), intensity: arbIntensity })),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        arbHours,
        (list, percent, started, hours) => {
          const r = row({
            resourceDependent: false,
            percentComplete: percent,
            actualStart: started ? 0 : null,
          });
          expect(durationFromAssignments(r, list, hours)).toBeNull();
        },
      ),
    );
  });

  it('applied once, is a fixed point (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ units: arbUnits, unitsPerDay: fc.option(arbRate), intensity: arbIntensity }), {
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 99 }),
        fc.boolean(),
        arbHours,
        (list, percent, started, hours) => {
          const r = row({ percentComplete: percent, actualStart: started ? 0 : null });
          const next = durationFromAssignments(r, list, hours);
          if (next === null) return;
          const after = { ...r, duration: next.duration, remaining: next.remaining };
          expect(durationFromAssignments(after, list, hours)).toBeNull();
        },
      ),
    );
  });
});
