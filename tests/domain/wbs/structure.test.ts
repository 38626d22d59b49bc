import { describe, expect, it } from 'vitest';
import { applyWbsPatches, commit, wbsState, type WbsState } from '../../../src/domain/wbs/change';
import { indent, moveDown, moveUp, outdent } from '../../../src/domain/wbs/structure';
import type { RowId } from '../../../src/domain/wbs/types';
import { expandToLevel, flattenVisible, outlineNumber } from '../../../src/domain/wbs/view';
import { docFromOutline, expectValidTree } from './helpers';

/** The tree as [id, depth] lines in display order, everything expanded. */
function outline(s: WbsState): string[] {
  const v = flattenVisible(s.index, expandToLevel(s.index, Infinity));
  return v.ids.map((id, i) => `${'  '.repeat(v.depth[i]!)}${id}:${s.doc.rows.get(id)!.nodeType}`);
}

function run(s: WbsState, cmd: typeof indent, ids: RowId[]): WbsState {
  const c = cmd(s.doc, s.index, ids);
  const next = commit(s, c);
  expectValidTree(next.doc, next.index);
  // The inverse restores the exact state, index included.
  const back = applyWbsPatches(next, c.inversePatches);
  expect(back.doc).toEqual(s.doc);
  expectValidTree(back.doc, back.index);
  return next;
}

const flat = () =>
  wbsState(
    docFromOutline([
      ['a', 0],
      ['b', 0],
      ['c', 0],
      ['d', 0],
    ]),
  );

describe('indent', () => {
  it('puts a block under the row above, in order, and makes that row a sum', () => {
    const s = run(flat(), indent, ['c', 'b']);
    expect(outline(s)).toEqual(['a:sum', '  b:task', '  c:task', 'd:task']);
  });
  it('leaves the first row where it is and indents the next under it', () => {
    const s = run(flat(), indent, ['a', 'b']);
    expect(outline(s)).toEqual(['a:sum', '  b:task', 'c:task', 'd:task']);
  });
  it('appends after existing children and moves subtrees along', () => {
    const s0 = wbsState(
      docFromOutline([
        ['a', 0],
        ['a1', 1],
        ['b', 0],
        ['b1', 1],
      ]),
    );
    const s = run(s0, indent, ['b', 'b1']);
    expect(outline(s)).toEqual(['a:sum', '  a1:task', '  b:sum', '    b1:task']);
    expect(outlineNumber(s.index, s.doc.rows, 'b1')).toBe('1.2.1');
  });
  it('writes one row per indented row (plus the new parent when it turns into a sum)', () => {
    const s = flat();
    expect(new Set(indent(s.doc, s.index, ['c']).patches.map((p) => p.path[1]))).toEqual(new Set(['b', 'c']));
    const s2 = run(s, indent, ['c']);
    expect(indent(s2.doc, s2.index, ['d']).patches.map((p) => p.path[1])).toEqual(['d', 'd']);
  });
});

describe('outdent', () => {
  const nested = () =>
    wbsState(
      docFromOutline([
        ['p', 0],
        ['a', 1],
        ['b', 1],
        ['c', 1],
        ['d', 1],
        ['q', 0],
      ]),
    );
  it('places the row after its parent and adopts the following siblings', () => {
    const s = run(nested(), outdent, ['b']);
    expect(outline(s)).toEqual(['p:sum', '  a:task', 'b:sum', '  c:task', '  d:task', 'q:task']);
  });
  it('keeps display order when outdenting a block', () => {
    const s = run(nested(), outdent, ['b', 'c']);
    expect(outline(s)).toEqual(['p:sum', '  a:task', 'b:task', 'c:sum', '  d:task', 'q:task']);
  });
  it('handles a selected row whose parent is adopted', () => {
    const s0 = wbsState(
      docFromOutline([
        ['g', 0],
        ['p', 1],
        ['r1', 2],
        ['p2', 2],
        ['r2', 3],
      ]),
    );
    const s = run(s0, outdent, ['r1', 'r2']);
    expect(outline(s).map((l) => l.split(':')[0]!.trim())).toEqual(['g', 'p', 'r1', 'p2', 'r2']);
  });
  it('does nothing at the top level', () => {
    const s = nested();
    expect(outdent(s.doc, s.index, ['p']).patches).toEqual([]);
  });
});

