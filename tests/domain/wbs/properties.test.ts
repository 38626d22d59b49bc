// Random command sequences on random trees: every command keeps the tree valid, its inverse
// restores the exact document, the incrementally updated index equals a rebuilt one, and the
// fast view functions equal naive recomputations.
import fc from 'fast-check';
import type { Patch } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  applyWbsPatches,
  commit,
  wbsState,
  type WbsChange,
  type WbsState,
} from '../../../src/domain/wbs/change';
import { WBS_COLUMNS } from '../../../src/domain/wbs/columns';
import { pasteMatrix } from '../../../src/domain/wbs/paste';
import { ShardedMap } from '../../../src/domain/wbs/sharded-map';
import { addRelations, removeRelations } from '../../../src/domain/wbs/relations';
import { copyRows, createRows, deleteRows } from '../../../src/domain/wbs/rows';
import { indent, moveDown, moveUp, outdent } from '../../../src/domain/wbs/structure';
import { fillDown } from '../../../src/domain/wbs/values';
import {
  expandToLevel,
  flattenVisible,
  outlineNumber,
  outlineNumbers,
  preorder,
} from '../../../src/domain/wbs/view';
import { isAncestor } from '../../../src/domain/wbs/tree-index';
import { relationIndex } from '../../../src/domain/wbs/relation-index';
import type { WbsDoc } from '../../../src/domain/wbs/types';
import { counterIds, expectValidTree, generateWbs, naiveOutline, naiveVisible } from './helpers';

/** Relations between a row and one of its own summaries (never scheduled: none may exist). */
const hierarchyLinks = (doc: WbsDoc) =>
  [...doc.relations.values()].filter(
    (r) => isAncestor(doc.rows, r.predId, r.succId) || isAncestor(doc.rows, r.succId, r.predId),
  );

