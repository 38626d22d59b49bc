// A group header's column values: a sum is the sum of its rows' values, a start the earliest and a
// finish the latest, percent complete weighted by duration, a duration the length of the span; a
// header with subgroups has the roll-up of its subgroups, which is the roll-up of all its rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeView } from '../../../src/domain/wbs/arrange';
import type { RowGroup } from '../../../src/domain/wbs/arrange';
import { groupColumnValues, rollUpRows, type GroupColumn } from '../../../src/domain/wbs/group-columns';
import { keyBetween } from '../../../src/domain/wbs/order-key';
import { buildTreeIndex } from '../../../src/domain/wbs/tree-index';
import { newRow, type WbsRow } from '../../../src/domain/wbs/types';

interface Row {
  price: number | null;
  es: number;
  ef: number;
  pct: number;
  dur: number;
  tf: number | null;
}

const columnsOf = (rows: ReadonlyMap<string, Row>): GroupColumn[] => {
  const of = (id: string) => rows.get(id)!;
  return [
    { id: 'price', kind: 'sum', value: (id) => of(id).price ?? undefined },
    { id: 'start', kind: 'min', value: (id) => of(id).es },
    { id: 'finish', kind: 'max', value: (id) => of(id).ef },
    { id: 'total_float', kind: 'min', value: (id) => of(id).tf ?? undefined },
    { id: 'progress', kind: 'mean', value: (id) => of(id).pct, weight: (id) => of(id).dur },
    {
      id: 'duration',
      kind: 'span',
      start: (id) => of(id).es,
      finish: (id) => of(id).ef,
      length: (s, f) => f - s,
    },
  ];
};

describe('rollUpRows', () => {
  it('sums, takes the earliest start, the latest finish, the smallest float, the weighted percent', () => {
    const rows = new Map<string, Row>([
      ['a', { price: 100.5, es: 960, ef: 1920, pct: 100, dur: 480, tf: 480 }],
      ['b', { price: null, es: 480, ef: 2400, pct: 0, dur: 1440, tf: null }],
      ['c', { price: 20, es: 1000, ef: 1100, pct: 50, dur: 0, tf: -960 }],
    ]);
    const v = rollUpRows(['a', 'b', 'c'], columnsOf(rows));
    expect(v.get('price')).toBe(120.5);
    expect(v.get('start')).toBe(480);
    expect(v.get('finish')).toBe(2400);
    expect(v.get('total_float')).toBe(-960);
    expect(v.get('progress')).toBe(25);
    expect(v.get('duration')).toBe(1920);
  });

  it('leaves out a column no row has a value in; milestones alone average plainly', () => {
    const rows = new Map<string, Row>([
      ['m', { price: null, es: 0, ef: 0, pct: 40, dur: 0, tf: null }],
      ['n', { price: null, es: 0, ef: 0, pct: 60, dur: 0, tf: null }],
    ]);
    const v = rollUpRows(['m', 'n'], columnsOf(rows));
    expect(v.has('price')).toBe(false);
    expect(v.has('total_float')).toBe(false);
    expect(v.get('progress')).toBe(50);
    expect(rollUpRows([], columnsOf(rows)).size).toBe(0);
  });
});

const rowArb = fc.record({
  price: fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 }), { freq: 3 }),
  es: fc.integer({ min: 0, max: 100_000 }),
  len: fc.integer({ min: 0, max: 10_000 }),
  pct: fc.integer({ min: 0, max: 100 }),
  dur: fc.integer({ min: 0, max: 5_000 }),
  tf: fc.option(fc.integer({ min: -5_000, max: 5_000 })),
  zone: fc.constantFrom('N', 'S', ''),
  floor: fc.constantFrom('L1', 'L2', 'L3'),
});

describe('groupColumnValues', () => {
  it("a header's values are the roll-up of its rows, and of its subgroups' (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 60 }), fc.boolean(), (spec, twoLevels) => {
        const rows = new Map<string, Row>();
        const wbs = new Map<string, WbsRow>();
        let key: string | null = null;
        spec.forEach((r, i) => {
          const id = `r${i}`;
          key = keyBetween(key, null);
          rows.set(id, { price: r.price, es: r.es, ef: r.es + r.len, pct: r.pct, dur: r.dur, tf: r.tf });
          wbs.set(id, newRow(id, 'task', null, key, { attributes: { zone: r.zone, floor: r.floor } }));
        });
        const index = buildTreeIndex(wbs);
        const read = (id: string, column: string) => wbs.get(id)!.attributes[column];
        const groupBy = twoLevels ? ['zone', 'floor'] : ['zone'];
        const view = arrangeView(index, new Set(), null, { sort: [], groupBy }, read);
        const columns = columnsOf(rows);
        const values = groupColumnValues(view.groups!, columns);
        expect(values.size).toBe(view.groups!.size);
        for (const [id, g] of view.groups!) {
          const got = values.get(id)!;
          // Integers: the nested and the flat sums agree exactly.
          const flat = rollUpRows(g.rows, columns);
          expect([...got.keys()].sort()).toEqual([...flat.keys()].sort());
          for (const [c, v] of flat) expect(got.get(c)).toBeCloseTo(v, 6);
          const prices = g.rows.map((r) => rows.get(r)!.price).filter((p) => p !== null);
          if (prices.length) expect(got.get('price')).toBe(prices.reduce((a, b) => a + b, 0));
          else expect(got.has('price')).toBe(false);
          expect(got.get('start')).toBe(Math.min(...g.rows.map((r) => rows.get(r)!.es)));
          expect(got.get('finish')).toBe(Math.max(...g.rows.map((r) => rows.get(r)!.ef)));
        }
        // An outer header's values are those of its subgroups rolled up.
        if (twoLevels)
          for (const [id, g] of view.groups!) {
            if ((g.level ?? 0) !== 0) continue;
            const subs = [...view.groups!.values()].filter(
              (s: RowGroup) => s.level === 1 && s.path![0] === g.value,
            );
            const sum = subs.reduce((a, s) => a + (values.get(idOf(view.groups!, s))!.get('price') ?? 0), 0);
            expect(values.get(id)!.get('price') ?? 0).toBe(sum);
            const starts = subs.map((s) => values.get(idOf(view.groups!, s))!.get('start')!);
            expect(values.get(id)!.get('start')).toBe(Math.min(...starts));
          }
      }),
    );
  });
});

function idOf(groups: ReadonlyMap<string, RowGroup>, g: RowGroup): string {
  for (const [id, x] of groups) if (x === g) return id;
  throw new Error('not a header');
}
