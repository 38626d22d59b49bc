// Fill down, paste and undo of directory value cells: a fill copies the first row (or the row
// above) into the range and never codes; a paste writes the matrix from the first cell and counts
// what falls outside; a single text fills the range; applying the inverse restores every cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CellChange, fillDown, inverse, pasteMatrix } from '../../../src/domain/directory/cells';

const fields = ['code', 'name', 'attr:unit'];
const table = () =>
  new Map<string, Record<string, string>>([
    ['a', { code: 'A', name: 'Concrete', 'attr:unit': 'm3' }],
    ['b', { code: 'B', name: 'Rebar', 'attr:unit': 't' }],
    ['c', { code: 'C', name: 'Formwork', 'attr:unit': '' }],
  ]);
const ids = ['a', 'b', 'c'];
const apply = (t: Map<string, Record<string, string>>, changes: readonly CellChange[]) => {
  for (const c of changes) {
    expect(t.get(c.id)![c.field]).toBe(c.before);
    t.get(c.id)![c.field] = c.after;
  }
};

describe('directory value cells', () => {
  it('fills the first row down the range, or the row above into one row, never codes', () => {
    const t = table();
    const read = (id: string, f: string) => t.get(id)![f]!;
    expect(fillDown(ids, fields, { r0: 0, r1: 2, c0: 0, c1: 2 }, read)).toEqual([
      { id: 'b', field: 'name', before: 'Rebar', after: 'Concrete' },
      { id: 'c', field: 'name', before: 'Formwork', after: 'Concrete' },
      { id: 'b', field: 'attr:unit', before: 't', after: 'm3' },
      { id: 'c', field: 'attr:unit', before: '', after: 'm3' },
    ]);
    expect(fillDown(ids, fields, { r0: 2, r1: 2, c0: 2, c1: 2 }, read)).toEqual([
      { id: 'c', field: 'attr:unit', before: '', after: 't' },
    ]);
    expect(fillDown(ids, fields, { r0: 0, r1: 0, c0: 1, c1: 1 }, read)).toEqual([]);
  });

  it('pastes a matrix from the first cell, counting cells past the table, and one text over a range', () => {
    const t = table();
    const read = (id: string, f: string) => t.get(id)![f]!;
    const r = pasteMatrix(
      ids,
      fields,
      { r0: 1, r1: 1, c0: 1, c1: 1 },
      [
        ['Steel', 'kg', 'x'],
        ['Wood', 'm2'],
      ],
      read,
    );
    expect(r.outside).toBe(1);
    expect(r.changes).toEqual([
      { id: 'b', field: 'name', before: 'Rebar', after: 'Steel' },
      { id: 'b', field: 'attr:unit', before: 't', after: 'kg' },
      { id: 'c', field: 'name', before: 'Formwork', after: 'Wood' },
      { id: 'c', field: 'attr:unit', before: '', after: 'm2' },
    ]);
    const one = pasteMatrix(ids, fields, { r0: 0, r1: 2, c0: 2, c1: 2 }, [['pcs']], read);
    expect(one.changes.map((c) => [c.id, c.after])).toEqual([
      ['a', 'pcs'],
      ['b', 'pcs'],
      ['c', 'pcs'],
    ]);
  });

  it('the inverse of any paste or fill restores the table', () => {
    const text = fc.constantFrom('', 'x', 'm3', 'Concrete');
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (matrix, r0, c0, extra, fill) => {
          const t = table();
          const read = (id: string, f: string) => t.get(id)![f]!;
          const range = { r0, r1: Math.min(2, r0 + extra), c0, c1: 2 };
          const before = JSON.stringify([...t]);
          const changes = fill
            ? fillDown(ids, fields, range, read)
            : pasteMatrix(ids, fields, range, matrix, read).changes;
          apply(t, changes);
          if (fill) expect(changes.some((c) => c.field === 'code')).toBe(false);
          apply(t, inverse(changes));
          expect(JSON.stringify([...t])).toBe(before);
        },
      ),
    );
  });
});
