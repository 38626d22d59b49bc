import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MINUTES } from '../../../src/domain/format/civil';
import {
  attributeColumn,
  convertCell,
  formatCell,
  WBS_COLUMNS,
  type WbsColumn,
} from '../../../src/domain/wbs/columns';
import { newRow } from '../../../src/domain/wbs/types';

const ctx = {
  hoursPerDay: (cal: string | null) => (cal === 'c10' ? 10 : 8),
  calendars: [{ id: 'c10', name: 'Ten hours' }],
};

describe('formatCell', () => {
  const row = newRow('a', 'task', null, 'a0', {
    name: 'Pour',
    duration: 720,
    volume: 1234567.891,
    startLimitType: 'not_earlier',
    startLimitDate: 8780 * 1440 + 480,
    calendarId: 'c10',
    percentComplete: 12.5,
  });
  it('shows grouped numbers, days, dates and calendar names', () => {
    expect(formatCell(row, WBS_COLUMNS.volume, ctx)).toBe('1,234,567.89');
    expect(formatCell(row, WBS_COLUMNS.volume, ctx, { lang: 'ru' })).toBe('1\u00a0234\u00a0567,89');
    expect(formatCell(row, WBS_COLUMNS.duration, ctx)).toBe('1.2');
    expect(formatCell(row, WBS_COLUMNS.start, ctx)).toBe('15.01.2024 08:00');
    expect(formatCell(row, WBS_COLUMNS.calendar, ctx)).toBe('Ten hours');
    expect(formatCell(row, WBS_COLUMNS.progress, ctx)).toBe('12.5');
    expect(formatCell(row, WBS_COLUMNS.price, ctx)).toBe('');
    expect(formatCell(row, WBS_COLUMNS.total_float, ctx)).toBe('');
  });

  it('writes and reads an elapsed duration (MS Project ed) in 24-hour days', () => {
    const elapsed = newRow('e', 'task', null, 'a1', {
      duration: 2 * 1440,
      calendarId: 'c10',
      sched: { elapsed: true },
    });
    expect(formatCell(elapsed, WBS_COLUMNS.duration, ctx)).toBe('2');
    expect(convertCell('3', WBS_COLUMNS.duration, elapsed, ctx)).toEqual({ ok: true, value: 3 * 1440 });
    expect(convertCell('3', WBS_COLUMNS.duration, row, ctx)).toEqual({ ok: true, value: 3 * 600 });
  });

  it('copies text that pastes back to the same value', () => {
    const cases: [WbsColumn, fc.Arbitrary<number | string>][] = [
      [WBS_COLUMNS.volume, fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000)],
      [WBS_COLUMNS.duration, fc.integer({ min: 0, max: 500_000 })],
      [WBS_COLUMNS.start, fc.integer({ min: 0, max: MAX_MINUTES })],
      [WBS_COLUMNS.actual_finish, fc.integer({ min: 0, max: MAX_MINUTES })],
      [WBS_COLUMNS.progress, fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100)],
      [WBS_COLUMNS.name, fc.string().map((s) => s.trim())],
      [WBS_COLUMNS.calendar, fc.constant('c10')],
      [attributeColumn('zone', 'number'), fc.integer({ min: -1e6, max: 1e6 })],
    ];
    for (const [col, arb] of cases) {
      fc.assert(
        fc.property(
          arb,
          fc.constantFrom<'en' | 'ru'>('en', 'ru'),
          fc.constantFrom(null, 'c10'),
          (value, lang, cal) => {
            const r = newRow('a', 'task', null, 'a0', { calendarId: cal });
            if (col.attribute) r.attributes[col.attribute] = value;
            else if (col.kind === 'start') r.startLimitDate = value as number;
            else (r as unknown as Record<string, unknown>)[col.field!] = value;
            const text = formatCell(r, col, ctx, { mode: 'copy', lang });
            const back = convertCell(text, col, r, ctx);
            if (col.kind === 'text' && value === '') expect(back).toEqual({ ok: true, value: '' });
            else expect(back).toEqual({ ok: true, value });
          },
        ),
        { numRuns: 200 },
      );
    }
  });
});

describe('convertCell', () => {
  it('reads node types in English and Russian, and calendars by name or id', () => {
    const r = newRow('a', 'task', null, 'a0');
    expect(convertCell('Веха окончания', WBS_COLUMNS.type, r, ctx)).toEqual({
      ok: true,
      value: 'milestone_finish',
    });
    expect(convertCell('SUM', WBS_COLUMNS.type, r, ctx)).toEqual({ ok: true, value: 'sum' });
    expect(convertCell('ten HOURS ', WBS_COLUMNS.calendar, r, ctx)).toEqual({ ok: true, value: 'c10' });
    expect(convertCell('', WBS_COLUMNS.calendar, r, ctx)).toEqual({ ok: true, value: null });
    expect(convertCell('', WBS_COLUMNS.duration, r, ctx)).toEqual({ ok: 'skip' });
    expect(convertCell('50%', WBS_COLUMNS.progress, r, ctx)).toEqual({ ok: true, value: 50 });
    expect(convertCell('2', WBS_COLUMNS.duration, { ...r, calendarId: 'c10' }, ctx)).toEqual({
      ok: true,
      value: 1200,
    });
  });

  it('keeps a number attribute a number and a text attribute text (the grid shows both as text)', () => {
    const r = { ...newRow('a', 'task', null, 'a0'), attributes: { crew: 4, zone: 'A' } };
    const crew = attributeColumn('crew', 'text');
    const zone = attributeColumn('zone', 'text');
    expect(convertCell('1 234,5', crew, r, ctx)).toEqual({ ok: true, value: 1234.5 });
    expect(convertCell('four', crew, r, ctx)).toMatchObject({ ok: false });
    expect(convertCell('12', zone, r, ctx)).toEqual({ ok: true, value: '12' });
    expect(convertCell('12', attributeColumn('new', 'text'), r, ctx)).toEqual({ ok: true, value: '12' });
    expect(convertCell('', crew, r, ctx)).toEqual({ ok: true, value: null });
    expect(formatCell(r, crew, ctx)).toBe('4');
  });
});
