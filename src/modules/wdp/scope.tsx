// Which version's days the daily planning tab and its matrix work on. The schedule page shows one
// version: its store (`pageWdp`), the workbench's version and all its visible rows (the default,
// no provider). The project grid's panel gives the focused row's version (`WdpScopeProvider`):
// that version's own store (`wdpStoreOf`), read when the tab opens, and only its rows (those
// under its schedule's summary row, in the grid's order). Edits are the same history steps
// either way; the grid's edit loop sends them to the row's version.
import { type ReactNode, createContext, useContext, useEffect, useMemo } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { useWorkbench } from '../../state/workbench/store';
import { pageWdp, type WdpStore } from '../../state/wdp/store';

export interface WdpScope {
  readonly store: WdpStore;
  readonly versionId: string;
  /** Whether a visible row is of this version (the matrix shows those only). */
  readonly owns: (rowId: string) => boolean;
  /** The grid's id of a row the version names by its own id (its days are kept under it). */
  readonly idOf: (ownId: string) => string;
  /** The version may be edited here (rights, lock); else the tab says it is read-only. */
  readonly editable: boolean;
}

const ScopeContext = createContext<WdpScope | null>(null);

/** Reads the version's days into its store the first time (and after a failed read). */
async function readScope(scope: WdpScope): Promise<void> {
  const { store, versionId } = scope;
  store.set({ status: 'loading' });
  try {
    const g = await call(api.wdp.gantt, { params: { id: versionId }, query: {} }, { silent: true });
    store.load(versionId, g, scope.idOf);
  } catch (err) {
    store.set({ status: 'error', error: (err as Error).message ?? '' });
  }
}

export function WdpScopeProvider({ scope, children }: { scope: WdpScope; children: ReactNode }) {
  useEffect(() => {
    const st = scope.store.get().status;
    if (st === 'idle' || st === 'error') void readScope(scope);
  }, [scope]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** What the matrix works on: the store, the version, and its rows with their place in the grid. */
export interface ScopeView {
  readonly store: WdpStore;
  readonly versionId: string | null;
  /** Whether a provider chose the version (the project grid), not the page. */
  readonly scoped: boolean;
  /** False when the provider's version may not be edited (the page has its own lock). */
  readonly editable: boolean;
  /** The matrix's rows (ids, top down). */
  readonly ids: readonly string[];
  /** A matrix row's index among the workbench's visible rows. */
  readonly at: (r: number) => number;
  /** The matrix row of a visible row's index, −1 when it is not shown. */
  readonly rowOf: (visibleIndex: number) => number;
}

export function useWdpScope(): ScopeView {
  const scope = useContext(ScopeContext);
  const visible = useWorkbench((s) => s.visible);
  const pageVersion = useWorkbench((s) => s.versionId);
  return useMemo(() => {
    if (!scope)
      return {
        store: pageWdp,
        versionId: pageVersion,
        scoped: false,
        editable: true,
        ids: visible.ids,
        at: (r: number) => r,
        rowOf: (i: number) => i,
      };
    const ids: string[] = [];
    const index: number[] = [];
    const back = new Map<number, number>();
    visible.ids.forEach((id, i) => {
      if (!scope.owns(id)) return;
      back.set(i, ids.length);
      ids.push(id);
      index.push(i);
    });
    return {
      store: scope.store,
      versionId: scope.versionId,
      scoped: true,
      editable: scope.editable,
      ids,
      at: (r: number) => index[r] ?? -1,
      rowOf: (i: number) => back.get(i) ?? -1,
    };
  }, [scope, visible, pageVersion]);
}
