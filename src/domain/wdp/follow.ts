// Plans follow the dates (issue 18): when a CPM recompute moves a row's start or finish, the row's
// plan is distributed again by the row's own mode and base, over its new dates, as one undoable
// change. Facts and approved plans stay where they are (distributePlan never touches them).
//
// Rows are left alone when they hold no plan (nothing to follow), when their dates did not move,
// when the new dates give no plan at all (a plan is never silently erased), or when the new plan
// would change a day before the plans' editing period (spec §6: such a day is read-only for
// everyone, the calculation included); the last two are answered as skipped.

import type { CalendarIndex } from '../calendar/calendar-index';
import type { Minutes } from '../schedule/model';
import { distributePlan, withPlan } from './distribute';
import type { WdpChange } from './patches';
import { cellsChange } from './patches';
import { fromUnits, toUnits } from './split';
import type { DistributionBase, DistributionMode, RowDays, WdpCell } from './types';

/**
 * The bases whose follow may run in the browser after its live recompute: following again from
 * the same old dates (the server's calculation, from the dates it stored) changes nothing for
 * them. by_lag shifts the plan from the old start, so a second follow would shift it twice: it
 * follows only when the server calculates.
 */
export const LIVE_FOLLOW_BASES: readonly DistributionBase[] = [
  'by_date',
  'by_fact',
  'by_period',
  'by_volume',
];

export interface FollowRow {
  readonly id: string;
  readonly mode: DistributionMode;
  readonly base: DistributionBase;
  /** by_volume's daily rate (null: what the dates give). */
  readonly rate: number | null;
  /** The row's volume (null or 0: the plan's own total is kept). */
  readonly volume: number | null;
  readonly cal: CalendarIndex;
  /** The dates the plan was made for (null: never calculated; by_lag then starts at the plan's first day). */
  readonly before: { readonly start: Minutes; readonly finish: Minutes } | null;
  readonly after: { readonly start: Minutes; readonly finish: Minutes };
  readonly current: RowDays;
}

export interface FollowOptions {
  /** The first day whose plan may change (spec §6; -Infinity: every day). */
  readonly firstPlanDay?: number;
  /** by_fact: no new plan before this day (the version's data date). */
  readonly dataDay?: number;
}

export type FollowSkip = 'no_plan_left' | 'day_closed';

export interface FollowResult extends WdpChange {
  /** Rows whose plan moved. */
  readonly moved: string[];
  readonly skipped: { readonly id: string; readonly reason: FollowSkip }[];
}

function plannedUnits(days: RowDays): number {
  let u = 0;
  for (const c of days.values()) u += toUnits(c.plan ?? 0);
  return u;
}

/** The change that makes each moved row's plan follow its new dates (with its inverse). */
export function followDates(rows: readonly FollowRow[], opts: FollowOptions = {}): FollowResult {
  const firstPlanDay = opts.firstPlanDay ?? -Infinity;
  const byId = new Map(rows.map((r) => [r.id, r.current]));
  const daysOf = (id: string) => byId.get(id);
  const next: [string, number, WdpCell | undefined][] = [];
  const moved: string[] = [];
  const skipped: { id: string; reason: FollowSkip }[] = [];
  for (const r of rows) {
    const planned = plannedUnits(r.current);
    if (planned === 0) continue;
    if (r.before && r.before.start === r.after.start && r.before.finish === r.after.finish) continue;
    const volume = r.volume !== null && r.volume > 0 ? r.volume : fromUnits(planned);
    const plan = distributePlan({
      mode: r.mode,
      base: r.base,
      volume,
      cal: r.cal,
      start: r.after.start,
      finish: r.after.finish,
      current: r.current,
      ...(r.before ? { previousStart: r.before.start } : {}),
      ...(r.rate !== null && r.rate > 0 ? { rate: r.rate } : {}),
      ...(opts.dataDay !== undefined ? { dataDay: opts.dataDay } : {}),
    });
    if (plan.size === 0) {
      skipped.push({ id: r.id, reason: 'no_plan_left' });
      continue;
    }
    const after = withPlan(r.current, plan);
    const days = [...new Set([...r.current.keys(), ...after.keys()])].sort((a, b) => a - b);
    const changed = days.filter((d) => (r.current.get(d)?.plan ?? null) !== (after.get(d)?.plan ?? null));
    if (changed.length === 0) continue;
    if (changed[0]! < firstPlanDay) {
      skipped.push({ id: r.id, reason: 'day_closed' });
      continue;
    }
    moved.push(r.id);
    for (const d of changed) next.push([r.id, d, after.get(d)]);
  }
  const ch = cellsChange(daysOf, next);
  return { ...ch, moved, skipped };
}
