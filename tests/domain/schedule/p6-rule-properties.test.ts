// Properties of P6's rules over random networks (fast-check): as late as possible never moves an
// activity earlier nor delays anything else; an expected finish that applies is the early finish;
// external activities stay where their project put them; a model split into projects with the
// same options and finish target schedules as one project; every edit sequence of the incremental API still equals
// a full compute when these rules are in play.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../../../src/domain/calendar/calendar-index';
import { scheduleModel } from '../../../src/domain/schedule/index';
import { PreparedSchedule } from '../../../src/domain/schedule/prepared';
import type { ScheduleModel } from '../../../src/domain/schedule/model';
import { generateNetwork } from '../../fixtures/network-generator';

const networks = fc.record({
  n: fc.integer({ min: 2, max: 80 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  levels: fc.integer({ min: 1, max: 10 }),
  pick: fc.integer({ min: 2, max: 5 }),
});

const gen = (p: { n: number; seed: number; levels: number }): ScheduleModel =>
  generateNetwork({ activities: p.n, seed: p.seed, levels: p.levels, relationsPerActivity: 1.5 });

/** Every `pick`-th activity (by index) gets the change. */
const every = <T>(m: ScheduleModel, pick: number, f: (a: ScheduleModel['activities'][number]) => T) =>
  m.activities.map((a, i) => (i % pick === 0 ? f(a) : a));

describe('P6 rule properties', { timeout: 60_000 }, () => {
  it('as late as possible: never earlier, nothing else moves, the project finish holds', () => {
    fc.assert(
      fc.property(networks, (p) => {
        const m = gen(p);
        const alap = { ...m, activities: every(m, p.pick, (a) => ({ ...a, alap: true })) };
        const before = scheduleModel(m);
        const after = scheduleModel(alap);
        expect(after.projectFinish).toBe(before.projectFinish);
        alap.activities.forEach((a, i) => {
          expect(after.es[i]).toBeGreaterThanOrEqual(before.es[i]!);
          if (!a.alap) expect([after.es[i], after.ef[i]]).toEqual([before.es[i], before.ef[i]]);
          // Late dates do not depend on it.
          expect([after.ls[i], after.lf[i]]).toEqual([before.ls[i], before.lf[i]]);
          // Moved as far as it may: no free float left (unless a constraint made it negative).
          if (a.alap && before.ff[i]! >= 0) expect(after.ff[i]).toBe(0);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('as late as possible: total float shrinks by exactly the working time it moved (none if it stays)', () => {
    fc.assert(
      fc.property(networks, (p) => {
        const m = gen(p);
        const alap = { ...m, activities: every(m, p.pick, (a) => ({ ...a, alap: true })) };
        const before = scheduleModel(m);
        const after = scheduleModel(alap);
        const cals = new Map(m.calendars.map((c) => [c.id, buildCalendarIndex(c)]));
        alap.activities.forEach((a, i) => {
          if (!a.alap) return;
          const c = cals.get(a.calendarId)!;
          const moved = c.workAt(after.ef[i]!) - c.workAt(before.ef[i]!);
          expect(moved).toBeGreaterThanOrEqual(0);
          // P6's finish float (the generator's float type), late finish − early finish after the move.
          expect(after.tf[i]).toBe(before.tf[i]! - moved);
          expect(after.tf[i]).toBe(c.workAt(after.lf[i]!) - c.workAt(after.ef[i]!));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('start and finish float: total float is the one the float type names, both are late − early', () => {
    const types = fc.constantFrom('start' as const, 'finish' as const, 'smallest' as const);
    fc.assert(
      fc.property(networks, types, (p, floatType) => {
        const g = gen(p);
        // Some ALAP activities and some levels of effort, so that the two floats can differ.
        const m: ScheduleModel = {
          ...g,
          options: { ...g.options, floatType },
          activities: g.activities.map((a, i) =>
            i % p.pick === 0 ? { ...a, alap: true } : i % (p.pick + 1) === 0 ? { ...a, kind: 'loe' } : a,
          ),
        };
        const r = scheduleModel(m);
        const cals = new Map(m.calendars.map((c) => [c.id, buildCalendarIndex(c)]));
        m.activities.forEach((a, i) => {
          const s = r.startFloat[i]!;
          const f = r.finishFloat[i]!;
          expect(r.tf[i]).toBe(floatType === 'start' ? s : floatType === 'finish' ? f : Math.min(s, f));
          if (a.kind === 'loe') return;
          const c = cals.get(a.calendarId)!;
          expect(f).toBe(c.workAt(r.lf[i]!) - c.workAt(r.ef[i]!));
          expect(s).toBe(c.workAt(r.ls[i]!) - c.workAt(r.es[i]!));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('an expected finish after the early start and the data date is the early finish; free float 0', () => {
    fc.assert(
      fc.property(networks, fc.integer({ min: 1, max: 4000 }), (p, extra) => {
        const m = gen(p);
        const plain = scheduleModel(m);
        const withFinish: ScheduleModel = {
          ...m,
          options: { ...m.options, useExpectedFinish: true },
          // On tasks only, and never with FF/SF predecessors (those set the finish instead).
          activities: m.activities.map((a, i) =>
            i % p.pick === 0 &&
            a.kind === 'task' &&
            !m.relations.some((r) => r.succId === a.id && (r.type === 'ff' || r.type === 'sf'))
              ? { ...a, expectedFinish: plain.ef[i]! + extra }
              : a,
          ),
        };
        const res = scheduleModel(withFinish);
        withFinish.activities.forEach((a, i) => {
          if (a.expectedFinish == null) return;
          expect(res.ff[i]).toBe(0);
          if (a.expectedFinish >= res.es[i]! && a.expectedFinish >= m.options.dataDate) {
            // The early finish is the expected finish, or the same working moment (17:00 for 18:00).
            expect(res.ef[i]).toBeLessThanOrEqual(a.expectedFinish);
            expect(res.ef[i]).toBeGreaterThanOrEqual(plain.ef[i]!);
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('external activities keep their dates; a split into projects with the same options changes nothing', () => {
    fc.assert(
      fc.property(networks, (p) => {
        const m = gen(p);
        const base = scheduleModel(m);
        const ext: ScheduleModel = {
          ...m,
          activities: every(m, p.pick, (a) => ({
            ...a,
            external: { start: 1000 * p.n, finish: 1000 * p.n + 480 },
          })),
        };
        const r = scheduleModel(ext);
        ext.activities.forEach((a, i) => {
          if (a.external) expect([r.es[i], r.ef[i]]).toEqual([a.external.start, a.external.finish]);
        });
        // Two projects, the second with a copy of the same options: the same early dates; with one
        // must-finish-by for both (each project's own finish is otherwise its target), the same
        // late dates and total floats.
        const options = { ...m.options, mustFinishBy: base.projectFinish };
        const one = scheduleModel({ ...m, options });
        const split: ScheduleModel = {
          ...m,
          options: { ...options, projects: [{ id: 'B', name: 'B', options: { ...options } }] },
          activities: every(m, p.pick, (a) => ({ ...a, projectId: 'B' })),
        };
        const s = scheduleModel(split);
        for (const f of ['es', 'ef', 'ls', 'lf', 'tf'] as const) expect(s[f]).toEqual(one[f]);
      }),
      { numRuns: 40 },
    );
  });

  it('incremental edits equal a full compute with as late as possible and completed activities', () => {
    fc.assert(
      fc.property(
        networks,
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (p, edits) => {
          const g = gen(p);
          const m: ScheduleModel = {
            ...g,
            activities: g.activities.map((a, i) =>
              i % p.pick === 0
                ? { ...a, alap: true }
                : i % (p.pick + 1) === 1
                  ? {
                      ...a,
                      actualStart: g.options.dataDate - 2880,
                      actualFinish: g.options.dataDate - 1440,
                      remaining: 0,
                    }
                  : a,
            ),
          };
          const prep = new PreparedSchedule(m);
          prep.computeFull();
          const acts = m.activities.map((a) => ({ ...a }));
          for (const e of edits) {
            const a = acts[e % acts.length]!;
            if (a.kind !== 'task' || a.actualFinish !== null) continue;
            a.duration = a.remaining = (e % 7) * 480;
            prep.setDuration(a.id, a.remaining);
          }
          const inc = prep.recompute();
          const full = scheduleModel({ ...m, activities: acts });
          for (const f of [
            'es',
            'ef',
            'ls',
            'lf',
            'tf',
            'ff',
            'startFloat',
            'finishFloat',
            'critical',
          ] as const)
            expect(inc[f]).toEqual(full[f]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
