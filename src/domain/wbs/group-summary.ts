// A group header's roll-up of percent complete, as a WBS summary rolls up its rows
// (src/domain/schedule/roll-up.ts): weighted by the rows' planned duration, a plain mean when
// they are all without duration (milestones). Rows without a percent (not scheduled) are left out.
import type { RowId } from './types';

/** The group's percent complete (null: no row has one). */
export function groupPercent(
  rows: readonly RowId[],
  percentOf: (id: RowId) => number | undefined,
  durationOf: (id: RowId) => number,
): number | null {
  let weight = 0;
  let done = 0;
  let count = 0;
  let sum = 0;
  for (const id of rows) {
    const p = percentOf(id);
    if (p === undefined || !Number.isFinite(p)) continue;
    const d = Math.max(0, durationOf(id));
    weight += d;
    done += d * p;
    count += 1;
    sum += p;
  }
  if (count === 0) return null;
  return weight > 0 ? done / weight : sum / count;
}
