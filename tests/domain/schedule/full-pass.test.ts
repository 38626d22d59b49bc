// The full pass's plain path (full-pass.ts) equals the general per-activity steps (forwardOne,
// backwardOne, totalFloat, freeFloat) on random networks where every feature is in play next to
// plain activities: milestones, constraints, progress, LOE and WBS summaries, expected finishes,
// external dates and activities, elapsed tasks, manual tasks, several projects, lag calendars,
// float types, P6 and MS Project semantics. The general path is forced by an all-zero plan.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finishResult } from '../../../src/domain/schedule/finish';
import { fullPassPlan, PLAIN_BACKWARD, PLAIN_FORWARD } from '../../../src/domain/schedule/full-pass';
import type { FullPassPlan } from '../../../src/domain/schedule/full-pass';
import type { Activity, Constraint, ScheduleModel } from '../../../src/domain/schedule/model';
import { PreparedSchedule } from '../../../src/domain/schedule/prepared';
import type { ScheduleResult } from '../../../src/domain/schedule/result';
import { generateNetwork, rng } from '../../fixtures/network-generator';

const FIELDS = [
  'es',
  'ef',
  'ls',
  'lf',
  'tf',
  'ff',
  'startFloat',
  'finishFloat',
  'critical',
  'driving',
] as const;

/** A full compute with the plain path, and one with every activity on the general path. */
function both(m: ScheduleModel): [ScheduleResult, ScheduleResult, Uint8Array] {
  const fast = new PreparedSchedule(m);
  const a = fast.computeFull();
  const general = new PreparedSchedule(m);
  // The plan is built lazily on the first full pass: one with no plain activity sends everything
  // to the general steps.
  const plan = { ...fullPassPlan(general.net), plain: new Uint8Array(general.net.n) };
  (general as unknown as { plan: FullPassPlan }).plan = plan;
  return [a, general.computeFull(), fullPassPlan(fast.net).plain];
}

function expectSame(a: ScheduleResult, b: ScheduleResult): void {
  for (const f of FIELDS) expect(Array.from(a[f]), f).toEqual(Array.from(b[f]));
  expect(a.projectFinish).toBe(b.projectFinish);
}

const DAY = 1440;

/** Gives some activities a feature that sends them (or their neighbours) to the general path. */
function mixed(seed: number, n: number, levels: number, msp: boolean, featureShare: number): ScheduleModel {
  const g = generateNetwork({ activities: n, seed, levels, relationsPerActivity: 1.7 });
  const rand = rng(seed * 7 + 1);
  const dd = g.options.dataDate;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const activities: Activity[] = g.activities.map((a) => {
    if (rand() >= featureShare) return a;
    const date = dd + Math.floor(rand() * 60) * DAY + pick([0, 480, 600, 1020]);
    const c = (on: 'start' | 'finish', type: Constraint['type']): Activity => ({
      ...a,
      constraints: [{ on, type, date }],
    });
    switch (Math.floor(rand() * 16)) {
      case 0:
        return { ...a, kind: 'start_milestone', duration: 0, remaining: 0 };
      case 1:
        return { ...a, kind: 'finish_milestone', duration: 0, remaining: 0 };
      case 2:
        return c(pick(['start', 'finish'] as const), pick(['not_earlier', 'not_later'] as const));
      case 3:
        return c(pick(['start', 'finish'] as const), pick(['mandatory', 'in_date'] as const));
      case 4:
        return { ...a, actualStart: dd - 2 * DAY + 480, percentComplete: 40, remaining: a.duration / 2 };
      case 5:
        return {
          ...a,
          actualStart: dd - 5 * DAY + 480,
          actualFinish: dd - DAY + 1020,
          percentComplete: 100,
          remaining: 0,
        };
      case 6:
        return { ...a, kind: 'loe' };
      case 7:
        return { ...a, alap: true };
      case 8:
        return { ...a, expectedFinish: date + 5 * DAY };
      case 9:
        return { ...a, externalEarlyStart: date };
      case 10:
        return { ...a, externalLateFinish: date + 90 * DAY };
      case 11:
        return { ...a, elapsed: true };
      case 12:
        return { ...a, manual: true, manualStart: date };
      case 13:
        return { ...a, projectId: 'p2' };
      case 14:
        return { ...a, external: { start: date, finish: date + 2 * DAY, lateFinish: date + 9 * DAY } };
      default:
        return { ...a, kind: 'wbs_summary' };
    }
  });
  const relations = g.relations.map((r) =>
    rand() < 0.2 ? { ...r, lagCalendar: pick(['predecessor', 'successor', '24h', 'project'] as const) } : r,
  );
  const options = {
    ...g.options,
    semantics: msp ? ('msproject' as const) : ('p6' as const),
    floatType: pick(['finish', 'start', 'smallest'] as const),
    lagCalendar: pick(['predecessor', 'successor', '24h', 'project'] as const),
    useExpectedFinish: rand() < 0.7,
    progressMode: pick(['retained_logic', 'progress_override', 'actual_dates'] as const),
    mustFinishBy: rand() < 0.2 ? dd + 200 * DAY : null,
  };
  const { projects: _none, ...own } = options;
  const p2 = { ...own, defaultCalendarId: 'c7', floatType: 'smallest' as const };
  return {
    ...g,
    activities,
    relations,
    options: { ...options, projects: [{ id: 'p2', name: 'Second', options: p2 }] },
  };
}

