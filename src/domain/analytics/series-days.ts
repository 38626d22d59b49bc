// Day sums of several series of ramps spread over working time (work-spread.ts), as the events the
// analytics sweep reads: one jump per series and day at the day's midnight, plus a moment of no
// change at each series' first start and last finish so a curve spans what its ramps span (a ramp
// of no amount too, as the sweep of plain ramps did). What a request spreads that has no stored
// summary (the custom-cost graph); the summaries fill the same shape while they are made.
import { spreadByDay } from './work-spread';
import type { WorkRamp } from './work-spread';

const DAY = 1440;

export interface DayEvent {
  series: string;
  /** A moment (engine minutes): a midnight, or a series' first start or last finish. */
  t: number;
  /** What the series gains at t. */
  j: number;
}

export class SeriesDays {
  private readonly sums = new Map<string, Map<number, number>>();
  private readonly spans = new Map<string, [number, number]>();

  /** Spreads a ramp into its series (a ramp without dates is left out). */
  add(series: string, r: WorkRamp): void {
    let m = this.sums.get(series);
    if (!m) this.sums.set(series, (m = new Map()));
    const days = m;
    const end = Math.max(r.start, r.finish);
    const span = this.spans.get(series);
    if (!span) this.spans.set(series, [r.start, end]);
    else {
      if (r.start < span[0]) span[0] = r.start;
      if (end > span[1]) span[1] = end;
    }
    spreadByDay(r, (d, v) => days.set(d * DAY, (days.get(d * DAY) ?? 0) + v));
  }

  /** Every series' events, by series then moment. */
  events(): DayEvent[] {
    const out: DayEvent[] = [];
    for (const [series, m] of this.sums) {
      const [s, f] = this.spans.get(series)!;
      if (!m.has(s)) m.set(s, 0);
      if (!m.has(f)) m.set(f, 0);
    }
    for (const [series, m] of this.sums)
      for (const t of [...m.keys()].sort((a, b) => a - b)) out.push({ series, t, j: m.get(t)! });
    return out;
  }
}
