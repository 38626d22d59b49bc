// A group header's roll-ups, as a WBS summary rolls up its rows (src/domain/schedule/roll-up.ts):
// its span (earliest start – latest finish), drawn in the header's text and as a summary bar on
// the Gantt, and its percent complete weighted by the rows' planned duration, a plain mean when
// they are all without duration (milestones). Rows not scheduled are left out. The Gantt's bar
// (groupBarModel) carries the span, that percent as its progress and whether any row is critical.
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

/** What the span reads of a schedule: each row's place in its date arrays. */
export interface DatesByRow {
  readonly position: ReadonlyMap<RowId, number>;
  readonly es: ArrayLike<number>;
  readonly ef: ArrayLike<number>;
}

/** Earliest start and latest finish of the group's rows (NaN: none scheduled). */
export function groupSpan(rows: readonly RowId[], dates: DatesByRow | null): [number, number] {
  let start = Infinity;
  let finish = -Infinity;
  if (dates)
    for (const id of rows) {
      const p = dates.position.get(id);
      if (p === undefined) continue;
      const es = dates.es[p]!;
      const ef = dates.ef[p]!;
      if (es >= 0 && es < start) start = es;
      if (ef >= 0 && ef > finish) finish = ef;
    }
  return [Number.isFinite(start) ? start : NaN, Number.isFinite(finish) ? finish : NaN];
}

/** What a group's summary bar reads of a schedule: its dates, critical flags and percents. */
export interface BarDatesByRow extends DatesByRow {
  readonly critical: ArrayLike<number>;
  /** A row's percent complete (absent: the stored dates of an open, no progress known). */
  readonly percentComplete?: ArrayLike<number> | undefined;
}

/** A group header's Gantt bar, drawn as a WBS summary's. */
export interface GroupBarModel {
  /** Earliest start and latest finish of the rows (groupSpan). */
  readonly start: number;
  readonly finish: number;
  /** Percent complete weighted by planned duration (groupPercent); 0 when no row has one. */
  readonly progress: number;
  /** Some row of the group is critical. */
  readonly critical: boolean;
}

/**
 * The summary bar of a group: its span (groupSpan), its rolled-up percent complete (groupPercent)
 * and whether any of its rows is critical (null: none of them scheduled, so no bar).
 */
export function groupBarModel(
  rows: readonly RowId[],
  sched: BarDatesByRow | null,
  durationOf: (id: RowId) => number,
): GroupBarModel | null {
  if (!sched) return null;
  const [start, finish] = groupSpan(rows, sched);
  if (Number.isNaN(start) || Number.isNaN(finish)) return null;
  const { position, critical, percentComplete } = sched;
  const at = (id: RowId) => position.get(id);
  const percentOf = (id: RowId) => {
    const p = at(id);
    return p === undefined ? undefined : percentComplete?.[p];
  };
  return {
    start,
    finish,
    progress: groupPercent(rows, percentOf, durationOf) ?? 0,
    critical: rows.some((id) => {
      const p = at(id);
      return p !== undefined && critical[p] === 1;
    }),
  };
}
