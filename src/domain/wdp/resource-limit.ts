// The limit line of the daily plans by resource: what a resource offers on a day (its limit on
// that day times the share of a full working day it works, as the Resources module's Gantt and
// levelling count it) and the days its planned quantity goes over that.
import { capacityOn } from '../resources/usage';
import type { Availability } from '../resources/usage';

/** Rounding slack: a quantity equal to the limit is not over it. */
const EPS = 1e-6;

/** The resource's limit on each day of [from, to) (0 on a day off). */
export function limitDays(a: Availability, from: number, to: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let d = from; d < to; d++) out.set(d, capacityOn(d, a));
  return out;
}

/** The days whose quantity is over the resource's limit, in day order. */
export function overLimitDays(days: ReadonlyMap<number, number>, a: Availability): number[] {
  const out: number[] = [];
  for (const [d, v] of days) if (v > capacityOn(d, a) + EPS) out.push(d);
  return out.sort((x, y) => x - y);
}
