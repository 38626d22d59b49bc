// The worker's calculated attributes: every row after an open or new formulas, then only the rows
// a change touched; values in the grid's units; errors as values.
import { describe, expect, it } from 'vitest';
import { newRow, type WbsRow } from '../../src/domain/wbs/types';
import { ScheduleCore } from '../../src/workers/schedule-core';

const calendars = [
  {
    id: 'c',
    name: 'Std',
    week: [
      [],
      [{ start: 480, end: 960 }],
      [{ start: 480, end: 960 }],
      [{ start: 480, end: 960 }],
      [{ start: 480, end: 960 }],
      [{ start: 480, end: 960 }],
      [],
    ],
    exceptions: [],
    hoursPerDay: 8,
    hoursPerWeek: 40,
    hoursPerMonth: 173,
    isDefault: true,
  },
];

const row = (id: string, over: Partial<WbsRow>): WbsRow => ({ ...newRow(id, 'task', null, id, {}), ...over });

describe('calculated attributes in the schedule core', () => {
  it('evaluates every row, then the touched ones, and reports formulas that do not compile', () => {
    const core = new ScheduleCore();
    const rows = [
      row('a', { volume: 10, price: 3, duration: 2 * 480, attributes: { z: 'N' } }),
      row('b', { volume: 2, price: null, duration: 480, attributes: {} }),
    ];
    core.open(
      { rows: new Map(rows.map((r) => [r.id, r])), relations: new Map() },
      calendars,
      { dataDate: 0 } as never,
      1,
    );
    core.setFormulas(
      [
        { key: 'cost', formula: 'volume * price' },
        { key: 'per_day', formula: 'ROUND([cost] / duration, 1)' },
        { key: 'tag', formula: '[Zone] & "-" & code' },
        { key: 'bad', formula: 'volume *' },
      ],
      [
        { key: 'z', name: 'Zone' },
        { key: 'cost', name: 'Cost' },
      ],
    );
    const first = core.formulaChanges()!;
    expect(first.full).toBe(true);
    expect(Object.fromEntries(first.values)).toEqual({
      a: { cost: 30, per_day: 15, tag: 'N-' },
      b: { cost: 0, per_day: 0, tag: '-' },
    });
    expect(first.errors.map(([k, e]) => [k, e.code])).toEqual([['bad', 'unexpected_end']]);
    expect(core.formulaChanges()).toBeNull();

    core.patch([{ op: 'replace', path: ['rows', 'b', 'volume'], value: 5 }], 2);
    core.patch([{ op: 'replace', path: ['rows', 'b', 'price'], value: 0.5 }], 3);
    const next = core.formulaChanges()!;
    expect(next.full).toBe(false);
    expect(next.values).toEqual([['b', { cost: 2.5, per_day: 2.5, tag: '-' }]]);

    core.patch([{ op: 'replace', path: ['rows', 'a', 'volume'], value: 0 }], 4);
    core.patch([{ op: 'replace', path: ['rows', 'a', 'duration'], value: 0 }], 5);
    expect(core.formulaChanges()!.values).toEqual([
      ['a', { cost: 0, per_day: { error: 'div_zero' }, tag: 'N-' }],
    ]);
  });
});
