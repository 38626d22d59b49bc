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
  const day = tables.dayWork;
  const shape = day[2 * g + 1];
  // The working minutes before the day plus those of its shape before the minute.
  if (shape >= 0) return day[2 * g] + tables.dayShape[shape + (t - d * 1440)];
  return workAtScan(tables, g, t);
}

/** workAtIn on a day whose shape is not tabulated (kept apart: the hot paths inline less). */
function workAtScan(tables: WorkTables, g: number, t: number): number {
  // Its first interval, then the few of that day (the closing slot stops the scan).
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
  const x = 3 * (tables.bucketBase[k] + (w >> 7));
  const bw = tables.bucketWork;
  const split = bw[x];
  // The bucket's first interval, or its second from `split` on (the mask is -1 when w >= split).
  if (split >= 0) return w + bw[x + 1] + (bw[x + 2] & ((split - w - 1) >> 31));
  return startAtScan(tables, k, w);
}

/** startAtIn in a bucket with more than one interval boundary. */
function startAtScan(tables: WorkTables, k: number, w: number): number {
  const cum = tables.cum;
  // Last interval whose cumulative start is <= w.
  let lo = tables.workIv[tables.bucketBase[k] + (w >> 7)];
  while (cum[lo + 1] <= w) lo++;
  return tables.start[lo] + (w - cum[lo]);
}

/** The moment working minute w of calendar k ends (CalendarIndex.finishAt). */
export function finishAtIn(tables: WorkTables, k: number, w: number): number {
  if (w <= 0) return 0;
  if (w >= tables.total[k]) return tables.lastEnd[k];
  // The interval holding working minute w − 1: the bucket's first, or its second when w − 1 >= split.
  const x = 3 * (tables.bucketBase[k] + ((w - 1) >> 7));
  const bw = tables.bucketWork;
  const split = bw[x];
  if (split >= 0) return w + bw[x + 1] + (bw[x + 2] & ((split - w) >> 31));
  return finishAtScan(tables, k, w);
}

/** finishAtIn in a bucket with more than one interval boundary. */
function finishAtScan(tables: WorkTables, k: number, w: number): number {
  const cum = tables.cum;
  // The first interval whose cumulative end is >= w.
  let lo = tables.workIv[tables.bucketBase[k] + ((w - 1) >> 7)];
  while (cum[lo + 1] < w) lo++;
  return tables.start[lo] + (w - cum[lo]);
}
