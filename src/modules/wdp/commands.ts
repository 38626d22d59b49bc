// What the daily planning tab does to day values, as undoable changes (undo kind undo_wdp) in
// the workbench's history: typed values, a pasted matrix, a distribution of a row's volume, day
// statuses, clears. When the version derives progress from facts, a change of facts carries the
// rows' new percent complete in the same step (one undo brings both back).
import type { Patch } from 'immer';
import type { CellEdit, DistributionBase, DistributionMode, RowDays, WdpChange } from '../../domain/wdp';
import {
  cellsChange,
  distributePlan,
  editsChange,
  isEditableDay,
  percentFromFacts,
  rowChange,
  rowTotals,
  withPlan,
} from '../../domain/wdp';
import { applyWdpPatches } from '../../domain/wdp';
import { commitPatches, rowById } from '../../state/workbench/data';
import { workbench } from '../../state/workbench/store';
import { wdpStore } from '../../state/wdp/store';
import { calendarOfRow } from './calendars';

const daysOf = (id: string) => wdpStore.get().days.get(id);

/** Why a day cannot be edited for a kind, or null (spec §6 editing periods). */
export function closedReason(day: number, kind: 'plan' | 'fact' | 'approved_plan'): string | null {
  const p = wdpStore.get().periods;
  if (!p) return null;
  const from = kind === 'fact' ? p.fact_from : p.plan_from;
  return isEditableDay(
    { keyDay: from === null ? null : p.key_day, days: from === null ? null : p.key_day - from },
    day,
  )
    ? null
    : 'closed';
}

/** Percent complete patches of rows whose facts change (progress from facts on). */
function progressPatches(ch: WdpChange): WdpChange {
  if (!wdpStore.get().progressFromFacts) return { patches: [], inversePatches: [] };
  const after = applyWdpPatches(wdpStore.get().days, ch.patches);
  const ids = new Set(ch.patches.map((p) => String(p.path[1])));
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  const rows = workbench.get().wbs.doc.rows;
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    const pct = percentFromFacts(row.volume, rowTotals(after.get(id) ?? new Map()).fact);
    if (pct === null || pct === row.percentComplete) continue;
    patches.push({ op: 'replace', path: ['rows', id, 'percentComplete'], value: pct });
    inversePatches.push({ op: 'replace', path: ['rows', id, 'percentComplete'], value: row.percentComplete });
  }
  return { patches, inversePatches };
}

function commit(ch: WdpChange, labelKey: string): boolean {
  if (ch.patches.length === 0) return false;
  const rows = progressPatches(ch);
  commitPatches({
    kind: 'undo_wdp',
    labelKey,
    patches: [...ch.patches, ...rows.patches],
    inversePatches: [...rows.inversePatches, ...ch.inversePatches],
  });
  return true;
}

/** Typed, filled or pasted values; edits on closed days are left out and counted. */
export function commitEdits(
  edits: readonly CellEdit[],
  labelKey = 'wdp.cmd.edit',
): { applied: boolean; closed: number } {
  const open = edits.filter((e) => closedReason(e.day, e.kind) === null);
  return { applied: commit(editsChange(daysOf, open), labelKey), closed: edits.length - open.length };
}

/**
 * Distributes each row's volume over its scheduled dates (the workbench's current dates) by mode
 * and base; rows without dates or volume are skipped. Answers how many rows got a plan.
 */
export function distributeRows(
  ids: readonly string[],
  mode: DistributionMode,
  base: DistributionBase,
  rate?: number,
): number {
  const s = workbench.get();
  let patches: Patch[] = [];
  let inversePatches: Patch[] = [];
  let done = 0;
  for (const id of ids) {
    const v = rowById(s, id);
    if (!v || v.hasChildren || !Number.isFinite(v.es) || !Number.isFinite(v.ef)) continue;
    const current: RowDays = daysOf(id) ?? new Map();
    const plan = distributePlan({
      mode,
      base,
      volume: v.row.volume ?? 0,
      cal: calendarOfRow(v.row.calendarId),
      start: v.es,
      finish: v.ef,
      current,
      ...(rate ? { rate } : {}),
    });
    const ch = rowChange(daysOf, id, withPlan(current, plan));
    if (ch.patches.length) done++;
    patches = patches.concat(ch.patches);
    inversePatches = ch.inversePatches.concat(inversePatches);
  }
  commit({ patches, inversePatches }, 'wdp.cmd.distribute');
  return done;
}

/** Approve days (their plan becomes the approved plan) or open them again. */
export function setDayStatus(
  cells: readonly { rowId: string; day: number }[],
  status: 'open' | 'approved',
): boolean {
  return commit(
    cellsChange(
      daysOf,
      cells.map(({ rowId, day }) => {
        const cur = daysOf(rowId)?.get(day) ?? {
          plan: null,
          fact: null,
          approved_plan: null,
          status: 'open' as const,
        };
        return [
          rowId,
          day,
          status === 'approved'
            ? { ...cur, status, approved_plan: cur.plan ?? cur.approved_plan }
            : { ...cur, status },
        ] as const;
      }),
    ),
    status === 'approved' ? 'wdp.cmd.approve' : 'wdp.cmd.reopen',
  );
}
