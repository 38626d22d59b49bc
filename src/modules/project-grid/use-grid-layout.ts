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
import { workbench } from '../../state/workbench/store';
import { loadDirectoryChoices } from '../schedule/directory-choices';
import { forgetAttributeDefs, loadAttributeItems } from '../schedule/version-resources';
import { applyLayoutRead, layoutBody, useLayoutBaseline } from '../schedule/use-layout';

const SAVE_DELAY_MS = 800;

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
  const baseline = useLayoutBaseline();
  useEffect(() => {
    if (!ready || key === null || !projectId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let off: (() => void) | null = null;
    const save = (keepalive = false) => {
      timer = null;
      baseline.current = workbench.get();
      const body = layoutBody(baseline.current);
      void call(
        api.projectGrid.saveLayout,
        { params: { id: projectId }, body },
        { silent: true, keepalive },
      ).catch(() => undefined);
    };
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      save(true);
    };
    window.addEventListener('pagehide', flush);
    // Definitions change on the Attributes screen: the grid opened reads them afresh.
    forgetAttributeDefs();
    const ids = key === '' ? [] : key.split(',');
    // A change the user made since the baseline (the grid still loading too) wins.
    const opened = baseline.current;
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
        const changedMeanwhile = applyLayoutRead(opened, layout, labels);
        baseline.current = workbench.get();
        // A layout that could not be read is not overwritten by the defaults shown instead.
        if (saved.status === 'rejected') return;
        let last = workbench.get();
        off = workbench.subscribe((s) => {
          if (s.columns === last.columns && s.frozen === last.frozen && s.arrange === last.arrange) return;
          last = s;
          if (timer) clearTimeout(timer);
          timer = setTimeout(save, SAVE_DELAY_MS);
        });
        // What the user changed while the layout was read is theirs to keep: written as a change.
        if (changedMeanwhile) timer = setTimeout(save, SAVE_DELAY_MS);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [projectId, key, ready, baseline]);
}
