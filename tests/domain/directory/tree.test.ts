import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveUnder,
  codePath,
  flattenValues,
  indentTarget,
  outdentTarget,
  subtreeIds,
  type DirectoryValueNode,
} from '../../../src/domain/directory';

const v = (id: string, parent_id: string | null, sort_order: number, code = id): DirectoryValueNode => ({
  id,
  parent_id,
  code,
  name: code,
  sort_order,
});

const sample = [v('a', null, 0), v('b', null, 1), v('a1', 'a', 0), v('a2', 'a', 1), v('a11', 'a1', 0)];

/** Random forests: each value's parent is an earlier value or none, so there is no cycle. */
const forest = fc
  .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 30 })
  .map((spec) => spec.map(([p, order], i) => v(`n${i}`, i === 0 || p % 3 === 0 ? null : `n${p % i}`, order)));

describe('directory tree', () => {
  it('flattens depth first in sibling order and hides what a collapsed value holds', () => {
    expect(flattenValues(sample).map((f) => `${f.value.id}:${f.depth}`)).toEqual([
      'a:0',
      'a1:1',
      'a11:2',
      'a2:1',
      'b:0',
    ]);
    expect(flattenValues(sample, new Set(['a1'])).map((f) => f.value.id)).toEqual(['a', 'a1', 'a2', 'b']);
    expect(flattenValues(sample).find((f) => f.value.id === 'a1')!.hasChildren).toBe(true);
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    expect(indentTarget(sample, 'a2')).toEqual({ parent_id: 'a1', sort_order: 1 });
    expect(indentTarget(sample, 'a')).toBeNull();
    expect(outdentTarget(sample, 'a11')).toEqual({ parent_id: 'a', sort_order: 0.5 });
    expect(outdentTarget(sample, 'b')).toBeNull();
    const moved = sample.map((x) => (x.id === 'a11' ? { ...x, parent_id: 'a', sort_order: 0.5 } : x));
    expect(flattenValues(moved).map((f) => f.value.id)).toEqual(['a', 'a1', 'a11', 'a2', 'b']);
  });

  it('refuses a move under the value itself or its descendants', () => {
    expect(canMoveUnder(sample, 'a', 'a11')).toBe(false);
    expect(canMoveUnder(sample, 'a', 'a')).toBe(false);
    expect(canMoveUnder(sample, 'a11', 'b')).toBe(true);
    expect(canMoveUnder(sample, 'a11', 'ghost')).toBe(false);
    expect(codePath(sample, 'a11')).toBe('a / a1 / a11');
    expect(subtreeIds(sample, 'a').sort()).toEqual(['a', 'a1', 'a11', 'a2']);
  });

  it('shows every value exactly once, each child inside its parent subtree', () => {
    fc.assert(
      fc.property(forest, (values) => {
        const flat = flattenValues(values);
        expect(flat.map((f) => f.value.id).sort()).toEqual(values.map((x) => x.id).sort());
        flat.forEach((f, i) => {
          if (f.value.parent_id === null) expect(f.depth).toBe(0);
          else {
            const p = flat.findIndex((g) => g.value.id === f.value.parent_id);
            expect(p).toBeLessThan(i);
            expect(f.depth).toBe(flat[p]!.depth + 1);
            for (let k = p + 1; k < i; k++) expect(flat[k]!.depth).toBeGreaterThan(flat[p]!.depth);
          }
        });
      }),
    );
  });

  it('keeps a tree a tree under any indent or outdent', () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.boolean(), (values, pick, indent) => {
        const id = values[pick % values.length]!.id;
        const target = indent ? indentTarget(values, id) : outdentTarget(values, id);
        if (!target) return;
        expect(canMoveUnder(values, id, target.parent_id)).toBe(true);
        const moved = values.map((x) => (x.id === id ? { ...x, ...target } : x));
        const flat = flattenValues(moved);
        expect(flat).toHaveLength(values.length);
        expect(subtreeIds(moved, id).length).toBe(subtreeIds(values, id).length);
      }),
    );
  });
});
