import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type RelationDef,
  type RelationRowDef,
  dependentDirectories,
  diffAssignments,
  assignedDirectories,
  readRelationTable,
  requiredQuantities,
  sameUnits,
  wouldCycle,
  writeRelationTable,
} from '../../../src/domain/directory';

// Work types (W) need materials (M, assigned) which need labour (L, assigned); a reference
// relation W → C (cost codes) assigns nothing.
const relations: RelationDef[] = [
  { id: 'wm', source_directory_id: 'W', target_directory_id: 'M', assign: true },
  { id: 'ml', source_directory_id: 'M', target_directory_id: 'L', assign: true },
  { id: 'wc', source_directory_id: 'W', target_directory_id: 'C', assign: false },
];
const rows: RelationRowDef[] = [
  { relation_id: 'wm', source_value_id: 'wall', target_value_id: 'brick', norm: 400 },
  { relation_id: 'wm', source_value_id: 'wall', target_value_id: 'mortar', norm: 0.25 },
  { relation_id: 'ml', source_value_id: 'brick', target_value_id: 'mason', norm: 0.01 },
  { relation_id: 'ml', source_value_id: 'mortar', target_value_id: 'mason', norm: 2 },
  { relation_id: 'wc', source_value_id: 'wall', target_value_id: 'c1', norm: 1 },
];

describe('directory relations', () => {
  it('follows chains of norms and sums the paths to a value', () => {
    const q = requiredQuantities(relations, rows, new Map([['wall', 10]]));
    expect(Object.fromEntries(q)).toEqual({ brick: 4000, mortar: 2.5, mason: 40 + 5 });
    // A reference relation assigns nothing, and a value no row starts from needs nothing.
    expect(q.has('c1')).toBe(false);
    expect(requiredQuantities(relations, rows, new Map([['slab', 10]])).size).toBe(0);
  });

  it('is linear in the volumes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (v, k) => {
          const one = requiredQuantities(relations, rows, new Map([['wall', v]]));
          const scaled = requiredQuantities(relations, rows, new Map([['wall', v * k]]));
          for (const [key, q] of one) expect(sameUnits(scaled.get(key) ?? 0, q * k)).toBe(true);
        },
      ),
    );
  });

  it('names the directories relations decide', () => {
    expect([...assignedDirectories(relations)].sort()).toEqual(['L', 'M']);
  });

  it('lists dependent directories nearest first and refuses loops', () => {
    expect(dependentDirectories(relations, 'W')).toEqual([
      { directory_id: 'M', depth: 1 },
      { directory_id: 'C', depth: 1 },
      { directory_id: 'L', depth: 2 },
    ]);
    expect(dependentDirectories(relations, 'L')).toEqual([]);
    expect(wouldCycle(relations, 'L', 'W')).toBe(true);
    expect(wouldCycle(relations, 'W', 'W')).toBe(true);
    expect(wouldCycle(relations, 'C', 'L')).toBe(false);
  });

  it('diffs assignments so that applying the diff gives the required ones', () => {
    const units = fc.dictionary(
      fc.constantFrom('a', 'b', 'c', 'd'),
      fc.double({ min: 0.001, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(units, units, (req, act) => {
        const required = new Map(Object.entries(req));
        const actual = new Map(Object.entries(act));
        const d = diffAssignments(required, actual);
        const after = new Map(actual);
        for (const k of d.remove) after.delete(k);
        for (const x of [...d.add, ...d.update]) after.set(x.key, x.units);
        expect(after.size).toBe(required.size);
        for (const [k, u] of required) expect(sameUnits(after.get(k)!, u)).toBe(true);
        expect(diffAssignments(required, after)).toEqual({ add: [], update: [], remove: [] });
      }),
    );
  });

  it('reads the exchange format back as written, naming the rows of problems', () => {
    const cells = writeRelationTable([
      { source_code: 'W1', source_name: 'Wall', target_code: 'B', target_name: 'Brick', norm: 400 },
      { source_code: 'W1', source_name: 'Wall', target_code: 'M', target_name: 'Mortar', norm: 0.25 },
    ]);
    const codes = new Set(['W1']);
    const targets = new Set(['B', 'M']);
    expect(readRelationTable(cells, codes, targets)).toEqual({
      entries: [
        { source_code: 'W1', target_code: 'B', norm: 400, row: 2 },
        { source_code: 'W1', target_code: 'M', norm: 0.25, row: 3 },
      ],
      problems: [],
    });
    const bad = readRelationTable(
      [
        ['Source code', 'Target code', 'Norm'],
        ['W1', 'B', '1,5'],
        ['W9', 'B', '1'],
        ['W1', 'X', '1'],
        ['W1', 'M', 'lots'],
        ['W1', 'B', '2'],
      ],
      codes,
      targets,
    );
    expect(bad.entries).toEqual([{ source_code: 'W1', target_code: 'B', norm: 1.5, row: 2 }]);
    expect(bad.problems).toEqual([
      { code: 'relation.unknown_source', params: { row: 3, code: 'W9' } },
      { code: 'relation.unknown_target', params: { row: 4, code: 'X' } },
      { code: 'relation.bad_norm', params: { row: 5, value: 'lots' } },
      { code: 'relation.duplicate_row', params: { row: 6, first: 2 } },
    ]);
    expect(readRelationTable([['code', 'name']], codes, targets).problems[0]!.code).toBe(
      'directory.no_header',
    );
  });
});
