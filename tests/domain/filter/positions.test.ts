// The filter over row positions (typed arrays) against the string-keyed reference (wbsPredicate,
// rowsToShow, flattenFiltered) on random trees and random filters: the same rows shown, the same
// view, subtree sums equal to the bit (float volumes that cancel out).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterWbsPositions,
  flattenFiltered,
  preorderTree,
  rowsToShow,
  shownIds,
  viewOfPositions,
  wbsPredicate,
  type FilterCondition,
  type FilterGroup,
} from '../../../src/domain/filter';
import { buildTreeIndex } from '../../../src/domain/wbs/tree-index';
import type { WbsRow } from '../../../src/domain/wbs/types';
import { docFromOutline } from '../wbs/helpers';

/** Depths of an outline: each line at most one deeper than the one before. */
const outline = fc.array(fc.nat(3), { minLength: 0, maxLength: 40 }).map((steps) => {
  const depths: number[] = [];
  for (const s of steps) depths.push(Math.min(s, (depths.at(-1) ?? -1) + 1));
  return depths;
});

const rowValues = fc.record({
  volume: fc.constantFrom(0, 1, -1, 0.1, 0.2, -0.3, 2.5, null),
  color: fc.constantFrom('#ff0000', '#F00', '#00aa00', null),
  zone: fc.constantFrom('Zone 1', 'zone 2', ' Zone 1 ', '', null),
  crew: fc.constantFrom(0, 3, 7, null),
});

const condition: fc.Arbitrary<FilterCondition> = fc.oneof(
  fc.constantFrom<FilterCondition>(
    { field: 'volume', op: 'sum_exists' },
    { field: 'volume', op: 'sum_not_exists' },
    { field: 'attr:crew', op: 'sum_exists' },
    { field: 'name', op: 'like', value: '1' },
    { field: 'name', op: 'not_like', value: 'r_%' },
    { field: 'color', op: 'colors', values: ['#f00'] },
    { field: 'color', op: 'exclude_colors', values: ['#00AA00'] },
    { field: 'attr:zone', op: 'eq_text', value: 'zone 1' },
    { field: 'attr:zone', op: 'eq_text_or_null', value: 'zone 2' },
    { field: 'attr:zone', op: 'filter_by_list', values: ['Zone 1', null] },
    { field: 'attr:crew', op: 'gte', value: 3 },
    { field: 'attr:crew', op: 'range', from: 1, to: 5 },
    { field: 'volume', op: 'exists' },
    { field: 'attr:none', op: 'not_exists' },
  ),
);
const filter: fc.Arbitrary<FilterCondition | FilterGroup> = fc.letrec<{
  node: FilterCondition | FilterGroup;
}>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({
      match: fc.constantFrom<'all' | 'any'>('all', 'any'),
      conditions: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
})).node;

describe('filter over positions', () => {
  it('shows the same rows and the same view as the string-keyed filter', () => {
    fc.assert(
      fc.property(
        outline,
        fc.array(rowValues, { minLength: 40, maxLength: 40 }),
        filter,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (depths, values, f, open) => {
          const doc = docFromOutline(depths.map((d, i) => [`r${i}`, d]));
          let i = 0;
          for (const row of doc.rows.values()) {
            const v = values[i]!;
            const r = row as { -readonly [K in keyof WbsRow]: WbsRow[K] };
            r.volume = v.volume;
            r.color = v.color;
            r.attributes = { zone: v.zone, crew: v.crew };
            i++;
          }
          const index = buildTreeIndex(doc.rows);
          const expanded = new Set([...doc.rows.keys()].filter((_, k) => open[k]));
          const shown = rowsToShow(doc.rows, wbsPredicate(f, index, doc.rows));
          const view = flattenFiltered(index, expanded, shown);

          const fast = filterWbsPositions(f, index, doc.rows, expanded)!;
          expect(fast).not.toBeNull();
          expect(shownIds(fast.tree, fast.shown)).toEqual(shown);
          expect(viewOfPositions(fast.tree, fast.visible)).toEqual(view);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('numbers the tree in preorder with parents, subtree ends and depths', () => {
    const doc = docFromOutline([
      ['A', 0],
      ['A1', 1],
      ['A1a', 2],
      ['A2', 1],
      ['B', 0],
    ]);
    const tree = preorderTree(buildTreeIndex(doc.rows));
    expect(tree.ids).toEqual(['A', 'A1', 'A1a', 'A2', 'B']);
    expect([...tree.parent]).toEqual([-1, 0, 1, 0, -1]);
    expect([...tree.end]).toEqual([4, 3, 3, 4, 5]);
    expect([...tree.depth]).toEqual([0, 1, 2, 1, 0]);
  });

  it('leaves a document the index does not fully reach to the string-keyed filter', () => {
    const doc = docFromOutline([['A', 0]]);
    const index = buildTreeIndex(doc.rows);
    const rows = new Map(doc.rows);
    rows.set('orphan', { ...doc.rows.get('A')!, id: 'orphan', parentId: 'missing' });
    expect(filterWbsPositions({ field: 'name', op: 'exists' }, index, rows, new Set())).toBeNull();
  });
});
