// The workbench filter over a document whose dates the main thread makes itself: the project grid
// merges several versions into one document, each scheduled on its own with its own options, so no
// ScheduleCore holds its rows and dates. The host keeps its own copy of the rows (a DocMirror, the
// store's patches applied to it in order) and the dates the main thread hands over when they
// change, and answers the same requests with the same runFilter as the schedule page's worker
// (filter-core.ts). No formula values: the project grid computes none.

import type { Patch } from 'immer';
import type { WbsDoc } from '../domain/wbs';
import { DocMirror } from './doc-mirror';
import {
  runFilter,
  type FilterReply,
  type FilterRequest,
  type FilterSource,
  type WorkerSchedule,
} from './filter-core';

export class FilterHost {
  private mirror: DocMirror | null = null;
  private schedule: WorkerSchedule | null = null;

  /** The document, replacing the one held (a load). */
  open(doc: WbsDoc): void {
    this.mirror = new DocMirror(doc);
  }

  /** A change the store applied, in the order it applied them. */
  patch(patches: readonly Patch[]): void {
    this.mirror?.apply(patches);
  }

  /** The dates the main thread shows (null: none yet). */
  setSchedule(schedule: WorkerSchedule | null): void {
    this.schedule = schedule;
  }

  source(): FilterSource | null {
    const m = this.mirror;
    if (!m) return null;
    return {
      rows: m.rows,
      relations: m.relations,
      index: m.treeIndex(),
      schedule: this.schedule,
      rowsVersion: m.version,
      computed: () => undefined,
    };
  }

  /** A request over the held rows and dates (null: no document, or not the caller's rows). */
  filter(req: FilterRequest): FilterReply | null {
    const src = this.source();
    return src && runFilter(src, req);
  }
}
