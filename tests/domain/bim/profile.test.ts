// Appearance profiles by attribute: grouping elements by a key's value, and each group's colour.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PALETTE, attributeColors, groupByKey, groupColors } from '../../../src/domain/bim';
import type { RuleElement } from '../../../src/domain/bim';

const el = (id: number, storey: string | null, fire?: string): RuleElement => ({
  id,
  ifc_class: id % 2 ? 'IfcWall' : 'IfcSlab',
  name: null,
  type_name: null,
  material: null,
  storey,
  props: fire === undefined ? {} : { Pset_WallCommon: { FireRating: fire } },
});

describe('profiles by attribute', () => {
  it('groups by the value as links compare it, spelt as first seen, in natural order', () => {
    const els = [el(1, ' 10 roof'), el(2, '2 first'), el(3, '10 ROOF'), el(4, null), el(5, '2 first')];
    expect(groupByKey(els, { kind: 'storey' })).toEqual([
      { value: '2 first', element_ids: [2, 5] },
      { value: '10 roof', element_ids: [1, 3] },
    ]);
    expect(
      groupByKey([el(1, null, 'EI60'), el(2, null), el(3, null, 'ei60 ')], {
        kind: 'property',
        pset: 'Pset_WallCommon',
        property: 'FireRating',
      }),
    ).toEqual([{ value: 'EI60', element_ids: [1, 3] }]);
    expect(groupByKey(els, { kind: 'class' }).map((g) => g.value)).toEqual(['IfcSlab', 'IfcWall']);
  });

  it('colours a value as the profile says (any case), the others from the palette in order', () => {
    const groups = [
      { value: 'A', element_ids: [1] },
      { value: 'B', element_ids: [2, 3] },
      { value: 'C', element_ids: [4] },
    ];
    expect(groupColors(groups, { ' b ': '#ff00ff' })).toEqual([PALETTE[0], '#ff00ff', PALETTE[1]]);
    const m = attributeColors(groups, { a: '#000000' });
    expect([...m]).toEqual([
      [1, '#000000'],
      [2, PALETTE[0]],
      [3, PALETTE[0]],
      [4, PALETTE[1]],
    ]);
  });

  it('every element with a value is in exactly one group, of its value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('a', 'A', ' b', 'c ', ''), { nil: null }), { maxLength: 30 }),
        (storeys) => {
          const els = storeys.map((s, i) => el(i + 1, s));
          const groups = groupByKey(els, { kind: 'storey' });
          const ids = groups.flatMap((g) => g.element_ids).sort((x, y) => x - y);
          const want = els.filter((e) => e.storey !== null && e.storey.trim() !== '').map((e) => e.id);
          expect(ids).toEqual(want);
          for (const g of groups)
            for (const id of g.element_ids)
              expect(els[id - 1]!.storey!.trim().toLowerCase()).toBe(g.value.toLowerCase());
          expect(new Set(groups.map((g) => g.value.toLowerCase())).size).toBe(groups.length);
        },
      ),
    );
  });
});
