import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDirectoryTable, writeDirectoryTable } from '../../../src/domain/directory';

describe('directory table', () => {
  it('reads code, name, parent and attribute columns, parents first', () => {
    const { table, problems } = readDirectoryTable([
      ['Code', 'Name', 'Parent', 'Unit', ''],
      ['01.1', 'Excavation', '01', 'm3', ''],
      ['01', 'Earthworks', '', '', ''],
      ['', '', '', '', ''],
      ['02', 'Concrete', '', 't', ''],
    ]);
    expect(problems).toEqual([]);
    expect(table.attributes).toEqual(['Unit']);
    expect(table.entries.map((e) => e.code)).toEqual(['01', '01.1', '02']);
    expect(table.entries[1]).toEqual({
      code: '01.1',
      name: 'Excavation',
      parent_code: '01',
      values: { Unit: 'm3' },
      wbs_codes: [],
    });
  });

  it('reads the WBS codes of the upload-with-assignment column apart from the attributes', () => {
    const { table } = readDirectoryTable([
      ['code', 'name', 'WBS codes', 'Unit'],
      ['1', 'Dig', 'A10; A20 ,', 'm3'],
      ['2', 'Pour', '', 't'],
    ]);
    expect(table.attributes).toEqual(['Unit']);
    expect(table.entries.map((e) => e.wbs_codes)).toEqual([['A10', 'A20'], []]);
  });

  it('accepts Russian headers and names each problem with its row', () => {
    expect(
      readDirectoryTable([
        ['Код', 'Наименование'],
        ['1', 'Земляные работы'],
      ]).problems,
    ).toEqual([]);
    expect(readDirectoryTable([['a', 'b']]).problems[0]!.code).toBe('directory.no_header');
    expect(readDirectoryTable([]).problems[0]!.code).toBe('directory.no_rows');
    expect(
      readDirectoryTable([
        ['code', 'name'],
        ['1', 'x'],
        ['1', 'y'],
      ]).problems,
    ).toEqual([{ code: 'directory.duplicate_code', params: { row: 3, code: '1', first: 2 } }]);
    expect(
      readDirectoryTable([
        ['code', 'name', 'parent'],
        ['1', 'x', '9'],
      ]).problems,
    ).toEqual([{ code: 'directory.unknown_parent', params: { row: 2, code: '9' } }]);
    expect(
      readDirectoryTable([
        ['code', 'name', 'parent'],
        ['1', 'x', '2'],
        ['2', 'y', '1'],
      ]).problems[0]!.code,
    ).toBe('directory.parent_cycle');
    expect(
      readDirectoryTable([
        ['code', 'name'],
        ['', 'x'],
      ]).problems[0],
    ).toEqual({
      code: 'directory.empty_code',
      params: { row: 2 },
    });
  });

  it('reads back what it writes', () => {
    const code = fc.stringMatching(/^[A-Z0-9.]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(code, { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat()),
        (codes, picks) => {
          // Each value's parent is an earlier one (or none): a forest listed parents first.
          const values = codes.map((c, i) => {
            const p = picks[i] ?? 0;
            return {
              code: c,
              name: `N ${c}`,
              parent_code: i === 0 || p % 2 === 0 ? null : codes[p % i]!,
              values: { Unit: c },
              wbs_codes: [],
            };
          });
          const rows = writeDirectoryTable(['Unit'], values);
          const { table, problems } = readDirectoryTable(rows);
          expect(problems).toEqual([]);
          expect([...table.entries].sort((a, b) => (a.code < b.code ? -1 : 1))).toEqual(
            [...values].sort((a, b) => (a.code < b.code ? -1 : 1)),
          );
        },
      ),
    );
  });
});
