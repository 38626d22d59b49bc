import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Patch } from 'immer';
import {
  bail,
  canRedo,
  canUndo,
  createHistory,
  mark,
  record,
  redo,
  squash,
  undo,
  undoKindOf,
  type History,
  type HistoryEntry,
} from '../../../src/domain/history/history';
import {
  deserializeEntry,
  deserializeHistory,
  serializeEntry,
  serializeHistory,
} from '../../../src/domain/history/serialize';
import {
  applyWbsPatches,
  commit,
  wbsState,
  type WbsChange,
  type WbsState,
} from '../../../src/domain/wbs/change';
import { addRelations } from '../../../src/domain/wbs/relations';
import { createRows, deleteRows } from '../../../src/domain/wbs/rows';
import { indent, moveDown } from '../../../src/domain/wbs/structure';
import { counterIds, generateWbs } from '../wbs/helpers';

const entry = (c: WbsChange<unknown>, labelKey = 'command.test'): HistoryEntry => ({
  kind: undoKindOf(c.patches),
  labelKey,
  patches: c.patches,
  inversePatches: c.inversePatches,
});

/** A tiny store: state + history, as src/state will wire them. */
class Store {
  h: History = createHistory();
  constructor(public s: WbsState) {}
  run(c: WbsChange<unknown>, labelKey?: string) {
    this.s = commit(this.s, c);
    this.h = record(this.h, entry(c, labelKey));
  }
  undo() {
    const r = undo(this.h);
    this.h = r.history;
    if (r.entry) this.s = applyWbsPatches(this.s, r.entry.inversePatches);
  }
  redo() {
    const r = redo(this.h);
    this.h = r.history;
    if (r.entry) this.s = applyWbsPatches(this.s, r.entry.patches);
  }
}

const base = () => wbsState(generateWbs(30, { seed: 3, fanout: [3] }));

