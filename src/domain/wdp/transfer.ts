// Transfer a value between days (spec §7 "wdp: transfer-value"): part or all of a row's value of
// one kind moves from one day to another — a plan slips a day, a fact was booked on the wrong
// day. The row's total of that kind is unchanged; the other kinds stay where they are.
import type { CellEdit } from './paste';
import { fromUnits, toUnits } from './split';
import type { PlanKind, RowDays } from './types';

export interface TransferInput {
  readonly rowId: string;
  readonly kind: PlanKind;
  readonly fromDay: number;
  readonly toDay: number;
  /** How much moves (> 0, at most the value of the day); absent or null: all of it. */
  readonly amount?: number | null;
  readonly current: RowDays;
}

export type TransferResult =
  | { readonly ok: true; readonly edits: CellEdit[]; readonly moved: number }
  | { readonly ok: false; readonly reason: 'same_day' | 'nothing_to_transfer' | 'exceeds' };

export function transferValue(input: TransferInput): TransferResult {
  const { rowId, kind, fromDay, toDay, current } = input;
  if (fromDay === toDay) return { ok: false, reason: 'same_day' };
  const have = toUnits(current.get(fromDay)?.[kind] ?? 0);
  if (have === 0) return { ok: false, reason: 'nothing_to_transfer' };
  const move = input.amount === undefined || input.amount === null ? have : toUnits(input.amount);
  // A part moves in the value's direction and never more than the day holds.
  if (move === 0 || Math.sign(move) !== Math.sign(have) || Math.abs(move) > Math.abs(have))
    return { ok: false, reason: 'exceeds' };
  const left = have - move;
  const target = toUnits(current.get(toDay)?.[kind] ?? 0) + move;
  return {
    ok: true,
    moved: fromUnits(move),
    edits: [
      { rowId, day: fromDay, kind, value: left === 0 ? null : fromUnits(left) },
      { rowId, day: toDay, kind, value: target === 0 ? null : fromUnits(target) },
    ],
  };
}
