// Report template rules: placeholders known or not, table sets on the data date, the figures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ROW_SETS,
  checkTemplate,
  delayDays,
  inSet,
  linkCounts,
  parsePlaceholder,
  rowsOf,
  valueOf,
} from '../../../src/domain/reports/template';
import type { ReportRow } from '../../../src/domain/reports/template';

const D = 1440;
const row = (p: Partial<ReportRow>): ReportRow => ({
  code: 'A',
  name: 'n',
  level: 2,
  sum: false,
  milestone: false,
  critical: false,
  start: 0,
  finish: D,
  durationDays: 1,
  floatDays: 0,
  percent: 0,
  actualStart: null,
  actualFinish: null,
  targetStart: null,
  targetFinish: null,
  predecessors: 1,
  successors: 1,
  hardConstraint: false,
  ...p,
});

describe('placeholders', () => {
  it('knows values, sets and fields', () => {
    expect(parsePlaceholder('schedule')).toEqual({ kind: 'value', name: 'schedule' });
    expect(parsePlaceholder('count_critical')).toEqual({ kind: 'value', name: 'count_critical' });
    expect(parsePlaceholder('rows.look_ahead_2w')).toEqual({ kind: 'rows', set: 'look_ahead_2w' });
    expect(parsePlaceholder('row.finish')).toEqual({ kind: 'field', field: 'finish' });
    expect(parsePlaceholder('row.cost')).toBeNull();
    expect(parsePlaceholder('rows.everything')).toBeNull();
  });
  it('reports unknown placeholders, fields outside tables and two tables in a row', () => {
    const issues = checkTemplate([
      { sheet: 'S', cell: 'A1', row: 1, text: '{{schedule}} {{ budget }}' },
      { sheet: 'S', cell: 'A2', row: 2, text: '{{row.code}}' },
      { sheet: 'S', cell: 'A3', row: 3, text: '{{rows.all}}{{row.code}}' },
      { sheet: 'S', cell: 'B3', row: 3, text: '{{rows.critical}}' },
    ]);
    expect(issues.map((i) => [i.cell, i.placeholder, i.code])).toEqual([
      ['A1', '{{ budget }}', 'report.unknown_placeholder'],
      ['A2', '{{row.code}}', 'report.field_outside_table'],
      ['B3', '{{rows.critical}}', 'report.two_tables_in_row'],
    ]);
  });
});

describe('sets', () => {
  it('a 2-week look-ahead holds unfinished work running in [data date, +14 d)', () => {
    const dd = 100 * D;
    expect(inSet(row({ start: dd + 13 * D, finish: dd + 20 * D }), 'look_ahead_2w', dd)).toBe(true);
    expect(inSet(row({ start: dd + 14 * D, finish: dd + 20 * D }), 'look_ahead_2w', dd)).toBe(false);
    expect(inSet(row({ start: dd + 14 * D, finish: dd + 20 * D }), 'look_ahead_4w', dd)).toBe(true);
    expect(inSet(row({ start: dd - 30 * D, finish: dd - D }), 'look_ahead_2w', dd)).toBe(false);
    expect(inSet(row({ start: dd - 3 * D, finish: dd + D, actualFinish: dd - D }), 'look_ahead_2w', dd)).toBe(
      false,
    );
    expect(inSet(row({ sum: true, start: dd, finish: dd + D }), 'look_ahead_2w', dd)).toBe(false);
  });

  it('the 2-week look-ahead is inside the 4-week one; counts equal the sets', () => {
    const rowArb = fc.record({
      start: fc.integer({ min: 0, max: 200 }),
      len: fc.integer({ min: 0, max: 60 }),
      sum: fc.boolean(),
      done: fc.boolean(),
      critical: fc.boolean(),
      target: fc.option(fc.integer({ min: 0, max: 260 })),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), fc.integer({ min: 0, max: 250 }), (xs, ddDays) => {
        const rows = xs.map((x) =>
          row({
            start: x.start * D,
            finish: (x.start + x.len) * D,
            sum: x.sum,
            milestone: !x.sum && x.len === 0,
            critical: x.critical,
            actualFinish: x.done ? (x.start + x.len) * D : null,
            targetFinish: x.target === null ? null : x.target * D,
          }),
        );
        const dd = ddDays * D;
        for (const r of rowsOf(rows, 'look_ahead_2w', dd)) expect(inSet(r, 'look_ahead_4w', dd)).toBe(true);
        const meta = { schedule: '', version: '', targetVersion: '', dataDate: dd, today: '', user: '' };
        for (const set of ROW_SETS)
          expect(valueOf(`count_${set}`, rows, meta)).toBe(rowsOf(rows, set, dd).length);
        for (const r of rowsOf(rows, 'delayed', dd)) expect(r.finish! > r.targetFinish!).toBe(true);
      }),
    );
  });

  it('delay is whole days after the target finish', () => {
    expect(delayDays(row({ finish: 10 * D + 60, targetFinish: 10 * D }))).toBe(1);
    expect(delayDays(row({ finish: 9 * D, targetFinish: 10 * D }))).toBe(0);
    expect(delayDays(row({ finish: 9 * D, targetFinish: null }))).toBe(0);
  });
});

