// Deviation colours of the 4D player (the spec's dates-for-deviation call): a linked row's finish
// (actual, else calculated) against its target version's finish, in days; an element takes the
// worst deviation of its rows that have started at the player's time. Times are engine minutes.

export type DeviationClass = 'ahead' | 'on_time' | 'behind' | 'no_target';

export const DEVIATION_COLORS: Record<DeviationClass, string> = {
  ahead: '#1f8fd6',
  on_time: '#2e9e4f',
  behind: '#d83b3b',
  no_target: '#b0b7c3',
};

export interface DeviationRow {
  start: number | null;
  finish: number | null;
  target_finish: number | null;
  element_ids: readonly number[];
}

const DAY = 1440;

/** Days the row finishes after its target (negative: before); null without both dates. */
export function deviationDays(r: Pick<DeviationRow, 'finish' | 'target_finish'>): number | null {
  if (r.finish === null || r.target_finish === null) return null;
  return Math.round(((r.finish - r.target_finish) / DAY) * 10) / 10;
}

/** Within half a day of the target counts as on time. */
export function deviationClass(days: number | null): DeviationClass {
  if (days === null) return 'no_target';
  if (days > 0.5) return 'behind';
  if (days < -0.5) return 'ahead';
  return 'on_time';
}

const RANK: Record<DeviationClass, number> = { no_target: 0, ahead: 1, on_time: 2, behind: 3 };

/**
 * Each element of a row started by t (t null: every row) with the worst class of those rows
 * (behind over on time over ahead over no target).
 */
export function elementDeviations(
  rows: readonly DeviationRow[],
  t: number | null,
): Map<number, DeviationClass> {
  const out = new Map<number, DeviationClass>();
  for (const r of rows) {
    if (t !== null && (r.start === null || t < r.start)) continue;
    const c = deviationClass(deviationDays(r));
    for (const id of r.element_ids) {
      const cur = out.get(id);
      if (cur === undefined || RANK[c] > RANK[cur]) out.set(id, c);
    }
  }
  return out;
}
