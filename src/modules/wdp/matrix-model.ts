// What the day matrix shows, computed from the stores for the rows and days in view: each row's
// value of the chosen kind per day (summaries: the sum of their rows below), totals, and the
// row's dates as day numbers. Pure over its inputs; the component only paints it.
import { MINUTES_PER_DAY } from '../../domain/calendar/time';
import type { Measure, PlanKind, RowDays, RowRates } from '../../domain/wdp';
import { fromUnits, measureOf, measureTotal, rollUp, rowTotals, toUnits } from '../../domain/wdp';
import type { Totals } from '../../domain/wdp';

/** Each summary's per-day sums of `kind` over [from, to], for the rows with values. */
export function summaryDays(
  days: ReadonlyMap<string, RowDays>,
  parentOf: (id: string) => string | null | undefined,
  kind: PlanKind,
  from: number,
  to: number,
  measure: Measure = 'volume',
  ratesOf: (id: string) => RowRates | undefined = () => undefined,
): Map<string, Map<number, number>> {
  const units = new Map<string, Map<number, number>>();
  for (const [id, m] of days)
    for (const [day, c] of m) {
      if (day < from || day > to) continue;
      const v = measure === 'volume' ? c[kind] : measureOf(c[kind], measure, ratesOf(id));
      if (v === null || v === 0) continue;
      for (let p = parentOf(id); p; p = parentOf(p)) {
        let row = units.get(p);
        if (!row) units.set(p, (row = new Map()));
        row.set(day, (row.get(day) ?? 0) + toUnits(v));
      }
    }
  const out = new Map<string, Map<number, number>>();
  for (const [id, m] of units) out.set(id, new Map([...m].map(([d, u]) => [d, fromUnits(u)])));
  return out;
}

/**
 * Every row's totals in labour or cost, summaries included: a row without a rate for the measure
 * counts nothing (its own total is shown empty).
 */
export function allMeasureTotals(
  days: ReadonlyMap<string, RowDays>,
  parentOf: (id: string) => string | null | undefined,
  measure: Measure,
  ratesOf: (id: string) => RowRates | undefined,
): Map<string, Totals> {
  const own = new Map<string, Totals>();
  for (const [id, m] of days) {
    const r = ratesOf(id);
    if (measure !== 'volume' && (r?.[measure] ?? null) === null) continue;
    own.set(id, {
      plan: measureTotal(m, 'plan', measure, r) ?? 0,
      fact: measureTotal(m, 'fact', measure, r) ?? 0,
      approved_plan: measureTotal(m, 'approved_plan', measure, r) ?? 0,
    });
  }
  return rollUp(own, parentOf);
}

/** Every row's totals, summaries included (the totals column, the planning tab). */
export function allTotals(
  days: ReadonlyMap<string, RowDays>,
  parentOf: (id: string) => string | null | undefined,
): Map<string, Totals> {
  const own = new Map<string, Totals>();
  for (const [id, m] of days) own.set(id, rowTotals(m));
  return rollUp(own, parentOf);
}

export const dayOfMinutes = (m: number): number => Math.floor(m / MINUTES_PER_DAY);
/** The day a finish moment falls in (a finish at midnight belongs to the day before). */
export const finishDay = (m: number): number => Math.floor((m - 1) / MINUTES_PER_DAY);