describe('full pass: plain path equals the general steps', { timeout: 60_000 }, () => {
  it('on the benchmark generator (lags, FS/SS/FF/SF, two calendars)', () => {
    for (const seed of [1, 2, 3]) {
      const m = generateNetwork({ activities: 3000, seed });
      const [a, b, plan] = both(m);
      expectSame(a, b);
      // Nearly everything is plain there: the plain path was exercised.
      expect(plan.every((x) => x === (PLAIN_FORWARD | PLAIN_BACKWARD))).toBe(true);
    }
  });

  it('with every feature next to plain activities (P6 and MS Project)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: 150 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.constantFrom(0.05, 0.15, 0.4),
        (seed, n, levels, msp, share) => {
          const [a, b] = both(mixed(seed, n, levels, msp, share));
          expectSame(a, b);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('after edits: the plain path still equals the general steps', () => {
    const general = (p: PreparedSchedule): ScheduleResult => {
      const holder = p as unknown as { plan: FullPassPlan | null };
      holder.plan = { ...fullPassPlan(p.net), plain: new Uint8Array(p.net.n) };
      const res = p.computeFull();
      holder.plan = null;
      return res;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (seed, msp) => {
        const m = mixed(seed, 120, 8, msp, 0.15);
        const p = new PreparedSchedule(m);
        p.computeFull();
        const rand = rng(seed);
        for (let k = 0; k < 5; k++) {
          const a = m.activities[Math.floor(rand() * m.activities.length)]!;
          if (k % 2 === 0) p.setDuration(a.id, Math.floor(rand() * 10) * 480);
          else
            p.setConstraints(a.id, [
              { on: 'start', type: 'not_earlier', date: m.options.dataDate + 7 * DAY },
            ]);
          expectSame(p.computeFull(), general(p));
        }
      }),
      { numRuns: 40, examples: [[753842, false]] },
    );
  });

  it('incremental recompute equals a full compute after each edit (feature-heavy networks)', () => {
    // Seed 753842: an upstream duration edit moved the start of an activity with an expected
    // finish, so its scheduled duration changed while its late finish did not; the incremental
    // backward pass left its late start as it was (fixed: a changed duration marks it and its
    // predecessors for the backward pass).
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (seed, msp) => {
        const m = mixed(seed, 120, 8, msp, 0.15);
        const p = new PreparedSchedule(m);
        const q = new PreparedSchedule(m);
        p.computeFull();
        const rand = rng(seed);
        for (let k = 0; k < 5; k++) {
          const a = m.activities[Math.floor(rand() * m.activities.length)]!;
          if (k % 2 === 0) {
            const d = Math.floor(rand() * 10) * 480;
            p.setDuration(a.id, d);
            q.setDuration(a.id, d);
          } else {
            const c: Constraint[] = [
              { on: 'start', type: 'not_earlier', date: m.options.dataDate + 7 * DAY },
            ];
            p.setConstraints(a.id, c);
            q.setConstraints(a.id, c);
          }
          expectSame(p.recompute(), q.computeFull());
        }
      }),
      { numRuns: 60, examples: [[753842, false]] },
    );
  });
});

describe('finishResult: one loop equals the separate steps', { timeout: 60_000 }, () => {
  it('where nothing but floats and critical flags follow the passes (P6 and MS Project)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: 150 }),
        fc.boolean(),
        fc.constantFrom(0.05, 0.15, 0.4),
        fc.constantFrom(0, 480, -480),
        fc.boolean(),
        (seed, n, msp, share, criticalFloat, openEnds) => {
          const m = mixed(seed, n, 6, msp, share);
          // Without what needs the separate steps: ALAP, level of effort, WBS summaries.
          m.activities = m.activities.map((a) =>
            a.kind === 'loe' || a.kind === 'wbs_summary'
              ? { ...a, kind: 'task', alap: false }
              : { ...a, alap: false },
          );
          m.options = { ...m.options, criticalFloat, openEndsCritical: openEnds };
          const p = new PreparedSchedule(m);
          p.computeFull();
          const { net, st, tf, ff } = p as unknown as {
            net: Parameters<typeof finishResult>[0];
            st: Parameters<typeof finishResult>[1];
            tf: Int32Array;
            ff: Int32Array;
          };
          const one = finishResult(net, st, tf, ff);
          const steps = finishResult(net, st, tf, ff, false);
          expectSame(one, steps);
          for (const f of ['percentComplete'] as const)
            expect(Array.from(one[f])).toEqual(Array.from(steps[f]));
        },
      ),
      { numRuns: 150 },
    );
  });
});
