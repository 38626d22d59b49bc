// Allocate plan or fact (spec §7 "wdp: allocate plan/fact"): an amount of one kind spread over a
// chosen period of a row — the working days of its calendar between two days — by a mode
// (start, end, evenly). The values of that kind in the period are replaced; the other kinds and
// the days outside are kept. Without an amount, what the row's volume leaves after the values
// of that kind outside the period is allocated (an estimator's "the rest goes over these days").
import type { CalendarIndex } from '../calendar/calendar-index';
import type { CellEdit } from './paste';
import { fromUnits, splitUnits, toUnits } from './split';
import type { DistributionMode, RowDays } from './types';
import { isWorkingDay } from './working-days';

export interface AllocateInput {
  readonly rowId: string;
  readonly kind: 'plan' | 'fact';
  readonly mode: DistributionMode;
  readonly cal: CalendarIndex;
  /** The period, both days included. */
  readonly from: number;
  readonly to: number;
  /** The amount to allocate; null or absent: the volume less the kind's values outside the period. */
  readonly amount?: number | null;
  readonly volume: number | null;
  readonly current: RowDays;
}

export type AllocateResult =
  | { readonly ok: true; readonly edits: CellEdit[]; readonly amount: number }
  | { readonly ok: false; readonly reason: 'no_working_days' | 'no_volume' };

/** The amount an allocation without one gives: volume − the kind's values outside [from, to] (≥ 0). */
export function remainingAmount(
  current: RowDays,
  kind: 'plan' | 'fact',
  volume: number | null,
  from: number,
  to: number,
): number | null {
  if (volume === null) return null;
  let outside = 0;
  for (const [day, c] of current) if (day < from || day > to) outside += toUnits(c[kind] ?? 0);
  return fromUnits(Math.max(0, toUnits(volume) - outside));
}

export function allocate(input: AllocateInput): AllocateResult {
  const { cal, from, to, kind, rowId } = input;
  const days: number[] = [];
  for (let d = from; d <= to; d++) if (isWorkingDay(cal, d)) days.push(d);
  if (days.length === 0) return { ok: false, reason: 'no_working_days' };
  const amount = input.amount ?? remainingAmount(input.current, kind, input.volume, input.from, input.to);
  if (amount === null) return { ok: false, reason: 'no_volume' };
  const total = toUnits(amount);
  const n = days.length;
  let units: number[];
  if (input.mode === 'evenly') units = splitUnits(total, new Array<number>(n).fill(1));
  else {
    units = new Array<number>(n).fill(0);
    units[input.mode === 'start' ? 0 : n - 1] = total;
  }
  const edits: CellEdit[] = [];
  const given = new Map<number, number>();
  days.forEach((d, i) => {
    if (units[i] !== 0) given.set(d, fromUnits(units[i]!));
  });
  // Every day of the period: its new value, or cleared when it gets none.
  for (let d = from; d <= to; d++) {
    const v = given.get(d) ?? null;
    const cur = input.current.get(d)?.[kind] ?? null;
    if (v !== cur) edits.push({ rowId, day: d, kind, value: v });
  }
  return { ok: true, edits, amount: fromUnits(total) };
}
