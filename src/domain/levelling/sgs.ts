// The serial schedule-generation scheme (Kelley 1963; Kolisch 1996): take the activities in the
// order of an activity list (a topological order) and start each at the earliest tick at which
// its relations and its release allow it and every resource it needs has room for its whole
// duration. The search walks the activity's working ticks once, counting a run of ticks that
// fit: when the run reaches the duration the start is found, a tick that does not fit resets it.
// No allocation per activity; the profile is reset from its base, not rebuilt.
//
// Deadlines are soft: an activity that finds no room starting at or before its deadline (level
// within float) or no room at all (a demand above every limit) starts at its earliest start and
// overloads; `overload` sums the units above the limits so that callers can tell.
//
// Resource calendars: a resource offers nothing where its calendar does not work (the profile's
// base is 0 there), so an activity only gets it in ticks both calendars work. The limits then
// never become constant; they become periodic: past the last window, booking and calendar
// exception everything repeats each week, so a search that has tried every start of one whole
// period past that point (and past its earliest start) has tried them all and gives up.

import { earliestStart, type Problem } from './problem';
import { Profile } from './profile';

export class SerialSgs {
  readonly p: Problem;
  readonly start: Int32Array;
  readonly finish: Int32Array;
  readonly profile: Profile;
  /** Units above the limits summed over ticks (0 = resource-feasible). */
  overload = 0;
  /** Activities placed with an overload. */
  overloaded = 0;
  /** Latest finish of the last pass. */
  makespan = 0;
  /** Per activity: a resource curve (1), and constant demands on a continuous calendar (1). */
  private readonly shaped: Uint8Array;
  private readonly plain: Uint8Array;

