// Working time on the levelling time axis: integer ticks (one tick = a fixed number of minutes,
// see discretise.ts; a PSPLIB time unit). A tick either works or not for a calendar; an activity
// of d working ticks occupies the next d working ticks of its calendar from its start.
//
// Two tables make every question O(1): before[t] = working ticks in [0, t) and at[w] = the tick
// of the w-th working tick. A continuous calendar (every tick works: PSPLIB, 24-hour lags) needs
// no tables. A mirrored view (mirror()) reads the same tables backwards for the backward pass.
//
// Boundaries: a start is a tick, a finish is the tick after the last working tick (exclusive).
// Beyond the tables a calendar answers `end` (never a working tick): callers treat it as "no room".

export class TickCalendar {
  readonly continuous: boolean;
  /** Ticks covered by the tables (for a continuous calendar: unbounded). */
  readonly end: number;
  /** Working ticks in the tables. */
  private readonly count: number;
  private readonly before: Int32Array;
  private readonly at: Int32Array;
  /** A mirrored view reads tick t as tick end - 1 - t of the same tables. */
  private readonly mirrored: boolean;

  private constructor(
    before: Int32Array,
    at: Int32Array,
    end: number,
    continuous: boolean,
    mirrored: boolean,
  ) {
    this.before = before;
    this.at = at;
    this.end = end;
    this.count = continuous ? end : before[end];
    this.continuous = continuous;
    this.mirrored = mirrored;
  }

  static continuous(): TickCalendar {
    return new TickCalendar(new Int32Array(0), new Int32Array(0), 0x3fffffff, true, false);
  }

  /** A calendar from a working flag per tick (1 = works). */
  static fromWorking(works: Uint8Array): TickCalendar {
    const end = works.length;
    const before = new Int32Array(end + 1);
    let c = 0;
    for (let t = 0; t < end; t++) {
      before[t] = c;
      c += works[t];
    }
    before[end] = c;
    const at = new Int32Array(c);
    for (let t = 0, w = 0; t < end; t++) if (works[t]) at[w++] = t;
    return new TickCalendar(before, at, end, false, false);
  }

  /** The same calendar on the reversed axis t' = end - 1 - t (for the backward pass). */
  mirror(): TickCalendar {
    if (this.continuous) return this;
    return new TickCalendar(this.before, this.at, this.end, false, !this.mirrored);
  }

  /** Working ticks in [0, t). */
  workBefore(t: number): number {
    if (this.continuous) return t;
    if (t <= 0) return 0;
    if (t >= this.end) return this.count;
    return this.mirrored ? this.count - this.before[this.end - t] : this.before[t];
  }

  /** The tick of the w-th working tick (w from 0); `end` when there is none. */
  tickAt(w: number): number {
    if (this.continuous) return w;
    if (w < 0 || w >= this.count) return this.end;
    return this.mirrored ? this.end - 1 - this.at[this.count - 1 - w] : this.at[w];
  }

  /**
   * The first tick from which the calendar repeats with `period` ticks up to the end of its
   * tables: past its last exception, its weekly pattern. One scan of the tables.
   */
  repeatsFrom(period: number): number {
    if (this.continuous || period <= 0) return 0;
    for (let t = this.end - 1 - period; t >= 0; t--)
      if (this.works(t) !== this.works(t + period)) return t + 1;
    return 0;
  }

  works(t: number): boolean {
    return this.workBefore(t + 1) > this.workBefore(t);
  }

  /** The first working tick at or after t. */
  snap(t: number): number {
    return this.continuous ? t : this.tickAt(this.workBefore(t));
  }

  /** The last working tick at or before t (-1 when there is none). */
  snapBack(t: number): number {
    if (this.continuous) return t;
    const w = this.workBefore(t + 1) - 1;
    return w < 0 ? -1 : this.tickAt(w);
  }

  /** Finish (exclusive) of d working ticks from working tick s; a zero duration finishes at s. */
  finish(s: number, d: number): number {
    if (this.continuous || d === 0) return s + d;
    const t = this.tickAt(this.workBefore(s) + d - 1);
    return t >= this.end ? this.end : t + 1;
  }

  /**
   * The earliest start whose d working ticks finish no earlier than y in working time (as the
   * engine compares: a finish at Friday 17:00 meets a bound of Monday 08:00).
   */
  startForFinish(y: number, d: number): number {
    if (this.continuous || d === 0) return y - d;
    return this.tickAt(Math.max(0, this.workBefore(y) - d));
  }

  /** The latest start whose d working ticks finish at or before x (-1 when there is none). */
  latestStartForFinish(x: number, d: number): number {
    if (this.continuous || d === 0) return x - d;
    const w = this.workBefore(x) - d;
    return w < 0 ? -1 : this.tickAt(w);
  }

  /**
   * The boundary `lag` working ticks after boundary p (before it for a negative lag): the earliest
   * boundary with that much work before it, as the engine reads a lag (a lead of a day from
   * Monday 17:00 is Friday 17:00, not Monday 08:00).
   */
  advance(p: number, lag: number): number {
    if (this.continuous || lag === 0) return p + lag;
    const w = this.workBefore(p) + lag;
    if (w <= 0) return 0;
    const t = this.tickAt(w - 1);
    return t >= this.end ? this.end : t + 1;
  }

  /** The latest boundary p with advance(p, lag) ≤ x (inverse of advance, for backward bounds). */
  retreat(x: number, lag: number): number {
    if (this.continuous || lag === 0) return x - lag;
    const w = this.workBefore(x) - lag;
    return w < 0 ? -1 : this.tickAt(w);
  }
}
