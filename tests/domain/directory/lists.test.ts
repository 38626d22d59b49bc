// A list's scope is its values and the values above them; sync renames linked rows that differ
// from their values and reports rows whose value left the scope.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inDirectoryOrder, listSyncChanges, withAncestors } from '../../../src/domain/directory';
import type { DirectoryValueNode } from '../../../src/domain/directory';

const v = (id: string, parent_id: string | null, sort_order = 0): DirectoryValueNode => ({
  id,
  parent_id,
  code: id.toUpperCase(),
  name: `Name ${id}`,
  sort_order,
});
const tree = [
  v('a', null, 1),
  v('a1', 'a', 1),
  v('a2', 'a', 2),
  v('b', null, 2),
  v('b1', 'b', 1),
  v('x', 'a1'),
];

/** A random forest: each value's parent is an earlier value or none. */
const forest = fc
  .array(fc.option(fc.nat(), { nil: null }), { minLength: 1, maxLength: 40 })
  .map((parents) => parents.map((p, i) => v(`v${i}`, p === null || i === 0 ? null : `v${p % i}`, i % 3)));

describe('directory lists', () => {
  it('a scope holds the list and every value above it', () => {
    expect([...withAncestors(tree, ['x', 'b1', 'nope'])].sort()).toEqual(['a', 'a1', 'b', 'b1', 'x']);
  });

  it('a scope is closed under parents and adds nothing that is not above a listed value', () => {
    fc.assert(
      fc.property(forest, fc.array(fc.nat()), (values, picks) => {
        const ids = picks.map((p) => values[p % values.length]!.id);
        const scope = withAncestors(values, ids);
        const byId = new Map(values.map((x) => [x.id, x]));
        for (const id of ids) expect(scope.has(id)).toBe(true);
        for (const id of scope) {
          const p = byId.get(id)!.parent_id;
          if (p !== null) expect(scope.has(p)).toBe(true);
        }
        // Minimal: every member is listed or has a listed value below it.
        const below = (id: string): boolean =>
          ids.includes(id) || values.some((x) => x.parent_id === id && below(x.id));
        for (const id of scope) expect(below(id)).toBe(true);
      }),
    );
  });

  it('orders ids as the directory: parents before children, siblings by order', () => {
    expect(inDirectoryOrder(tree, new Set(['b1', 'x', 'a', 'a2']))).toEqual(['a', 'x', 'a2', 'b1']);
    fc.assert(
      fc.property(forest, (values) => {
        const order = inDirectoryOrder(values, new Set(values.map((x) => x.id)));
        expect(order).toHaveLength(values.length);
        const at = new Map(order.map((id, i) => [id, i]));
        for (const x of values) if (x.parent_id) expect(at.get(x.parent_id)!).toBeLessThan(at.get(x.id)!);
      }),
    );
  });

  it('renames rows that differ from their value and reports rows whose value left', () => {
    const rows = [
      { id: 'r1', code: 'A', name: 'Name a' },
      { id: 'r2', code: 'A1', name: 'Old name' },
      { id: 'r3', code: 'B1', name: 'Name b1' },
      { id: 'r4', code: 'Z', name: 'Not linked' },
    ];
    const links = [
      { wbs_id: 'r1', value_id: 'a' },
      { wbs_id: 'r2', value_id: 'a1' },
      { wbs_id: 'r3', value_id: 'b1' },
    ];
    const out = listSyncChanges(tree, rows, links, withAncestors(tree, ['a1']));
    expect(out.renames).toEqual([
      { id: 'r2', from: { code: 'A1', name: 'Old name' }, to: { code: 'A1', name: 'Name a1' } },
    ]);
    expect(out.left).toEqual([{ id: 'r3', code: 'B1', name: 'Name b1', value_code: 'B1' }]);
  });
});
