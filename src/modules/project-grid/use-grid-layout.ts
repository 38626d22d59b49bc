// The project grid's columns and layout: every schedule's version's attributes become columns
// (typed as the schedule page types one version's: numbers, dates, lists, read-only and
// calculated ones, directory pickers), hidden until shown from the Columns menu, and the user's
// layout of this project (columns, widths, frozen count, sort, grouping) is read when the grid
// opens and written 0.8 s after a change (at once on leaving), through
// `GET/PUT projects/{id}/grid/layout` — the version layout's machinery, kept per project.

import { useEffect } from 'react';
import { api } from '../../api';
import type { AttributeDef } from '../../api/version-resources';
import { call } from '../../app/api/call';
import { mergeAttributeLists } from '../../domain/project-grid/attributes';
import { setAttributeColumnTypes } from '../../state/workbench/columns';
import { loadDirectoryChoices } from '../schedule/directory-choices';
import { forgetAttributeDefs, loadAttributeItems } from '../schedule/version-resources';
import { useLayoutKeeper } from '../schedule/use-layout';

/** The attributes of the versions shown, one per key (a version that cannot be read adds none). */
async function gridAttributes(versionIds: readonly string[]): Promise<AttributeDef[] | null> {
  const lists = await Promise.allSettled(versionIds.map((id) => loadAttributeItems(id)));
  const read = lists.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
  // None readable: the saved attribute columns are kept rather than dropped.
  if (read.length === 0 && versionIds.length > 0) return null;
  return mergeAttributeLists(read);
}

/**
 * `ready`: the merged document is in the store (the layout is applied over it). `versionIds`: the
 * versions shown, in the grid's order.
 */
export function useProjectGridLayout(
  projectId: string,
  versionIds: readonly string[] | null,
  ready: boolean,
): void {
  const key = versionIds?.join(',') ?? null;
  const openKeeper = useLayoutKeeper();
  useEffect(() => {
    if (!ready || key === null || !projectId) return;
    let live = true;
    const keeper = openKeeper((body, keepalive) =>
      call(api.projectGrid.saveLayout, { params: { id: projectId }, body }, { silent: true, keepalive }),
    );
    // Definitions change on the Attributes screen: the grid opened reads them afresh.
    forgetAttributeDefs();
    const ids = key === '' ? [] : key.split(',');
    Promise.allSettled([
      call(api.projectGrid.layout, { params: { id: projectId } }, { silent: true }),
      gridAttributes(ids).then(async (items) => ({
        items,
        directories: items ? await loadDirectoryChoices(items).catch(() => new Map()) : new Map(),
      })),
    ])
      .then(([saved, defs]) => {
        if (!live) return;
        const layout = saved.status === 'fulfilled' ? saved.value.layout : null;
        const items = defs.status === 'fulfilled' ? defs.value.items : null;
        if (items && defs.status === 'fulfilled') setAttributeColumnTypes(items, defs.value.directories);
        const labels = items ? new Map(items.map((d) => [d.key, d.label])) : null;
        const changedMeanwhile = keeper.apply(layout, labels);
        // A layout that could not be read is not overwritten by the defaults shown instead.
        if (saved.status === 'rejected') return;
        keeper.follow(changedMeanwhile);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      keeper.close();
    };
  }, [projectId, key, ready, openKeeper]);
}
