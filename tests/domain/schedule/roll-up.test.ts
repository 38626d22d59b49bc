// Sum nodes span what is under them: on random trees of tasks, started and finished tasks,
// milestones and WBS summary activities, every sum's dates and total float equal a reference that
// walks each activity up to the root (the roll-up itself hands values up level by level). A sum
// starts with the first work under it: a started activity counts from its actual start.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import type { Activity, ScheduleModel } from '../../../src/domain/schedule/model';
import type { ScheduleResult } from '../../../src/domain/schedule/result';
import { deepestFirst } from '../../../src/domain/schedule/roll-up';
import { generateNetwork, task } from '../../fixtures/network-generator';
import { at, DAY } from './helpers';

interface Shape {
  /** For each activity after the first, which earlier sum is its parent (or none). */
  parents: number[];
  sums: boolean[];
  kinds: ('task' | 'done' | 'started' | 'milestone' | 'wbs')[];
  pct: number[];
}

const shapes = fc.integer({ min: 2, max: 60 }).chain((n) =>
  fc.record({
    parents: fc.array(fc.nat(), { minLength: n, maxLength: n }),
    sums: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    kinds: fc.array(fc.constantFrom('task', 'done', 'started', 'milestone', 'wbs'), {
      minLength: n,
      maxLength: n,
    }),
    pct: fc.array(fc.constantFrom(0, 25, 50, 100), { minLength: n, maxLength: n }),
  }),
);

function modelOf(s: Shape, seed: number): ScheduleModel {
  const n = s.parents.length;
  const base = generateNetwork({ activities: n, seed, levels: 4, relationsPerActivity: 1.2 });
  const sums: number[] = [];
  const acts: Activity[] = base.activities.map((a, i) => {
    const candidates = sums.length;
    const parent = candidates > 0 && s.parents[i]! % 3 !== 0 ? sums[s.parents[i]! % candidates]! : -1;
    const out: Activity = { ...a, parentId: parent >= 0 ? base.activities[parent]!.id : null };
    if (s.sums[i] && i < n - 1) {
      sums.push(i);
      return { ...out, nodeType: 'sum', kind: 'sum', duration: 0, remaining: 0 };
    }
    const kind = s.kinds[i]!;
    if (kind === 'milestone') return { ...out, kind: 'start_milestone', duration: 0, remaining: 0 };
    if (kind === 'wbs') return { ...out, kind: 'wbs_summary' };
    if (kind === 'done')
      return {
        ...out,
        actualStart: at('2023-12-01 08:00'),
        actualFinish: at('2023-12-05 17:00'),
        percentComplete: 100,
        remaining: 0,
      };
    if (kind === 'started')
      return { ...out, actualStart: at('2023-12-04 08:00'), percentComplete: 50, remaining: DAY };
    return { ...out, percentComplete: s.pct[i]! };
  });
  // Relations only between leaves: a sum's own links are not what this test is about.
  const leaf = new Set(acts.filter((a) => a.kind !== 'sum').map((a) => a.id));
  const relations = base.relations.filter((r) => leaf.has(r.predId) && leaf.has(r.succId));
  return { ...base, activities: acts, relations };
}

/** Walks every activity up to the root: what each sum should show. */
function reference(m: ScheduleModel, res: ScheduleResult) {
  const index = new Map(res.ids.map((id, i) => [id, i]));
  const byId = new Map(m.activities.map((a) => [a.id, a]));
  const agg = new Map<string, { es: number; ef: number; ls: number; lf: number; tf: number }>();
  for (const a of m.activities) {
    if (a.kind === 'sum' || a.kind === 'wbs_summary') continue;
    const i = index.get(a.id)!;
    const done = a.actualFinish !== null;
    const start = a.actualStart !== null && !done ? Math.min(a.actualStart, res.es[i]!) : res.es[i]!;
    for (let p = a.parentId; p !== null; p = byId.get(p)!.parentId) {
      const g = agg.get(p) ?? { es: Infinity, ef: -Infinity, ls: Infinity, lf: -Infinity, tf: Infinity };
      g.es = Math.min(g.es, start);
      g.ef = Math.max(g.ef, res.ef[i]!);
      if (!done) {
        g.ls = Math.min(g.ls, res.ls[i]!);
        g.lf = Math.max(g.lf, res.lf[i]!);
        g.tf = Math.min(g.tf, res.tf[i]!);
      }
      agg.set(p, g);
    }
  }
  return agg;
}

