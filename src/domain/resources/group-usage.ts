// The histogram of a resource or a resource group (the Resources screen): the usage of every
// assignment of the resource and of the resources under it, spread over each assignment's own
// working time, against the sum of their availabilities, each on its resource's working time.
import { capacityByPeriod, periodsOf, sumSeries, usageByPeriod } from './usage';
import type { Availability, PeriodUnit, UsageBar } from './usage';
import type { WorkTime } from './work-time';

export interface UsageMember {
  availability: Availability;
  /** The member's working time (its calendar, else the version's default). */
  time: WorkTime;
}

export interface UsagePeriod {
  from: number;
  to: number;
  usage: number;
  capacity: number;
}

/** Periods of `unit` covering the bars, with the summed usage and the members' summed capacity. */
export function groupUsage(
  bars: readonly UsageBar[],
  members: readonly UsageMember[],
  unit: PeriodUnit,
): UsagePeriod[] {
  if (bars.length === 0) return [];
  let from = Infinity;
  let to = -Infinity;
  for (const b of bars) {
    from = Math.min(from, b.start);
    to = Math.max(to, b.finish);
  }
  const periods = periodsOf(from, to + 1, unit);
  const usage = usageByPeriod(bars, periods);
  const capacity = sumSeries(
    members.map((m) => capacityByPeriod(periods, m.availability, m.time)),
    periods.length,
  );
  return periods.map((p, i) => ({ ...p, usage: usage[i]!, capacity: capacity[i]! }));
}
