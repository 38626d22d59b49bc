// The rows of a report's resource usage table ({{resources.UNIT}}): one per schedule, resource
// and period in which the resource is used, its quantity spread over each assignment's working
// time by the assignment's curve (the same spread as the resource view's histogram).
import { periodsOf, usageByPeriod } from '../resources/usage';
import type { UsageBar } from '../resources/usage';
import type { ResourceUnit } from './template';

export interface ResourceBar extends UsageBar {
  schedule: string;
  resource: string;
  kind: string;
}

export interface ResourceUsageRow {
  schedule: string;
  resource: string;
  kind: string;
  periodStart: number;
  periodEnd: number;
  units: number;
  /** The resource's units in this schedule up to the period's end. */
  cumulative: number;
  /** Assignments of the resource with work in the period. */
  activities: number;
}

/** Rows ordered by schedule, resource, period; periods without use are left out. */
export function resourceUsageRows(bars: readonly ResourceBar[], unit: ResourceUnit): ResourceUsageRow[] {
  const groups = new Map<string, ResourceBar[]>();
  for (const b of bars) {
    if (b.units === 0 || b.finish < b.start) continue;
    const k = `${b.schedule}\u0000${b.resource}\u0000${b.kind}`;
    const list = groups.get(k);
    if (list) list.push(b);
    else groups.set(k, [b]);
  }
  const keys = [...groups.keys()].sort((a, b) => a.localeCompare(b));
  const out: ResourceUsageRow[] = [];
  for (const k of keys) {
    const list = groups.get(k)!;
    const from = Math.min(...list.map((b) => b.start));
    // A point (start = finish) still needs the period that holds it.
    const to = Math.max(...list.map((b) => b.finish)) + 1;
    const periods = periodsOf(from, to, unit);
    const each = list.map((b) => usageByPeriod([b], periods));
    const total = periods.map((_, i) => each.reduce((s, e) => s + e[i]!, 0));
    let cumulative = 0;
    periods.forEach((p, i) => {
      const units = total[i]!;
      cumulative += units;
      // A sliver of a curve's tail (under half a thousandth) shows as 0 at 3 decimals: no row.
      const shown = Math.round(units * 1000) / 1000;
      if (shown === 0) return;
      out.push({
        schedule: list[0]!.schedule,
        resource: list[0]!.resource,
        kind: list[0]!.kind,
        periodStart: p.from,
        periodEnd: p.to,
        units: shown,
        cumulative: Math.round(cumulative * 1000) / 1000,
        activities: each.filter((e) => e[i]! !== 0).length,
      });
    });
  }
  return out;
}
