import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildPredicate,
  compareValues,
  conditionCost,
  dayOfText,
  FILTER_OPERATORS,
  normalizeColor,
  type FieldValue,
  type FilterCondition,
  type FilterGroup,
} from '../../../src/domain/filter/operators';
import { flattenFiltered, rowsToShow, wbsPredicate } from '../../../src/domain/filter/wbs';
import { isoDay } from '../../../src/domain/filter/grid-fields';
import { toMinutes } from '../../../src/domain/calendar/time';
import { wbsState } from '../../../src/domain/wbs/change';
import type { WbsRow } from '../../../src/domain/wbs/types';
import { expandToLevel } from '../../../src/domain/wbs/view';
import { docFromOutline } from '../wbs/helpers';

type Row = Record<string, FieldValue>;
const rows: Row[] = [
  { id: 'a', n: 5, s: 'Excavation', d: 100, tags: ['x', 'y'], color: '#FF0000' },
  { id: 'b', n: 10, s: 'excavation ', d: 200, tags: [], color: 'f00' },
  { id: 'c', n: null, s: '', d: null, tags: ['z'], color: null },
  { id: 'd', n: -1, s: 'Walls A10', d: 300, tags: null, color: '#00ff00' },
  { id: 'e', n: 0, s: 'Walls A2', d: 150, tags: ['y'], color: '#0f0' },
];
const ctx = { get: (r: Row, f: string) => r[f] };
const ids = (c: Omit<FilterCondition, 'field'> & { field?: string }) =>
  rows.filter(buildPredicate({ field: 'n', ...c } as FilterCondition, ctx)).map((r) => r.id);

