// mergeAttributeLists: every version's attributes in one list, one entry per key, a typed
// definition winning over a label-only one (property: every key once, from one of the lists).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeAttributeLists } from '../../../src/domain/project-grid/attributes';

describe('project grid attribute columns', () => {
  it('lists each key once, a typed definition winning, first schedule first', () => {
    const a = [
      { key: 'Zone', label: 'Zone' },
      { key: 'a_qty', label: 'Qty', type: 'number' },
    ];
    const b = [
      { key: 'a_qty', label: 'Qty', type: 'number' },
      { key: 'Zone', label: 'Zone (B)', type: 'text' },
      { key: 'Floor', label: 'Floor' },
    ];
    expect(mergeAttributeLists([a, b])).toEqual([
      { key: 'Zone', label: 'Zone (B)', type: 'text' },
      { key: 'a_qty', label: 'Qty', type: 'number' },
      { key: 'Floor', label: 'Floor' },
    ]);
    expect(mergeAttributeLists([])).toEqual([]);
  });

  it('every key of every list once, its entry one of that key’s (property)', () => {
    const entry = fc.record({
      key: fc.constantFrom('k1', 'k2', 'k3', 'k4'),
      label: fc.string({ maxLength: 3 }),
      type: fc.option(fc.constantFrom('number', 'text'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(entry, { maxLength: 5 }), { maxLength: 4 }), (lists) => {
        const out = mergeAttributeLists(lists);
        const keys = new Set(lists.flat().map((e) => e.key));
        expect(out.map((e) => e.key).sort()).toEqual([...keys].sort());
        for (const e of out) {
          expect(lists.flat()).toContain(e);
          // A typed one is chosen whenever the key has one.
          if (lists.flat().some((x) => x.key === e.key && x.type !== undefined)) expect(e.type).toBeDefined();
        }
      }),
    );
  });
});
