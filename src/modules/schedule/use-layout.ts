// The grid layout (column order, widths, visibility, frozen count) saved per user in the version
// layout on the server: read when a version opens, written (debounced) when it changes.

import { useEffect } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { DEFAULT_COLUMNS } from '../../state/workbench/columns';
import { workbench } from '../../state/workbench/store';
import type { ColumnLayout } from '../../state/workbench/types';

const SAVE_DELAY_MS = 800;

/** The saved columns, plus any column the workbench has that the saved layout does not know. */
export function mergeLayout(saved: readonly ColumnLayout[]): ColumnLayout[] {
  const cols = saved.map((c) => ({ id: c.id, width: c.width, visible: c.visible }));
  for (const d of DEFAULT_COLUMNS) if (!cols.some((c) => c.id === d.id)) cols.push(d);
  return cols;
}

export function useSavedLayout(versionId: string | null): void {
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = workbench.get();
    let off: (() => void) | null = null;
    call(api.wbsBatch.layout, { params: { id: versionId } }, { silent: true })
      .then(({ layout }) => {
        if (!live) return;
        if (layout) workbench.set({ columns: mergeLayout(layout.columns), frozen: layout.frozen });
        last = workbench.get();
        off = workbench.subscribe((s) => {
          if (s.columns === last.columns && s.frozen === last.frozen) return;
          last = s;
          if (timer) clearTimeout(timer);
          timer = setTimeout(() => {
            const body = {
              columns: s.columns.map((c) => ({ id: c.id, width: Math.round(c.width), visible: c.visible })),
              frozen: s.frozen,
            };
            void call(api.wbsBatch.saveLayout, { params: { id: versionId }, body }, { silent: true }).catch(
              () => undefined,
            );
          }, SAVE_DELAY_MS);
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
      if (timer) clearTimeout(timer);
    };
  }, [versionId]);
}
