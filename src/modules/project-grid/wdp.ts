// The daily plans of the project grid's rows: each schedule's version keeps its own wdp store
// (state/wdp/store.ts `wdpStoreOf`), holding its days under the grid's row ids. The node panel's
// daily planning tab works on the focused row's version (its scope: that store, its rows); the
// history's ['wdp', rowId, day] patches go to the store of the row's version (the patch routing)
// and, through the grid's edit loop, to that version's batch in its own ids (route.ts).
import type { Version } from '../../api/versions';
import type { GridRoutes } from '../../domain/project-grid/route';
import { wdpStoreOf } from '../../state/wdp/store';
import type { WdpScope } from '../wdp/scope';

/** The version whose store a grid row's day patches go to (null: a row of no version). */
export function wdpRouting(versions: readonly (Version | null)[], routes: GridRoutes) {
  return (rowId: string): string | null => {
    const place = routes.rows.get(rowId);
    return place ? (versions[place.part]?.id ?? null) : null;
  };
}

/**
 * The daily planning tab's scope of a grid row: its schedule's version (a schedule's summary row
 * shows its schedule's rows too), one scope object per version (the tab reads a store once).
 */
export function wdpScopes(
  versions: readonly (Version | null)[],
  routes: GridRoutes,
  editable: (versionId: string) => boolean,
) {
  const made = new Map<number, WdpScope>();
  return (rowId: string): WdpScope | null => {
    const part = routes.rows.get(rowId)?.part;
    const version = part === undefined ? null : versions[part];
    if (part === undefined || !version) return null;
    let scope = made.get(part);
    if (!scope)
      made.set(
        part,
        (scope = {
          store: wdpStoreOf(version.id),
          versionId: version.id,
          owns: (id) => routes.rows.get(id)?.part === part,
          idOf: (own) => routes.gridRows[part]?.get(own) ?? own,
          editable: editable(version.id),
        }),
      );
    return scope;
  };
}
