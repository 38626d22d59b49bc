// What the daily planning tab does to day values, as undoable changes (undo kind undo_wdp) in
// the workbench's history: typed values, a pasted matrix, a distribution of a row's volume, day
// statuses, clears. When the version derives progress from facts, a change of facts carries the
// rows' new percent complete in the same step (one undo brings both back). Each command works on
// the store it is given (the schedule page's, or on the project grid the row's version's).
import type { Patch } from 'immer';
import type {
  CellEdit,
  DistributionBase,
  DistributionMode,
  EditPeriod,
  RowDays,
  WdpChange,
} from '../../domain/wdp';
import {
  allocate,
  cellsChange,
  distributePlan,
  editsChange,
  firstEditableDay,
  isEditableDay,
  percentFromFacts,
  rowChange,
  rowTotals,
  transferValue,
  withPlan,
} from '../../domain/wdp';
import { applyWdpPatches } from '../../domain/wdp';
import { commitPatches, rowById } from '../../state/workbench/data';
import { workbench } from '../../state/workbench/store';
import type { WdpStore } from '../../state/wdp/store';
import { calendarOfRow } from './calendars';

const daysIn = (w: WdpStore) => (id: string) => w.get().days.get(id);

/** The editing period of a kind (spec §6): days before its first editable day are closed. */
function periodOf(w: WdpStore, kind: 'plan' | 'fact' | 'approved_plan'): EditPeriod | null {
  const p = w.get().periods;
  if (!p) return null;
  const from = kind === 'fact' ? p.fact_from : p.plan_from;
  return { keyDay: from === null ? null : p.key_day, days: from === null ? null : p.key_day - from };
}

/** Why a day cannot be edited for a kind, or null (spec §6 editing periods). */
export function closedReason(
  w: WdpStore,
  day: number,
  kind: 'plan' | 'fact' | 'approved_plan',
): string | null {
  const p = periodOf(w, kind);
  return !p || isEditableDay(p, day) ? null : 'closed';
}

/** The first day a kind can be edited on (−Infinity when every day can): the matrix's shading. */
export function openFrom(w: WdpStore, kind: 'plan' | 'fact' | 'approved_plan'): number {
  const p = periodOf(w, kind);
  return p ? firstEditableDay(p) : -Infinity;
}

/** Percent complete patches of rows whose facts change (progress from facts on). */
function progressPatches(w: WdpStore, ch: WdpChange): WdpChange {
  if (!w.get().progressFromFacts) return { patches: [], inversePatches: [] };
  const after = applyWdpPatches(w.get().days, ch.patches);
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

function commit(w: WdpStore, ch: WdpChange, labelKey: string): boolean {
  if (ch.patches.length === 0) return false;
  const rows = progressPatches(w, ch);
  // Refused (the project grid: a locked version, one the user may not edit): nothing changed.
  return !!commitPatches({
    kind: 'undo_wdp',
    labelKey,
    patches: [...ch.patches, ...rows.patches],
    inversePatches: [...rows.inversePatches, ...ch.inversePatches],
  });
}

/** Typed, filled or pasted values; edits on closed days are left out and counted. */
export function commitEdits(
  w: WdpStore,
  edits: readonly CellEdit[],
  labelKey = 'wdp.cmd.edit',
): { applied: boolean; closed: number } {
  const open = edits.filter((e) => closedReason(w, e.day, e.kind) === null);
  return {
    applied: commit(w, editsChange(daysIn(w), open), labelKey),
    closed: edits.length - open.length,
  };
}

/**
 * Distributes each row's volume over its scheduled dates (the workbench's current dates) by mode
 * and base; rows without dates or volume are skipped. Answers how many rows got a plan.
 */
export function distributeRows(
  w: WdpStore,
  ids: readonly string[],
  mode: DistributionMode,
  base: DistributionBase,
  rate?: number,
): number {
  const s = workbench.get();
  const daysOf = daysIn(w);
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
  return commit(w, { patches, inversePatches }, 'wdp.cmd.distribute') ? done : 0;
}

/** Approve days (their plan becomes the approved plan) or open them again. */
export function setDayStatus(
  w: WdpStore,
  cells: readonly { rowId: string; day: number }[],
  status: 'open' | 'approved',
): boolean {
  const daysOf = daysIn(w);
  return commit(
    w,
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

/** Whether any day of [from, to] is before the kind's editing period. */
function closedIn(w: WdpStore, from: number, to: number, kind: 'plan' | 'fact' | 'approved_plan'): boolean {
  for (let d = from; d <= to; d++) if (closedReason(w, d, kind) !== null) return true;
  return false;
}

export type AllocateOutcome =
  | { ok: true; rows: number }
  | { ok: false; reason: 'closed' | 'no_working_days' | 'no_volume' | 'nothing_changed'; code?: string };

/**
 * Allocates plan or fact over the days [from, to] of each row (spec §7 allocate plan/fact): the
 * amount given, or what the row's volume leaves, by the mode over the working days of the row's
 * calendar. One undo step; refused as a whole when a day is closed or a row cannot take it.
 */
export function allocateRows(
  w: WdpStore,
  ids: readonly string[],
  kind: 'plan' | 'fact',
  mode: DistributionMode,
  from: number,
  to: number,
  amount: number | null,
): AllocateOutcome {
  if (closedIn(w, from, to, kind)) return { ok: false, reason: 'closed' };
  const s = workbench.get();
  const daysOf = daysIn(w);
  const edits: CellEdit[] = [];
  let rows = 0;
  for (const id of ids) {
    const v = rowById(s, id);
    if (!v || v.hasChildren) continue;
    const res = allocate({
      rowId: id,
      kind,
      mode,
      cal: calendarOfRow(v.row.calendarId),
      from,
      to,
      amount,
      volume: v.row.volume,
      current: daysOf(id) ?? new Map(),
    });
    if (!res.ok) return { ok: false, reason: res.reason, code: v.row.code ?? v.row.name };
    edits.push(...res.edits);
    if (res.edits.length) rows++;
  }
  const done = commit(w, editsChange(daysOf, edits), 'wdp.cmd.allocate');
  return done ? { ok: true, rows } : { ok: false, reason: 'nothing_changed' };
}

export type TransferOutcome =
  | { ok: true; moved: number }
  /** `refused`: the page refused the step and said why (the project grid: a locked version). */
  | { ok: false; reason: 'closed' | 'same_day' | 'nothing_to_transfer' | 'exceeds' | 'refused' };

/** Moves a row's value of a kind (all, or `amount`) from one day to another: one undo step. */
export function transferDayValue(
  w: WdpStore,
  rowId: string,
  kind: 'plan' | 'fact' | 'approved_plan',
  fromDay: number,
  toDay: number,
  amount: number | null = null,
): TransferOutcome {
  if (closedReason(w, fromDay, kind) !== null || closedReason(w, toDay, kind) !== null)
    return { ok: false, reason: 'closed' };
  const daysOf = daysIn(w);
  const res = transferValue({ rowId, kind, fromDay, toDay, amount, current: daysOf(rowId) ?? new Map() });
  if (!res.ok) return res;
  if (!commit(w, editsChange(daysOf, res.edits), 'wdp.cmd.transfer')) return { ok: false, reason: 'refused' };
  return { ok: true, moved: res.moved };
}