describe('filter operators', () => {
  it('has every operator of the spec', () => expect(FILTER_OPERATORS).toHaveLength(20));
  it.each([
    [{ op: 'lt', value: 5 }, ['d', 'e']],
    [{ op: 'lte', value: 5 }, ['a', 'd', 'e']],
    [{ op: 'gt', value: 0 }, ['a', 'b']],
    [{ op: 'gte', value: 0 }, ['a', 'b', 'e']],
    [{ op: 'eq', value: 10 }, ['b']],
    [{ op: 'ne', value: 10 }, ['a', 'c', 'd', 'e']],
    [{ op: 'exists' }, ['a', 'b', 'd', 'e']],
    [{ op: 'not_exists' }, ['c']],
    [{ op: 'range', from: 0, to: 5 }, ['a', 'e']],
    [{ op: 'range', from: 6 }, ['b']],
    [{ op: 'range', to: 0 }, ['d', 'e']],
    [{ op: 'sum_exists' }, ['a', 'b', 'd']],
    [{ op: 'sum_not_exists' }, ['c', 'e']],
  ] as const)('numbers: %j', (c, expected) => expect(ids(c)).toEqual(expected));

  it.each([
    [{ op: 'like', value: 'EXCAV' }, ['a', 'b']],
    [{ op: 'like', value: 'walls a_' }, ['e']],
    [{ op: 'like', value: '%a1%' }, ['d']],
    [{ op: 'not_like', value: 'excav' }, ['c', 'd', 'e']],
    [{ op: 'eq_text', value: ' EXCAVATION' }, ['a', 'b']],
    [{ op: 'eq_text_or_null', value: 'excavation' }, ['a', 'b', 'c']],
    [{ op: 'ne_text', value: 'excavation' }, ['c', 'd', 'e']],
    [{ op: 'eq', value: 'Excavation' }, ['a']],
    [{ op: 'lt', value: 'Walls A10' }, ['a', 'b', 'e']],
    [{ op: 'exists' }, ['a', 'b', 'd', 'e']],
  ] as const)('text: %j', (c, expected) => expect(ids({ ...c, field: 's' })).toEqual(expected));

  it('like ignores case in any script, and a text of spaces (ASCII or not) is empty', () => {
    const texts: Row[] = [
      { id: 'r', s: 'Бетонные работы' },
      { id: 'f', s: 'Coulage du BÉTON' },
      { id: 'n', s: '\u00a0\u2003' },
      { id: 'x', s: '  plain  ' },
    ];
    const pick = (c: Omit<FilterCondition, 'field'>) =>
      texts.filter(buildPredicate({ field: 's', ...c } as FilterCondition, ctx)).map((r) => r.id);
    expect(pick({ op: 'like', value: 'БЕТОН' })).toEqual(['r']);
    expect(pick({ op: 'like', value: 'béton' })).toEqual(['f']);
    expect(pick({ op: 'like', value: 'a+b(' })).toEqual([]);
    expect(pick({ op: 'exists' })).toEqual(['r', 'f', 'x']);
  });

  it('escapes LIKE wildcards', () => {
    const r = [{ s: '50% done' }, { s: '50 done' }];
    const p = buildPredicate<Row>({ field: 's', op: 'like', value: '50\\%%' }, ctx);
    expect(r.map(p)).toEqual([true, false]);
  });

  it.each([
    [{ op: 'filter_by_list', values: ['y'] }, ['a', 'e']],
    [{ op: 'filter_by_list', values: ['z', null] }, ['b', 'c', 'd']],
    [{ op: 'filter_by_exclude_list', values: ['y'] }, ['b', 'c', 'd']],
    [{ op: 'exists' }, ['a', 'c', 'e']],
  ] as const)('lists and multi-values: %j', (c, expected) =>
    expect(ids({ ...c, field: 'tags' })).toEqual(expected),
  );

  it('lists compare numbers and text alike', () => {
    expect(ids({ op: 'filter_by_list', values: ['5', 10] })).toEqual(['a', 'b']);
  });

  it.each([
    [{ op: 'colors', values: ['#f00'] }, ['a', 'b']],
    [{ op: 'colors', values: ['#00FF00', '#123'] }, ['d', 'e']],
    [{ op: 'exclude_colors', values: ['#ff0000'] }, ['c', 'd', 'e']],
  ] as const)('colours: %j', (c, expected) => expect(ids(c)).toEqual(expected));

  it('normalises colours', () => {
    expect(normalizeColor('#ABC')).toBe('#aabbcc');
    expect(normalizeColor('aabbcc')).toBe('#aabbcc');
    expect(normalizeColor('Red')).toBe('red');
  });

  it('combines conditions in nested groups', () => {
    const p = buildPredicate<Row>(
      {
        match: 'any',
        conditions: [
          {
            match: 'all',
            conditions: [
              { field: 'n', op: 'gt', value: 0 },
              { field: 'd', op: 'gte', value: 200 },
            ],
          },
          { field: 's', op: 'like', value: 'a2' },
        ],
      },
      ctx,
    );
    expect(rows.filter(p).map((r) => r.id)).toEqual(['b', 'e']);
    expect(rows.filter(buildPredicate<Row>({ match: 'all', conditions: [] }, ctx))).toHaveLength(5);
  });

  it('tests a group cheapest part first: a like after a failed number comparison is not run', () => {
    const read: string[] = [];
    const counting = { get: (r: Row, f: string) => (read.push(f), r[f]) };
    const p = buildPredicate<Row>(
      {
        match: 'all',
        conditions: [
          { field: 's', op: 'like', value: 'wall' },
          { field: 'n', op: 'gt', value: 100 },
        ],
      },
      counting,
    );
    expect(rows.filter(p)).toEqual([]);
    expect(read.filter((f) => f === 's')).toEqual([]);
    expect(conditionCost({ field: 's', op: 'like', value: 'x' })).toBeGreaterThan(
      conditionCost({ field: 'n', op: 'range', from: 1, to: '2026-01-01' }),
    );
    expect(conditionCost({ field: 's', op: 'gt', value: 'A10' })).toBeGreaterThan(
      conditionCost({ field: 'n', op: 'gt', value: 3 }),
    );
  });

  it('answers as the groups read in their written order, whatever the order of testing', () => {
    const condition: fc.Arbitrary<FilterCondition> = fc.oneof(
      fc.record({
        field: fc.constantFrom('n', 'd'),
        op: fc.constantFrom('lt', 'gte', 'eq', 'ne', 'exists', 'not_exists', 'range') as fc.Arbitrary<
          FilterCondition['op']
        >,
        value: fc.integer({ min: -2, max: 300 }),
        from: fc.integer({ min: -2, max: 200 }),
        to: fc.integer({ min: 0, max: 300 }),
      }),
      fc.record({
        field: fc.constant('s'),
        op: fc.constantFrom('like', 'not_like', 'eq_text', 'ne_text', 'gt') as fc.Arbitrary<
          FilterCondition['op']
        >,
        value: fc.constantFrom('wall', 'A2', 'excavation', ''),
      }),
      fc.record({
        field: fc.constant('tags'),
        op: fc.constantFrom('filter_by_list', 'filter_by_exclude_list') as fc.Arbitrary<
          FilterCondition['op']
        >,
        values: fc.subarray(['x', 'y', 'z', null]),
      }),
      fc.record({
        field: fc.constant('color'),
        op: fc.constantFrom('colors', 'exclude_colors') as fc.Arbitrary<FilterCondition['op']>,
        values: fc.subarray(['#f00', '#00FF00']),
      }),
    );
    const { group } = fc.letrec<{ group: FilterGroup; part: FilterGroup | FilterCondition }>((tie) => ({
      group: fc.record({
        match: fc.constantFrom('all', 'any') as fc.Arbitrary<'all' | 'any'>,
        conditions: fc.array(tie('part'), { maxLength: 4 }),
      }),
      part: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('group')),
    }));
    // The written order: each part's own predicate, combined left to right (an empty group passes).
    const inOrder = (f: FilterGroup | FilterCondition): ((r: Row) => boolean) => {
      if (!('conditions' in f)) return buildPredicate(f, ctx);
      const parts = f.conditions.map(inOrder);
      if (parts.length === 0) return () => true;
      return f.match === 'all' ? (r) => parts.every((q) => q(r)) : (r) => parts.some((q) => q(r));
    };
    fc.assert(
      fc.property(group, (g) => {
        const want = inOrder(g);
        const got = buildPredicate(g, ctx);
        for (const r of rows) expect(got(r)).toBe(want(r));
      }),
      { numRuns: 300 },
    );
  });
});

