// A calendar precomputed over 2000–2050 as one sorted list of working intervals (absolute
// minutes; intervals that touch across midnight are merged) with the cumulative working minutes
// before each. Every question is then a binary search in "work space":
//   workAt(t)   working minutes from 2000-01-01 up to t,
//   startAt(w)  the moment the w-th working minute begins (the latest t with workAt(t) = w),
//   finishAt(w) the moment the w-th working minute ends (the earliest t with workAt(t) = w).
// Starts are placed with startAt and finishes with finishAt, which is what P6 shows: a task that
// ends with the working day finishes at 17:00 that day, the next one starts at 08:00 next day.

import type { CalendarDef, Minutes, WorkInterval, WorkMinutes } from '../schedule/model';
import { DAY_COUNT as DAYS, MAX_TIME as MAX, MINUTES_PER_DAY as PER_DAY, weekdayOf } from './time';

// Transpiled imports are getters; the hot paths read these local copies instead.
const DAY_COUNT = DAYS;
const MAX_TIME = MAX;
const MINUTES_PER_DAY = PER_DAY;
/** Working minutes per bucket of the work → interval table, as a power of two. */
const BUCKET_BITS = 10;
/**
 * The same for WorkTables, finer: a bucket shorter than a working interval holds at most one
 * interval boundary, so the interval sought is the bucket's or the next (one step, no loop).
 */
export const TABLE_BUCKET_BITS = 7;

/**
 * Calendars compiled into flat arrays (CalendarIndex.compile). Calendar k's intervals sit at
 * slots base[k] … base[k] + count − 1 of start / end / cum (cum: working minutes before the
 * interval), followed by one closing slot (start MAX_TIME, end 2^31 − 1, cum its total work), so
 * that scans stop without a bounds check. dayIv and workIv hold global slots: per day (from
 * dayBase[k]) the first interval ending after midnight, per 2^TABLE_BUCKET_BITS working minutes
 * (from bucketBase[k]) the interval holding that minute. The conversions are in work-tables.ts.
 */
export interface WorkTables {
  base: Int32Array;
  dayBase: Int32Array;
  bucketBase: Int32Array;
  /** Per calendar: its working minutes over 2000–2050 and the end of its last interval (0: none). */
  total: Int32Array;
  lastEnd: Int32Array;
  start: Int32Array;
  end: Int32Array;
  cum: Int32Array;
  dayIv: Int32Array;
  workIv: Int32Array;
  /**
   * Per bucket (from bucketBase[k]) three numbers, so that startAt / finishAt read one place:
   * the working minute where its second interval begins (2^31 − 1: the bucket lies in one
   * interval; -1: more than one boundary, scan from workIv), the moment less the working minute
   * in its first interval, and that of its second interval less that of the first.
   */
  bucketWork: Int32Array;
  /**
   * Per day g (from dayBase[k]), side by side at 2g and 2g + 1: the working minutes before it,
   * and where its day shape starts in dayShape (-1: not tabulated, scan the intervals); a shape
   * holds, for each minute 0…1440 of the day, the working minutes before it on that day. workAt
   * is then two reads and an add.
   */
  dayWork: Int32Array;
  dayShape: Int32Array;
}

/** At most this many distinct day shapes per calendar are tabulated (each 1,441 numbers). */
const MAX_SHAPES = 512;

export class CalendarIndex {
  readonly id: string;
  /** Interval starts and ends (absolute minutes) and the working minutes before each start. */
  private readonly ivStart: Int32Array;
  private readonly ivEnd: Int32Array;
  private readonly ivCum: Int32Array;
  /** Per day: the first interval that ends after the day's midnight (makes workAt O(1)). */
  private readonly dayIv: Int32Array;
  /** Per 1024 working minutes: the interval holding that minute (makes startAt/finishAt O(1)). */
  private readonly workIv: Int32Array;
  readonly totalWork: number;
  /** True for a calendar that works around the clock (lets callers skip conversions). */
  readonly continuous: boolean;

