// Compiled calendars (CalendarIndex.compile, work-tables.ts) answer exactly as the calendar
// methods: workAt, startAt and finishAt of every calendar of a compiled list, at random moments
// and working minutes and at every edge (interval bounds, 2000, 2051, before and after).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCalendarIndex,
  CalendarIndex,
  TABLE_BUCKET_BITS,
  continuousCalendar,
  standardCalendarDef,
} from '../../../src/domain/calendar/calendar-index';
import { finishAtIn, startAtIn, workAtIn } from '../../../src/domain/calendar/work-tables';
import { MAX_TIME, MINUTES_PER_DAY } from '../../../src/domain/calendar/time';
import type { CalendarDef } from '../../../src/domain/schedule/model';
import { twoCalendars } from '../../fixtures/network-generator';

const def = (
  id: string,
  week: CalendarDef['week'],
  exceptions: CalendarDef['exceptions'] = [],
): CalendarDef => ({
  id,
  name: id,
  week,
  exceptions,
  hoursPerDay: 8,
  hoursPerWeek: 40,
  hoursPerMonth: 172,
});

// Nights across midnight (merged), odd minutes, one-minute intervals, a calendar with no work.
const night = [
  { start: 0, end: 120 },
  { start: 1320, end: 1440 },
];
const odd = [
  { start: 7, end: 8 },
  { start: 451, end: 733 },
  { start: 734, end: 1001 },
];
const defs: CalendarDef[] = [
  standardCalendarDef(),
  ...twoCalendars(),
  def(
    'night',
    Array.from({ length: 7 }, () => night),
  ),
  def(
    'odd',
    [[], odd, odd, [], odd, odd, [{ start: 0, end: 1440 }]],
    [
      { day: 9000, intervals: [] },
      { day: 9001, intervals: [{ start: 600, end: 601 }] },
    ],
  ),
  def(
    'none',
    Array.from({ length: 7 }, () => []),
  ),
  // More distinct days than are tabulated (the rest are scanned).
  def(
    'shapes',
    Array.from({ length: 7 }, () => odd),
    Array.from({ length: 700 }, (_, k) => ({ day: 9000 + k, intervals: [{ start: 480, end: 481 + k }] })),
  ),
];
const cals: CalendarIndex[] = [...defs.map(buildCalendarIndex), continuousCalendar()];
cals.push(CalendarIndex.union('union', [cals[0]!, cals[4]!]));
const tables = CalendarIndex.compile(cals);

/** The first disagreement at moment t and working minute w of calendar k ('' when none). */
function differs(k: number, t: number, w: number): string {
  const c = cals[k]!;
  if (workAtIn(tables, k, t) !== c.workAt(t)) return `workAt ${c.id} ${t}`;
  if (startAtIn(tables, k, w) !== c.startAt(w)) return `startAt ${c.id} ${w}`;
  if (finishAtIn(tables, k, w) !== c.finishAt(w)) return `finishAt ${c.id} ${w}`;
  return '';
}

describe('compiled calendars', () => {
  it('use the literals work-tables.ts writes for the day and bucket sizes', () => {
    expect(MINUTES_PER_DAY).toBe(1440);
    expect(TABLE_BUCKET_BITS).toBe(7);
  });

  it('answer as the calendar methods at every edge', () => {
    const wrong: string[] = [];
    const check = (k: number, t: number, w: number) => {
      const d = differs(k, t, w);
      if (d) wrong.push(d);
    };
    cals.forEach((c, k) => {
      const total = c.totalWork;
      for (const v of [-5, 0, 1, 2, 1439, 1440, 1441, MAX_TIME - 1, MAX_TIME, MAX_TIME + 3]) check(k, v, v);
      for (const w of [total - 1, total, total + 1]) check(k, w, w);
      // Around the bounds of the working intervals of a few years.
      for (let t = 9000 * 1440; t < 9800 * 1440; t += 1440) {
        const w = c.workAt(t);
        for (const d of [-1, 0, 1]) {
          check(k, c.startAt(w) + d, w + d);
          check(k, c.finishAt(w) + d, w + d);
          check(k, c.startAt(w + 1) + d, w + d);
        }
      }
    });
    expect(wrong).toEqual([]);
  });

  it('answer as the calendar methods at random moments and working minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cals.length - 1 }),
        fc.integer({ min: -100, max: MAX_TIME + 100 }),
        fc.integer({ min: -100, max: MAX_TIME + 100 }),
        (k, t, w) => {
          expect(differs(k, t, Math.min(w, cals[k]!.totalWork + 5))).toBe('');
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('have buckets of every kind, and answer as the methods around each bucket boundary and split', () => {
    // bucketWork: one interval (2^31 − 1), one boundary (its working minute), more (-1, scanned).
    const kinds = new Set<string>();
    const wrong: string[] = [];
    cals.forEach((c, k) => {
      const first = tables.bucketBase[k]!;
      const count = (c.totalWork >> TABLE_BUCKET_BITS) + 1;
      // A few thousand buckets from 2024 on (the benchmark's years), and the first and last ones.
      const from = Math.min(count, c.workAt(8766 * 1440) >> TABLE_BUCKET_BITS);
      const picked = [0, 1, count - 2, count - 1];
      for (let b = from; b < Math.min(count, from + 3000); b++) picked.push(b);
      for (const b of picked) {
        if (b < 0) continue;
        const split = tables.bucketWork[3 * (first + b)]!;
        kinds.add(split === 0x7fffffff ? 'one' : split < 0 ? 'scan' : 'split');
        const w0 = b << TABLE_BUCKET_BITS;
        const at = [w0 - 1, w0, w0 + 1, w0 + (1 << TABLE_BUCKET_BITS) - 1];
        if (split >= 0 && split !== 0x7fffffff) at.push(split - 1, split, split + 1);
        for (const w of at) {
          const d = differs(k, 0, w);
          if (d) wrong.push(d);
        }
      }
    });
    expect(wrong).toEqual([]);
    expect([...kinds].sort()).toEqual(['one', 'scan', 'split']);
  });
});
