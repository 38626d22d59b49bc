// The day values of a version (plan, fact, approved plan per row and day), its rows' distribution
// settings and the editing periods: read with GET versions/{id}/wdp/gantt when the version loads,
// changed only through the workbench's history (data.ts hands ['wdp', …] patches here), so an
// edit, its undo and a remote change all land the same way.
//
// One store per version (`createWdpStore`): the schedule page shows one version and uses the
// page's store (`pageWdp`, also as `useWdp` / `wdpStore`); the project grid shows rows of several
// versions and keeps one store per version (`wdpStoreOf`), each holding its version's days under
// the grid's row ids. Patches of the history reach the page's store, or, while a routing is set
// (`setWdpPatchRouting`, the project grid), the store of the version each patch's row belongs to.
import type { Patch } from 'immer';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
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

/** One version's wdp store: a React hook (`use`) and its plain reads and writes. */
export interface WdpStore {
  readonly use: UseBoundStore<StoreApi<WdpState>>;
  get(): WdpState;
  set(p: Partial<WdpState>): void;
  /**
   * The store's content from a gantt answer; `idOf` names each of the answer's rows as the
   * screen does (the project grid's ids), by default its own id.
   */
  load(versionId: string, g: WdpGantt, idOf?: (ownId: string) => string): void;
  /** Day patches, and the rows' settings a row delete took along and its undo puts back
   *  (timesheet lines are the Timesheets screen's, read from the server there). */
  apply(patches: readonly Patch[]): void;
}

const empty = (): WdpState => ({
  versionId: null,
  status: 'idle',
  error: null,
  days: new Map(),
  rows: new Map(),
  resources: new Map(),
  periods: null,
  progressFromFacts: false,
  revision: 0,
});

export function createWdpStore(): WdpStore {
  const use = create<WdpState>()(empty);
  return {
    use,
    get: () => use.getState(),
    set: (p) => use.setState(p),
    load(versionId, g, idOf = (id) => id) {
      const days = new Map<string, Map<number, WdpCell>>();
      for (const d of g.days) {
        const id = idOf(d.item_id);
        let m = days.get(id);
        if (!m) days.set(id, (m = new Map()));
        m.set(d.day, { plan: d.plan, fact: d.fact, approved_plan: d.approved_plan, status: d.status });
      }
      use.setState((s) => ({
        versionId,
        status: 'ready',
        error: null,
        days,
        rows: new Map(g.rows.map((r) => [idOf(r.item_id), { ...r, item_id: idOf(r.item_id) }])),
        resources: new Map(g.resources.map((r) => [idOf(r.item_id), { ...r, item_id: idOf(r.item_id) }])),
        periods: g.periods,
        progressFromFacts: g.progress_from_facts,
        revision: s.revision + 1,
      }));
    },
    apply(patches) {
      const days = patches.filter((p) => !isKeptPatch(p));
      const rows = patches.filter(isWdpRowPatch);
      use.setState((s) => ({
        days: days.length > 0 ? applyWdpPatches(s.days, days) : s.days,
        rows: rows.length > 0 ? applyWdpRowPatches(s.rows, rows) : s.rows,
        revision: s.revision + 1,
      }));
    },
  };
}

/** The schedule page's store: the one version it shows. */
export const pageWdp = createWdpStore();
export const useWdp = pageWdp.use;
export const wdpStore = { get: pageWdp.get, set: pageWdp.set };

/** The page's store from a gantt answer. */
export function loadWdp(versionId: string, g: WdpGantt): void {
  pageWdp.load(versionId, g);
}

/** Stores per version (the project grid), made on first use. */
const perVersion = new Map<string, WdpStore>();

export function wdpStoreOf(versionId: string): WdpStore {
  let s = perVersion.get(versionId);
  if (!s) perVersion.set(versionId, (s = createWdpStore()));
  return s;
}

/** Forgets every version's store (the project grid left, or read again). */
export function dropWdpStores(): void {
  perVersion.clear();
}

/** Which version's store a row's patches go to (its id as the patches name it), or null. */
export type WdpPatchRouting = (rowId: string) => string | null;
let routing: WdpPatchRouting | null = null;

/** Patches go to the page's store, or (null to undo) by row to their versions' stores. */
export function setWdpPatchRouting(r: WdpPatchRouting | null): void {
  routing = r;
}

/**
 * The history's wdp patches, applied to the page's store or, under a routing, each to the store
 * of its row's version (a patch of a row of no version, or of a version whose days were never
 * read, is left out: they are read when its tab opens).
 */
export function applyWdp(patches: readonly Patch[]): void {
  if (!routing) return pageWdp.apply(patches);
  const byVersion = new Map<string, Patch[]>();
  for (const p of patches) {
    const v = routing(String(p.path[1]));
    if (v === null || !perVersion.has(v)) continue;
    const list = byVersion.get(v);
    if (list) list.push(p);
    else byVersion.set(v, [p]);
  }
  for (const [v, list] of byVersion) perVersion.get(v)!.apply(list);
}
