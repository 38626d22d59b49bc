// The print's rows in the workbench's arrangement and filter (domain/print/arrange): the lines
// are the workbench's arrangeView of a fully expanded tree, and a filter keeps the passing rows
// with their ancestors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterRows, printLines, treeOfRows } from '../../../src/domain/print/arrange';
import type { TreeRow } from '../../../src/domain/print/arrange';
import { arrangeView } from '../../../src/domain/wbs/arrange';

// A: sum with a1, a2; B: sum with b1; c top-level activity.
const rows: TreeRow[] = [
  { id: 'A', parent: null },
  { id: 'a1', parent: 'A' },
  { id: 'a2', parent: 'A' },
  { id: 'B', parent: null },
  { id: 'b1', parent: 'B' },
  { id: 'c', parent: null },
];
const values: Record<string, Record<string, string | number | null>> = {
  A: { name: 'Zeta', zone: null, days: null },
  a1: { name: 'pour', zone: 'Z2', days: 3 },
  a2: { name: 'form', zone: 'Z10', days: 1 },
  B: { name: 'Alpha', zone: null, days: null },
  b1: { name: 'dig', zone: 'Z2', days: 5 },
  c: { name: 'close', zone: null, days: 2 },
};
const read = (id: string, f: string) => values[id]?.[f] ?? null;
const ids = (lines: ReturnType<typeof printLines>) =>
  lines.map((l) => (l.kind === 'row' ? rows[l.index]!.id : `[${l.group.value}]`));

describe('print lines', () => {
  it('are the WBS order without an arrangement', () => {
    const lines = printLines(rows, { sort: [], groupBy: null }, read, null);
    expect(ids(lines)).toEqual(['A', 'a1', 'a2', 'B', 'b1', 'c']);
    expect(lines.map((l) => (l.kind === 'row' ? l.depth : -1))).toEqual([0, 1, 1, 0, 1, 0]);
  });

  it('sort siblings only, the tree kept', () => {
    const lines = printLines(rows, { sort: [{ column: 'name', dir: 'asc' }], groupBy: null }, read, null);
    expect(ids(lines)).toEqual(['B', 'b1', 'c', 'A', 'a2', 'a1']);
  });

  it('group the activities under one header per value, numbers in digit order, empty last', () => {
    const lines = printLines(rows, { sort: [{ column: 'days', dir: 'desc' }], groupBy: 'zone' }, read, null);
    expect(ids(lines)).toEqual(['[Z2]', 'b1', 'a1', '[Z10]', 'a2', '[]', 'c']);
    const z2 = lines[0]!;
    expect(z2.kind === 'group' && z2.group.rows).toEqual(['b1', 'a1']);
  });

  it('keep only the filtered rows, with their ancestors', () => {
    const shown = filterRows(rows, { field: 'zone', op: 'eq', value: 'Z2' }, read);
    expect([...shown].sort()).toEqual(['A', 'B', 'a1', 'b1']);
    expect(ids(printLines(rows, { sort: [], groupBy: null }, read, shown))).toEqual(['A', 'a1', 'B', 'b1']);
    expect(ids(printLines(rows, { sort: [], groupBy: 'zone' }, read, shown))).toEqual(['[Z2]', 'a1', 'b1']);
  });

  it('keep the rows that pass the filter and a further test (the indicator), with their ancestors', () => {
    const also = (id: string) => id !== 'b1';
    expect([...filterRows(rows, { field: 'zone', op: 'eq', value: 'Z2' }, read, also)].sort()).toEqual([
      'A',
      'a1',
    ]);
    // The test alone: every row it keeps, and its ancestors.
    expect([...filterRows(rows, null, read, (id) => id === 'b1' || id === 'c')].sort()).toEqual([
      'B',
      'b1',
      'c',
    ]);
    fc.assert(
      fc.property(fc.subarray(rows.map((r) => r.id)), (kept) => {
        const shown = filterRows(rows, null, read, (id) => kept.includes(id));
        const parent = new Map(rows.map((r) => [r.id, r.parent]));
        const expected = new Set<string>();
        for (const id of kept)
          for (let at: string | null = id; at; at = parent.get(at) ?? null) expected.add(at);
        expect([...shown].sort()).toEqual([...expected].sort());
      }),
    );
  });

  it("are the workbench's arrangeView of the whole tree, for any sort and grouping", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('name', 'zone', 'days'), fc.constantFrom('asc', 'desc')), {
          maxLength: 2,
        }),
        fc.constantFrom(null, 'zone', 'days'),
        (sort, groupBy) => {
          const arrangement = { sort: sort.map(([column, dir]) => ({ column, dir })), groupBy };
          const lines = printLines(rows, arrangement, read, null);
          const view = arrangeView(treeOfRows(rows), { has: () => true }, null, arrangement, read);
          expect(ids(lines)).toEqual(
            view.ids.map((id) => (view.groups?.get(id) ? `[${view.groups.get(id)!.value}]` : id)),
          );
          // Every activity prints exactly once.
          const printed = lines.flatMap((l) => (l.kind === 'row' ? [rows[l.index]!.id] : []));
          for (const id of ['a1', 'a2', 'b1', 'c']) expect(printed.filter((x) => x === id)).toHaveLength(1);
        },
      ),
    );
  });
});