  constructor(id: string, starts: Int32Array, ends: Int32Array) {
    this.id = id;
    this.ivStart = starts;
    this.ivEnd = ends;
    // Below 2^31: 51 years of minutes.
    const cum = new Int32Array(starts.length + 1);
    for (let i = 0; i < starts.length; i++) cum[i + 1] = cum[i] + (ends[i] - starts[i]);
    this.ivCum = cum;
    this.totalWork = cum[starts.length];
    const dayIv = new Int32Array(DAY_COUNT + 1);
    let k = 0;
    for (let d = 0; d <= DAY_COUNT; d++) {
      const t = d * MINUTES_PER_DAY;
      while (k < ends.length && ends[k] <= t) k++;
      dayIv[d] = k;
    }
    this.dayIv = dayIv;
    const workIv = new Int32Array((Math.ceil(this.totalWork) >> BUCKET_BITS) + 1);
    let iv = 0;
    for (let b = 0; b < workIv.length; b++) {
      const w = b << BUCKET_BITS;
      while (iv + 1 < starts.length && cum[iv + 1] <= w) iv++;
      workIv[b] = iv;
    }
    this.workIv = workIv;
    this.continuous = starts.length === 1 && starts[0] === 0 && ends[0] === MAX_TIME;
  }

  /** Working minutes from the start of 2000 up to t. */
  workAt(t: Minutes): WorkMinutes {
    if (t <= 0) return 0;
    if (t >= MAX_TIME) return this.totalWork;
    if (this.continuous) return t;
    const s = this.ivStart;
    const e = this.ivEnd;
    const n = s.length;
    // Start from the day's first interval; a day holds only a few.
    let i = this.dayIv[(t / MINUTES_PER_DAY) | 0];
    while (i < n && e[i] <= t) i++;
    if (i < n && s[i] < t) return this.ivCum[i] + (t - s[i]);
    return this.ivCum[i];
  }

  /** The moment working minute w begins; w beyond the calendar clamps to its last moment. */
  startAt(w: WorkMinutes): Minutes {
    if (this.continuous) return w < 0 ? 0 : w > MAX_TIME ? MAX_TIME : w;
    const c = this.ivCum;
    const n = this.ivStart.length;
    if (n === 0) return 0;
    if (w <= 0) return this.ivStart[0];
    if (w >= this.totalWork) return MAX_TIME;
    // Last interval whose cumulative start is <= w: from the bucket, a few steps at most.
    let lo = this.workIv[w >> BUCKET_BITS];
    while (c[lo + 1] <= w) lo++;
    return this.ivStart[lo] + (w - c[lo]);
  }

  /** The moment working minute w ends (w = 0: the start of 2000, before any work). */
  finishAt(w: WorkMinutes): Minutes {
    if (this.continuous) return w < 0 ? 0 : w > MAX_TIME ? MAX_TIME : w;
    const c = this.ivCum;
    const n = this.ivStart.length;
    if (n === 0) return 0;
    if (w <= 0) return 0;
    if (w >= this.totalWork) return this.ivEnd[n - 1];
    // The interval holding working minute w - 1 (the first whose cumulative end is >= w).
    let lo = this.workIv[(w - 1) >> BUCKET_BITS];
    while (c[lo + 1] < w) lo++;
    return this.ivStart[lo] + (w - c[lo]);
  }

  /** Working minutes between two moments (negative when b is before a). */
  between(a: Minutes, b: Minutes): WorkMinutes {
    return this.workAt(b) - this.workAt(a);
  }

  /** The first moment at or after t at which work can start. */
  nextWorking(t: Minutes): Minutes {
    return this.startAt(this.workAt(t));
  }

  /** The last moment at or before t at which work can finish. */
  previousWorking(t: Minutes): Minutes {
    return this.finishAt(this.workAt(t));
  }

  /** Start at t (snapped forward) and work n minutes: the finish moment. */
  addWork(t: Minutes, n: WorkMinutes): Minutes {
    return n > 0 ? this.finishAt(this.workAt(t) + n) : this.startAt(this.workAt(t) + n);
  }

