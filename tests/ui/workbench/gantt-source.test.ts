import { beforeEach, describe, expect, it } from 'vitest';
import { ganttSource } from '../../../src/gantt/gantt-source';
import fc from 'fast-check';
import { addRelations, removeRelations } from '../../../src/domain/wbs';
import { commitChange, loadVersion, setExpanded, undo } from '../../../src/state/workbench/data';
import { initialState, useWorkbench, workbench } from '../../../src/state/workbench/store';
import { chain, version } from '../../state/fixtures';
import { columnsOfContent } from '../../../src/api/version-columns';
import { itemFieldsFromRow, relationToApi } from '../../../src/api/wbs-rows';
import { loadContent } from '../../../src/modules/schedule/load';
import type { ShardedMap } from '../../../src/domain/wbs/sharded-map';

const NO_DATES = { es: null, ef: null, ls: null, lf: null, tf: null, ff: null, critical: null };

describe('gantt source over the store', () => {
  beforeEach(() => {
    useWorkbench.setState(initialState(), true);
    const { rows, relations } = chain(6);
    loadVersion(version(), rows, relations);
  });

  it('gives bars by visible row and the links touching a row window', () => {
    const src = ganttSource(workbench.get());
    expect(src.rowCount).toBe(7);
    expect(src.bar(0)!.kind).toBe('sum');
    expect(src.bar(3)!.id).toBe('T3');
    const all = src.links(0, 6);
    expect(all.map((l) => l.id).sort()).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    const l = all.find((x) => x.id === 'R2')!;
    expect([l.predRow, l.succRow]).toEqual([2, 3]);
    // Rows 5–6 only: the links with an end there (R4: 4→5, R5: 5→6).
    expect(
      src
        .links(5, 6)
        .map((x) => x.id)
        .sort(),
    ).toEqual(['R4', 'R5']);
  });

  it('hands out the same bar and link objects for the frames of one snapshot', () => {
    const src = ganttSource(workbench.get());
    expect(src.bar(3)).toBe(src.bar(3));
    const [a, b] = [src.links(0, 6), src.links(2, 6)];
    expect(b.find((l) => l.id === 'R3')).toBe(a.find((l) => l.id === 'R3'));
    // Another snapshot (the next store state) makes its own.
    expect(ganttSource(workbench.get()).bar(3)).not.toBe(src.bar(3));
  });

  it('drops links to rows hidden under a collapsed summary', () => {
    setExpanded(['S'], false);
    const src = ganttSource(workbench.get());
    expect(src.rowCount).toBe(1);
    expect(src.links(0, 0)).toEqual([]);
  });

  it('shows a link added to rows already in view, and drops a removed one', () => {
    const before = workbench.get();
    expect(ganttSource(before).links(0, 6)).toHaveLength(5);
    const c = addRelations(before.wbs.doc, [{ predId: 'T1', succId: 'T6', type: 'fs', lag: 0 }], {
      newId: () => 'R9',
    });
    commitChange(c, 'link');
    const after = workbench.get();
    expect(after.visible.ids).toBe(before.visible.ids); // the same rows: their positions are reused
    const l = ganttSource(after)
      .links(0, 6)
      .find((x) => x.id === 'R9')!;
    expect([l.predRow, l.succRow]).toEqual([1, 6]);
    undo();
    expect(
      ganttSource(workbench.get())
        .links(0, 6)
        .map((x) => x.id),
    ).not.toContain('R9');
  });

  it('finds every link and its rows among thousands of relations spread over the shards', () => {
    const { rows, relations } = chain(3000);
    loadVersion(version(), rows, relations);
    const links = ganttSource(workbench.get()).links(0, 3000);
    expect(links).toHaveLength(2999);
    // Rk joins Tk (row k) to Tk+1 (row k + 1).
    for (const l of links)
      expect([l.predRow, l.succRow]).toEqual([Number(l.id.slice(1)), Number(l.id.slice(1)) + 1]);
  });

  it('finds the links of a version opened by columns through the slots its read seeded', () => {
    const { rows, relations } = chain(300);
    const items = rows.map((r) => ({ ...itemFieldsFromRow(r), ...NO_DATES }));
    loadContent(columnsOfContent({ version: version(), items, relations: relations.map(relationToApi) }));
    const linksOf = () =>
      ganttSource(workbench.get())
        .links(0, 300)
        .map((l) => [l.id, l.predRow, l.succRow]);
    // The link index comes from the seeded slots: the relations shards stay unbuilt (a link
    // drawn builds its own shard only).
    const rels = workbench.get().wbs.doc.relations as ShardedMap<string, unknown>;
    ganttSource(workbench.get()).links(0, 0);
    expect([...rels.builtShards()].length).toBeLessThanOrEqual(1);
    // Rk joins Tk (row k) to Tk+1 (row k + 1), whatever the columns' order.
    expect(linksOf().sort()).toEqual(relations.map((r, k) => [r.id, k + 1, k + 2]).sort());
    // A link added afterwards gets its ends' slots the usual way.
    const c = addRelations(workbench.get().wbs.doc, [{ predId: 'T1', succId: 'T300', type: 'fs', lag: 0 }], {
      newId: () => 'X1',
    });
    commitChange(c, 'link');
    expect(linksOf()).toContainEqual(['X1', 1, 300]);
  });

  it('finds the same links as a walk of all relations, after any adds, removes and undos', () => {
    const n = 2600; // past LONG (2,000 rows): long links are met too
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('add' as const), a: fc.nat(n - 1), b: fc.nat(n - 1) }),
            // A link spanning more than LONG rows, from near the top to near the end.
            fc.record({
              op: fc.constant('add' as const),
              a: fc.nat(300),
              b: fc.integer({ min: 2300, max: n - 2 }),
            }),
            fc.record({ op: fc.constant('remove' as const), a: fc.nat(n * 2), b: fc.constant(0) }),
            fc.record({ op: fc.constant('undo' as const), a: fc.constant(0), b: fc.constant(0) }),
          ),
          { maxLength: 25 },
        ),
        fc.oneof(fc.nat(n), fc.integer({ min: 2300, max: 2500 })),
        (ops, first) => {
          useWorkbench.setState(initialState(), true);
          const { rows, relations } = chain(n);
          loadVersion(version(), rows, relations);
          let next = 0;
          for (const { op, a, b } of ops) {
            const doc = workbench.get().wbs.doc;
            if (op === 'add') {
              const input = { predId: `T${Math.min(a, b) + 1}`, succId: `T${Math.max(a, b) + 2}` };
              commitChange(addRelations(doc, [input], { newId: () => `X${++next}` }), 'link');
            } else if (op === 'remove') {
              const ids = [...doc.relations.keys()];
              if (ids.length) commitChange(removeRelations(doc, [ids[a % ids.length]!]), 'unlink');
            } else undo();
            // Asked on every state, as the chart does: each index is built from the one before.
            ganttSource(workbench.get()).links(0, 10);
          }
          const s = workbench.get();
          const last = Math.min(first + 60, s.visible.ids.length - 1);
          const at = new Map(s.visible.ids.map((id, i) => [id, i]));
          const expected = [...s.wbs.doc.relations.values()]
            .filter((r) => {
              const p = at.get(r.predId)!;
              const q = at.get(r.succId)!;
              return Math.max(p, q) >= first && Math.min(p, q) <= last;
            })
            .map((r) => r.id)
            .sort();
          const found = ganttSource(s)
            .links(first, last)
            .map((l) => l.id)
            .sort();
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });
});
