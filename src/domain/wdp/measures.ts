// Labour and cost per day: a row's day values are volumes; where the row carries a price (the
// WBS row's unit price) or resources (its assignments), each volume also stands for labour
// (hours of its labor resources) and cost (the unit price, else the assigned resources' cost).
// Both are proportional to the volume, so a day's labour or cost is the day's value times the
// row's rate per unit, and a summary's is the sum of its rows'.
import { fromUnits, toUnits } from './split';
import type { RowDays } from './types';
import type { PlanKind } from './types';

/** What the days show: the volume itself, or the labour or cost it stands for. */
export const MEASURES = ['volume', 'labour', 'cost'] as const;
export type Measure = (typeof MEASURES)[number];

/** A row's assigned resources summed: labour hours (labor resources) and cost (units × price). */
export interface RowResources {
  readonly labour: number;
  readonly cost: number;
}

export interface RowRates {
  /** Hours per unit of volume (null: no labour assigned, or no volume to divide by). */
  readonly labour: number | null;
  /** Cost per unit of volume (null: no price and no priced resource, or no volume). */
  readonly cost: number | null;
}

/**
 * A row's rates: its price is the cost of a unit; without one, the assigned resources' cost over
 * the volume. Labour is the labor resources' hours over the volume.
 */
export function rowRates(
  row: { readonly volume: number | null; readonly price: number | null },
  res: RowResources | undefined,
): RowRates {
  const vol = row.volume !== null && row.volume > 0 ? row.volume : null;
  const cost =
    row.price !== null && Number.isFinite(row.price)
      ? row.price
      : res && res.cost !== 0 && vol !== null
        ? res.cost / vol
        : null;
  const labour = res && res.labour !== 0 && vol !== null ? res.labour / vol : null;
  return { labour, cost };
}

/** A value in a measure: the volume itself, or volume × rate to the thousandth (null: none). */
export function measureOf(
  value: number | null,
  measure: Measure,
  rates: RowRates | undefined,
): number | null {
  if (value === null) return null;
  if (measure === 'volume') return value;
  const rate = rates?.[measure] ?? null;
  if (rate === null) return null;
  return fromUnits(toUnits(value * rate));
}

/** A row's total of a kind in a measure over its days (the sum of the days' measures). */
export function measureTotal(
  days: RowDays,
  kind: PlanKind,
  measure: Measure,
  rates: RowRates | undefined,
): number | null {
  if (measure !== 'volume' && (rates?.[measure] ?? null) === null) return null;
  let units = 0;
  for (const c of days.values()) units += toUnits(measureOf(c[kind], measure, rates) ?? 0);
  return fromUnits(units);
}
