// What is left of each resource per tick while a schedule is built: one Int32Array per resource
// over the ticks [lo, lo + len), grown by doubling when a search runs past the end. `base` holds
// the limits (default and windows) minus the fixed activities' demand; a new pass copies only the
// part the last pass touched back from it, so a reset costs what the pass used, not the horizon.
// A resource with its own calendar offers nothing in the ticks that calendar does not work.

import type { Problem } from './problem';

export class Profile {
  private readonly p: Problem;
  lo = 0;
  len = 0;
  /** Units left per resource and tick (index t - lo); negative where a placement overloads. */
  avail: Int32Array[] = [];
  private base: Int32Array[] = [];
  /** Ticks [lo, lo + touched) differ from base. */
  touched = 0;
  /** From this tick on the profile is the default limit everywhere (no window, no fixed booking). */
  quietFrom = 0;
  /** Fixed placements to pre-book: activity, start (set by the owner of the profile). */
  private fixedStarts: Int32Array | null = null;

  constructor(p: Problem, len: number) {
    this.p = p;
    this.len = Math.max(16, len);
    this.layOut(0);
  }

  /** Sets where the fixed activities start (they are part of the base from then on). */
  setFixed(starts: Int32Array): void {
    this.fixedStarts = starts;
    this.layOut(this.lo);
  }

  /**
   * Starts a new pass over ticks from lo. The layout keeps its origin while lo stays in its lower
   * half (the backward pass's lo moves with every makespan), else it is laid out again below lo.
   */
  reset(lo: number): void {
    if (lo < this.lo || lo - this.lo > this.len / 2) {
      this.layOut(lo - (this.len >> 2));
      return;
    }
    const n = this.touched;
    if (n > 0)
      for (let r = 0; r < this.avail.length; r++) {
        const b = this.base[r];
        if (b === NO_BASE) this.avail[r].fill(this.p.capacity[r], 0, n);
        else this.avail[r].set(b.subarray(0, n));
      }
    this.touched = 0;
  }

  /** Makes tick t addressable (t ≥ lo). */
  ensure(t: number): void {
    if (t - this.lo < this.len) return;
    const old = this.avail;
    let len = this.len;
    while (t - this.lo >= len) len *= 2;
    this.len = len;
    const touched = this.touched;
    this.layOut(this.lo);
    for (let r = 0; r < old.length; r++) this.avail[r].set(old[r]);
    this.touched = touched;
  }

  /**
   * Rebuilds base (limits, windows, fixed bookings) for [lo, lo + len) and copies it to avail. A
   * resource with neither windows nor fixed bookings has no base: its default limit is refilled.
   */
  private layOut(lo: number): void {
    const { p, len } = this;
    this.lo = lo;
    let quiet = lo;
    const special = new Uint8Array(p.resources);
    for (const w of p.capacityWindows) special[w.resource] = 1;
    for (let r = 0; r < p.resources; r++) if (!p.calendars[p.resCal[r]].continuous) special[r] = 1;
    const fs = this.fixedStarts;
    if (fs)
      for (let j = 0; j < p.n; j++)
        if (p.fixed[j]) for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) special[p.useRes[u]] = 1;
    this.base = Array.from({ length: p.resources }, (_, r) =>
      special[r] ? new Int32Array(len).fill(p.capacity[r]) : NO_BASE,
    );
    for (const w of p.capacityWindows) {
      const a = Math.max(w.from, lo) - lo;
      const b = Math.min(w.to, lo + len) - lo;
      if (b > a) this.base[w.resource].fill(w.limit, a, b);
      quiet = Math.max(quiet, w.to);
    }
    for (let r = 0; r < p.resources; r++) {
      const c = p.calendars[p.resCal[r]];
      if (c.continuous) continue;
      const b = this.base[r];
      for (let i = 0; i < len; i++) if (!c.works(lo + i)) b[i] = 0;
    }
    if (fs) {
      for (let j = 0; j < p.n; j++) {
        if (!p.fixed[j]) continue;
        quiet = Math.max(quiet, p.calendars[p.cal[j]].finish(fs[j], p.dur[j]));
        forEachTick(p, j, fs[j], (r, t, amt) => {
          if (t >= lo && t < lo + len) this.base[r][t - lo] -= amt;
        });
      }
    }
    this.avail = this.base.map((b, r) =>
      b === NO_BASE ? new Int32Array(len).fill(p.capacity[r]) : b.slice(),
    );
    this.quietFrom = quiet;
    this.touched = 0;
  }
}

const NO_BASE = new Int32Array(0);

/**
 * Calls fn(resource, tick, units) for every tick activity j works when started at s (not for a
 * hot loop: the schedule generation inlines this).
 */
export function forEachTick(
  p: Problem,
  j: number,
  s: number,
  fn: (resource: number, tick: number, units: number) => void,
): void {
  const c = p.calendars[p.cal[j]];
  const d = p.dur[j];
  const w0 = c.workBefore(s);
  for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) {
    const sh = p.useShape[u];
    for (let k = 0; k < d; k++) {
      const t = c.continuous ? s + k : c.tickAt(w0 + k);
      if (t >= c.end) break;
      fn(p.useRes[u], t, sh < 0 ? p.useAmt[u] : p.shapes[sh + k]);
    }
  }
}
