// Editing directory values in the grid: typed columns refuse what does not read, a matrix pasted
// past the last value plans new values (codes distinct, refused as a whole on one bad cell naming
// its row and column). (The undo of these edits is the server's: tests/server/directory-undo.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AttributeType,
  attributeValue,
  planGridPaste,
  readDate,
  readNumber,
  refusal,
} from '../../../src/domain/directory/grid-edit';

const types = new Map<string, AttributeType>([
  ['norm', 'number'],
  ['due', 'date'],
  ['unit', 'text'],
]);
const fields = ['code', 'name', 'attr:norm', 'attr:unit', 'linked'];
const table: Record<string, Record<string, string>> = {
  a: { code: 'A', name: 'Concrete', 'attr:norm': '4', 'attr:unit': 'm3' },
  b: { code: 'B', name: 'Rebar', 'attr:norm': '', 'attr:unit': 't' },
};
const base = {
  ids: ['a', 'b'],
  fields,
  read: (id: string, f: string) => table[id]![f] ?? '',
  types,
  writable: (f: string) => f !== 'linked',
  codes: new Set(['A', 'B']),
  newCode: (i: number) => `New ${i + 1}`,
};
const at = (r: number, c: number) => ({ r0: r, r1: r, c0: c, c1: c });

describe('typed cells', () => {
  it('reads numbers with a point or a comma and dates as ISO or day.month.year', () => {
    expect(readNumber('2,5')).toBe(2.5);
    expect(readNumber('1 200.5')).toBe(1200.5);
    expect(readNumber('abc')).toBeNull();
    expect(readNumber('1.2.3')).toBeNull();
    expect(readDate('2026-11-29')).toBe('2026-11-29');
    expect(readDate('29.11.2026')).toBe('2026-11-29');
    expect(readDate('31.02.2026')).toBeNull();
    expect(attributeValue('2,5', 'number')).toBe(2.5);
    expect(attributeValue('', 'text')).toBeNull();
  });

  it('refuses an empty code or name, text in a number column, a non-date in a date column', () => {
    expect(refusal('code', ' ', types)).toBe('empty_code');
    expect(refusal('name', '', types)).toBe('empty_name');
    expect(refusal('attr:norm', 'many', types)).toBe('number');
    expect(refusal('attr:norm', '', types)).toBeNull();
    expect(refusal('attr:due', 'soon', types)).toBe('date');
    expect(refusal('attr:unit', 'anything', types)).toBeNull();
  });

  it('any number a number column shows again reads back as itself', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(readNumber(String(n))).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});

describe('a pasted matrix', () => {
  it('changes the values it covers and adds values for its rows past the last one', () => {
    const plan = planGridPaste({
      ...base,
      range: at(1, 1),
      matrix: [
        ['Steel', '7'],
        ['Glass', '1,5'],
        ['Timber', ''],
      ],
    });
    expect(plan).toEqual({
      ok: true,
      changes: [
        { id: 'b', field: 'name', before: 'Rebar', after: 'Steel' },
        { id: 'b', field: 'attr:norm', before: '', after: '7' },
      ],
      creates: [
        { code: 'New 1', name: 'Glass', attributes: { norm: '1,5' } },
        { code: 'New 2', name: 'Timber', attributes: { norm: '' } },
      ],
      outside: 0,
    });
  });

  it('takes pasted codes for new values and skips the read-only column as left out', () => {
    const plan = planGridPaste({ ...base, range: at(2, 0), matrix: [['C', 'Brick', '2', 'pcs', '9']] });
    expect(plan).toEqual({
      ok: true,
      changes: [],
      creates: [{ code: 'C', name: 'Brick', attributes: { norm: '2', unit: 'pcs' } }],
      outside: 1,
    });
  });

  it('is refused as a whole, naming row and column, on one bad cell or a code taken', () => {
    expect(
      planGridPaste({
        ...base,
        range: at(1, 1),
        matrix: [
          ['X', '1'],
          ['Y', 'many'],
        ],
      }),
    ).toEqual({
      ok: false,
      row: 2,
      field: 'attr:norm',
      reason: 'number',
    });
    expect(planGridPaste({ ...base, range: at(2, 0), matrix: [['C'], ['A']] })).toEqual({
      ok: false,
      row: 3,
      field: 'code',
      reason: 'taken_code',
    });
    expect(planGridPaste({ ...base, range: at(0, 0), matrix: [['B']] })).toMatchObject({
      ok: false,
      reason: 'taken_code',
    });
  });

  it('never plans two values with one code (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'x', '3'), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 2 }),
        (matrix, row) => {
          const plan = planGridPaste({ ...base, range: at(row, 0), matrix });
          if (!plan.ok) return;
          const codes = new Map(base.ids.map((id) => [id, table[id]!.code!]));
          for (const c of plan.changes) if (c.field === 'code') codes.set(c.id, c.after);
          const all = [...codes.values(), ...plan.creates.map((c) => c.code)];
          expect(new Set(all).size).toBe(all.length);
        },
      ),
    );
  });
});
