// Daily work plans (spec §3 "work-day plan (plan and fact)"): per WBS row and calendar day the
// planned, gathered (fact) and approved volumes. Days are whole days since 2000-01-01, the
// engine's day numbers (src/domain/calendar/time.ts dayOf).

/** Spec §3 plan kinds, as spelt. */
export const PLAN_KINDS = ['plan', 'fact', 'approved_plan'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Spec §3 distribution modes, as spelt. */
export const DISTRIBUTION_MODES = ['start', 'end', 'evenly'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];

/** Spec §3 distribution bases, as spelt. */
export const DISTRIBUTION_BASES = ['by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume'] as const;
export type DistributionBase = (typeof DISTRIBUTION_BASES)[number];

/**
 * A day's status: `approved` once a planner approved the day (its plan became the approved plan,
 * or its fact came from an approved timesheet); `open` otherwise.
 */
export const DAY_STATUSES = ['open', 'approved'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** One row's values on one day; a missing kind is null (nothing entered). */
export interface WdpCell {
  plan: number | null;
  fact: number | null;
  approved_plan: number | null;
  status: DayStatus;
}

/** Day number → cell, for one row. */
export type RowDays = ReadonlyMap<number, WdpCell>;

export const EMPTY_CELL: WdpCell = { plan: null, fact: null, approved_plan: null, status: 'open' };

/** A cell that holds nothing is not stored. */
export function isEmptyCell(c: WdpCell): boolean {
  return c.plan === null && c.fact === null && c.approved_plan === null && c.status === 'open';
}
