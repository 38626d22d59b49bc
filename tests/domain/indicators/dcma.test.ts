import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assessSchedule } from '../../../src/domain/indicators';
import type { IndActivity, IndInput, IndRelation, Indicator } from '../../../src/domain/indicators';

const DAY = 480;
const task = (id: string, over: Partial<IndActivity> = {}): IndActivity => ({
  id,
  type: 'task',
  duration: 5 * DAY,
  remaining: 5 * DAY,
  actualStart: null,
  actualFinish: null,
  es: 1000,
  ef: 2000,
  tf: 0,
  critical: false,
  startLimit: null,
  finishLimit: null,
  resources: 1,
  ...over,
});
const rel = (pred: string, succ: string, type: IndRelation['type'] = 'fs', lag = 0): IndRelation => ({
  pred,
  succ,
  type,
  lag,
});
const run = (over: Partial<IndInput>) =>
  new Map(
    assessSchedule({
      activities: [],
      relations: [],
      target: null,
      dataDate: null,
      minutesPerDay: DAY,
      ...over,
    }).map((i) => [i.key, i] as [string, Indicator]),
  );

describe('assessSchedule (DCMA 14 points and target)', () => {
  it('flags missing logic, leads, lags, non-FS types, hard constraints, floats and durations', () => {
    const r = run({
      activities: [
        task('a'),
        task('b', { tf: 50 * DAY, startLimit: 'not_later' }),
        task('c', { tf: -DAY, remaining: 60 * DAY }),
        task('d'),
      ],
      relations: [rel('a', 'b'), rel('b', 'c', 'ss', -DAY), rel('c', 'd', 'fs', DAY)],
    });
    expect(r.get('logic')!.ids.sort()).toEqual(['a', 'd']);
    expect(r.get('logic')!.pass).toBe(false);
    expect(r.get('leads')!.ids).toEqual(['c']);
    expect(r.get('lags')!.ids).toEqual(['d']);
    expect(r.get('relationship_types')!.ids).toEqual(['c']);
    expect(r.get('relationship_types')!.value).toBeCloseTo(1 / 3);
    expect(r.get('hard_constraints')!.ids).toEqual(['b']);
    expect(r.get('high_float')!.ids).toEqual(['b']);
    expect(r.get('negative_float')!.ids).toEqual(['c']);
    expect(r.get('high_duration')!.ids).toEqual(['c']);
    expect(r.get('resources')!.pass).toBe(true);
    // No target, no data date: the target checks are not applicable.
    for (const k of ['missed_tasks', 'cpli', 'bei', 'invalid_dates', 'slipped_finish'])
      expect(r.get(k)!.pass).toBeNull();
  });

  it('measures progress against the target: BEI, missed tasks, CPLI, slips', () => {
    const target = new Map([
      ['a', { start: 0, finish: 500 }],
      ['b', { start: 500, finish: 900 }],
      ['c', { start: 900, finish: 3000 }],
    ]);
    const r = run({
      activities: [
        task('a', { actualStart: 0, actualFinish: 600, es: null, ef: null }),
        task('b', { actualStart: 600, es: 1000, ef: 1500 }),
        task('c', { es: 1500, ef: 4000, critical: true }),
      ],
      relations: [rel('a', 'b'), rel('b', 'c')],
      target,
      dataDate: 1000,
    });
    expect(r.get('bei')!.value).toBeCloseTo(1 / 2);
    expect(r.get('bei')!.ids).toEqual(['b']);
    expect(r.get('missed_tasks')!.ids.sort()).toEqual(['a', 'b']);
    // Path 3000 min long from the data date, finishing 1000 after the target: (3000 - 1000) / 3000.
    expect(r.get('cpli')!.value).toBeCloseTo(2 / 3);
    expect(r.get('cpli')!.pass).toBe(false);
    expect(r.get('started_late')!.ids).toEqual(['b']);
    expect(r.get('finished_late')!.ids).toEqual(['a']);
    expect(r.get('slipped_finish')!.ids.sort()).toEqual(['b', 'c']);
    // c is critical with a predecessor that is not: a break in the critical path.
    expect(r.get('critical_path_test')!.ids).toEqual(['c']);
  });

  it('keeps every flagged id among the activities and every share between 0 and 1', () => {
    const arb = fc
      .array(fc.record({ tf: fc.integer({ min: -5, max: 60 }), lag: fc.integer({ min: -2, max: 2 }) }), {
        minLength: 1,
        maxLength: 20,
      })
      .map((specs) => ({
        activities: specs.map((s, i) => task(`t${i}`, { tf: s.tf * DAY })),
        relations: specs.slice(1).map((s, i) => rel(`t${i}`, `t${i + 1}`, 'fs', s.lag)),
      }));
    fc.assert(
      fc.property(arb, ({ activities, relations }) => {
        const ids = new Set(activities.map((a) => a.id));
        for (const ind of assessSchedule({
          activities,
          relations,
          target: null,
          dataDate: null,
          minutesPerDay: DAY,
        })) {
          for (const id of ind.ids) expect(ids.has(id)).toBe(true);
          if (ind.comparison === 'max' && ind.key !== 'critical_path_test') {
            expect(ind.value).toBeGreaterThanOrEqual(0);
            expect(ind.value).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });
});