describe('history', () => {
  it('undoes and redoes commands in order, and tells their kinds', () => {
    const st = new Store(base());
    const s0 = st.s.doc;
    const ind = indent(st.s.doc, st.s.index, ['r3', 'r4']);
    st.run(ind);
    const s1 = st.s.doc;
    st.run(addRelations(st.s.doc, [{ predId: 'r3', succId: 'r5' }], counterIds('x')));
    expect(st.h.undos.map((e) => ('kind' in e ? e.kind : 'mark'))).toEqual(['undo_wbs', 'undo_relation']);
    st.undo();
    expect(st.s.doc).toEqual(s1);
    st.undo();
    expect(st.s.doc).toEqual(s0);
    expect(canUndo(st.h)).toBe(false);
    st.redo();
    st.redo();
    // The indent dropped the links between r3, r4 and the row they went under.
    expect(st.s.doc.relations.size).toBe(s0.relations.size - ind.result.droppedRelations.length + 1);
    expect(canRedo(st.h)).toBe(false);
  });

  it('keeps redo across changes that are not recorded (selection, no-op commands)', () => {
    const st = new Store(base());
    st.run(indent(st.s.doc, st.s.index, ['r3']));
    st.undo();
    // A command that changes nothing (moving the last row down) is not an edit.
    const last = [...st.s.index.children.get('r1')!].at(-1)!;
    st.run(moveDown(st.s.doc, st.s.index, [last]));
    expect(canRedo(st.h)).toBe(true);
    st.run(indent(st.s.doc, st.s.index, ['r4']));
    expect(canRedo(st.h)).toBe(false);
  });

  it('bails back to a mark and squashes a gesture into one step', () => {
    const st = new Store(base());
    const s0 = st.s.doc;
    st.h = mark(st.h, 'drag');
    st.run(indent(st.s.doc, st.s.index, ['r3']));
    st.run(indent(st.s.doc, st.s.index, ['r4']));
    const b = bail(st.h, 'drag');
    st.h = b.history;
    st.s = applyWbsPatches(st.s, b.patches);
    expect(st.s.doc).toEqual(s0);
    expect(canUndo(st.h)).toBe(false);

    st.h = mark(st.h, 'drag2');
    st.run(indent(st.s.doc, st.s.index, ['r3']));
    st.run(addRelations(st.s.doc, [{ predId: 'r3', succId: 'r6' }], counterIds('x')));
    st.run(indent(st.s.doc, st.s.index, ['r4']));
    st.h = squash(st.h, 'drag2', 'command.drag');
    expect(st.h.undos).toHaveLength(1);
    expect(st.h.undos[0]).toMatchObject({ kind: 'undo_wbs', labelKey: 'command.drag' });
    st.undo();
    expect(st.s.doc).toEqual(s0);
    st.redo();
    expect(st.s.doc.rows.get('r4')!.parentId).toBe('r2');
  });

  it('drops the oldest entries beyond the limit', () => {
    let h = createHistory(2);
    const st = new Store(base());
    for (const id of ['r3', 'r4', 'r5']) {
      const c = createRows(st.s.doc, st.s.index, { nodeType: 'task', at: { after: id } }, counterIds(id));
      h = record(h, entry(c, id));
    }
    expect(h.undos.map((e) => ('labelKey' in e ? e.labelKey : ''))).toEqual(['r4', 'r5']);
  });

  it('undo after random commands and undos/redos matches the snapshots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.nat()), { maxLength: 25 }),
        (steps) => {
          const st = new Store(base());
          const ids = counterIds();
          const past = [st.s.doc];
          const future: (typeof st.s.doc)[] = [];
          for (const [kind, pick] of steps) {
            const all = [...st.s.doc.rows.keys()];
            const id = all[pick % all.length]!;
            if (kind === 0 && past.length > 1) {
              st.undo();
              future.push(past.pop()!);
            } else if (kind === 1 && future.length) {
              st.redo();
              past.push(future.pop()!);
            } else if (kind >= 2) {
              const c =
                kind === 2
                  ? indent(st.s.doc, st.s.index, [id])
                  : kind === 3
                    ? deleteRows(st.s.doc, st.s.index, [id])
                    : createRows(st.s.doc, st.s.index, { nodeType: 'task', at: { childOf: id } }, ids);
              if (c.patches.length === 0) continue;
              st.run(c);
              past.push(st.s.doc);
              future.length = 0;
            }
            expect(st.s.doc).toEqual(past[past.length - 1]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('serialized history', () => {
  it('survives JSON, Maps included, and undoes after a reload', () => {
    const st = new Store(base());
    const s0 = st.s.doc;
    st.run(deleteRows(st.s.doc, st.s.index, ['r2']));
    st.run(
      createRows(
        st.s.doc,
        st.s.index,
        { nodeType: 'milestone_finish', at: { atEnd: true } },
        counterIds('m'),
      ),
    );
    const json = JSON.parse(JSON.stringify(serializeHistory(st.h)));
    const reloaded = new Store(wbsState(st.s.doc));
    reloaded.h = deserializeHistory(json);
    reloaded.undo();
    reloaded.undo();
    expect(reloaded.s.doc).toEqual(s0);
  });
  it('encodes Map and undefined values and refuses malformed entries', () => {
    const e: HistoryEntry = {
      id: 'u1',
      kind: 'undo_wbs',
      labelKey: 'x',
      patches: [
        { op: 'replace', path: ['rows'], value: new Map([['a', { x: undefined, y: [1, new Set([2])] }]]) },
      ],
      inversePatches: [{ op: 'remove', path: ['rows', 'a'] }],
    };
    expect(deserializeEntry(JSON.parse(JSON.stringify(serializeEntry(e))))).toEqual(e);
    expect(() =>
      deserializeEntry({ v: 1, kind: 'undo_other', labelKey: 'x', patches: [], inversePatches: [] }),
    ).toThrow();
    expect(() =>
      deserializeEntry({
        v: 1,
        kind: 'undo_wbs',
        labelKey: 'x',
        patches: [{ op: 'move', path: [] }],
        inversePatches: [],
      }),
    ).toThrow();
  });

  it('writes a plain-valued patch as itself and every patch as its JSON form (fast-check)', () => {
    // The copy-everything encoding serialize.ts had before plain patches were kept as they are.
    const tag = (v: unknown): unknown => {
      if (v === undefined) return { $undefined: true };
      if (v instanceof Map) return { $map: [...v].map(([k, x]) => [tag(k), tag(x)]) };
      if (v instanceof Set) return { $set: [...v].map(tag) };
      if (Array.isArray(v)) return v.map(tag);
      if (typeof v === 'number' && !Number.isFinite(v)) return { $number: String(v) };
      if (v !== null && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tag(x)]));
      return v;
    };
    const value = fc.oneof(
      fc.string(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double(), fc.constant(undefined))),
      fc.array(fc.oneof(fc.integer(), fc.constant(Number.NaN))).map((xs) => new Set(xs)),
      fc.array(fc.tuple(fc.string(), fc.string())).map((xs) => new Map(xs)),
    );
    const patch = fc.oneof(
      fc.record({
        op: fc.constantFrom('add' as const, 'replace' as const),
        path: fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 }),
        value,
      }),
      fc.record({ op: fc.constant('remove' as const), path: fc.array(fc.string(), { minLength: 1 }) }),
    );
    fc.assert(
      fc.property(fc.array(patch, { maxLength: 20 }), (patches) => {
        const e: HistoryEntry = { kind: 'undo_wbs', labelKey: 'x', patches, inversePatches: [] };
        const s = serializeEntry(e);
        const text = JSON.stringify(s.patches);
        expect(JSON.parse(text)).toEqual(
          JSON.parse(
            JSON.stringify(
              patches.map((p) => ({
                op: p.op,
                path: p.path,
                ...('value' in p ? { value: tag(p.value) } : {}),
              })),
            ),
          ),
        );
        expect(deserializeEntry(JSON.parse(JSON.stringify(s))).patches).toEqual(
          JSON.parse(text).map((p: unknown) => deserializeEntry({ ...s, patches: [p] }).patches[0]),
        );
        (patches as Patch[]).forEach((p, i) => {
          const kept = s.patches[i] === p;
          const plain =
            p.value === null ||
            ['string', 'boolean'].includes(typeof p.value) ||
            (typeof p.value === 'number' && Number.isFinite(p.value));
          expect(kept).toBe(plain && 'value' in p);
        });
      }),
    );
  });

  it('squashes and bails out of a gesture of a few hundred thousand patches', () => {
    // A 10k × 10 paste or a 100k-row delete: more patches than a call takes as arguments.
    const n = 300_000;
    const patches = Array.from({ length: n }, (_, i) => ({
      op: 'replace' as const,
      path: ['rows', `r${i}`, 'name'],
      value: `n${i}`,
    }));
    const big: HistoryEntry = { kind: 'undo_wbs', labelKey: 'cmd.paste', patches, inversePatches: patches };
    const h = record(mark(createHistory(), 'paste'), big);
    expect(bail(h, 'paste').patches).toHaveLength(n);
    const squashed = squash(h, 'paste');
    expect(undo(squashed).entry!.inversePatches).toHaveLength(n);
  });
});
