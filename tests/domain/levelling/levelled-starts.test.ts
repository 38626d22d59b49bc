// The levelling as an input of the engine (ScheduleOptions.levelledStarts, docs/levelling.md
// "Levelled starts in the engine"): once stored, every calculation — full or incremental — keeps
// the levelled dates, floats follow them, edits of the logic push through them, and without them
// (levelling cleared) the logic's dates come back. Levelling itself starts from the logic's dates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocal } from '../../../src/domain/calendar/time';
import { levelSchedule } from '../../../src/domain/levelling/level-schedule';
import type { LevellingAssignment, LevellingResource } from '../../../src/domain/levelling/types';
import { scheduleModel } from '../../../src/domain/schedule/index';
import type { ScheduleModel } from '../../../src/domain/schedule/model';
import { PreparedSchedule } from '../../../src/domain/schedule/prepared';
import { generateLevellingCase } from '../../fixtures/levelling-generator';
import { act, at, DAY, model, rel } from '../schedule/helpers';

const crew: LevellingResource[] = [{ id: 'crew', limit: 1 }];
const uses = (...ids: string[]): LevellingAssignment[] =>
  ids.map((id) => ({ activityId: id, resourceId: 'crew', units: 1 }));

const withStarts = (m: ScheduleModel, starts: Record<string, number>): ScheduleModel => ({
  ...m,
  options: { ...m.options, levelledStarts: starts },
});

describe('levelled starts in the engine', () => {
  // A (2 d) and B (1 d) share one crew; B feeds C (3 d): levelling delays A by a day.
  const base = model([act('A', 2), act('B', 1), act('C', 3)], [rel('B', 'C')]);
  const levelled = levelSchedule(
    { model: base, resources: crew, assignments: uses('A', 'B') },
    { timeMs: 0 },
  );

  it('schedules the levelled dates, with the floats they leave', () => {
    expect(levelled.levelledStarts).toEqual({ A: at('2024-01-02 08:00') });
    const plain = scheduleModel(base);
    const res = scheduleModel(withStarts(base, levelled.levelledStarts));
    const a = res.ids.indexOf('A');
    expect(formatLocal(res.es[a])).toBe('2024-01-02T08:00');
    expect(formatLocal(res.ef[a])).toBe('2024-01-03T17:00');
    // Before: 2 days of float (A 2 d beside B + C 4 d); after the one-day delay: 1 day.
    expect(plain.tf[a]).toBe(2 * DAY);
    expect(res.tf[a]).toBe(DAY);
    // The engine's dates with the levelled starts are the levelling's own result.
    expect(Array.from(res.es)).toEqual(Array.from(levelled.start));
    expect(Array.from(res.tf)).toEqual(Array.from(levelled.schedule.tf));
  });

  it('keeps them through incremental recomputes; a later logic date pushes through', () => {
    const ps = new PreparedSchedule(withStarts(base, levelled.levelledStarts));
    ps.computeFull();
    // An unrelated edit: A stays at its levelled start.
    ps.setDuration('C', 4 * DAY);
    let res = ps.recompute();
    expect(formatLocal(res.es[res.ids.indexOf('A')])).toBe('2024-01-02T08:00');
    // A start limit before the levelled start does not pull it back; a later one moves it.
    ps.setConstraints('A', [{ on: 'start', type: 'not_earlier', date: at('2024-01-01 08:00') }]);
    res = ps.recompute();
    expect(formatLocal(res.es[res.ids.indexOf('A')])).toBe('2024-01-02T08:00');
    ps.setConstraints('A', [{ on: 'start', type: 'not_earlier', date: at('2024-01-04 08:00') }]);
    res = ps.recompute();
    expect(formatLocal(res.es[res.ids.indexOf('A')])).toBe('2024-01-04T08:00');
  });

  it('are left out when levelling again, and the result does not depend on them', () => {
    const again = levelSchedule(
      {
        model: withStarts(base, { A: at('2024-01-10 08:00'), B: at('2024-01-08 08:00') }),
        resources: crew,
        assignments: uses('A', 'B'),
      },
      { timeMs: 0 },
    );
    expect(again.levelledStarts).toEqual(levelled.levelledStarts);
    expect(Array.from(again.delay)).toEqual(Array.from(levelled.delay));
  });

  it('on generated versions: the engine with the levelled starts gives the levelled dates, floats and finish', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 15, max: 60 }), (seed, n) => {
        const input = generateLevellingCase({ activities: n, resources: 3, seed, levels: 5 });
        const r = levelSchedule(input, { timeMs: 0, maxPasses: 1 });
        const res = scheduleModel(withStarts(input.model, r.levelledStarts));
        expect(Array.from(res.es)).toEqual(Array.from(r.start));
        expect(Array.from(res.ef)).toEqual(Array.from(r.finish));
        expect(Array.from(res.tf)).toEqual(Array.from(r.schedule.tf));
        expect(res.projectFinish).toBe(r.schedule.projectFinish);
        // An incremental recompute after an edit and its undo gives the same dates.
        const ps = new PreparedSchedule(withStarts(input.model, r.levelledStarts));
        ps.computeFull();
        const first = input.model.activities.find((a) => a.kind === 'task' && a.duration > 0);
        if (first) {
          ps.setDuration(first.id, first.duration + DAY);
          ps.recompute();
          ps.setDuration(first.id, first.duration);
          expect(Array.from(ps.recompute().es)).toEqual(Array.from(r.start));
        }
      }),
      { numRuns: 25 },
    );
  });
});
