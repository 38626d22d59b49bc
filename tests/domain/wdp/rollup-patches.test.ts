// Roll-up through summaries, progress from facts, editing periods, matrix paste and the undoable
// patches of wdp changes (applying the inverse gives back what was there).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyWdpPatches,
  editsChange,
  isEditableDay,
  pasteEdits,
  percentFromFacts,
  rollUp,
  rowChange,
  rowTotals,
} from '../../../src/domain/wdp';
import type { RowDays, WdpCell } from '../../../src/domain/wdp';

const cell = (c: Partial<WdpCell>): WdpCell => ({
  plan: null,
  fact: null,
  approved_plan: null,
  status: 'open',
  ...c,
});

describe('roll-up', () => {
  it('sums children into every summary above them', () => {
    const parent: Record<string, string | null> = { a: 's1', b: 's1', c: 's2', s1: 's2', s2: null };
    const own = new Map([
      [
        'a',
        rowTotals(
          new Map([
            [1, cell({ plan: 1.1, fact: 0.2 })],
            [2, cell({ plan: 2.2 })],
          ]),
        ),
      ],
      ['b', { plan: 0.3, fact: 1, approved_plan: 0 }],
      ['c', { plan: 5, fact: 0, approved_plan: 2 }],
    ]);
    const all = rollUp(own, (id) => parent[id]);
    expect(all.get('a')!.plan).toBe(3.3);
    expect(all.get('s1')).toEqual({ plan: 3.6, fact: 1.2, approved_plan: 0 });
    expect(all.get('s2')).toEqual({ plan: 8.6, fact: 1.2, approved_plan: 2 });
  });

  it('rowTotals reads a window of days', () => {
    const days = new Map([
      [1, cell({ plan: 1 })],
      [5, cell({ plan: 2 })],
    ]);
    expect(rowTotals(days, 2, 9).plan).toBe(2);
  });

  it('property: a summary equals the sum of its leaves to the thousandth', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 }), (units) => {
        const own = new Map(units.map((u, i) => [`r${i}`, { plan: u / 1000, fact: 0, approved_plan: 0 }]));
        const all = rollUp(own, (id) => (id === 'top' ? null : 'top'));
        expect(Math.round(all.get('top')!.plan * 1000)).toBe(units.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('percent complete from facts', () => {
    expect(percentFromFacts(200, 50)).toBe(25);
    expect(percentFromFacts(200, 500)).toBe(100);
    expect(percentFromFacts(null, 5)).toBeNull();
    expect(percentFromFacts(0, 5)).toBeNull();
  });
});

describe('editing period', () => {
  it('days older than the period before the key date are read-only', () => {
    expect(isEditableDay({ keyDay: 100, days: 7 }, 93)).toBe(true);
    expect(isEditableDay({ keyDay: 100, days: 7 }, 92)).toBe(false);
    expect(isEditableDay({ keyDay: null, days: 7 }, -5)).toBe(true);
  });
});

describe('paste', () => {
  it('maps a matrix onto rows and days, clearing on empty and reporting text', () => {
    const r = pasteEdits(
      [
        ['1', '2,5', ''],
        ['x', '4', '5', '6'],
      ],
      ['a', 'b'],
      [10, 11, 12],
      'fact',
    );
    expect(r.edits).toEqual([
      { rowId: 'a', day: 10, kind: 'fact', value: 1 },
      { rowId: 'a', day: 11, kind: 'fact', value: 2.5 },
      { rowId: 'a', day: 12, kind: 'fact', value: null },
      { rowId: 'b', day: 11, kind: 'fact', value: 4 },
      { rowId: 'b', day: 12, kind: 'fact', value: 5 },
    ]);
    expect(r.invalid).toEqual([[1, 0, 'x']]);
  });
});

describe('wdp patches', () => {
  it('an edit and its inverse', () => {
    const store = new Map<string, RowDays>([['a', new Map([[1, cell({ plan: 2 })]])]]);
    const ch = editsChange(
      (id) => store.get(id),
      [
        { rowId: 'a', day: 1, kind: 'fact', value: 3 },
        { rowId: 'a', day: 2, kind: 'plan', value: 1 },
        { rowId: 'b', day: 1, kind: 'plan', value: null },
      ],
    );
    expect(ch.patches).toHaveLength(2);
    const next = applyWdpPatches(store, ch.patches);
    expect(next.get('a')!.get(1)).toEqual(cell({ plan: 2, fact: 3 }));
    expect(applyWdpPatches(next, ch.inversePatches)).toEqual(store);
  });

  it('property: any row change is undone by its inverse', () => {
    const cells = fc.record({
      plan: fc.option(fc.integer({ min: -5, max: 5 })),
      fact: fc.option(fc.integer({ min: 0, max: 5 })),
      approved_plan: fc.constant(null),
      status: fc.constantFrom('open' as const, 'approved' as const),
    });
    const days = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 9 }), cells), { maxLength: 8 })
      .map((l) => new Map(l));
    fc.assert(
      fc.property(days, days, (before, after) => {
        const clean = (m: Map<number, WdpCell>) =>
          new Map([...m].filter(([, c]) => c.plan !== null || c.fact !== null || c.status !== 'open'));
        const store = new Map<string, RowDays>();
        const b = clean(before);
        if (b.size) store.set('r', b);
        const ch = rowChange((id) => store.get(id), 'r', after);
        const next = applyWdpPatches(store, ch.patches);
        expect(next.get('r') ?? new Map()).toEqual(clean(after));
        expect(applyWdpPatches(next, ch.inversePatches)).toEqual(store);
      }),
    );
  });
});
