// Totals of plan, fact and approved plan per row, rolled up through the summaries (a summary's
// total is the sum of its children's), and the progress a row's facts give.

import type { PlanKind, RowDays } from './types';
import { fromUnits, toUnits } from './split';

export type Totals = Record<PlanKind, number>;

export const zeroTotals = (): Totals => ({ plan: 0, fact: 0, approved_plan: 0 });

/** A row's totals over all its days (or the days in [from, to] when given). */
export function rowTotals(days: RowDays, from = -Infinity, to = Infinity): Totals {
  let plan = 0;
  let fact = 0;
  let approved = 0;
  for (const [day, c] of days) {
    if (day < from || day > to) continue;
    plan += toUnits(c.plan ?? 0);
    fact += toUnits(c.fact ?? 0);
    approved += toUnits(c.approved_plan ?? 0);
  }
  return { plan: fromUnits(plan), fact: fromUnits(fact), approved_plan: fromUnits(approved) };
}

/**
 * Every row's totals with the summaries': `own` holds the rows with values, `parentOf` the tree.
 * Sums are kept in whole thousandths so that a summary equals the sum of its children exactly.
 */
export function rollUp(
  own: ReadonlyMap<string, Totals>,
  parentOf: (id: string) => string | null | undefined,
): Map<string, Totals> {
  const units = new Map<string, Totals>();
  for (const [id, t] of own) {
    const add = { plan: toUnits(t.plan), fact: toUnits(t.fact), approved_plan: toUnits(t.approved_plan) };
    const seen = new Set<string>();
    for (let cur: string | null | undefined = id; cur && !seen.has(cur); cur = parentOf(cur)) {
      seen.add(cur);
      const u = units.get(cur) ?? zeroTotals();
      u.plan += add.plan;
      u.fact += add.fact;
      u.approved_plan += add.approved_plan;
      units.set(cur, u);
    }
  }
  const out = new Map<string, Totals>();
  for (const [id, u] of units)
    out.set(id, {
      plan: fromUnits(u.plan),
      fact: fromUnits(u.fact),
      approved_plan: fromUnits(u.approved_plan),
    });
  return out;
}

/**
 * Percent complete from facts (volume done over the total volume), 0–100 with one decimal;
 * null when the row has no volume to measure against.
 */
export function percentFromFacts(volume: number | null, factTotal: number): number | null {
  if (volume === null || !(volume > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((factTotal / volume) * 1000) / 10));
}