describe('roll-up of sums', () => {
  it('every sum spans the activities under it, however deep', () => {
    fc.assert(
      fc.property(shapes, fc.integer({ min: 1, max: 10_000 }), (shape, seed) => {
        const m = modelOf(shape, seed);
        const res = scheduleModel(m);
        const ref = reference(m, res);
        const index = new Map(res.ids.map((id, i) => [id, i]));
        for (const a of m.activities) {
          if (a.kind !== 'sum') continue;
          const g = ref.get(a.id);
          if (!g) continue;
          const i = index.get(a.id)!;
          expect([res.es[i], res.ef[i]]).toEqual([g.es, g.ef]);
          expect(res.ls[i]).toBe(g.ls === Infinity ? g.es : g.ls);
          expect(res.lf[i]).toBe(g.lf === -Infinity ? g.ef : g.lf);
          expect(res.tf[i]).toBe(g.tf === Infinity ? 0 : g.tf);
          expect(res.percentComplete[i]).toBeGreaterThanOrEqual(0);
          expect(res.percentComplete[i]).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 150 },
    );
  }, 30_000); // 150 networks: 2 s on a quiet machine, over 5 s at load 14

  it('a sum under a sum under a sum takes its dates from the task at the bottom', () => {
    const top: Activity = { ...task('top', 0), nodeType: 'sum', kind: 'sum' };
    const mid: Activity = { ...task('mid', 0), nodeType: 'sum', kind: 'sum', parentId: 'top' };
    const low: Activity = { ...task('low', 0), nodeType: 'sum', kind: 'sum', parentId: 'mid' };
    const a: Activity = { ...task('a', 3 * DAY), parentId: 'low' };
    const b: Activity = { ...task('b', 2 * DAY), parentId: 'top' };
    const base = generateNetwork({ activities: 1, seed: 1, levels: 1, relationsPerActivity: 0 });
    const m: ScheduleModel = { ...base, activities: [top, mid, low, a, b], relations: [] };
    const res = scheduleModel(m);
    const at_ = (id: string) => res.ids.indexOf(id);
    expect(res.ef[at_('low')]).toBe(res.ef[at_('a')]);
    expect(res.ef[at_('mid')]).toBe(res.ef[at_('a')]);
    expect(res.ef[at_('top')]).toBe(res.ef[at_('a')]);
    expect(res.tf[at_('top')]).toBe(0);
    expect(res.tf[at_('low')]).toBe(0);
  });
});

describe('deepestFirst', () => {
  /** A random forest: each node's parent is an earlier node or none. */
  const forest = fc
    .array(fc.option(fc.nat(), { nil: undefined }), { maxLength: 200 })
    .map((ps) => ps.map((p, i) => (p === undefined || i === 0 ? -1 : p % i)));
  // Shuffled, so parents do not always come first.
  const shuffled = forest.chain((parent) =>
    fc.shuffledSubarray([...parent.keys()], { minLength: parent.length }).map((perm) => {
      const at = new Map(perm.map((old, k) => [old, k]));
      const out = new Array<number>(parent.length);
      perm.forEach((old, k) => (out[k] = parent[old]! < 0 ? -1 : at.get(parent[old]!)!));
      return out;
    }),
  );

  it('puts every node after its children, and takes the top nodes only when asked', () => {
    fc.assert(
      fc.property(shuffled, fc.boolean(), (parent, roots) => {
        const order = [...deepestFirst(parent, roots)];
        const place = new Map(order.map((i, k) => [i, k]));
        const expected = parent.flatMap((p, i) => (roots || p >= 0 ? [i] : []));
        expect([...order].sort((a, b) => a - b)).toEqual(expected);
        parent.forEach((p, i) => {
          if (p >= 0 && place.has(p)) expect(place.get(i)!).toBeLessThan(place.get(p)!);
        });
      }),
    );
  });
});