describe('quality', () => {
  it('the quality sets are activities that fail their check, and their counts are the sets', () => {
    const rowArb = fc.record({
      sum: fc.boolean(),
      preds: fc.integer({ min: 0, max: 3 }),
      succs: fc.integer({ min: 0, max: 3 }),
      float: fc.option(fc.integer({ min: -20, max: 90 })),
      duration: fc.option(fc.integer({ min: 0, max: 90 })),
      hard: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (xs) => {
        const rows = xs.map((x) =>
          row({
            sum: x.sum,
            predecessors: x.preds,
            successors: x.succs,
            floatDays: x.float,
            durationDays: x.duration,
            hardConstraint: x.hard,
          }),
        );
        const meta = { schedule: '', version: '', targetVersion: '', dataDate: 0, today: '', user: '' };
        const work = xs.filter((x) => !x.sum);
        const count = (f: (x: (typeof xs)[number]) => boolean) => work.filter(f).length;
        expect(valueOf('count_open_ends', rows, meta)).toBe(count((x) => x.preds === 0 || x.succs === 0));
        expect(valueOf('count_negative_float', rows, meta)).toBe(
          count((x) => x.float !== null && x.float < 0),
        );
        expect(valueOf('count_high_float', rows, meta)).toBe(count((x) => x.float !== null && x.float > 44));
        expect(valueOf('count_high_duration', rows, meta)).toBe(
          count((x) => x.duration !== null && x.duration > 44),
        );
        expect(valueOf('count_hard_constraints', rows, meta)).toBe(count((x) => x.hard));
        for (const set of [
          'open_ends',
          'negative_float',
          'high_float',
          'high_duration',
          'hard_constraints',
        ] as const)
          for (const r of rowsOf(rows, set, 0)) expect(inSet(r, 'activities', 0)).toBe(true);
      }),
    );
  });

  it('counts relations, leads, lags and non-FS relations', () => {
    const links = [
      { lag: 0, type: 'fs' },
      { lag: -480, type: 'fs' },
      { lag: 960, type: 'ss' },
      { lag: 0, type: 'ff' },
    ];
    const meta = {
      schedule: '',
      version: '',
      targetVersion: '',
      dataDate: 0,
      today: '',
      user: '',
      links: linkCounts(links),
    };
    expect(meta.links).toEqual({ relations: 4, leads: 1, lags: 1, non_fs: 2 });
    expect(valueOf('non_fs', [], meta)).toBe(2);
    expect(valueOf('leads', [], { ...meta, links: undefined })).toBe(0);
    expect(parsePlaceholder('row.predecessors')).toEqual({ kind: 'field', field: 'predecessors' });
  });
});

describe('figures', () => {
  it('start, finish and duration-weighted per cent over the work (not summaries)', () => {
    const rows = [
      row({ sum: true, start: -5 * D, finish: 50 * D, percent: 0 }),
      row({ start: 2 * D, finish: 5 * D, durationDays: 3, percent: 100 }),
      row({ start: 4 * D, finish: 10 * D, durationDays: 1, percent: 0 }),
    ];
    const meta = { schedule: 'S', version: 'V', targetVersion: '', dataDate: 0, today: 't', user: 'u' };
    expect(valueOf('start', rows, meta)).toEqual({ minutes: 2 * D });
    expect(valueOf('finish', rows, meta)).toEqual({ minutes: 10 * D });
    expect(valueOf('percent', rows, meta)).toBe(75);
    expect(valueOf('count_activities', rows, meta)).toBe(2);
  });
});
