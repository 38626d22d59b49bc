// The 3D pane's selection between rows and elements: rows (with the rows under them) to their
// elements, elements to their rows, and the grid ranges that select wanted rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  elementsForRows,
  indexRelations,
  rowRunsFor,
  rowsForElements,
  splitByFlaggedRows,
} from '../../../src/domain/bim';

const rels = [
  { wbs_id: 'walls', element_id: 3 },
  { wbs_id: 'walls', element_id: 1 },
  { wbs_id: 'slab', element_id: 2 },
  { wbs_id: 'paint', element_id: 1 },
];
const tree: Record<string, string[]> = { floor: ['walls', 'slab'], walls: [], slab: [], paint: [] };
const kids = (id: string) => tree[id] ?? [];

describe('3D pane selection', () => {
  it('a row selects its elements, a summary those of the rows under it', () => {
    const ix = indexRelations(rels);
    expect(elementsForRows(ix, ['walls'], kids)).toEqual([1, 3]);
    expect(elementsForRows(ix, ['floor'], kids)).toEqual([1, 2, 3]);
    expect(elementsForRows(ix, ['floor', 'walls', 'paint'], kids)).toEqual([1, 2, 3]);
    expect(elementsForRows(ix, ['nothing'], kids)).toEqual([]);
  });

  it('an element selects every row it is linked to', () => {
    const ix = indexRelations(rels);
    expect(rowsForElements(ix, [1])).toEqual(['walls', 'paint']);
    expect(rowsForElements(ix, [2, 3])).toEqual(['slab', 'walls']);
    expect(rowsForElements(ix, [99])).toEqual([]);
  });

  it('the grid selects the runs of wanted rows in view order', () => {
    expect(rowRunsFor(['a', 'b', 'c', 'd'], new Set(['c', 'b']))).toEqual([{ first: 1, last: 2 }]);
    expect(rowRunsFor(['a', 'b', 'c', 'd'], new Set(['d', 'a']))).toEqual([
      { first: 0, last: 0 },
      { first: 3, last: 3 },
    ]);
    expect(rowRunsFor(['a', 'b'], new Set(['x']))).toEqual([]);
  });

  it('elements of rows equal a brute-force walk of the relations (property)', () => {
    const arb = fc.record({
      pairs: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 20 })), {
        maxLength: 40,
      }),
      parents: fc.array(fc.integer({ min: -1, max: 7 }), { minLength: 8, maxLength: 8 }),
      picked: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(arb, ({ pairs, parents, picked }) => {
        // A forest: a row's parent has a lower number (no cycles).
        const parent = parents.map((p, i) => (p >= 0 && p < i ? p : -1));
        const children = (id: string) =>
          parent.flatMap((p, i) => (p === Number(id.slice(1)) ? [`r${i}`] : []));
        const relations = pairs.map(([w, e]) => ({ wbs_id: `r${w}`, element_id: e }));
        const under = (row: number): boolean =>
          picked.includes(row) || (parent[row]! >= 0 && under(parent[row]!));
        const want = [
          ...new Set(relations.filter((r) => under(Number(r.wbs_id.slice(1)))).map((r) => r.element_id)),
        ].sort((a, b) => a - b);
        const ix = indexRelations(relations);
        expect(
          elementsForRows(
            ix,
            picked.map((p) => `r${p}`),
            children,
          ),
        ).toEqual(want);
        // And every element found leads back to a row it came from.
        for (const e of want)
          expect(rowsForElements(ix, [e]).some((w) => under(Number(w.slice(1))))).toBe(true);
      }),
    );
  });

  it('the runs cover exactly the wanted visible rows, apart and in order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 30 }), (flags) => {
        const ids = flags.map((_, i) => `r${i}`);
        const wanted = new Set(ids.filter((_, i) => flags[i]));
        const runs = rowRunsFor(ids, wanted);
        const covered = runs.flatMap((r) => ids.slice(r.first, r.last + 1));
        expect(covered).toEqual(ids.filter((id) => wanted.has(id)));
        for (let k = 1; k < runs.length; k++) expect(runs[k]!.first).toBeGreaterThan(runs[k - 1]!.last + 1);
      }),
    );
  });

  it('splits linked elements by the rows an indicator flags (property)', () => {
    expect(splitByFlaggedRows(indexRelations(rels), new Set(['paint']))).toEqual({
      flagged: [1],
      clear: [2, 3],
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 12 })), {
          maxLength: 30,
        }),
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 6 }),
        (pairs, flaggedRows) => {
          const relations = pairs.map(([w, e]) => ({ wbs_id: `r${w}`, element_id: e }));
          const flagged = new Set(flaggedRows.map((r) => `r${r}`));
          const out = splitByFlaggedRows(indexRelations(relations), flagged);
          const linked = [...new Set(relations.map((r) => r.element_id))].sort((a, b) => a - b);
          expect([...out.flagged, ...out.clear].sort((a, b) => a - b)).toEqual(linked);
          for (const e of out.flagged)
            expect(relations.some((r) => r.element_id === e && flagged.has(r.wbs_id))).toBe(true);
          for (const e of out.clear)
            expect(relations.some((r) => r.element_id === e && flagged.has(r.wbs_id))).toBe(false);
        },
      ),
    );
  });
});
