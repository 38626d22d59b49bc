// Which edits of one version conflict: the same field (or attribute), a whole row against any of
// its fields, a move against any edit of the moved row, a relation leaning on a row removed.
import fc from 'fast-check';
import type { Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import { overlapsBetween, resolvePatches, touchesOf } from '../../../src/domain/history/overlap';

const set = (id: string, field: string, value: unknown): Patch => ({
  op: 'replace',
  path: ['rows', id, field],
  value,
});
const attr = (id: string, key: string, value: unknown): Patch => ({
  op: 'replace',
  path: ['rows', id, 'attributes', key],
  value,
});
const removeRow = (id: string): Patch => ({ op: 'remove', path: ['rows', id] });
const addRelation = (id: string, predId: string, succId: string): Patch => ({
  op: 'add',
  path: ['relations', id],
  value: { id, predId, succId, type: 'fs', lag: 0 },
});

describe('overlapsBetween', () => {
  it('disjoint rows, or different fields of one row, do not conflict', () => {
    expect(overlapsBetween([set('a', 'name', 'A')], [[set('b', 'name', 'B')]])).toEqual([]);
    expect(overlapsBetween([set('a', 'name', 'A')], [[set('a', 'duration', 480)]])).toEqual([]);
    expect(overlapsBetween([attr('a', 'k1', 'x')], [[attr('a', 'k2', 'y')]])).toEqual([]);
  });

  it('the same field conflicts, with both values (theirs the newest)', () => {
    expect(
      overlapsBetween([set('a', 'name', 'Mine')], [[set('a', 'name', 'Old')], [set('a', 'name', 'Theirs')]]),
    ).toEqual([{ target: 'rows', id: 'a', field: 'name', mine: 'Mine', theirs: 'Theirs' }]);
    expect(overlapsBetween([attr('a', 'k', 1)], [[attr('a', 'k', 2)]])).toEqual([
      { target: 'rows', id: 'a', field: 'attributes', key: 'k', mine: 1, theirs: 2 },
    ]);
  });

  it('a removed row conflicts with an edit of it, and with a relation leaning on it', () => {
    expect(overlapsBetween([set('a', 'name', 'X')], [[removeRow('a')]])).toHaveLength(1);
    expect(overlapsBetween([addRelation('r', 'a', 'b')], [[removeRow('b')]])).toEqual([
      { target: 'rows', id: 'b', field: null, mine: undefined, theirs: undefined },
    ]);
    expect(overlapsBetween([removeRow('b')], [[addRelation('r', 'a', 'b')]])).toHaveLength(1);
  });

  it('a move (parentId, orderKey) overlaps any edit of the moved row', () => {
    expect(overlapsBetween([set('a', 'name', 'X')], [[set('a', 'parentId', 'p')]])).toHaveLength(1);
    expect(overlapsBetween([set('a', 'orderKey', 'a1')], [[set('a', 'duration', 60)]])).toHaveLength(1);
  });

  it('is symmetric in whether it finds a conflict', () => {
    const ids = fc.constantFrom('a', 'b', 'c');
    const patch = fc.oneof(
      fc
        .tuple(ids, fc.constantFrom('name', 'duration', 'parentId'), fc.integer())
        .map(([i, f, v]) => set(i, f, v)),
      fc.tuple(ids, fc.constantFrom('k1', 'k2'), fc.integer()).map(([i, k, v]) => attr(i, k, v)),
      ids.map(removeRow),
      fc.tuple(ids, ids).map(([p, s]) => addRelation(`r${p}${s}`, p, s)),
    );
    fc.assert(
      fc.property(
        fc.array(patch, { minLength: 1, maxLength: 5 }),
        fc.array(patch, { minLength: 1, maxLength: 5 }),
        (m, t) => {
          expect(overlapsBetween(m, [t]).length > 0).toBe(overlapsBetween(t, [m]).length > 0);
        },
      ),
    );
  });

  it('batches on disjoint rows never conflict', () => {
    const field = fc.constantFrom('name', 'duration', 'parentId', 'orderKey');
    fc.assert(
      fc.property(fc.array(field, { minLength: 1 }), fc.array(field, { minLength: 1 }), (fm, ft) => {
        const mine = fm.map((f, i) => set(`m${i % 3}`, f, i));
        const theirs = ft.map((f, i) => set(`t${i % 3}`, f, i));
        expect(overlapsBetween(mine, [theirs])).toEqual([]);
      }),
    );
  });

  it('keeps the last value written at a place', () => {
    const t = touchesOf([set('a', 'name', '1'), set('a', 'name', '2')]);
    expect(t.writes).toEqual([{ target: 'rows', id: 'a', field: 'name', value: '2' }]);
  });
});

describe('resolvePatches', () => {
  const mine = {
    patches: [set('a', 'name', 'Mine'), set('b', 'name', 'B2')],
    inversePatches: [set('a', 'name', 'Old'), set('b', 'name', 'B1')],
  };
  const places = overlapsBetween(mine.patches, [[set('a', 'name', 'Theirs')]]);

  it("'theirs' drops the overlapping places and keeps the rest", () => {
    expect(resolvePatches(mine, places, 'theirs')).toEqual({
      patches: [set('b', 'name', 'B2')],
      inversePatches: [set('b', 'name', 'B1')],
    });
    expect(resolvePatches({ patches: [mine.patches[0]!], inversePatches: [] }, places, 'theirs')).toBeNull();
  });

  it("'mine' keeps the batch; its undo gives back their value", () => {
    expect(resolvePatches(mine, places, 'mine')).toEqual({
      patches: mine.patches,
      inversePatches: [set('a', 'name', 'Theirs'), set('b', 'name', 'B1')],
    });
  });
});