  /** A calendar that works whenever any of the given calendars works (MS Project's rule for a
   * task with several resources on different calendars). */
  static union(id: string, list: readonly CalendarIndex[]): CalendarIndex {
    const all: [number, number][] = [];
    for (const c of list) for (let i = 0; i < c.ivStart.length; i++) all.push([c.ivStart[i], c.ivEnd[i]]);
    all.sort((a, b) => a[0] - b[0]);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const [s, e] of all) {
      const last = ends.length - 1;
      if (last >= 0 && s <= ends[last]) ends[last] = Math.max(ends[last], e);
      else {
        starts.push(s);
        ends.push(e);
      }
    }
    return new CalendarIndex(id, Int32Array.from(starts), Int32Array.from(ends));
  }

  /**
   * The working intervals of several calendars laid end to end in one set of typed arrays, for
   * hot loops that convert between time and working time without method calls (work-tables.ts).
   */
  static compile(list: readonly CalendarIndex[]): WorkTables {
    let slots = 0;
    let buckets = 0;
    let days = 0;
    for (const c of list) {
      // Each calendar's intervals and one closing slot that no time reaches.
      slots += c.ivStart.length + 1;
      buckets += (Math.ceil(c.totalWork) >> TABLE_BUCKET_BITS) + 1;
      days += c.dayIv.length;
    }
    const shapes: number[] = [];
    const t: WorkTables = {
      base: new Int32Array(list.length),
      dayBase: new Int32Array(list.length),
      bucketBase: new Int32Array(list.length),
      total: new Int32Array(list.length),
      lastEnd: new Int32Array(list.length),
      start: new Int32Array(slots),
      end: new Int32Array(slots),
      cum: new Int32Array(slots),
      dayIv: new Int32Array(days),
      workIv: new Int32Array(buckets),
      bucketWork: new Int32Array(3 * buckets),
      dayWork: new Int32Array(2 * days),
      dayShape: new Int32Array(0),
    };
    let slot = 0;
    let bucket = 0;
    let day = 0;
    list.forEach((c, k) => {
      const n = c.ivStart.length;
      t.base[k] = slot;
      t.dayBase[k] = day;
      t.bucketBase[k] = bucket;
      t.total[k] = c.totalWork;
      t.lastEnd[k] = n > 0 ? c.ivEnd[n - 1] : 0;
      t.start.set(c.ivStart, slot);
      t.end.set(c.ivEnd, slot);
      t.cum.set(c.ivCum, slot);
      t.start[slot + n] = MAX_TIME;
      t.end[slot + n] = 0x7fffffff;
      for (let d = 0; d < c.dayIv.length; d++) t.dayIv[day + d] = slot + c.dayIv[d];
      tabulateDays(c.ivStart, c.ivEnd, c.ivCum, t.dayWork, day, shapes);
      const count = (Math.ceil(c.totalWork) >> TABLE_BUCKET_BITS) + 1;
      let iv = 0;
      for (let b = 0; b < count; b++) {
        const w = b << TABLE_BUCKET_BITS;
        while (iv + 1 < n && c.ivCum[iv + 1] <= w) iv++;
        t.workIv[bucket + b] = slot + iv;
        fillBucket(t, slot + iv, w, 3 * (bucket + b));
      }
      slot += n + 1;
      day += c.dayIv.length;
      bucket += count;
    });
    t.dayShape = Int32Array.from(shapes);
    return t;
  }

  /** Number of working intervals (for memory estimates and tests). */
  get intervalCount(): number {
    return this.ivStart.length;
  }
}

/**
 * bucketWork's three numbers at x for the bucket from working minute w, whose first minute lies
 * in interval slot iv (the closing slot ends every calendar: iv + 1 always exists).
 */
function fillBucket(t: WorkTables, iv: number, w: number, x: number): void {
  const { start, cum, bucketWork } = t;
  const next = w + (1 << TABLE_BUCKET_BITS);
  bucketWork[x + 1] = start[iv] - cum[iv];
  // A calendar with no work has only its closing slot (no conversion reads its buckets).
  if (start[iv] === MAX_TIME) bucketWork[x] = -1;
  else if (cum[iv + 1] >= next) bucketWork[x] = 0x7fffffff;
  else if (start[iv + 1] === MAX_TIME || cum[iv + 2] >= next) {
    bucketWork[x] = cum[iv + 1];
    bucketWork[x + 2] = start[iv + 1] - cum[iv + 1] - (start[iv] - cum[iv]);
  } else bucketWork[x] = -1;
}

