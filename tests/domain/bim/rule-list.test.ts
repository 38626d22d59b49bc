// A link set's list of rules (issue 25): applied together they link the union of what each rule
// links, each pair once, whatever their order; each rule's own counts; a saved rule naming its
// rows by a fixed row key ("class IfcSlab → code A1234") against a brute-force walk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classMatches, elementKey, matchRule, matchRules, norm, rowKey } from '../../../src/domain/bim';
import type { Rule, RuleElement, RuleRow } from '../../../src/domain/bim';

const storeys = ['00', '01', ' 01 ', 'Level 1', null];
const element = fc.record({
  id: fc.integer({ min: 1, max: 300 }),
  ifc_class: fc.constantFrom('IfcWall', 'IfcWallStandardCase', 'IfcSlab'),
  name: fc.constantFrom('A1234', 'w', null),
  type_name: fc.constant(null),
  material: fc.constantFrom('Brick', null),
  storey: fc.constantFrom(...storeys),
  props: fc.constantFrom({}, { P: { Location: '01' } }, { P: { Location: 'Level 1 ' } }),
}) as fc.Arbitrary<RuleElement>;
const row = fc.record({
  id: fc.uuid(),
  code: fc.constantFrom('A1234', 'IfcSlab', 'b'),
  name: fc.constantFrom('00', '01', 'level 1', 'x'),
  attributes: fc.constantFrom({}, { Location: '01' }, { Location: 'Level 1' }),
}) as fc.Arbitrary<RuleRow>;
const rule = fc.record(
  {
    element: fc.constantFrom<Rule['element']>(
      { kind: 'storey' },
      { kind: 'class' },
      { kind: 'name' },
      { kind: 'property', pset: 'P', property: 'Location' },
    ),
    row: fc.constantFrom<NonNullable<Rule['row']>>(
      { kind: 'name' },
      { kind: 'code' },
      { kind: 'attribute', key: 'Location' },
    ),
    value: fc.constantFrom('01', 'IfcSlab', 'level 1'),
    row_value: fc.constantFrom('A1234', '01', 'Level 1'),
    classes: fc.constantFrom([], ['IfcWall'], ['IfcSlab']),
  },
  { requiredKeys: ['element', 'row'] },
) as fc.Arbitrary<Rule>;
const key = (p: [string, number]) => `${p[0]}:${p[1]}`;

describe('a list of link rules', () => {
  it('links the union of its rules, each pair once, in any order, with each rule’s own counts', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 25 }),
        fc.uniqueArray(row, { maxLength: 8, selector: (r) => r.id }),
        fc.array(rule, { minLength: 1, maxLength: 4 }),
        (els, rows, rules) => {
          const { pairs, perRule } = matchRules(rules, els, rows);
          const want = new Set(rules.flatMap((r) => matchRule(r, els, rows).map(key)));
          expect(pairs.map(key).sort()).toEqual([...want].sort());
          const reversed = matchRules([...rules].reverse(), els, rows);
          expect(reversed.pairs.map(key).sort()).toEqual([...want].sort());
          rules.forEach((r, i) => {
            const own = matchRule(r, els, rows);
            expect(perRule[i]).toEqual({
              pairs: own.length,
              rows: new Set(own.map((p) => p[0])).size,
              elements: new Set(own.map((p) => p[1])).size,
            });
          });
        },
      ),
    );
  });

  it('a fixed element value and a fixed row key join exactly those elements and rows', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 25 }),
        fc.uniqueArray(row, { maxLength: 8, selector: (r) => r.id }),
        rule.filter((r) => r.value !== undefined && r.row_value !== undefined),
        (els, rows, r) => {
          const want: string[] = [];
          for (const w of rows)
            for (const e of els)
              if (
                classMatches(e.ifc_class, r.classes ?? []) &&
                norm(elementKey(e, r.element)) === norm(r.value) &&
                rowKey(w, r.row!) === norm(r.row_value)
              )
                want.push(`${w.id}:${e.id}`);
          expect(matchRule(r, els, rows).map(key)).toEqual(want);
        },
      ),
    );
  });

  it('links the walls of “Level 1” to the row coded A1234 and the slabs to every row by storey', () => {
    const e = (id: number, ifc_class: string, storey: string): RuleElement => ({
      id,
      ifc_class,
      name: null,
      type_name: null,
      material: null,
      storey,
      props: {},
    });
    const els = [e(1, 'IfcWall', 'Level 1'), e(2, 'IfcWall', 'Level 2'), e(3, 'IfcSlab', 'Level 2')];
    const rows: RuleRow[] = [
      { id: 'x', code: 'A1234', name: 'Walls L1', attributes: {} },
      { id: 'y', code: 'B', name: 'level 2', attributes: {} },
    ];
    const { pairs, perRule } = matchRules(
      [
        {
          element: { kind: 'storey' },
          value: 'level 1',
          row: { kind: 'code' },
          row_value: 'a1234',
          classes: ['IfcWall'],
        },
        { element: { kind: 'storey' }, row: { kind: 'name' }, classes: ['IfcSlab'] },
      ],
      els,
      rows,
    );
    expect(pairs).toEqual([
      ['x', 1],
      ['y', 3],
    ]);
    expect(perRule).toEqual([
      { pairs: 1, rows: 1, elements: 1 },
      { pairs: 1, rows: 1, elements: 1 },
    ]);
  });
});
