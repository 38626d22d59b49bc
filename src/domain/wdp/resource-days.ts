// The daily plans by resource (spec §7 "wdp: … resource gantt"): what each resource is planned
// (or reported) to do per day, from the day values of the rows it is assigned to. An assignment's
// units are the resource's quantity for the row's whole volume, so a day's value v of a row with
// volume V asks v / V × units of the resource; a row without a volume shapes its units by its
// plan (v / planned total). Sums in whole thousandths, like every wdp roll-up.
import type { PlanKind, RowDays } from './types';
import { fromUnits, toUnits } from './split';

export interface WdpAssignment {
  readonly rowId: string;
  readonly resourceId: string;
  /** The resource's quantity for the row's whole volume (hours for labour, pieces, m³ …). */
  readonly units: number;
}

/** One row's part in a resource's load: its units, its first and last day with a value, its sum. */
export interface ResourceWork {
  readonly rowId: string;
  readonly units: number;
  readonly firstDay: number;
  readonly lastDay: number;
  readonly total: number;
  /** Day → the resource's quantity that day for this row. */
  readonly days: ReadonlyMap<number, number>;
}

export interface ResourceLoad {
  readonly resourceId: string;
  readonly total: number;
  /** Day → the resource's quantity that day over all its rows. */
  readonly days: ReadonlyMap<number, number>;
  readonly works: readonly ResourceWork[];
}

/**
 * Each resource's load per day of `kind` over [from, to] (all days when absent), in the order
 * resources first appear in `assignments`. Rows without a value of the kind in the range, or
 * without a volume and a plan to shape by, add nothing; a resource none of whose rows adds
 * anything is left out.
 */
export function resourceLoads(input: {
  assignments: readonly WdpAssignment[];
  volumeOf: (rowId: string) => number | null;
  daysOf: (rowId: string) => RowDays | undefined;
  kind: PlanKind;
  from?: number;
  to?: number;
}): ResourceLoad[] {
  const { assignments, volumeOf, daysOf, kind } = input;
  const from = input.from ?? -Infinity;
  const to = input.to ?? Infinity;
  const byResource = new Map<string, { units: Map<number, number>; total: number; works: ResourceWork[] }>();
  for (const a of assignments) {
    const days = daysOf(a.rowId);
    if (!days || !Number.isFinite(a.units) || a.units === 0) continue;
    let base = volumeOf(a.rowId);
    if (base === null || base <= 0) {
      let planned = 0;
      for (const c of days.values()) planned += toUnits(c.plan ?? 0);
      base = planned > 0 ? fromUnits(planned) : null;
    }
    if (base === null) continue;
    const work = new Map<number, number>();
    let total = 0;
    let firstDay = Infinity;
    let lastDay = -Infinity;
    for (const [day, c] of days) {
      const v = c[kind];
      if (v === null || v === 0 || day < from || day > to) continue;
      const u = toUnits((v / base) * a.units);
      if (u === 0) continue;
      work.set(day, fromUnits(u));
      total += u;
      if (day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
    }
    if (work.size === 0) continue;
    let r = byResource.get(a.resourceId);
    if (!r) byResource.set(a.resourceId, (r = { units: new Map(), total: 0, works: [] }));
    for (const [day, q] of work) r.units.set(day, (r.units.get(day) ?? 0) + toUnits(q));
    r.total += total;
    const sorted = new Map([...work].sort((x, y) => x[0] - y[0]));
    r.works.push({
      rowId: a.rowId,
      units: a.units,
      firstDay,
      lastDay,
      total: fromUnits(total),
      days: sorted,
    });
  }
  return [...byResource].map(([resourceId, r]) => ({
    resourceId,
    total: fromUnits(r.total),
    days: new Map([...r.units].sort((x, y) => x[0] - y[0]).map(([d, u]) => [d, fromUnits(u)])),
    works: r.works,
  }));
}
