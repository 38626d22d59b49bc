// The curator's accepted dates on the schedule page: read for the open version when the grid
// shows them or the filter or sort reads them (src/state/workbench/curator-dates.ts), again after
// each load of the version, and dropped when the version closes.
import { useEffect } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { acceptedDatesOf, needsCuratorDates } from '../../state/workbench/curator-dates';
import { workbench } from '../../state/workbench/store';

export function useCuratorDates(versionId: string | null): void {
  useEffect(() => {
    if (!versionId) return;
    let live = true;
    /** The load the dates were read after (-1: not read). */
    let readAt = -1;
    const read = () => {
      const s = workbench.get();
      if (s.loadState !== 'ready' || readAt === s.loads || !needsCuratorDates(s)) return;
      readAt = s.loads;
      call(api.curatorDates.curatorDates, { params: { id: versionId } }, { silent: true })
        .then((answer) => {
          if (live) workbench.set({ curatorDates: acceptedDatesOf(answer.rows) });
        })
        .catch(() => {
          readAt = -1;
        });
    };
    read();
    const off = workbench.subscribe((s, prev) => {
      if (
        s.loads !== prev.loads ||
        s.loadState !== prev.loadState ||
        s.columns !== prev.columns ||
        s.filter !== prev.filter ||
        s.arrange !== prev.arrange
      )
        read();
    });
    return () => {
      live = false;
      off();
      workbench.set({ curatorDates: new Map() });
    };
  }, [versionId]);
}
