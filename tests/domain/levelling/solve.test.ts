// The scheduler: every schedule it returns passes checkSchedule (relations, releases, fixed
// activities, calendars, every limit in every tick) unless a fixed booking or a window leaves no
// room, justification never makes a schedule worse, a seed and a pass budget repeat a result,
// and small instances reach their optimum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Justifier } from '../../../src/domain/levelling/justify';
import { mirrorProblem, mirrorSpan } from '../../../src/domain/levelling/mirror';
import {
  ListBuilder,
  PRIORITY_RULES,
  criticalPath,
  ruleValues,
} from '../../../src/domain/levelling/priority';
import { buildProblem } from '../../../src/domain/levelling/problem';
import { forEachTick } from '../../../src/domain/levelling/profile';
import { parsePsplib, psplibProblem } from '../../../src/domain/levelling/psplib';
import { solve } from '../../../src/domain/levelling/solve';
import { checkSchedule } from '../../../src/domain/levelling/verify';
import { SAMPLE_SM } from '../../fixtures/psplib-sample';
import { randomProblem } from '../../fixtures/rcpsp-generator';

const specs = fc.record({
  n: fc.integer({ min: 2, max: 40 }),
  resources: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('solve', { timeout: 60_000 }, () => {
  it('reaches the optimum of the sample (8, critical path 6)', () => {
    const res = solve(psplibProblem(parsePsplib(SAMPLE_SM)), { maxPasses: 500 });
    expect(res.makespan).toBe(8);
    expect(res.criticalPathLength).toBe(6);
    expect(res.feasible).toBe(true);
  });

  it('returns feasible schedules of plain RCPSP problems, never worse than their first rule', () => {
    fc.assert(
      fc.property(specs, (s) => {
        const p = randomProblem(s);
        const res = solve(p, { maxPasses: 300 });
        expect(res.check.precedence).toEqual([]);
        expect(res.check.resources).toEqual([]);
        expect(res.feasible).toBe(true);
        expect(res.makespan).toBeLessThanOrEqual(res.first.makespan);
        expect(res.makespan).toBeGreaterThanOrEqual(res.lowerBound);
      }),
      { numRuns: 60 },
    );
  });

  it('respects relations of all types, calendars, releases and fixed activities', () => {
    fc.assert(
      fc.property(specs, (s) => {
        const p = randomProblem({ ...s, general: true });
        const res = solve(p, { maxPasses: 200 });
        expect(res.check.precedence).toEqual([]);
        expect(res.check.misplaced).toEqual([]);
        // Limits hold wherever the fixed activities alone keep within them.
        const fixedUse = new Map<number, number>();
        for (let j = 0; j < p.n; j++)
          if (p.fixed[j])
            forEachTick(p, j, p.release[j], (r, t, a) =>
              fixedUse.set(t * 8 + r, (fixedUse.get(t * 8 + r) ?? 0) + a),
            );
        for (const v of res.check.resources)
          expect(fixedUse.get(v.tick * 8 + v.resource) ?? 0).toBeGreaterThan(v.limit);
        if (res.check.resources.length > 0) expect(res.feasible).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('repeats its result for a seed and a pass budget', () => {
    const p = randomProblem({ n: 40, resources: 3, seed: 7 });
    const a = solve(p, { maxPasses: 400, seed: 3, timeMs: 60_000 });
    const b = solve(p, { maxPasses: 400, seed: 3, timeMs: 60_000 });
    expect(Array.from(a.start)).toEqual(Array.from(b.start));
  });

  it('justification never makes a schedule worse', () => {
    fc.assert(
      fc.property(specs, fc.boolean(), (s, general) => {
        const p = randomProblem({ ...s, general });
        const H = mirrorSpan(p, 2000);
        const j = new Justifier(p, mirrorProblem(p, H), H, 64);
        const cp = criticalPath(p, mirrorProblem(p, H), H);
        for (const rule of PRIORITY_RULES) {
          const list = new ListBuilder(p).byValue(ruleValues(p, cp, rule), new Int32Array(p.n));
          const once = { ...j.forward(list) };
          const better = j.improve(list);
          expect(better.overload * 1e9 + better.makespan).toBeLessThanOrEqual(
            once.overload * 1e9 + once.makespan,
          );
        }
      }),
      { numRuns: 30 },
    );
  });

  it('keeps a lead of a start-to-start relation and a finish-to-finish lag', () => {
    // A (4 ticks) → B start-to-start lag 2; A → C finish-to-finish lag 1 (C lasts 2).
    const p = buildProblem({
      durations: [4, 3, 2],
      capacity: [1],
      uses: [
        { activity: 1, resource: 0, amount: 1 },
        { activity: 2, resource: 0, amount: 1 },
      ],
      relations: [
        { pred: 0, succ: 1, type: 1, lag: 2 },
        { pred: 0, succ: 2, type: 2, lag: 1 },
      ],
    });
    const res = solve(p, { maxPasses: 50 });
    expect(res.feasible).toBe(true);
    expect(res.start[1]).toBeGreaterThanOrEqual(2);
    expect(res.finish[2]).toBeGreaterThanOrEqual(5);
  });
});

describe('checkSchedule', () => {
  const p = psplibProblem(parsePsplib(SAMPLE_SM));

  it('accepts the optimum and rejects a broken relation or an overloaded period', () => {
    expect(checkSchedule(p, [0, 0, 2, 2, 6, 8]).feasible).toBe(true);
    const early = checkSchedule(p, [0, 0, 2, 1, 6, 8]);
    expect(early.precedence).toMatchObject([{ pred: 1, succ: 3, start: 1, bound: 2 }]);
    const together = checkSchedule(p, [0, 0, 0, 2, 6, 8]);
    expect(together.resources[0]).toMatchObject({ resource: 0, tick: 0, used: 4, limit: 3 });
    expect(together.feasible).toBe(false);
  });
});
