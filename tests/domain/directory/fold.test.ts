import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flattenValues,
  foldSubtree,
  foldToLevel,
  subtreeIds,
  treeLevels,
  type DirectoryValueNode,
} from '../../../src/domain/directory';

const v = (id: string, parent_id: string | null, sort_order: number): DirectoryValueNode => ({
  id,
  parent_id,
  code: id,
  name: id,
  sort_order,
});

const sample = [
  v('a', null, 0),
  v('b', null, 1),
  v('a1', 'a', 0),
  v('a2', 'a', 1),
  v('a11', 'a1', 0),
  v('b1', 'b', 0),
];
const shown = (collapsed: ReadonlySet<string>) => flattenValues(sample, collapsed).map((f) => f.value.id);

/** Random forests: each value's parent is an earlier value or none. */
const forest = fc
  .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 30 })
  .map((spec) => spec.map(([p, order], i) => v(`n${i}`, i === 0 || p % 3 === 0 ? null : `n${p % i}`, order)));

describe('directory folding', () => {
  it('shows so many levels, or all', () => {
    expect(treeLevels(sample)).toBe(3);
    expect(treeLevels([])).toBe(0);
    expect(shown(foldToLevel(sample, 1))).toEqual(['a', 'b']);
    expect(shown(foldToLevel(sample, 2))).toEqual(['a', 'a1', 'a2', 'b', 'b1']);
    expect(shown(foldToLevel(sample, 3))).toEqual(['a', 'a1', 'a11', 'a2', 'b', 'b1']);
    expect(foldToLevel(sample, null).size).toBe(0);
  });

  it('folds and unfolds a value with everything under it', () => {
    const folded = foldSubtree(sample, new Set(), 'a', false);
    expect([...folded].sort()).toEqual(['a', 'a1']);
    expect(shown(folded)).toEqual(['a', 'b', 'b1']);
    // Unfolding a alone would still hide a11; unfolding the subtree shows it.
    expect(shown(new Set(['a1']))).toEqual(['a', 'a1', 'a2', 'b', 'b1']);
    expect(shown(foldSubtree(sample, folded, 'a', true))).toEqual(shown(new Set()));
    // Other folds stay.
    expect([...foldSubtree(sample, new Set(['b']), 'a', true)]).toEqual(['b']);
  });

  it('shows exactly the values above the level (property)', () => {
    fc.assert(
      fc.property(forest, fc.integer({ min: 1, max: 6 }), (values, levels) => {
        const all = flattenValues(values);
        const visible = flattenValues(values, foldToLevel(values, levels));
        expect(visible.map((f) => f.value.id)).toEqual(
          all.filter((f) => f.depth < levels).map((f) => f.value.id),
        );
      }),
    );
  });

  it('unfolding a subtree shows all of it, folding it hides all below it (property)', () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.integer({ min: 1, max: 4 }), (values, pick, levels) => {
        const id = values[pick % values.length]!.id;
        const below = subtreeIds(values, id).filter((x) => x !== id);
        const start = foldToLevel(values, levels);
        const open = new Set(
          flattenValues(values, foldSubtree(values, start, id, true)).map((f) => f.value.id),
        );
        if (open.has(id)) for (const x of below) expect(open.has(x)).toBe(true);
        const closed = new Set(
          flattenValues(values, foldSubtree(values, start, id, false)).map((f) => f.value.id),
        );
        for (const x of below) expect(closed.has(x)).toBe(false);
      }),
    );
  });
});
