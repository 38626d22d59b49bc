import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commit, wbsState } from '../../../src/domain/wbs/change';
import { parentsNeedingRepair, repairOrderKeys } from '../../../src/domain/wbs/repair';
import { fromScheduleModel, toScheduleModel } from '../../../src/domain/wbs/schedule-model';
import { indent } from '../../../src/domain/wbs/structure';
import { preorder } from '../../../src/domain/wbs/view';
import { expectValidTree, generateWbs } from './helpers';

const options = {
  dataDate: 0,
  projectStart: 0,
  mustFinishBy: null,
  defaultCalendarId: 'std',
  progressMode: 'retained_logic' as const,
  lagCalendar: 'predecessor' as const,
  floatType: 'finish' as const,
  criticalBy: 'total_float' as const,
  criticalFloat: 0,
  semantics: 'p6' as const,
};

describe('repairOrderKeys', () => {
  it('re-keys siblings with duplicate or bad keys, keeping their order, so commands work again', () => {
    const doc = generateWbs(12, { seed: 2, fanout: [2] });
    const rows = new Map(doc.rows);
    for (const id of ['r3', 'r4', 'r5']) rows.set(id, { ...rows.get(id)!, orderKey: 'a1' });
    rows.set('r6', { ...rows.get('r6')!, orderKey: 'not a key' });
    const broken = wbsState({ rows, relations: doc.relations });
    expect(parentsNeedingRepair(broken.doc, broken.index)).toEqual(['r1']);
    const order = preorder(broken.index);
    const c = repairOrderKeys(broken.doc, broken.index);
    const s = commit(broken, c);
    expectValidTree(s.doc, s.index);
    expect(preorder(s.index)).toEqual(order);
    expect(parentsNeedingRepair(s.doc, s.index)).toEqual([]);
    expect(repairOrderKeys(s.doc, s.index).patches).toEqual([]);
    expect(() => indent(s.doc, s.index, ['r4', 'r5'])).not.toThrow();
  });
});

describe('fromScheduleModel', () => {
  it('is the inverse of toScheduleModel for structure, codes, constraints and relations', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 100 }), (n, seed) => {
        const s = wbsState(generateWbs(n, { seed, fanout: [3, 2] }));
        const m = toScheduleModel(s.doc.rows, s.doc.relations, [], options);
        const back = wbsState(fromScheduleModel(m));
        expectValidTree(back.doc, back.index);
        expect(preorder(back.index)).toEqual(preorder(s.index));
        const m2 = toScheduleModel(back.doc.rows, back.doc.relations, [], options);
        expect(m2.activities).toEqual(m.activities);
        expect(m2.relations).toEqual(m.relations);
        expect([...back.doc.rows.values()].every((r) => r.code === null)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
