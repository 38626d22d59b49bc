// The day report (spec §7 "wdp: report-edit"): for one day, every row planned or reported on
// that day or before, with the day's plan and fact and the plan and fact to date, so a site
// engineer fills the day's facts against what was planned and a planner sees what is behind.
import { fromUnits, toUnits } from './split';
import type { RowDays } from './types';

export interface ReportLine {
  readonly item_id: string;
  readonly plan: number | null;
  readonly fact: number | null;
  readonly plan_to_date: number;
  readonly fact_to_date: number;
}

/** Rows with a plan or fact on the day, or a plan to date not yet met by facts; in `order`. */
export function dayReport(
  days: ReadonlyMap<string, RowDays>,
  day: number,
  order: readonly string[],
): ReportLine[] {
  const out: ReportLine[] = [];
  for (const id of order) {
    const m = days.get(id);
    if (!m) continue;
    let plan = 0;
    let fact = 0;
    for (const [d, c] of m) {
      if (d > day) continue;
      plan += toUnits(c.plan ?? 0);
      fact += toUnits(c.fact ?? 0);
    }
    const today = m.get(day);
    const onDay = (today?.plan ?? null) !== null || (today?.fact ?? null) !== null;
    if (!onDay && plan <= fact) continue;
    out.push({
      item_id: id,
      plan: today?.plan ?? null,
      fact: today?.fact ?? null,
      plan_to_date: fromUnits(plan),
      fact_to_date: fromUnits(fact),
    });
  }
  return out;
}
