// A layout's sort and grouping of the visible rows: without either the view is the WBS's
// (flattenVisible / flattenFiltered); a sort keeps the tree (each row right under its parent's
// subtree, siblings in the sort's order, ties in WBS order, blanks last); grouping puts every
// shown row without children under exactly one header of its value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenFiltered } from '../../../src/domain/filter/wbs';
import {
  arrangeView,
  compareValues,
  groupPathOf,
  groupRowId,
  isGroupRowId,
} from '../../../src/domain/wbs/arrange';
import type { ArrangeValue, Arrangement } from '../../../src/domain/wbs/arrange';
import { keyBetween } from '../../../src/domain/wbs/order-key';
import { buildTreeIndex } from '../../../src/domain/wbs/tree-index';
import { newRow } from '../../../src/domain/wbs/types';
import type { RowId, WbsRow } from '../../../src/domain/wbs/types';
import { flattenVisible } from '../../../src/domain/wbs/view';

interface Spec {
  parents: (number | null)[];
  values: (number | null)[];
  zones: (string | null)[];
  collapsed: boolean[];
  hidden: boolean[];
}

const specArb = fc.integer({ min: 0, max: 40 }).chain((n) =>
  fc.record({
    parents: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        i === 0 ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: i - 1 }), { freq: 3 }),
      ),
    ),
    values: fc.array(fc.option(fc.integer({ min: -5, max: 5 }), { freq: 4 }), { minLength: n, maxLength: n }),
    zones: fc.array(fc.option(fc.constantFrom('North', 'South', 'Level 2', 'Level 10')), {
      minLength: n,
      maxLength: n,
    }),
    collapsed: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    hidden: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  }),
) as fc.Arbitrary<Spec>;

function build(spec: Spec) {
  const rows = new Map<RowId, WbsRow>();
  const lastKey = new Map<string, string | null>();
  spec.parents.forEach((p, i) => {
    const parent = p === null ? null : `r${p}`;
    const key = keyBetween(lastKey.get(parent ?? '') ?? null, null);
    lastKey.set(parent ?? '', key);
    rows.set(`r${i}`, newRow(`r${i}`, 'task', parent, key, { name: `Row ${i}` }));
  });
  const index = buildTreeIndex(rows);
  const at = (id: RowId) => Number(id.slice(1));
  const read = (id: RowId, column: string): ArrangeValue =>
    column === 'v' ? spec.values[at(id)] : column === 'zone' ? spec.zones[at(id)] : null;
  const expanded = new Set([...rows.keys()].filter((id) => !spec.collapsed[at(id)]));
  // A filter's rows keep their ancestors (as filterShownRows makes them).
  const shown = new Set<RowId>();
  for (const id of rows.keys())
    if (!spec.hidden[at(id)])
      for (let x: RowId | null = id; x !== null && !shown.has(x); x = rows.get(x)!.parentId) shown.add(x);
  return { rows, index, read, expanded, shown, at };
}

const NONE: Arrangement = { sort: [], groupBy: null };

