// One page of a comparison: the rows a filter keeps, sliced from an offset; pages put together
// are every kept row once, in order; the span covers both versions' dates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../src/domain/versions/compare';
import type { CompareActivity, CompareSide } from '../../../src/domain/versions/compare';
import {
  COMPARE_SHOWS,
  dateSpan,
  keeps,
  keptIndexes,
  pageOf,
} from '../../../src/domain/versions/compare-page';

const DAY = 1440;
const act = (id: string, code: string, extra: Partial<CompareActivity> = {}): CompareActivity => ({
  id,
  code,
  name: `Name ${code}`,
  parentId: null,
  nodeType: 'task',
  duration: 480,
  percent: 0,
  calendarId: null,
  constraint: '',
  assignments: '',
  attributes: '',
  start: 0,
  finish: DAY,
  totalFloat: 0,
  critical: false,
  ...extra,
});
const side = (activities: CompareActivity[]): CompareSide => ({ activities, relations: [] });

describe('a page of a comparison', () => {
  const c = compareVersions(
    side([act('a', 'A1'), act('b', 'A2'), act('c', 'A3'), act('x', 'X')]),
    side([
      act('a', 'A1'),
      act('b', 'A2', { duration: 960, finish: 9 * DAY }),
      act('c', 'A3', { name: 'Renamed' }),
      act('n', 'N1', { start: -2 * DAY }),
    ]),
    5,
  );
  const codes = (show: (typeof COMPARE_SHOWS)[number], field?: 'name' | 'duration') =>
    pageOf(c, keptIndexes(c, show, field), { show, offset: 0, limit: 100 }).rows.map(
      (r) => (r.current ?? r.base)!.code,
    );

  it('keeps the rows of each kind of change and field', () => {
    // The removed X stays after A3, the row it followed in the base.
    expect(codes('all')).toEqual(['A1', 'A2', 'A3', 'X', 'N1']);
    expect(codes('differences')).toEqual(['A2', 'A3', 'X', 'N1']);
    expect(codes('changed')).toEqual(['A2', 'A3']);
    expect(codes('added')).toEqual(['N1']);
    expect(codes('removed')).toEqual(['X']);
    expect(codes('slipped')).toEqual(['A2']);
    expect(codes('differences', 'name')).toEqual(['A3']);
    expect(codes('all', 'duration')).toEqual(['A2']);
  });

  it('slices from the offset, answers the total, and nothing past the end', () => {
    const kept = keptIndexes(c, 'differences');
    const p = pageOf(c, kept, { show: 'differences', offset: 1, limit: 2 });
    expect(p.total).toBe(4);
    expect(p.offset).toBe(1);
    expect(p.rows.map((r) => (r.current ?? r.base)!.code)).toEqual(['A3', 'X']);
    expect(pageOf(c, kept, { show: 'differences', offset: 9, limit: 2 })).toEqual({
      rows: [],
      total: 4,
      offset: 4,
    });
  });

  it('spans both versions: the earliest start (the added row) and the latest finish', () => {
    expect(dateSpan(c)).toEqual({ start: -2 * DAY, finish: 9 * DAY });
    expect(dateSpan(compareVersions(side([]), side([])))).toBeNull();
  });

  it('pages of any size put together are the rows the filter keeps, once each, in order', () => {
    const durations = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 40 });
    fc.assert(
      fc.property(
        durations,
        durations,
        fc.constantFrom(...COMPARE_SHOWS),
        fc.integer({ min: 1, max: 7 }),
        (a, b, show, limit) => {
          const make = (ds: number[]) =>
            side(ds.map((d, i) => act(`r${i}`, `C${i}`, { duration: d * 480, finish: (d + 1) * 3 * DAY })));
          const cmp = compareVersions(make(a), make(b), 2);
          const kept = keptIndexes(cmp, show);
          const joined = [];
          for (let offset = 0; offset < kept.length; offset += limit)
            joined.push(...pageOf(cmp, kept, { show, offset, limit }).rows);
          expect(joined).toEqual(cmp.rows.filter((r) => keeps(r, show, 2)));
        },
      ),
    );
  });
});