describe('move up and down', () => {
  it('moves a block by rewriting only the neighbour', () => {
    const s = flat();
    const c = moveUp(s.doc, s.index, ['b', 'c']);
    expect(new Set(c.patches.map((p) => p.path[1]))).toEqual(new Set(['a']));
    expect(outline(run(s, moveUp, ['b', 'c']))).toEqual(['b:task', 'c:task', 'a:task', 'd:task']);
  });
  it('moves separate blocks independently', () => {
    expect(outline(run(flat(), moveDown, ['a', 'c']))).toEqual(['b:task', 'a:task', 'd:task', 'c:task']);
    expect(outline(run(flat(), moveUp, ['b', 'd']))).toEqual(['b:task', 'a:task', 'd:task', 'c:task']);
  });
  it('stops at the edge of the parent', () => {
    const s = flat();
    expect(moveUp(s.doc, s.index, ['a']).patches).toEqual([]);
    expect(moveDown(s.doc, s.index, ['d']).patches).toEqual([]);
  });
});

describe('links between a summary and its own rows', () => {
  /** a → b → c and a → d, b1 under b; `b → c` and `a → b` are what an indent can turn inward. */
  const linked = (): WbsState => {
    const doc = docFromOutline([
      ['a', 0],
      ['b', 0],
      ['b1', 1],
      ['c', 0],
      ['d', 0],
    ]);
    const rel = (id: string, predId: string, succId: string) =>
      [id, { id, predId, succId, type: 'fs' as const, lag: 0 }] as const;
    return wbsState({
      rows: doc.rows,
      relations: new Map([
        rel('ab', 'a', 'b'),
        rel('bc', 'b', 'c'),
        rel('ad', 'a', 'd'),
        rel('b1d', 'b1', 'd'),
      ]),
    });
  };

  it('an indent under a linked row drops that link in the same change, and says so', () => {
    const s = linked();
    const c = indent(s.doc, s.index, ['b']);
    // b goes under a: a becomes b's summary, so a → b can no longer hold; a → d stays.
    expect(c.result.map(String)).toEqual(['b']);
    expect(c.result.droppedRelations.map((r) => r.id)).toEqual(['ab']);
    const next = run(s, indent, ['b']);
    expect([...next.doc.relations.keys()].sort()).toEqual(['ad', 'b1d', 'bc']);
    // One step: its inverse brings the link back with the old tree (checked by run()).
  });

  it('an indent of a row whose own row is linked to its new summary drops that link too', () => {
    const s = linked();
    // c goes under b: b → c joins a summary and its row; b1 → d is not touched.
    const c = indent(s.doc, s.index, ['c']);
    expect(c.result.droppedRelations.map((r) => r.id)).toEqual(['bc']);
  });

  it('an outdent whose following rows become its children drops their links to it', () => {
    const s0 = wbsState(
      docFromOutline([
        ['p', 0],
        ['x', 1],
        ['y', 1],
      ]),
    );
    const s = wbsState({
      rows: s0.doc.rows,
      relations: new Map([['xy', { id: 'xy', predId: 'x', succId: 'y', type: 'fs', lag: 0 }]]),
    });
    // Outdenting x makes y (which followed it) x's child, as MS Project does.
    const c = outdent(s.doc, s.index, ['x']);
    expect(c.result.droppedRelations.map((r) => r.id)).toEqual(['xy']);
    const next = run(s, outdent, ['x']);
    expect(outline(next)).toEqual(['p:sum', 'x:sum', '  y:task']);
    expect(next.doc.relations.size).toBe(0);
  });

  it('moves among siblings and indents that create no such pair keep every link', () => {
    const s = linked();
    expect(moveDown(s.doc, s.index, ['a']).result.droppedRelations).toEqual([]);
    // d goes under c: nothing links c and d.
    const c = indent(s.doc, s.index, ['d']);
    expect(c.result.droppedRelations).toEqual([]);
    expect(c.doc.relations).toBe(s.doc.relations);
  });
});
