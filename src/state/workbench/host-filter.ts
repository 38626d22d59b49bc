// The filter off the main thread for a page that schedules its document itself (the project grid:
// one document merged from several versions, each scheduled on its own): the store's document and
// dates are mirrored in a filter host (workers/filter-host.ts) and every filter the page applies is
// evaluated there by the schedule page's runFilter (filter-view.ts, provideFilterWorker).
//
// Kept in step without holding a request back: each applied change's patches go to the host as
// they are applied (the store's dataRevision counts every change and every load, so a gap means a
// load or a change missed: the whole document goes again before the next filter), and before each
// filter request the document is sent if it is not the one the host holds, and the dates if they
// changed. Calls reach the host in order, so the request reads them. A filter reading dates asked
// before the page's dates of the current rows waits for them and runs again (filter-view.ts).

import type { RowId, WbsDoc } from '../../domain/wbs';
import type { FilterRequest, WorkerSchedule } from '../../workers/filter-core';
import type { FilterHostService } from '../../workers/schedule-client';
import { onDataChange } from './data';
import { provideFilterWorker } from './filter-view';
import type { ScheduleSnapshot } from './schedule-snapshot';
import { workbench } from './store';

/** The store's dates as the host reads them: engine order ids and the arrays (copied on the way). */
export function workerScheduleOf(s: ScheduleSnapshot | null): WorkerSchedule | null {
  if (!s) return null;
  const ids = new Array<RowId>(s.es.length);
  for (const [id, p] of s.position) ids[p] = id;
  return {
    ids,
    es: s.es,
    ef: s.ef,
    tf: s.tf,
    ff: s.ff,
    startFloat: s.startFloat,
    finishFloat: s.finishFloat,
    critical: s.critical,
    percentComplete: s.percentComplete,
  };
}

/**
 * The store's document and dates kept in `service`: each applied change's patches as they are
 * applied; `sync()` sends the whole document when the host does not hold the store's (a load, a
 * change missed) and the dates when they changed. Calls reach the host in order: one made after a
 * sync reads them.
 */
export interface HostDoc {
  sync(): void;
  stop(): void;
}

export function hostDoc(service: FilterHostService): HostDoc {
  /** The document the host holds (null: none, or it missed a change) and its data revision. */
  let sent: WbsDoc | null = null;
  let revision = -1;
  let dates: ScheduleSnapshot | null | undefined;
  const lost = () => {
    sent = null;
  };
  const offData = onDataChange((applied) => {
    const s = workbench.get();
    if (sent !== null && s.dataRevision === revision + 1) {
      service.patch(applied.patches).catch(lost);
      sent = s.wbs.doc;
      revision = s.dataRevision;
    } else sent = null;
  });
  return {
    sync: () => {
      const s = workbench.get();
      if (s.wbs.doc !== sent) {
        service.open(s.wbs.doc).catch(lost);
        sent = s.wbs.doc;
        revision = s.dataRevision;
      }
      if (s.schedule !== dates) {
        dates = s.schedule;
        service.setSchedule(workerScheduleOf(dates)).catch(() => {
          dates = undefined;
        });
      }
    },
    stop: offData,
  };
}

/**
 * Evaluate the page's filters in `service` from now on (`doc`: the page's own mirror of the
 * store in that service, shared with its calculated attributes); the returned function stops it.
 */
export function provideHostFilter(service: FilterHostService, doc?: HostDoc): () => void {
  const mirror = doc ?? hostDoc(service);
  const run = (req: FilterRequest) => {
    mirror.sync();
    return service.filter(req);
  };
  const stop = provideFilterWorker(run, { storeSchedule: true });
  return () => {
    stop();
    if (!doc) mirror.stop();
  };
}
