// Live updates: when another tab or user changes this version, the server's event arrives on the
// shared socket and the version's rows are read again (history and the view are kept), so the
// change shows within a second. Our own writes carry a revision we already have and are skipped.

import { useEffect } from 'react';
import { liveEvents } from '../../app/api/live';
import { workbench } from '../../state/workbench/store';
import { openVersion } from './load';

const EVENTS = new Set(['version_updated', 'timetable_calculate']);

export function useLiveVersion(versionId: string | null, onReloaded: () => void): void {
  useEffect(() => {
    if (!versionId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = liveEvents.subscribe((e) => {
      if (!EVENTS.has(e.event) || !e.ids.includes(versionId)) return;
      const revision = typeof e.payload.revision === 'number' ? e.payload.revision : null;
      const mine = workbench.get().version?.revision ?? 0;
      if (revision !== null && revision <= mine) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        // Our own batch may have answered meanwhile: its revision is then ours already.
        if (revision !== null && revision <= (workbench.get().version?.revision ?? 0)) return;
        if (workbench.get().saving > 0) return; // our queue will meet the new revision (409 → reload)
        void openVersion(versionId).then(onReloaded, () => undefined);
      }, 150);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [versionId, onReloaded]);
}
