// Time ↔ working time on compiled calendars (CalendarIndex.compile): the same answers as
// CalendarIndex.workAt / startAt / finishAt for calendar k of the compiled list, as small plain
// functions over typed arrays that a hot loop inlines (no method call, no object per calendar).
// A property test holds them equal to the methods (tests/domain/calendar/work-tables.test.ts).

import type { WorkTables } from './calendar-index';
import { MAX_TIME as MAX } from './time';

// Transpiled imports are getters; the hot paths read this local copy instead.
const MAX_TIME = MAX;
// MINUTES_PER_DAY (1440) and TABLE_BUCKET_BITS (7) are written as literals below: V8 turns a
// division by a literal into a multiplication, but divides by a variable (a test holds the
// literals equal to the constants).

/** Working minutes of calendar k from the start of 2000 up to t (CalendarIndex.workAt). */
export function workAtIn(tables: WorkTables, k: number, t: number): number {
  if (t <= 0) return 0;
  if (t >= MAX_TIME) return tables.total[k];
  const d = (t / 1440) | 0;
  const g = tables.dayBase[k] + d;
  const shape = tables.shapeAt[g];
  // The working minutes before the day plus those of its shape before the minute.
  if (shape >= 0) return tables.dayCum[g] + tables.dayShape[shape + (t - d * 1440)];
  // A day whose shape is not tabulated: its first interval, then the few of that day (the
  // closing slot stops the scan).
  const end = tables.end;
  let i = tables.dayIv[g];
  while (end[i] <= t) i++;
  const s = tables.start[i];
  return s < t ? tables.cum[i] + (t - s) : tables.cum[i];
}

/** The moment working minute w of calendar k begins (CalendarIndex.startAt). */
export function startAtIn(tables: WorkTables, k: number, w: number): number {
  const total = tables.total[k];
  if (w <= 0 || w >= total) return total === 0 ? 0 : w <= 0 ? tables.start[tables.base[k]] : MAX_TIME;
  const cum = tables.cum;
  // Last interval whose cumulative start is <= w.
  let lo = tables.workIv[tables.bucketBase[k] + (w >> 7)];
  // One step without a branch (1 when cum[lo + 1] <= w), then more only for short intervals.
  lo += (cum[lo + 1] - w - 1) >>> 31;
  while (cum[lo + 1] <= w) lo++;
  return tables.start[lo] + (w - cum[lo]);
}

/** The moment working minute w of calendar k ends (CalendarIndex.finishAt). */
export function finishAtIn(tables: WorkTables, k: number, w: number): number {
  if (w <= 0) return 0;
  if (w >= tables.total[k]) return tables.lastEnd[k];
  const cum = tables.cum;
  // The interval holding working minute w − 1 (the first whose cumulative end is >= w).
  let lo = tables.workIv[tables.bucketBase[k] + ((w - 1) >> 7)];
  // One step without a branch (1 when cum[lo + 1] < w), then more only for short intervals.
  lo += (cum[lo + 1] - w) >>> 31;
  while (cum[lo + 1] < w) lo++;
  return tables.start[lo] + (w - cum[lo]);
}
