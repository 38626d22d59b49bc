// What a row's delete takes along beyond its day values, kept by the server in the delete's
// logged undo entry (issue 18): the row's wdp settings (`wdp_rows`: unit, distribution mode and
// base, daily rate) and its timesheet lines (`timesheet_days`). Their patches:
//   ['wdp_row', itemId]                          value WdpRowValue, or remove
//   ['timesheet_day', itemId, timesheetId, day]  value TimesheetDayValue, or remove
// The row id is always the path's second part. The server makes them from its own tables (a
// client's values for these paths are never used); the workbench keeps the settings part.
import type { Patch } from 'immer';
import type { DistributionBase, DistributionMode } from './types';

export const WDP_ROW_ROOT = 'wdp_row';
export const TIMESHEET_DAY_ROOT = 'timesheet_day';

export interface WdpRowValue {
  unit: string;
  mode: DistributionMode;
  base: DistributionBase;
  rate: number | null;
}

export interface TimesheetDayValue {
  hours: number | null;
  fact: number | null;
}

export const isWdpRowPatch = (p: Patch): boolean => p.path[0] === WDP_ROW_ROOT;
export const isTimesheetDayPatch = (p: Patch): boolean => p.path[0] === TIMESHEET_DAY_ROOT;
/** A patch of what the server keeps for a deleted row (settings or a timesheet line). */
export const isKeptPatch = (p: Patch): boolean => isWdpRowPatch(p) || isTimesheetDayPatch(p);

/** The rows' settings after `patches` (['wdp_row', id]: add/replace sets, remove deletes). */
export function applyWdpRowPatches<T extends WdpRowValue & { item_id: string }>(
  rows: ReadonlyMap<string, T>,
  patches: readonly Patch[],
): Map<string, T> {
  const out = new Map(rows);
  for (const p of patches) {
    if (!isWdpRowPatch(p)) continue;
    const id = String(p.path[1]);
    if (p.op === 'remove') out.delete(id);
    else out.set(id, { ...(p.value as WdpRowValue), item_id: id } as T);
  }
  return out;
}
