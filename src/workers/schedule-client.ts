// The main thread's handle on the schedule worker: Comlink.wrap when Worker exists, otherwise the
// same ScheduleCore in-process (tests, old browsers). Either way the calls are async.

import * as Comlink from 'comlink';
import type { Patch } from 'immer';
import type { CalendarDef, ScheduleOptions } from '../domain/schedule';
import type { FormulaSource, NamedAttribute } from '../domain/formula';
import type { WbsDoc } from '../domain/wbs';
import type { FormulaDelta } from './formula-core';
import type { ScheduleFailure, ScheduleOutput } from './schedule-core';
import type { PackedDoc } from './doc-pack';
import { packDoc, packedTransferables } from './doc-pack';
import { ScheduleCore } from './schedule-core';
import {
  requestTransferables,
  runFilter,
  type FilterReply,
  type FilterRequest,
  type WorkerSchedule,
} from './filter-core';
import { FilterHost } from './filter-host';
import type { CalendarHours, FormulaPart } from './grid-formulas';
import type { ScheduleWorkerApi } from './schedule.worker';

export type { FormulaDelta, ScheduleFailure, ScheduleOutput };

export interface ScheduleService {
  open(
    doc: WbsDoc,
    calendars: CalendarDef[],
    options: ScheduleOptions,
    revision: number,
  ): Promise<ScheduleOutput>;
  /** open() for a document packed by columns (doc-pack.ts). */
  openPacked(
    doc: PackedDoc,
    calendars: CalendarDef[],
    options: ScheduleOptions,
    revision: number,
  ): Promise<ScheduleOutput>;
  patch(patches: Patch[], revision: number): Promise<ScheduleOutput | null>;
  /** Schedule again with other options, and other calendars when given (null: the same ones). */
  setSettings(
    calendars: CalendarDef[] | null,
    options: ScheduleOptions,
    revision: number,
  ): Promise<ScheduleOutput | null>;
  /** Set the calculated attributes (formulas) evaluated over the document. */
  setFormulas(sources: FormulaSource[], attributes: NamedAttribute[]): Promise<void>;
  /** Calculated values changed since the last call (every row after an open or new formulas). */
  formulaChanges(): Promise<FormulaDelta | null>;
  /** The workbench filter over the service's rows (filter-core.ts). */
  filter?(req: FilterRequest): Promise<FilterReply | null>;
  /** True when the engine runs in a worker. */
  readonly inWorker: boolean;
  dispose(): void;
}

export function inProcessScheduleService(): ScheduleService {
  const core = new ScheduleCore();
  return {
    inWorker: false,
    open: async (doc, calendars, options, revision) => core.open(doc, calendars, options, revision),
    openPacked: async (doc, calendars, options, revision) =>
      core.openPacked(doc, calendars, options, revision),
    patch: async (patches, revision) => core.patch(patches, revision),
    setSettings: async (calendars, options, revision) => core.setSettings(calendars, options, revision),
    setFormulas: async (sources, attributes) => core.setFormulas(sources, attributes),
    formulaChanges: async () => core.formulaChanges(),
    filter: async (req) => {
      const src = core.rowsForFilter();
      return src && runFilter(src, req);
    },
    dispose: () => undefined,
  };
}

function startWorker(): Worker {
  return new Worker(new URL('./schedule.worker.ts', import.meta.url), { type: 'module', name: 'schedule' });
}

/** A worker started ahead of need, so its script is loaded and compiled when a version arrives. */
let spare: Worker | null = null;

/** Start the next service's worker now (the workbench module does, as it loads). */
export function prewarmScheduleWorker(): void {
  if (typeof Worker === 'undefined' || spare) return;
  try {
    spare = startWorker();
  } catch {
    spare = null;
  }
}

export function createScheduleService(): ScheduleService {
  if (typeof Worker === 'undefined') return inProcessScheduleService();
  let worker: Worker;
  try {
    worker = spare ?? startWorker();
    spare = null;
  } catch {
    return inProcessScheduleService();
  }
  const remote = Comlink.wrap<ScheduleWorkerApi>(worker);
  return {
    inWorker: true,
    open: (doc, calendars, options, revision) => {
      const packed = packDoc(doc);
      return remote.openPacked(
        Comlink.transfer(packed, packedTransferables(packed)),
        calendars,
        options,
        revision,
      );
    },
    openPacked: (packed, calendars, options, revision) =>
      remote.openPacked(Comlink.transfer(packed, packedTransferables(packed)), calendars, options, revision),
    patch: (patches, revision) => remote.patch(patches, revision),
    setSettings: (calendars, options, revision) => remote.setSettings(calendars, options, revision),
    setFormulas: (sources, attributes) => remote.setFormulas(sources, attributes),
    formulaChanges: () => remote.formulaChanges(),
    filter: (req) => remote.filter(Comlink.transfer(req, requestTransferables(req))),
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * The filter of a document the main thread schedules itself (the project grid), in a schedule
 * worker of its own (filter-host.ts). Calls keep their order: a filter asked after an open, a
 * patch or new dates reads them.
 */
export interface FilterHostService {
  open(doc: WbsDoc): Promise<void>;
  patch(patches: readonly Patch[]): Promise<void>;
  setSchedule(schedule: WorkerSchedule | null): Promise<void>;
  filter(req: FilterRequest): Promise<FilterReply | null>;
  /** Each schedule's calculated attributes (grid-formulas.ts), evaluated over the held rows. */
  setFormulas(parts: FormulaPart[], calendars: CalendarHours[]): Promise<void>;
  /** Calculated values changed since the last call (every row after an open or new formulas). */
  formulaChanges(): Promise<FormulaDelta | null>;
  /** True when the host runs in a worker. */
  readonly inWorker: boolean;
  dispose(): void;
}

export function inProcessFilterHost(): FilterHostService {
  const host = new FilterHost();
  return {
    inWorker: false,
    open: async (doc) => host.open(doc),
    patch: async (patches) => host.patch(patches),
    setSchedule: async (schedule) => host.setSchedule(schedule),
    filter: async (req) => host.filter(req),
    setFormulas: async (parts, calendars) => host.setFormulas(parts, calendars),
    formulaChanges: async () => host.formulaChanges(),
    dispose: () => undefined,
  };
}

export function createFilterHostService(): FilterHostService {
  if (typeof Worker === 'undefined') return inProcessFilterHost();
  let worker: Worker;
  try {
    worker = startWorker();
  } catch {
    return inProcessFilterHost();
  }
  const remote = Comlink.wrap<ScheduleWorkerApi>(worker);
  return {
    inWorker: true,
    open: (doc) => {
      const packed = packDoc(doc);
      return remote.hostOpen(Comlink.transfer(packed, packedTransferables(packed)));
    },
    patch: (patches) => remote.hostPatch(patches as Patch[]),
    setSchedule: (schedule) => remote.hostSchedule(schedule),
    filter: (req) => remote.hostFilter(Comlink.transfer(req, requestTransferables(req))),
    setFormulas: (parts, calendars) => remote.hostFormulas(parts, calendars),
    formulaChanges: () => remote.hostFormulaChanges(),
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
