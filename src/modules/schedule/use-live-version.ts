// Live updates: when another tab or user changes this version, the server's event arrives on the
// shared socket. A change small enough to travel in the event (the stored entry, the next
// revision) is applied at once, as patches, like an edit of ours; a bigger one, or a gap in
// revisions, reads the version again (history and the view are kept). A calculation that ended
// reads only the version's state: the dates on screen are the worker's already. Our own writes
// carry a revision we already have and are skipped; a reload overtaken by a local edit is dropped
// (the edit's batch then meets the new revision).

import { useEffect } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { liveEvents } from '../../app/api/live';
import { applyRemote } from '../../state/workbench/data';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { LiveEvent } from '../../api/events';
import { liveAction } from './live-action';

const revisionOf = (e: LiveEvent) => (typeof e.payload.revision === 'number' ? e.payload.revision : 0);
import { openVersion } from './load';

export function useLiveVersion(versionId: string | null, onReloaded: () => void): void {
  useEffect(() => {
    if (!versionId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reload = false;
    let newest = 0;

    const readAgain = () => {
      // An edit made while the content is on its way would be replaced by content without it:
      // the reload is dropped then, and the edit's batch meets the new revision instead.
      const before = workbench.get();
      const abort = new AbortController();
      const stop = useWorkbench.subscribe((s) => {
        if (s.loads !== before.loads) stop();
        else if (s.dataRevision !== before.dataRevision || s.saving > 0) abort.abort();
      });
      void openVersion(versionId, undefined, abort.signal).then(
        () => {
          stop();
          if (!abort.signal.aborted) onReloaded();
        },
        () => stop(),
      );
    };

    const readState = async () => {
      const v = await call(api.versions.get, { params: { id: versionId } }, { silent: true }).catch(
        () => null,
      );
      const now = workbench.get().version;
      if (!v || !now || now.id !== versionId) return;
      if (v.revision > now.revision) readAgain();
      else workbench.set({ version: { ...now, timetable_state: v.timetable_state } });
    };

    // Events met while our batches were on their way: once they are answered (their answers
    // carry the changes stored before ours), the newer ones are applied in revision order.
    let deferred: LiveEvent[] = [];
    const handle = (e: LiveEvent) => {
      const s = workbench.get();
      const action = liveAction(e, s.version?.revision ?? 0, s.saving > 0 || s.editConflict !== null);
      if (action.kind === 'ignore') return;
      if (action.kind === 'defer') {
        deferred.push(e);
        return;
      }
      if (action.kind === 'apply') {
        applyRemote(action.patches);
        const v = workbench.get().version;
        if (v)
          workbench.set({ version: { ...v, revision: action.revision, timetable_state: 'not_calculated' } });
        return;
      }
      // Reads are gathered: a burst of events reads once.
      reload ||= action.kind === 'reload';
      if (typeof e.payload.revision === 'number') newest = Math.max(newest, e.payload.revision);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const whole = reload;
        reload = false;
        if (workbench.get().saving > 0) return;
        // Our own batch may have answered meanwhile: its revision is then ours already.
        if (whole && newest > 0 && newest <= (workbench.get().version?.revision ?? 0)) return;
        if (whole) readAgain();
        else void readState();
      }, 150);
    };
    const off = liveEvents.subscribe((e) => {
      if (e.ids.includes(versionId)) handle(e);
    });
    const offSaved = useWorkbench.subscribe((s) => {
      if (s.saving > 0 || s.editConflict !== null || deferred.length === 0) return;
      const list = deferred.sort((a, b) => revisionOf(a) - revisionOf(b));
      deferred = [];
      for (const e of list) handle(e);
    });
    return () => {
      off();
      offSaved();
      if (timer) clearTimeout(timer);
    };
  }, [versionId, onReloaded]);
}
