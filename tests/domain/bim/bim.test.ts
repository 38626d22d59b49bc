// The BIM domain: the packed geometry round trip, link rules against a brute-force join, and the
// 4D statuses of rows and elements.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  elementStatuses,
  matchRule,
  norm,
  packGeometry,
  rowStatus,
  unpackGeometry,
} from '../../../src/domain/bim';
import type { RuleElement, RuleRow } from '../../../src/domain/bim';

describe('geometry format', () => {
  it('packs pieces per element with transformed positions and global indices', () => {
    const tri = new Float32Array([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1]);
    const idx = new Uint32Array([0, 1, 2]);
    const shift = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1];
    const id = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const g = unpackGeometry(
      packGeometry([
        { elementId: 7, vertices: tri, indices: idx, matrix: id, color: [1, 0, 0, 1] },
        { elementId: 9, vertices: tri, indices: idx, matrix: shift, color: [0, 1, 0, 1] },
        { elementId: 7, vertices: tri, indices: idx, matrix: shift, color: [0, 0, 1, 1] },
      ]),
    );
    expect(g.ranges.map((r) => [r.id, r.vertexStart, r.vertexCount, r.indexStart, r.indexCount])).toEqual([
      [7, 0, 6, 0, 6],
      [9, 6, 3, 6, 3],
    ]);
    expect([...g.indices]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(g.positions[9]).toBe(10);
    expect(g.min).toEqual([0, 0, 0]);
    expect(g.max).toEqual([11, 1, 0]);
    expect([...g.colors.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect(g.normals[2]).toBe(127);
  });
});

const storeys = ['00', '01', '02', ' 01 '];
const classes = ['IfcWall', 'IfcWallStandardCase', 'IfcSlab'];
const element = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  ifc_class: fc.constantFrom(...classes),
  name: fc.constant(null),
  type_name: fc.constant(null),
  material: fc.constantFrom('Brick', 'brick ', null),
  storey: fc.constantFrom(...storeys, null),
  props: fc.constant({}),
}) as fc.Arbitrary<RuleElement>;
const row = fc.record({
  id: fc.uuid(),
  code: fc.constantFrom('A', 'B'),
  name: fc.constantFrom(...storeys, 'brick', ''),
  attributes: fc.constant({}),
}) as fc.Arbitrary<RuleRow>;

describe('link rules', () => {
  it('equal a brute-force join on the normalised keys', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 30 }), fc.array(row, { maxLength: 10 }), (els, rows) => {
        const got = matchRule(
          { element: { kind: 'storey' }, row: { kind: 'name' }, classes: ['IfcWall'] },
          els,
          rows,
        );
        const want: [string, number][] = [];
        for (const r of rows)
          for (const e of els)
            if (
              e.ifc_class.startsWith('IfcWall') &&
              norm(e.storey) !== null &&
              norm(e.storey) === norm(r.name)
            )
              want.push([r.id, e.id]);
        expect(got).toEqual(want);
      }),
    );
  });
  it('links a fixed value to every given row', () => {
    const els: RuleElement[] = [
      { id: 1, ifc_class: 'IfcWall', name: null, type_name: null, material: null, storey: '01', props: {} },
      { id: 2, ifc_class: 'IfcSlab', name: null, type_name: null, material: null, storey: '01', props: {} },
      { id: 3, ifc_class: 'IfcWall', name: null, type_name: null, material: null, storey: '02', props: {} },
    ];
    const rows: RuleRow[] = [{ id: 'r', code: '', name: 'x', attributes: {} }];
    expect(matchRule({ element: { kind: 'storey' }, value: '01', classes: ['IfcWall'] }, els, rows)).toEqual([
      ['r', 1],
    ]);
  });
});

describe('4D statuses', () => {
  const r = { start: 100, finish: 200, target_finish: 150, element_ids: [1] };
  it('runs not started → in progress → late → late when finished after the target', () => {
    expect(rowStatus(r, 50)).toBe('not_started');
    expect(rowStatus(r, 120)).toBe('in_progress');
    expect(rowStatus(r, 160)).toBe('late');
    expect(rowStatus(r, 250)).toBe('late');
    expect(rowStatus({ ...r, target_finish: 300 }, 250)).toBe('completed');
  });
  it('combines the rows of one element', () => {
    const a = { start: 0, finish: 10, target_finish: null, element_ids: [1, 2] };
    const b = { start: 20, finish: 30, target_finish: null, element_ids: [1] };
    const s = elementStatuses([a, b], 15);
    expect(s.get(1)).toBe('in_progress');
    expect(s.get(2)).toBe('completed');
    expect(elementStatuses([a, b], -1).get(1)).toBe('not_started');
  });
});
