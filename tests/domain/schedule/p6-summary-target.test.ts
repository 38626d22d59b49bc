// P6 rules seen in exports the engine had not met before issue 16's third pass (docs/scheduling.md,
// "Third pass"): hand-computed on the standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduleModel } from '../../../src/domain/schedule/index';
import type { ScheduleModel } from '../../../src/domain/schedule/model';
import { generateNetwork } from '../../fixtures/network-generator';
import { act, rel, run } from './helpers';

describe('WBS summary activities and the project finish', () => {
  it("a WBS summary's stored remaining duration does not extend the late-pass target", () => {
    // P6: a WBS summary spans the activities of its WBS node and drives nothing, so the project
    // finish is B's early finish (01-05 17:00), whatever remaining duration the summary row
    // carries (Harbour Pointe baseline: 8,256 h stored for a span of 8,248 h). A 10-day summary
    // must not push the late dates of A and B a week out.
    const w = act('W', 0, { kind: 'sum', nodeType: 'sum' });
    const s = act('S', 10, { kind: 'wbs_summary', parentId: 'W' });
    const a = act('A', 2, { parentId: 'W' });
    const b = act('B', 3, { parentId: 'W' });
    const r = run([w, s, a, b], [rel('A', 'B')]);
    expect(r.B).toMatchObject({ ef: '2024-01-05 17:00', lf: '2024-01-05 17:00', tf: 0 });
    expect(r.A).toMatchObject({ lf: '2024-01-02 17:00', tf: 0 });
    expect(r.S).toMatchObject({ es: '2024-01-01 08:00', ef: '2024-01-05 17:00', lf: '2024-01-05 17:00' });
  });

  it('property: a WBS summary, whatever its stored duration, moves no other date or float', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 400_000 }),
        (n, seed, minutes) => {
          const m = generateNetwork({ activities: n, seed, levels: 4, relationsPerActivity: 1.5 });
          const first = m.activities[0]!;
          const summary = { ...first, id: 'wbs-summary', code: 'WS', kind: 'wbs_summary' as const };
          const withSummary: ScheduleModel = {
            ...m,
            activities: [...m.activities, { ...summary, duration: minutes, remaining: minutes }],
          };
          const before = scheduleModel(m);
          const after = scheduleModel(withSummary);
          expect(after.projectFinish).toBe(before.projectFinish);
          for (const f of ['es', 'ef', 'ls', 'lf', 'tf', 'ff'] as const)
            expect(Array.from(after[f].slice(0, n))).toEqual(Array.from(before[f]));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a WBS node with no activity under it', () => {
  it('is never critical, nor is a WBS summary activity alone in its node (P6 draws no bar for them)', () => {
    // An imported P6 programme often keeps WBS nodes with nothing in them yet (54069: "Concrete").
    // They have no work to be critical about: no red row, whatever the float the passes left.
    const w = act('W', 0, { kind: 'sum', nodeType: 'sum' });
    const empty = act('E', 0, { kind: 'sum', nodeType: 'sum', parentId: 'W' });
    const emptier = act('E2', 0, { kind: 'sum', nodeType: 'sum', parentId: 'E' });
    const lone = act('L', 0, { kind: 'sum', nodeType: 'sum', parentId: 'W' });
    const s = act('S', 5, { kind: 'wbs_summary', parentId: 'L' });
    const a = act('A', 2, { parentId: 'W' });
    const r = run([w, empty, emptier, lone, s, a], []);
    expect(r.A!.critical).toBe(true);
    expect(r.W!.critical).toBe(true);
    expect(r.E!.critical).toBe(false);
    expect(r.E2!.critical).toBe(false);
    expect(r.L!.critical).toBe(false);
    expect(r.S!.critical).toBe(false);
  });
});
