import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  deviationClass,
  deviationDays,
  diffRelations,
  elementDeviations,
  invertEdit,
  isPrimitiveId,
  nextPrimitiveNum,
  primitiveElementId,
  primitiveExtent,
  primitiveNum,
} from '../../../src/domain/bim';
import type { Pair } from '../../../src/domain/bim';

const pairs = fc.uniqueArray(
  fc.record({ wbs_id: fc.constantFrom('a', 'b', 'c'), element_id: fc.integer({ min: 1, max: 8 }) }),
  { selector: (p) => `${p.wbs_id}/${p.element_id}` },
);
const sorted = (ps: Pair[]) => ps.map((p) => `${p.wbs_id}/${p.element_id}`).sort();

describe('link edits (undo)', () => {
  it('applying the diff of before → after gives after; its inverse gives before back', () => {
    fc.assert(
      fc.property(pairs, pairs, (before, after) => {
        const e = diffRelations(before, after);
        expect(sorted(applyEdit(before, e))).toEqual(sorted(after));
        expect(sorted(applyEdit(after, invertEdit(e)))).toEqual(sorted(before));
      }),
    );
  });
  it('an edit adding one pair records just that pair', () => {
    const e = diffRelations(
      [{ wbs_id: 'a', element_id: 1 }],
      [
        { wbs_id: 'a', element_id: 1 },
        { wbs_id: 'b', element_id: 2 },
      ],
    );
    expect(e).toEqual({ added: [{ wbs_id: 'b', element_id: 2 }], removed: [] });
  });
});

describe('deviation', () => {
  it('days and classes', () => {
    expect(deviationDays({ finish: 1440 * 3, target_finish: 1440 })).toBe(2);
    expect(deviationDays({ finish: null, target_finish: 1440 })).toBeNull();
    expect(deviationClass(2)).toBe('behind');
    expect(deviationClass(-1)).toBe('ahead');
    expect(deviationClass(0.2)).toBe('on_time');
    expect(deviationClass(null)).toBe('no_target');
  });
  it('an element takes the worst class of its started rows', () => {
    const rows = [
      { start: 0, finish: 1440, target_finish: 2880, element_ids: [1, 2] },
      { start: 5000, finish: 9000, target_finish: 1440, element_ids: [2, 3] },
    ];
    const early = elementDeviations(rows, 100);
    expect([...early]).toEqual([
      [1, 'ahead'],
      [2, 'ahead'],
    ]);
    const late = elementDeviations(rows, 6000);
    expect(late.get(2)).toBe('behind');
    expect(late.get(3)).toBe('behind');
    expect(elementDeviations(rows, null).size).toBe(3);
  });
});

describe('primitives', () => {
  it('element ids round-trip and sit above STEP ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (n) => {
        expect(primitiveNum(primitiveElementId(n))).toBe(n);
        expect(isPrimitiveId(primitiveElementId(n))).toBe(true);
      }),
    );
    expect(isPrimitiveId(123456)).toBe(false);
    expect(nextPrimitiveNum([])).toBe(1);
    expect(nextPrimitiveNum([3, 1])).toBe(4);
  });
  it('extents by shape', () => {
    expect(primitiveExtent('sphere', [2, 9, 9])).toEqual([2, 2, 2]);
    expect(primitiveExtent('plane', [4, 9, 3])).toEqual([4, 0, 3]);
    expect(primitiveExtent('cylinder', [1, 30, 9])).toEqual([1, 30, 1]);
    expect(primitiveExtent('box', [1, 2, 3])).toEqual([1, 2, 3]);
  });
});
