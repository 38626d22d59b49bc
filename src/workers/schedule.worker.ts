// The schedule worker: a thin Comlink shell over ScheduleCore (STYLE 11). Result arrays are
// transferred, not copied.

import * as Comlink from 'comlink';
import type { Patch } from 'immer';
import type { CalendarDef, ScheduleOptions } from '../domain/schedule';
import type { FormulaSource, NamedAttribute } from '../domain/formula';
import type { WbsDoc } from '../domain/wbs';
import type { FormulaDelta } from './formula-core';
import type { ScheduleOutput } from './schedule-core';
import { ScheduleCore, transferables } from './schedule-core';
import type { PackedDoc } from './doc-pack';
import { unpackDoc } from './doc-pack';
import {
  filterTransferables,
  runFilter,
  type FilterReply,
  type FilterRequest,
  type WorkerSchedule,
} from './filter-core';
import { FilterHost } from './filter-host';
import type { CalendarHours, FormulaPart } from './grid-formulas';

const core = new ScheduleCore();
/** A document the main thread schedules itself (the project grid), held for its filter only. */
const host = new FilterHost();

const send = (out: ScheduleOutput | null) => (out ? Comlink.transfer(out, transferables(out)) : null);

/** After an open's answer has gone: the warm-up of the incremental path (ScheduleCore.rehearse). */
const rehearseSoon = () => setTimeout(() => core.rehearse(), 0);

const api = {
  open(doc: WbsDoc, calendars: CalendarDef[], options: ScheduleOptions, revision: number): ScheduleOutput {
    rehearseSoon();
    return send(core.open(doc, calendars, options, revision))!;
  },
  /** open() for a document packed by columns (doc-pack.ts): the main thread's way. */
  openPacked(
    doc: PackedDoc,
    calendars: CalendarDef[],
    options: ScheduleOptions,
    revision: number,
  ): ScheduleOutput {
    rehearseSoon();
    return send(core.openPacked(doc, calendars, options, revision))!;
  },
  patch(patches: Patch[], revision: number): ScheduleOutput | null {
    return send(core.patch(patches, revision));
  },
  setSettings(
    calendars: CalendarDef[] | null,
    options: ScheduleOptions,
    revision: number,
  ): ScheduleOutput | null {
    return send(core.setSettings(calendars, options, revision));
  },
  setFormulas(sources: FormulaSource[], attributes: NamedAttribute[]): void {
    core.setFormulas(sources, attributes);
  },
  formulaChanges(): FormulaDelta | null {
    return core.formulaChanges();
  },
  /** The workbench filter over the worker's rows (filter-core.ts); null: not the caller's rows. */
  filter(req: FilterRequest): FilterReply | null {
    const src = core.rowsForFilter();
    const out = src && runFilter(src, req);
    return out ? Comlink.transfer(out, filterTransferables(out)) : null;
  },
  /** The filter host's document (filter-host.ts): opened, patched, its dates set, filtered. */
  hostOpen(doc: PackedDoc): void {
    host.open(unpackDoc(doc));
  },
  hostPatch(patches: Patch[]): void {
    host.patch(patches);
  },
  hostSchedule(schedule: WorkerSchedule | null): void {
    host.setSchedule(schedule);
  },
  hostFormulas(parts: FormulaPart[], calendars: CalendarHours[]): void {
    host.setFormulas(parts, calendars);
  },
  hostFormulaChanges(): FormulaDelta | null {
    return host.formulaChanges();
  },
  hostFilter(req: FilterRequest): FilterReply | null {
    const out = host.filter(req);
    return out ? Comlink.transfer(out, filterTransferables(out)) : null;
  },
};

export type ScheduleWorkerApi = typeof api;

Comlink.expose(api);
