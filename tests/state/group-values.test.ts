// The workbench's group header values: each column read as the grid reads a row (dates and floats
// from the schedule, a completed row adding no float, number attributes summed, text empty), the
// text written as a summary row's cells are (§9 numbers, days, DD.MM.YY), and the values kept
// while their inputs stay.
import { describe, expect, it } from 'vitest';
import type { RowGroup } from '../../src/domain/wbs/arrange';
import { newRow, type WbsRow } from '../../src/domain/wbs/types';
import type { CellTextContext } from '../../src/state/workbench/cell-text';
import { setAttributeColumnTypes } from '../../src/state/workbench/columns';
import { groupCellText, groupValuesOf } from '../../src/state/workbench/group-values';
import type { ScheduleSnapshot } from '../../src/state/workbench/schedule-snapshot';

const DAY = 1440;
const rows = new Map<string, WbsRow>([
  [
    'a',
    newRow('a', 'task', null, 'a0', {
      duration: 480,
      volume: 1200.5,
      price: 14,
      attributes: { w: 2, t: 'x' },
    }),
  ],
  [
    'b',
    newRow('b', 'task', null, 'a1', { duration: 1440, volume: null, price: 2100, attributes: { w: 3.25 } }),
  ],
  // Completed: it spans and sums, but has no float.
  [
    'c',
    newRow('c', 'task', null, 'a2', {
      duration: 480,
      percentComplete: 100,
      actualStart: 0,
      actualFinish: 960,
      price: 1,
    }),
  ],
]);
const i32 = (xs: number[]) => Int32Array.from(xs);
const schedule = {
  revision: 1,
  position: new Map([
    ['a', 0],
    ['b', 1],
    ['c', 2],
  ]),
  es: i32([10 * DAY + 480, 12 * DAY + 480, 9 * DAY + 480]),
  ef: i32([10 * DAY + 960, 15 * DAY, 9 * DAY + 960]),
  ls: i32([0, 0, 0]),
  lf: i32([0, 0, 0]),
  tf: i32([960, 480, -4800]),
  ff: i32([0, 0, 0]),
  critical: new Uint8Array(3),
  percentComplete: Float32Array.from([0, 50, 100]),
  projectFinish: 0,
  ms: 0,
} satisfies ScheduleSnapshot;
const ctx: CellTextContext = {
  lang: 'en',
  t: (k) => k,
  hoursPerDay: () => 8,
  calendarName: () => '',
  // Every day works 8 hours: the days between two moments.
  workBetween: (_c, from, to) => Math.round(((to - from) / DAY) * 480),
};
const groups = new Map<string, RowGroup>([['g', { value: 'North', rows: ['a', 'b', 'c'] }]]);

describe('group header values', () => {
  setAttributeColumnTypes([
    { key: 'w', type: 'number' },
    { key: 't', type: 'text' },
  ]);
  const columns = [
    'name',
    'duration',
    'start',
    'finish',
    'total_float',
    'free_float',
    'progress',
    'volume',
    'price',
    'attr:w',
    'attr:t',
  ];
  const input = { groups, rows, schedule, ctx, columns };

  it('rolls every column up as a summary, leaves the text ones empty', () => {
    const v = groupValuesOf(input).get('g')!;
    expect(v.get('price')).toBe(2115);
    expect(v.get('volume')).toBe(1200.5);
    expect(v.get('attr:w')).toBe(5.25);
    expect(v.get('start')).toBe(9 * DAY + 480);
    expect(v.get('finish')).toBe(15 * DAY);
    // The completed row's float is left out.
    expect(v.get('total_float')).toBe(480);
    // Weighted by planned duration: (0·480 + 50·1440 + 100·480) / 2400.
    expect(v.get('progress')).toBe(50);
    for (const empty of ['name', 'free_float', 'attr:t']) expect(v.has(empty)).toBe(false);
    const text = (id: string) => groupCellText(id, v, ctx);
    expect(text('price')).toBe('2,115.00');
    expect(text('volume')).toBe('1,200.50');
    expect(text('attr:w')).toBe('5.25');
    expect(text('start')).toBe(startText(9));
    // A finish at midnight shows the day it ends.
    expect(text('finish')).toBe(startText(14));
    expect(text('duration')).toBe('5.67');
    expect(text('total_float')).toBe('1');
    expect(text('progress')).toBe('50');
    expect(text('name')).toBe('');
    expect(groupCellText('price', v, { ...ctx, lang: 'ru' })).toBe('2\u00a0115,00');
  });

  it('gives the same values while the inputs stay, new ones when the rows change', () => {
    const first = groupValuesOf(input);
    expect(groupValuesOf({ ...input })).toBe(first);
    const edited = new Map(rows).set('a', { ...rows.get('a')!, price: 20 });
    expect(
      groupValuesOf({ ...input, rows: edited })
        .get('g')!
        .get('price'),
    ).toBe(2121);
  });
});

describe('group header values of calculated columns', () => {
  // The worker's values (as use-formulas.ts keeps them): a number formula, a text one, a date one
  // and one giving an error value in a row.
  setAttributeColumnTypes([
    { key: 'due', label: 'Due', type: 'date' },
    { key: 'cost', label: 'Cost', type: 'formula', formula: 'price * 2' },
    { key: 'tag', label: 'Tag', type: 'formula', formula: 'UPPER(name)' },
    { key: 'later', label: 'Later', type: 'formula', formula: '[Due] + 1440' },
    { key: 'ratio', label: 'Ratio', type: 'formula', formula: 'price / volume' },
  ]);
  const computed: Record<string, Record<string, unknown>> = {
    a: { cost: 28, tag: 'A', later: 2000, ratio: 14 / 1200.5 },
    b: { cost: 4200, tag: 'B', later: 3000, ratio: { error: 'div_zero' } },
    c: { cost: 2, tag: 'C', later: 4000, ratio: { error: 'div_zero' } },
  };
  const withFormulas: CellTextContext = {
    ...ctx,
    formulaValue: (key, id) => computed[id]?.[key] as never,
  };
  const columns = ['attr:cost', 'attr:tag', 'attr:later', 'attr:ratio', 'attr:due'];

  it("sums a number formula's computed values; text and date formulas stay empty", () => {
    const v = groupValuesOf({ groups, rows, schedule, ctx: withFormulas, columns }).get('g')!;
    expect(v.get('attr:cost')).toBe(4230);
    expect(groupCellText('attr:cost', v, withFormulas)).toBe('4,230');
    // An error value adds nothing; the row that has a number does.
    expect(v.get('attr:ratio')).toBeCloseTo(14 / 1200.5, 12);
    for (const empty of ['attr:tag', 'attr:later', 'attr:due']) expect(v.has(empty)).toBe(false);
  });

  it('reads the values the worker computed, not the stored ones, and follows new ones', () => {
    const stored = new Map(rows).set('a', { ...rows.get('a')!, attributes: { cost: 1_000_000 } });
    const v = groupValuesOf({ groups, rows: stored, schedule, ctx: withFormulas, columns }).get('g')!;
    expect(v.get('attr:cost')).toBe(4230);
    // A new context (the page makes one when the worker's values change): the new sum.
    computed.a!.cost = 30;
    const next = { ...withFormulas };
    expect(
      groupValuesOf({ groups, rows: stored, schedule, ctx: next, columns }).get('g')!.get('attr:cost'),
    ).toBe(4232);
  });
});

function startText(day: number): string {
  const d = new Date(Date.UTC(2000, 0, 1 + day));
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCFullYear()).slice(2)}`;
}