/** The relation index of a relations map (carried or built) as sorted entries. */
const indexEntries = (relations: WbsDoc['relations']) =>
  [...relationIndex(relations).byRow.entries()]
    .map(([row, ids]) => [row, [...ids].sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
/** The same, built afresh from a copy of the map (no index was carried to it). */
const freshIndexEntries = (relations: WbsDoc['relations']) => indexEntries(new Map(relations));

type Op = { kind: number; picks: number[]; n: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.integer({ min: 0, max: 10 }),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  n: fc.integer({ min: 1, max: 3 }),
});

function apply(s: WbsState, op: Op, ids: ReturnType<typeof counterIds>): WbsChange<unknown> {
  // Sorted: the same picks on a plain and on a sharded document (whose iteration order differs).
  const all = [...s.doc.rows.keys()].sort();
  const sel = all.length ? op.picks.map((p) => all[p % all.length]!) : [];
  const ctx = { ...ids, hoursPerDay: () => 8 };
  switch (op.kind) {
    case 0:
      return indent(s.doc, s.index, sel);
    case 1:
      return outdent(s.doc, s.index, sel);
    case 2:
      return moveUp(s.doc, s.index, sel);
    case 3:
      return moveDown(s.doc, s.index, sel);
    case 4:
      return deleteRows(s.doc, s.index, sel.slice(0, 1));
    case 5:
      return copyRows(s.doc, s.index, sel, ids);
    case 6: {
      const at = sel[0] ? (op.n === 1 ? { childOf: sel[0] } : { after: sel[0] }) : { atEnd: true as const };
      return createRows(s.doc, s.index, { nodeType: 'task', at, count: op.n }, ids);
    }
    case 7: {
      const visibleIds = flattenVisible(s.index, expandToLevel(s.index, op.n)).ids;
      const matrix = op.picks.map((p) => [`Row ${p}`, p % 3 === 0 ? 'x' : String(p % 9)]);
      const row = visibleIds.length ? op.picks[0]! % visibleIds.length : 0;
      const columns = [WBS_COLUMNS.name, WBS_COLUMNS.duration];
      return pasteMatrix(s.doc, s.index, { visibleIds, row, columns, matrix }, ctx);
    }
    case 8:
      return fillDown(s.doc, s.index, sel, [WBS_COLUMNS.name, WBS_COLUMNS.start, WBS_COLUMNS.volume]);
    case 9:
      return addRelations(
        s.doc,
        sel.slice(1).map((succId, i) => ({ predId: sel[i]!, succId })),
        ids,
      );
    default:
      return removeRelations(s.doc, [...s.doc.relations.keys()].sort().slice(0, op.n));
  }
}

describe('WBS commands (properties)', () => {
  it('keep the tree valid, and their inverse restores the exact state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        (size, seed, ops) => {
          const ids = counterIds();
          let s = wbsState(generateWbs(size, { seed, fanout: [3, 2] }));
          // Built before the commands: each change carries it over to the relations it produces.
          relationIndex(s.doc.relations);
          for (const op of ops) {
            const before = s;
            const c = apply(s, op, ids);
            s = commit(s, c);
            expectValidTree(s.doc, s.index);
            // Indent and outdent change depth, never the order rows are shown in.
            if (op.kind <= 1) expect(preorder(s.index)).toEqual(preorder(before.index));
            // No command links a summary with its own rows: a move drops such links.
            expect(hierarchyLinks(s.doc)).toEqual([]);
            // Applying the forward patches to the old state gives the same document.
            expect(applyWbsPatches(before, c.patches).doc).toEqual(s.doc);
            const undone = applyWbsPatches(s, c.inversePatches);
            expect(undone.doc).toEqual(before.doc);
            // The carried relation index is the one a fresh build gives, after the change and its undo.
            expect(indexEntries(s.doc.relations)).toEqual(freshIndexEntries(s.doc.relations));
            expect(indexEntries(undone.doc.relations)).toEqual(freshIndexEntries(undone.doc.relations));
            expectValidTree(undone.doc, undone.index);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('give the same patches and documents on a sharded document as on a plain one', () => {
    const sorted = (patches: readonly Patch[]) => patches.map((p) => JSON.stringify(p)).sort();
    const entries = (m: ReadonlyMap<string, unknown>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        (size, seed, ops) => {
          const doc = generateWbs(size, { seed, fanout: [3, 2] });
          let plain = wbsState(doc);
          let sharded = wbsState({
            rows: new ShardedMap(doc.rows),
            relations: new ShardedMap(doc.relations),
          });
          const [idsA, idsB] = [counterIds(), counterIds()];
          for (const op of ops) {
            const a = apply(plain, op, idsA);
            const b = apply(sharded, op, idsB);
            expect(sorted(b.patches)).toEqual(sorted(a.patches));
            expect(sorted(b.inversePatches)).toEqual(sorted(a.inversePatches));
            const before = sharded;
            plain = commit(plain, a);
            sharded = commit(sharded, b);
            expect(sharded.doc.rows).toBeInstanceOf(ShardedMap);
            expect(entries(sharded.doc.rows)).toEqual(entries(plain.doc.rows));
            expect(entries(sharded.doc.relations)).toEqual(entries(plain.doc.relations));
            expect(preorder(sharded.index)).toEqual(preorder(plain.index));
            // Undo on the sharded document: back to the exact entries, in a sharded map.
            const undone = applyWbsPatches(sharded, b.inversePatches);
            expect(undone.doc.rows).toBeInstanceOf(ShardedMap);
            expect(entries(undone.doc.rows)).toEqual(entries(before.doc.rows));
            expect(entries(undone.doc.relations)).toEqual(entries(before.doc.relations));
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('outline numbers equal a naive recomputation, and flatten respects expansion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(opArb, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (size, seed, ops, expandPicks) => {
          const ids = counterIds();
          let s = wbsState(generateWbs(size, { seed, fanout: [3, 2] }));
          for (const op of ops) s = commit(s, apply(s, op, ids));
          const naive = naiveOutline(s.doc);
          expect(outlineNumbers(s.index)).toEqual(naive);
          for (const id of [...s.doc.rows.keys()])
            expect(outlineNumber(s.index, s.doc.rows, id)).toBe(naive.get(id));
          const all = [...s.doc.rows.keys()];
          const expanded = new Set(expandPicks.map((p) => all[p % all.length]!).filter(Boolean));
          const v = flattenVisible(s.index, expanded);
          expect(v.ids.map((id, i) => [id, v.depth[i]])).toEqual(naiveVisible(s.doc, expanded));
        },
      ),
      { numRuns: 150 },
    );
  });
});