describe('WBS filters', () => {
  const state = () => {
    const s = wbsState(
      docFromOutline([
        ['s1', 0],
        ['a', 1],
        ['b', 1],
        ['s2', 0],
        ['c', 1],
        ['s3', 0],
      ]),
    );
    const rows = new Map(s.doc.rows);
    const set = (id: string, f: Partial<WbsRow>) => rows.set(id, { ...rows.get(id)!, ...f });
    set('a', { volume: 3, attributes: { zone: 'North' } });
    set('b', { volume: -3, color: '#f00' });
    set('c', { volume: 4 });
    return wbsState({ rows, relations: s.doc.relations });
  };

  it('sum_exists uses subtree sums: a section passes when its rows carry a non-zero total', () => {
    const s = state();
    const p = wbsPredicate({ field: 'volume', op: 'sum_exists' }, s.index, s.doc.rows);
    expect([...s.doc.rows.values()].filter(p).map((r) => r.id)).toEqual(['a', 'b', 's2', 'c']);
    const q = wbsPredicate({ field: 'volume', op: 'sum_not_exists' }, s.index, s.doc.rows);
    expect([...s.doc.rows.values()].filter(q).map((r) => r.id)).toEqual(['s1', 's3']);
  });

  it('reads attributes and colours, and shows matches with their ancestors', () => {
    const s = state();
    const p = wbsPredicate(
      {
        match: 'any',
        conditions: [
          { field: 'attr:zone', op: 'eq_text', value: 'north' },
          { field: 'color', op: 'colors', values: ['#ff0000'] },
        ],
      },
      s.index,
      s.doc.rows,
    );
    const shown = rowsToShow(s.doc.rows, p);
    expect([...shown].sort()).toEqual(['a', 'b', 's1']);
    const view = flattenFiltered(s.index, expandToLevel(s.index, Infinity), shown);
    expect(view.ids).toEqual(['s1', 'a', 'b']);
    expect([...view.depth]).toEqual([0, 1, 1]);
  });
});

describe('comparing texts', () => {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sign = (d: number | null) => (d === null ? null : Math.sign(d));
  const day = fc
    .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('orders two days as the numeric collation does (the fast path for date columns)', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(sign(compareValues(a, b))).toBe(Math.sign(collator.compare(a, b)));
      }),
    );
  });

  it('leaves any other text to the collation: natural order, case ignored', () => {
    const text = fc.oneof(
      day,
      fc.string({ maxLength: 12 }),
      day.map((d) => `${d} 08:00`),
      day.map((d) => d.replace(/-0/g, '-')),
    );
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sign(compareValues(a, b))).toBe(Math.sign(collator.compare(a, b)));
      }),
    );
    expect(compareValues('2026-3-5', '2026-03-10')).toBeLessThan(0);
    expect(compareValues('A2', 'a10')).toBeLessThan(0);
  });
});

describe('date columns compared by day', () => {
  // A row: its start in engine minutes (NaN: not scheduled). The text reader gives the grid's
  // YYYY-MM-DD text, the day reader the day number; a filter must answer alike through either.
  const minutes = fc.oneof(fc.integer({ min: 0, max: 51 * 366 * 1440 }), fc.constant(Number.NaN));
  const dayText = fc.oneof(
    fc.integer({ min: -400, max: 19_000 }).map((d) => isoDay(d * 1440)),
    fc.constantFrom('2026-02-30', '2026-13-01', '2026-3-5', 'soon', ''),
  );
  const bound = fc.oneof(dayText, fc.constant(null));
  const condition: fc.Arbitrary<FilterCondition> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('lt', 'lte', 'gt', 'gte', 'eq', 'ne') as fc.Arbitrary<FilterCondition['op']>,
        dayText,
      )
      .map(([op, value]) => ({ field: 'start', op, value })),
    fc.tuple(bound, bound).map(([from, to]) => ({ field: 'start', op: 'range' as const, from, to })),
  );

  it('a day comparison answers as the comparison of the day texts', () => {
    fc.assert(
      fc.property(fc.array(minutes, { maxLength: 30 }), condition, (starts, c) => {
        const text = (m: number) => (Number.isFinite(m) ? isoDay(m) : null);
        const byText = buildPredicate<number>(c, { get: (m) => text(m) });
        const byDay = buildPredicate<number>(c, {
          get: (m) => text(m),
          dayGetter: (field) =>
            field === 'start' ? (m) => (Number.isFinite(m) ? Math.floor(m / 1440) : NaN) : undefined,
        });
        for (const m of starts) expect(byDay(m)).toBe(byText(m));
      }),
    );
  });

  it('reads a day text as its day, and a day that does not exist as none', () => {
    expect(dayOfText('2000-01-01')).toBe(0);
    expect(dayOfText('2026-11-29')).toBe(Math.floor(toMinutes(2026, 11, 29) / 1440));
    expect(dayOfText('2026-02-30')).toBeNull();
    expect(dayOfText('2026-3-5')).toBeNull();
    expect(dayOfText(20261129)).toBeNull();
  });
});
