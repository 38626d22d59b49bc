import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subsetModel } from '../../../src/domain/schedule/subset';
import type { ScheduleModel } from '../../../src/domain/schedule';
import { generateNetwork } from '../../fixtures/network-generator';

/** A generated network whose activities hang in a tree (each under an earlier one, or at the top). */
function treeModel(n: number, seed: number, parents: number[]): ScheduleModel {
  const m = generateNetwork({ activities: n, seed, levels: 4, relationsPerActivity: 1.5 });
  m.activities.forEach((a, i) => {
    const p = parents[i % parents.length]!;
    a.parentId = i > 0 && p % 3 !== 0 ? m.activities[p % i]!.id : null;
  });
  m.assignments = m.activities.map((a, i) => ({ id: `as${i}`, activityId: a.id, resourceId: 'r', units: 8 }));
  return m;
}

describe('a version written as the filter shows it', () => {
  it('keeps the chosen rows with the summaries above them, and only the links between kept rows', () => {
    const m = treeModel(6, 1, [0]);
    const [a, b, c, d] = m.activities;
    b!.parentId = a!.id;
    c!.parentId = b!.id;
    d!.parentId = null;
    m.relations = [
      { id: 'r1', predId: c!.id, succId: d!.id, type: 'fs', lag: 0 },
      { id: 'r2', predId: b!.id, succId: c!.id, type: 'fs', lag: 0 },
    ];
    const out = subsetModel(m, new Set([c!.id]));
    expect(out.activities.map((x) => x.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(out.relations.map((r) => r.id)).toEqual(['r2']);
    expect(out.assignments.map((x) => x.activityId)).toEqual([a!.id, b!.id, c!.id]);
    expect(out.calendars).toBe(m.calendars);
  });

  it('never leaves a dangling parent, relation or assignment, and keeps every chosen row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        (n, seed, parents, picks) => {
          const m = treeModel(n, seed, parents);
          const keep = new Set(m.activities.filter((_, i) => picks[i % picks.length]).map((a) => a.id));
          const out = subsetModel(m, keep);
          const ids = new Set(out.activities.map((a) => a.id));
          for (const id of keep) expect(ids.has(id)).toBe(true);
          for (const a of out.activities) if (a.parentId) expect(ids.has(a.parentId)).toBe(true);
          for (const r of out.relations) expect(ids.has(r.predId) && ids.has(r.succId)).toBe(true);
          for (const x of out.assignments) expect(ids.has(x.activityId)).toBe(true);
          // Nothing kept that is neither chosen nor above a chosen row.
          const above = new Set<string>();
          const parentOf = new Map(m.activities.map((a) => [a.id, a.parentId]));
          for (const id of keep) for (let p = parentOf.get(id); p; p = parentOf.get(p)) above.add(p);
          for (const id of ids) expect(keep.has(id) || above.has(id)).toBe(true);
        },
      ),
    );
  });
});