  constructor(p: Problem, horizon: number) {
    this.p = p;
    this.start = new Int32Array(p.n);
    this.finish = new Int32Array(p.n);
    this.profile = new Profile(p, horizon);
    this.plain = new Uint8Array(p.n);
    this.shaped = new Uint8Array(p.n);
    for (let j = 0; j < p.n; j++) {
      let shaped = false;
      for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) if (p.useShape[u] >= 0) shaped = true;
      this.shaped[j] = shaped ? 1 : 0;
      this.plain[j] = !shaped && p.calendars[p.cal[j]].continuous ? 1 : 0;
    }
  }

  /** Books the fixed activities at these starts (their releases) into the profile's base. */
  setFixed(starts: Int32Array): void {
    this.profile.setFixed(starts);
  }

  /** Schedules every activity of `list` in turn from tick lo; returns the makespan. */
  run(list: Int32Array, lo = 0): number {
    const p = this.p;
    const { start, finish } = this;
    this.profile.reset(lo);
    this.overload = 0;
    this.overloaded = 0;
    let makespan = lo;
    for (let k = 0; k < list.length; k++) {
      const j = list[k];
      const c = p.calendars[p.cal[j]];
      const d = p.dur[j];
      let s: number;
      if (p.fixed[j]) s = p.release[j];
      else {
        const est = p.simple ? this.simpleEarliest(j) : earliestStart(p, j, start, finish);
        s = d === 0 || p.useStart[j] === p.useStart[j + 1] ? est : this.place(j, est);
      }
      const f = d === 0 ? s : c.finish(s, d);
      start[j] = s;
      finish[j] = f;
      if (f > makespan) makespan = f;
    }
    this.makespan = makespan;
    return makespan;
  }

  /** Earliest start under finish-to-start relations with lags on continuous time. */
  private simpleEarliest(j: number): number {
    const p = this.p;
    const { inStart, inRel, rPred, rLag } = p;
    const finish = this.finish;
    let est = p.release[j];
    for (let e = inStart[j]; e < inStart[j + 1]; e++) {
      const r = inRel[e];
      const b = finish[rPred[r]] + rLag[r];
      if (b > est) est = b;
    }
    return est;
  }

  /** Finds and books the start of j; books an overload at est when there is no room. */
  private place(j: number, est: number): number {
    const s = this.shaped[j] ? this.searchShaped(j, est) : this.search(j, est);
    if (s >= 0) {
      this.book(j, s, false);
      return s;
    }
    this.book(j, est, true);
    return est;
  }

  /** The earliest start ≥ est (≤ the deadline) with room for j's whole duration, or -1. */
  private search(j: number, est: number): number {
    const p = this.p;
    const prof = this.profile;
    const c = p.calendars[p.cal[j]];
    const cont = c.continuous;
    const d = p.dur[j];
    const dl = p.deadline[j];
    const u0 = p.useStart[j];
    const u1 = p.useStart[j + 1];
    const { useRes, useAmt } = p;
    let avail = prof.avail;
    let lo = prof.lo;
    let run = 0;
    // w counts j's working ticks; on a continuous calendar it is the tick itself.
    for (let w = cont ? est : c.workBefore(est); ; w++) {
      const t = cont ? w : c.tickAt(w);
      if (t >= c.end) return -1;
      if (run === 0 && t > dl) return -1;
      if (t - lo >= prof.len) {
        prof.ensure(t + d);
        avail = prof.avail;
        lo = prof.lo;
      }
      let ok = true;
      for (let u = u0; u < u1; u++) {
        if (avail[useRes[u]][t - lo] < useAmt[u]) {
          ok = false;
          break;
        }
      }
      if (ok) {
        if (++run === d) return cont ? t - d + 1 : c.tickAt(w - d + 1);
      } else {
        // Every start up to t fails (each run would cover t): past the quiet point plus one
        // period, no later start can fit either.
        if (t >= this.giveUpAt(est)) return -1;
        run = 0;
      }
    }
  }

  /** A resource curve: the demand depends on the tick's place in the activity, so try each start. */
  private searchShaped(j: number, est: number): number {
    const p = this.p;
    const prof = this.profile;
    const c = p.calendars[p.cal[j]];
    const d = p.dur[j];
    const dl = p.deadline[j];
    for (let w0 = c.workBefore(est); ; w0++) {
      const s = c.tickAt(w0);
      if (s >= c.end || s > dl) return -1;
      let bad = -1;
      for (let u = p.useStart[j]; u < p.useStart[j + 1] && bad < 0; u++) {
        const sh = p.useShape[u];
        for (let k = 0; k < d; k++) {
          const t = c.tickAt(w0 + k);
          if (t >= c.end) return -1;
          prof.ensure(t);
          const amt = sh < 0 ? p.useAmt[u] : p.shapes[sh + k];
          if (prof.avail[p.useRes[u]][t - prof.lo] < amt) {
            bad = t;
            break;
          }
        }
      }
      if (bad < 0) return s;
      if (s >= this.giveUpAt(est)) return -1;
    }
  }

  /**
   * Past the last capacity window, booking and calendar exception the availability is constant
   * (no resource calendars) or repeats each calendar period: once every start of one period from
   * there (and from the search's earliest start) has failed, there is no room at all.
   */
  private giveUpAt(est: number): number {
    const p = this.p;
    return Math.max(this.profile.quietFrom, this.bookedTo(), p.periodicFrom, est) + p.calendarPeriod;
  }

  /** The tick after the last one this pass booked. */
  private bookedTo(): number {
    return this.profile.lo + this.profile.touched;
  }

  /** Takes j's demand from the profile; with `over`, adds what exceeds the limits to `overload`. */
  private book(j: number, s: number, over: boolean): void {
    const p = this.p;
    const prof = this.profile;
    const c = p.calendars[p.cal[j]];
    const d = p.dur[j];
    if (this.plain[j] && !over) {
      // The common case, without a branch per tick: constant demands on consecutive ticks.
      prof.ensure(s + d - 1);
      const a0 = s - prof.lo;
      for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) {
        const a = prof.avail[p.useRes[u]];
        const amt = p.useAmt[u];
        for (let i = a0; i < a0 + d; i++) a[i] -= amt;
      }
      if (a0 + d > prof.touched) prof.touched = a0 + d;
      return;
    }
    const w0 = c.continuous ? s : c.workBefore(s);
    let excess = 0;
    for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) {
      const sh = p.useShape[u];
      const r = p.useRes[u];
      for (let k = 0; k < d; k++) {
        const t = c.continuous ? s + k : c.tickAt(w0 + k);
        if (t >= c.end) break;
        prof.ensure(t);
        const i = t - prof.lo;
        const amt = sh < 0 ? p.useAmt[u] : p.shapes[sh + k];
        const a = prof.avail[r];
        if (over && a[i] < amt) excess += amt - Math.max(0, a[i]);
        a[i] -= amt;
        if (i + 1 > prof.touched) prof.touched = i + 1;
      }
    }
    if (over) {
      this.overload += excess;
      if (excess > 0) this.overloaded++;
    }
  }
}