/**
 * Fills dayWork (from day `at`) for one calendar's intervals: per day the working minutes
 * before it and its shape, appended to `shapes` when new (MAX_SHAPES per calendar at most).
 */
function tabulateDays(
  starts: Int32Array,
  ends: Int32Array,
  cum: Int32Array,
  dayWork: Int32Array,
  at: number,
  shapes: number[],
): void {
  const n = starts.length;
  const known = new Map<string, number>();
  let i = 0;
  for (let d = 0; d <= DAY_COUNT; d++) {
    const d0 = d * MINUTES_PER_DAY;
    while (i < n && ends[i] <= d0) i++;
    dayWork[2 * (at + d)] = i < n && starts[i] < d0 ? cum[i] + (d0 - starts[i]) : cum[i];
    // The day's working intervals in minutes of the day.
    const parts: number[] = [];
    for (let j = i; j < n && starts[j] < d0 + MINUTES_PER_DAY; j++)
      parts.push(Math.max(starts[j], d0) - d0, Math.min(ends[j], d0 + MINUTES_PER_DAY) - d0);
    const key = parts.join(',');
    let off = known.get(key);
    if (off === undefined && known.size < MAX_SHAPES) {
      off = shapes.length;
      known.set(key, off);
      let work = 0;
      let p = 0;
      for (let m = 0; m <= MINUTES_PER_DAY; m++) {
        shapes.push(work);
        while (p < parts.length && parts[p + 1] <= m) p += 2;
        if (p < parts.length && parts[p] <= m) work++;
      }
    }
    dayWork[2 * (at + d) + 1] = off ?? -1;
  }
}

/** A day's intervals clamped to the day, sorted, overlapping ones merged. */
export function normaliseDayIntervals(list: readonly WorkInterval[]): WorkInterval[] {
  const out: WorkInterval[] = [];
  const sorted = list
    .map((iv) => ({ start: Math.max(0, iv.start), end: Math.min(MINUTES_PER_DAY, iv.end) }))
    .filter((iv) => iv.end > iv.start)
    .sort((a, b) => a.start - b.start);
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else out.push({ ...iv });
  }
  return out;
}

/** Builds the index of a calendar definition (weekly pattern plus exceptions). */
export function buildCalendarIndex(def: CalendarDef): CalendarIndex {
  const week = Array.from({ length: 7 }, (_, i) => normaliseDayIntervals(def.week[i] ?? []));
  const exceptions = new Map<number, WorkInterval[]>();
  for (const ex of def.exceptions) exceptions.set(ex.day, normaliseDayIntervals(ex.intervals));
  const starts: number[] = [];
  const ends: number[] = [];
  for (let day = 0; day < DAY_COUNT; day++) {
    const list = exceptions.get(day) ?? week[weekdayOf(day)];
    const base = day * MINUTES_PER_DAY;
    for (const iv of list) {
      const s = base + iv.start;
      const e = base + iv.end;
      const last = ends.length - 1;
      if (last >= 0 && ends[last] === s) ends[last] = e;
      else {
        starts.push(s);
        ends.push(e);
      }
    }
  }
  return new CalendarIndex(def.id, Int32Array.from(starts), Int32Array.from(ends));
}

/** A calendar on which every minute works (P6's 24-hour lag calendar). */
export function continuousCalendar(id = '24h'): CalendarIndex {
  return new CalendarIndex(id, Int32Array.of(0), Int32Array.of(MAX_TIME));
}

/** Monday–Friday 08:00–12:00, 13:00–17:00: the default when a file names no calendar. */
export function standardCalendarDef(id = 'standard'): CalendarDef {
  const day: WorkInterval[] = [
    { start: 480, end: 720 },
    { start: 780, end: 1020 },
  ];
  return {
    id,
    name: 'Standard',
    week: [[], day, day, day, day, day, []],
    exceptions: [],
    hoursPerDay: 8,
    hoursPerWeek: 40,
    hoursPerMonth: 172,
  };
}
