// The workbench filter over a document whose dates the main thread makes itself: the project grid
// merges several versions into one document, each scheduled on its own with its own options, so no
// ScheduleCore holds its rows and dates. The host keeps its own copy of the rows (a DocMirror, the
// store's patches applied to it in order) and the dates the main thread hands over when they
// change, and answers the same requests with the same runFilter as the schedule page's worker
// (filter-core.ts). It also computes the calculated attributes over the same rows, each
// schedule's with its own version's formulas (grid-formulas.ts), which the filter reads too.

import type { Patch } from 'immer';
import type { WbsDoc } from '../domain/wbs';
import { DocMirror } from './doc-mirror';
import type { FormulaDelta } from './formula-core';
import { GridFormulas, type CalendarHours, type FormulaPart } from './grid-formulas';
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
  private readonly formulas = new GridFormulas();

  /** The document, replacing the one held (a load). */
  open(doc: WbsDoc): void {
    this.mirror = new DocMirror(doc);
    this.formulas.reset();
  }

  /** A change the store applied, in the order it applied them. */
  patch(patches: readonly Patch[]): void {
    this.mirror?.apply(patches);
    this.formulas.touch(patches);
  }

  /** Each schedule's calculated attributes; their values come with the next formulaChanges(). */
  setFormulas(parts: readonly FormulaPart[], calendars: readonly CalendarHours[]): void {
    this.formulas.set(parts, calendars);
  }

  /** Calculated values changed since the last call (all after an open or new formulas). */
  formulaChanges(): FormulaDelta | null {
    return this.mirror ? this.formulas.changes(this.mirror.rows) : null;
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
      calculates: (key) => this.formulas.calculates(key),
      computed: (id, key) => this.formulas.valueOf(m.rows, id, key),
    };
  }

  /** A request over the held rows and dates (null: no document, or not the caller's rows). */
  filter(req: FilterRequest): FilterReply | null {
    const src = this.source();
    return src && runFilter(src, req);
  }
}
