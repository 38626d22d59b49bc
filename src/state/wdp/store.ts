// The day values of the open version (plan, fact, approved plan per row and day), its rows'
// distribution settings and the editing periods: read with GET versions/{id}/wdp/gantt when the
// version loads, changed only through the workbench's history (data.ts hands ['wdp', …] patches
// here), so an edit, its undo and a remote change all land the same way.
import type { Patch } from 'immer';
import { create } from 'zustand';
import type { EditPeriods, WdpGantt, WdpRowResources, WdpRowSettings } from '../../api/wdp';
import type { RowDays, WdpCell } from '../../domain/wdp';
import { applyWdpPatches, applyWdpRowPatches, isKeptPatch, isWdpRowPatch } from '../../domain/wdp';

export interface WdpState {
  readonly versionId: string | null;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  readonly days: ReadonlyMap<string, RowDays>;
  readonly rows: ReadonlyMap<string, WdpRowSettings>;
  /** Rows' assigned labour hours and resource cost (labour and cost per day). */
  readonly resources: ReadonlyMap<string, WdpRowResources>;
  readonly periods: EditPeriods | null;
  readonly progressFromFacts: boolean;
  /** Bumped by every change (views key on it). */
  readonly revision: number;
}

export const useWdp = create<WdpState>()(() => ({
  versionId: null,
  status: 'idle',
  error: null,
  days: new Map(),
  rows: new Map(),
  resources: new Map(),
  periods: null,
  progressFromFacts: false,
  revision: 0,
}));

export const wdpStore = {
  get: (): WdpState => useWdp.getState(),
  set: (p: Partial<WdpState>): void => useWdp.setState(p),
};

/** The store's content from a gantt answer. */
export function loadWdp(versionId: string, g: WdpGantt): void {
  const days = new Map<string, Map<number, WdpCell>>();
  for (const d of g.days) {
    let m = days.get(d.item_id);
    if (!m) days.set(d.item_id, (m = new Map()));
    m.set(d.day, { plan: d.plan, fact: d.fact, approved_plan: d.approved_plan, status: d.status });
  }
  useWdp.setState((s) => ({
    versionId,
    status: 'ready',
    error: null,
    days,
    rows: new Map(g.rows.map((r) => [r.item_id, r])),
    resources: new Map(g.resources.map((r) => [r.item_id, r])),
    periods: g.periods,
    progressFromFacts: g.progress_from_facts,
    revision: s.revision + 1,
  }));
}

/** Day patches, and the rows' settings a row delete took along and its undo puts back
 *  (timesheet lines are the Timesheets screen's, read from the server there). */
export function applyWdp(patches: readonly Patch[]): void {
  const days = patches.filter((p) => !isKeptPatch(p));
  const rows = patches.filter(isWdpRowPatch);
  useWdp.setState((s) => ({
    days: days.length > 0 ? applyWdpPatches(s.days, days) : s.days,
    rows: rows.length > 0 ? applyWdpRowPatches(s.rows, rows) : s.rows,
    revision: s.revision + 1,
  }));
}