describe('arrangeView', () => {
  it('without a sort or grouping is the WBS view, filtered or not', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const { index, read, expanded, shown } = build(spec);
        expect(arrangeView(index, expanded, null, NONE, read)).toEqual(flattenVisible(index, expanded));
        expect(arrangeView(index, expanded, shown, NONE, read)).toEqual(
          flattenFiltered(index, expanded, shown),
        );
      }),
    );
  });

  it('a sort keeps the tree and orders siblings by the value, ties in WBS order, blanks last', () => {
    fc.assert(
      fc.property(specArb, fc.constantFrom<'asc' | 'desc'>('asc', 'desc'), (spec, dir) => {
        const { rows, index, read, expanded } = build(spec);
        const plain = flattenVisible(index, expanded);
        const view = arrangeView(
          index,
          expanded,
          null,
          { sort: [{ column: 'v', dir }], groupBy: null },
          read,
        );
        // The same rows at the same depths.
        expect([...view.ids].sort()).toEqual([...plain.ids].sort());
        const depthOf = new Map(plain.ids.map((id, i) => [id, plain.depth[i]]));
        view.ids.forEach((id, i) => expect(view.depth[i]).toBe(depthOf.get(id)));
        // Each row's parent is the nearest row above it one level up.
        view.ids.forEach((id, i) => {
          const p = rows.get(id)!.parentId;
          if (p === null) return expect(view.depth[i]).toBe(0);
          let j = i - 1;
          while (view.depth[j]! >= view.depth[i]!) j--;
          expect(view.ids[j]).toBe(p);
        });
        // Siblings in order.
        const pos = new Map(view.ids.map((id, i) => [id, i]));
        const wbs = new Map(flattenVisible(index, { has: () => true }).ids.map((id, i) => [id, i]));
        for (const kids of index.children.values()) {
          const shownKids = kids.filter((k) => pos.has(k)).sort((a, b) => pos.get(a)! - pos.get(b)!);
          for (let k = 1; k < shownKids.length; k++) {
            const a = read(shownKids[k - 1]!, 'v') as number | null;
            const b = read(shownKids[k]!, 'v') as number | null;
            if (a === null) expect(b).toBeNull();
            else if (b !== null) expect(dir === 'asc' ? a <= b : a >= b).toBe(true);
            if (a === b) expect(wbs.get(shownKids[k - 1]!)! < wbs.get(shownKids[k]!)!).toBe(true);
          }
        }
      }),
    );
  });

  it('grouping puts every shown leaf under exactly one header of its value', () => {
    fc.assert(
      fc.property(specArb, fc.boolean(), (spec, filtered) => {
        const { rows, index, read, expanded, shown } = build(spec);
        const view = arrangeView(
          index,
          expanded,
          filtered ? shown : null,
          { sort: [{ column: 'v', dir: 'desc' }], groupBy: 'zone' },
          read,
        );
        const leaves = [...rows.keys()].filter(
          (id) => !index.children.has(id) && (!filtered || shown.has(id)),
        );
        const members = view.ids.filter((id) => !isGroupRowId(id));
        expect([...members].sort()).toEqual([...leaves].sort());
        let current: string | null = null;
        const values: string[] = [];
        view.ids.forEach((id, i) => {
          if (isGroupRowId(id)) {
            const g = view.groups!.get(id)!;
            expect(id).toBe(groupRowId(g.value));
            expect(view.depth[i]).toBe(0);
            current = g.value;
            values.push(g.value);
            expect(g.rows).toEqual(view.ids.slice(i + 1, i + 1 + g.rows.length));
          } else {
            expect(view.depth[i]).toBe(1);
            expect(read(id, 'zone') ?? '').toBe(current);
          }
        });
        // Distinct, ascending (numbers inside text by number), the empty value last.
        expect(new Set(values).size).toBe(values.length);
        const named = values.filter((v) => v !== '');
        expect(named).toEqual([...named].sort(compareValues));
        if (values.includes('')) expect(values.at(-1)).toBe('');
      }),
    );
  });

  it('a folded header keeps its summary and hides exactly its rows', () => {
    fc.assert(
      fc.property(specArb, fc.array(fc.boolean(), { maxLength: 6 }), (spec, folds) => {
        const { index, read, expanded } = build(spec);
        const by: Arrangement = { sort: [], groupBy: 'zone' };
        const open = arrangeView(index, expanded, null, by, read);
        const headers = open.ids.filter(isGroupRowId);
        const folded = new Set(headers.filter((_, i) => folds[i]));
        const view = arrangeView(index, expanded, null, by, read, folded);
        // Every header still shows, with the same group (its count and span read the same rows).
        expect(view.ids.filter(isGroupRowId)).toEqual(headers);
        for (const h of headers) expect(view.groups!.get(h)).toEqual(open.groups!.get(h));
        // The view is the open view without the folded groups' rows.
        const hidden = new Set(
          headers.filter((h) => folded.has(h)).flatMap((h) => open.groups!.get(h)!.rows),
        );
        expect(view.ids).toEqual(open.ids.filter((id) => !hidden.has(id)));
        view.ids.forEach((id, i) => expect(view.depth[i]).toBe(isGroupRowId(id) ? 0 : 1));
      }),
    );
  });

  it('orders text by the numbers in it and numbers by size', () => {
    expect(['Level 10', 'Level 2', 'level 1'].sort(compareValues)).toEqual([
      'level 1',
      'Level 2',
      'Level 10',
    ]);
    expect([10, 9, -1].sort(compareValues)).toEqual([-1, 9, 10]);
  });

  it('two levels: every shown leaf appears exactly once, under the headers of its own values', () => {
    fc.assert(
      fc.property(specArb, fc.boolean(), (spec, filtered) => {
        const { rows: all, index, read, expanded, shown } = build(spec);
        const sh = filtered ? shown : null;
        const view = arrangeView(index, expanded, sh, { sort: [], groupBy: ['zone', 'v'] }, read);
        const leaves = [...all.keys()].filter((id) => !index.children.has(id) && (!sh || sh.has(id)));
        const rows = view.ids.filter((id) => !isGroupRowId(id));
        expect([...rows].sort()).toEqual([...leaves].sort());
        const key = (x: ArrangeValue) => (x === null || x === undefined || x === '' ? '' : String(x));
        let path: string[] = [];
        view.ids.forEach((id, i) => {
          if (isGroupRowId(id)) {
            const g = view.groups!.get(id)!;
            expect(view.depth[i]).toBe(g.level);
            expect(g.path!.length).toBe(g.level! + 1);
            expect(id).toBe(groupRowId(...g.path!));
            path = [...g.path!];
          } else {
            expect(view.depth[i]).toBe(2);
            expect(path).toEqual([key(read(id, 'zone')), key(read(id, 'v'))]);
          }
        });
        // An outer header's rows are its inner headers' rows, in order.
        for (const g of view.groups!.values())
          if (g.level === 0) {
            const inner = [...view.groups!.values()].filter((h) => h.level === 1 && h.path![0] === g.value);
            expect(inner.flatMap((h) => h.rows)).toEqual(g.rows);
          }
      }),
    );
  });

  it('folding an outer header hides its inner headers and rows, nothing else', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const { index, read, expanded } = build(spec);
        const a: Arrangement = { sort: [], groupBy: ['zone', 'v'] };
        const open = arrangeView(index, expanded, null, a, read);
        const outer = [...open.groups!.entries()].find(([, g]) => g.level === 0);
        if (!outer) return;
        const shut = arrangeView(index, expanded, null, a, read, new Set([outer[0]]));
        const gone = new Set(open.ids.filter((id) => !shut.ids.includes(id)));
        const inner = [...open.groups!.entries()].filter(
          ([, g]) => g.level === 1 && g.path![0] === outer[1].value,
        );
        expect(gone).toEqual(new Set([...outer[1].rows, ...inner.map(([h]) => h)]));
      }),
    );
  });

  it("a header's id gives back its path (saved folds name headers by their paths)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 }), (path) => {
        // Values hold no control characters (the grid's text); '' is the "(none)" group.
        const clean = path.map((v) => [...v].filter((c) => c.charCodeAt(0) >= 32).join(''));
        expect(groupPathOf(groupRowId(...clean))).toEqual(clean);
      }),
    );
    expect(groupPathOf('row-1')).toBeNull();
  });

  it('an empty list of levels is the WBS order, as no grouping', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const { index, read, expanded } = build(spec);
        const none = arrangeView(index, expanded, null, { sort: [], groupBy: null }, read);
        const empty = arrangeView(index, expanded, null, { sort: [], groupBy: [] }, read);
        expect(empty.ids).toEqual(none.ids);
        expect(empty.groups).toBeUndefined();
      }),
    );
  });
});
