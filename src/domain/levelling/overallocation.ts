// Over-allocations of real dates: each activity's demand is laid on the ticks its calendar works
// between its early start and finish (engine dates, not the levelling's ticks), summed per
// resource and tick and compared with the limit there (0 where the resource's calendar does not work). Consecutive ticks over the limit make one
// period. This is how the result is judged after the engine has placed the levelled starts.

import type { Discretised } from './discretise';
import { UNIT_SCALE } from './discretise';
import { resourceWorks } from './problem';
import type { Overallocation } from './types';

export function overallocations(d: Discretised, es: Int32Array, ef: Int32Array): Overallocation[] {
  const { problem: p, origin, tick, span, role } = d;
  const used: Int32Array[] = Array.from({ length: p.resources }, () => new Int32Array(0));
  let top = 0;
  for (let j = 0; j < p.n; j++) if (role[j]) top = Math.max(top, Math.ceil((ef[j] - origin) / tick));
  top = Math.min(Math.max(top, 1), span);
  for (let j = 0; j < p.n; j++) {
    if (!role[j] || p.useStart[j] === p.useStart[j + 1]) continue;
    const c = p.calendars[p.cal[j]];
    const a = Math.max(0, Math.floor((es[j] - origin) / tick));
    const b = Math.min(top, Math.ceil((ef[j] - origin) / tick));
    for (let u = p.useStart[j]; u < p.useStart[j + 1]; u++) {
      const r = p.useRes[u];
      if (used[r].length === 0) used[r] = new Int32Array(top);
      const sh = p.useShape[u];
      const row = used[r];
      const w0 = c.workBefore(a);
      for (let k = 0; ; k++) {
        const t = c.tickAt(w0 + k);
        if (t >= b) break;
        row[t] += sh < 0 ? p.useAmt[u] : p.shapes[sh + Math.min(k, p.dur[j] - 1)];
      }
    }
  }
  const out: Overallocation[] = [];
  for (let r = 0; r < p.resources; r++) {
    const u = used[r];
    const limits = new Int32Array(u.length).fill(p.capacity[r]);
    for (const w of p.capacityWindows)
      if (w.resource === r) limits.fill(w.limit, Math.max(0, w.from), Math.max(0, w.to));
    for (let t = 0; t < limits.length; t++) if (!resourceWorks(p, r, t)) limits[t] = 0;
    let open: Overallocation | null = null;
    for (let t = 0; t < u.length; t++) {
      const limit = limits[t];
      if (u[t] > limit) {
        // A run of ticks in which nothing works (nights, weekends) does not end a period.
        if (!open) {
          open = {
            resourceId: d.resources[r].id,
            from: origin + t * tick,
            to: 0,
            peak: 0,
            limit: Infinity,
            excess: 0,
          };
          out.push(open);
        }
        open.to = origin + (t + 1) * tick;
        open.peak = Math.max(open.peak, u[t] / UNIT_SCALE);
        open.limit = Math.min(open.limit, limit / UNIT_SCALE);
        open.excess += ((u[t] - limit) / UNIT_SCALE) * (tick / 60);
      } else if (u[t] > 0) open = null;
    }
  }
  for (const o of out) o.excess = Math.round(o.excess * 1000) / 1000;
  return out;
}

/** Unit-hours above the limits, summed over the periods. */
export function totalExcess(list: Overallocation[]): number {
  return Math.round(list.reduce((s, o) => s + o.excess, 0) * 1000) / 1000;
}
