// The scheduling service behind the worker. It keeps its own copy of the version's WBS document,
// receives the same immer patches the store applies (small messages, never the 100k rows again),
// and recomputes: incrementally (PreparedSchedule) for durations, limits and relations, fully for
// anything else. The same object runs in schedule.worker.ts and, without workers, in-process.
// Its dates are what the grid and the Gantt show: a started activity starts at its actual start
// (the engine's early start is where its remaining work resumes, P6's remaining early start).

import type { Patch } from 'immer';
import type { FormulaSource, NamedAttribute } from '../domain/formula';
import { FormulaCore, type FormulaDelta } from './formula-core';
import { CalendarIndexCache, type CalendarIndex } from '../domain/calendar';
import { PreparedSchedule } from '../domain/schedule';
import { S_STARTED } from '../domain/schedule/network';
import type { CalendarDef, ScheduleOptions, ScheduleResult } from '../domain/schedule';
import { rowConstraints, toScheduleModel } from '../domain/wbs';
import type { WbsDoc, WbsRelation } from '../domain/wbs';
import { DocMirror } from './doc-mirror';
import { unpackDoc, type PackedDoc } from './doc-pack';
import { packedTreeIndex } from './packed-tree';
import type { FilterSource, WorkerSchedule } from './filter-core';

/** Why the dates are not calculated: the engine's refusal, or a failure of the worker itself. */
export interface ScheduleFailure {
  /** 'schedule.cycle' (ids: the cycle's activities, in order); null when the worker failed. */
  readonly code: string | null;
  /** The engine's or the worker's own words (English), for a failure the screen has none for. */
  readonly message: string;
  readonly ids: readonly string[];
}

export interface ScheduleOutput {
  readonly revision: number;
  /**
   * Engine order of ids; null when unchanged since the previous output (a full pass after an
   * indent or a rename keeps the preorder: 100k ids cloned and mapped again cost ≈ 100 ms).
   */
  readonly ids: string[] | null;
  /** Start as shown: the actual start once an activity has started, else its early start. */
  readonly es: Int32Array;
  /** Finish as shown: the actual finish of a completed activity, else its early finish. */
  readonly ef: Int32Array;
  readonly ls: Int32Array;
  readonly lf: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  /** Start float and finish float (working minutes), P6's two floats behind total float. */
  readonly startFloat: Int32Array;
  readonly finishFloat: Int32Array;
  readonly critical: Uint8Array;
  /**
   * Driving relations by successor (P6's "Driving": the relations that set its early start), as
   * CSR over engine positions: the predecessors of activity i whose relation to it drives are
   * drivingPred[drivingStart[i] … drivingStart[i + 1]). Two typed arrays, no relation ids: the
   * main thread knows a relation by its two rows (the workbench allows one link per pair).
   */
  readonly drivingStart: Int32Array;
  readonly drivingPred: Int32Array;
  /** Percent complete: a row's own, a summary's rolled up (weighted by planned duration). */
  readonly percentComplete: Float32Array;
  readonly projectFinish: number;
  /** The engine's first refusal (a cycle), or null. */
  readonly failure: ScheduleFailure | null;
  /** Engine time in milliseconds; `full` tells a full from an incremental pass. */
  readonly ms: number;
  readonly full: boolean;
}

/** Row fields the engine reads; edits of other fields (name, code, volume …) need no pass. */
const SCHEDULE_FIELDS = new Set([
  'parentId',
  'orderKey',
  'nodeType',
  'calendarId',
  'duration',
  'startLimitType',
  'startLimitDate',
  'finishLimitType',
  'finishLimitDate',
  'actualStart',
  'actualFinish',
  'percentComplete',
  'remaining',
  'sched',
]);
const LIMIT_FIELDS = new Set(['startLimitType', 'startLimitDate', 'finishLimitType', 'finishLimitDate']);

type Plan =
  { kind: 'none' } | { kind: 'full' } | { kind: 'incremental'; apply: (p: PreparedSchedule) => void };

export class ScheduleCore {
  private mirror: DocMirror | null = null;
  private calendars: CalendarDef[] = [];
  private options: ScheduleOptions | null = null;
  private prepared: PreparedSchedule | null = null;
  private lastResult: ScheduleResult | null = null;
  /** The engine order the main thread was last handed (null: none yet for this document). */
  private sentIds: readonly string[] | null = null;
  /** Calendar layouts, kept across full passes of the same calendars. */
  private readonly calendarCache = new CalendarIndexCache();
  private calendarIndex: (id: string) => CalendarIndex | undefined = () => undefined;
  /** Calculated attributes over the same document. */
  private readonly formulas = new FormulaCore();
  /** The last pass as handed to the main thread (its arrays are transferred: these are copies). */
  private handed: WorkerSchedule | null = null;

  /** Take a whole document and compute it fully. */
  open(doc: WbsDoc, calendars: CalendarDef[], options: ScheduleOptions, revision: number): ScheduleOutput {
    return this.openMirror(new DocMirror(doc), calendars, options, revision);
  }

  /**
   * open() for a document packed by columns (doc-pack.ts), the main thread's way: its rows and
   * relations become this worker's own (no second copy), its tree index comes from the columns.
   */
  openPacked(
    packed: PackedDoc,
    calendars: CalendarDef[],
    options: ScheduleOptions,
    revision: number,
  ): ScheduleOutput {
    const doc = unpackDoc(packed);
    // Rows with the same id (never from the server) leave fewer rows than positions: index by id.
    const index = doc.rows.size === packed.rowCount ? packedTreeIndex(packed) : null;
    return this.openMirror(new DocMirror(doc, { index }), calendars, options, revision);
  }

  private openMirror(
    mirror: DocMirror,
    calendars: CalendarDef[],
    options: ScheduleOptions,
    revision: number,
  ): ScheduleOutput {
    this.mirror = mirror;
    this.formulas.reset();
    this.sentIds = null;
    this.handed = null;
    if (calendars !== this.calendars) this.calendarIndex = this.calendarCache.lookup(calendars);
    this.calendars = calendars;
    this.options = options;
    return this.full(revision);
  }

  /** Set the calculated attributes; their values come with the next formulaChanges(). */
  setFormulas(sources: readonly FormulaSource[], attributes: readonly NamedAttribute[]): void {
    this.formulas.setFormulas(sources, attributes);
  }

  /**
   * What the filter reads, read only (null before an open): the rows as this worker holds them,
   * their relations and tree index, the last pass as it was handed out, the calculated values.
   */
  rowsForFilter(): FilterSource | null {
    const m = this.mirror;
    if (!m) return null;
    const hours = this.hours;
    return {
      rows: m.rows,
      relations: m.relations,
      index: m.treeIndex(),
      schedule: this.handed,
      rowsVersion: m.version,
      calculates: (key) => this.formulas.calculates(key),
      computed: (id, key) => {
        const row = m.rows.get(id);
        return row ? this.formulas.valueOf(row, key, hours) : undefined;
      },
    };
  }

  /** Working hours per day of a calendar id, as the calculated attributes read durations. */
  private readonly hours = (id: string | null): number =>
    (id === null ? undefined : this.calendars.find((c) => c.id === id)?.hoursPerDay) ??
    this.calendars.find((c) => c.isDefault)?.hoursPerDay ??
    8;

  /** Calculated values changed since the last call (all after an open or new formulas). */
  formulaChanges(): FormulaDelta | null {
    if (!this.mirror) return null;
    return this.formulas.changes(this.mirror.rows, this.hours);
  }

  /**
   * Warms the incremental path on the document opened (PreparedSchedule.rehearse): the worker
   * calls it once the open's dates are sent, so that the user's first edit is not the slowest.
   */
  rehearse(): void {
    this.prepared?.rehearse();
  }

  /** New options, and new calendars when given: the document is scheduled again with them. */
  setSettings(
    calendars: CalendarDef[] | null,
    options: ScheduleOptions,
    revision: number,
  ): ScheduleOutput | null {
    if (calendars && calendars !== this.calendars) {
      this.calendars = calendars;
      this.calendarIndex = this.calendarCache.lookup(calendars);
    }
    this.options = options;
    return this.mirror ? this.full(revision) : null;
  }

  /** Apply the store's patches; null when nothing the engine reads changed. */
  patch(patches: Patch[], revision: number): ScheduleOutput | null {
    const mirror = this.mirror;
    if (!mirror) return null;
    // Relations as they were, for the plan (a changed relation is removed, then added).
    const before = new Map<string, WbsRelation | undefined>();
    for (const p of patches)
      if (p.path[0] === 'relations') before.set(String(p.path[1]), mirror.relations.get(String(p.path[1])));
    mirror.apply(patches);
    this.formulas.touch(patches);
    const plan = this.plan(patches, before);
    if (plan.kind === 'none') return null;
    if (plan.kind === 'full' || !this.prepared) return this.full(revision);
    const t0 = performance.now();
    plan.apply(this.prepared);
    return this.output(this.prepared.recompute(), revision, false, performance.now() - t0);
  }

  private plan(patches: readonly Patch[], before: ReadonlyMap<string, WbsRelation | undefined>): Plan {
    const doc = this.mirror!;
    const steps: ((p: PreparedSchedule) => void)[] = [];
    for (const p of patches) {
      const [root, id, field] = p.path as [string, string, string?];
      if (root === 'rows') {
        if (field === undefined || !this.included(id)) return { kind: 'full' };
        if (!SCHEDULE_FIELDS.has(field)) continue;
        const row = doc.rows.get(id);
        if (!row) return { kind: 'full' };
        // A plain row's duration is what it schedules (an import's kind or remaining: full pass).
        if (
          field === 'duration' &&
          row.percentComplete === 0 &&
          row.actualFinish === null &&
          row.nodeType !== 'sum' &&
          row.remaining === null &&
          !row.sched
        ) {
          steps.push((ps) => ps.setDuration(id, row.duration));
        } else if (LIMIT_FIELDS.has(field)) {
          steps.push((ps) => ps.setConstraints(id, rowConstraints(row), row.sched?.alap ?? false));
        } else return { kind: 'full' };
      } else if (root === 'relations') {
        const old = before.get(id);
        const now = doc.relations.get(id);
        const usable = (r: typeof now) => !r || (this.included(r.predId) && this.included(r.succId));
        if (!usable(old) || !usable(now)) return { kind: 'full' };
        if (old) steps.push((ps) => ps.removeRelation(id));
        if (now) steps.push((ps) => ps.addRelation({ ...now }));
      } else return { kind: 'full' };
    }
    if (steps.length === 0) return { kind: 'none' };
    return { kind: 'incremental', apply: (ps) => steps.forEach((s) => s(ps)) };
  }

  private full(revision: number): ScheduleOutput {
    const t0 = performance.now();
    this.prepared = this.prepare();
    return this.output(this.prepared.computeFull(), revision, true, performance.now() - t0);
  }

  /**
   * The network of the document. The model's activities are garbage once it is built: out of
   * scope before the pass, so that the pass's collections do not walk 1M of them again.
   */
  private prepare(): PreparedSchedule {
    const m = this.mirror!;
    const model = toScheduleModel(m.rows, m.relations, this.calendars, {
      ...this.options!,
      index: m.treeIndex(),
      calendarIndex: this.calendarIndex,
    });
    return new PreparedSchedule(model, this.calendarCache);
  }

  /** Whether a row is among the activities of the last full pass (the network's own id index). */
  private included(id: string): boolean {
    return this.prepared?.net.index.has(id) ?? false;
  }

  /** A copy of `ids` when they differ from the ones handed out last, else null. */
  private changedIds(ids: readonly string[]): string[] | null {
    const sent = this.sentIds;
    if (sent && sent.length === ids.length && ids.every((id, i) => id === sent[i])) return null;
    const copy = ids.slice();
    this.sentIds = copy;
    return copy;
  }

  /**
   * Early starts with started activities at their actual start (in place; idempotent): the
   * domain's shownStart over the network's arrays (a finished activity's early dates are its
   * actual ones already).
   */
  private shownStarts(es: Int32Array): Int32Array {
    const net = this.prepared?.net;
    if (!net || net.n !== es.length) return es;
    const { status, actualStart } = net;
    for (let i = 0; i < net.n; i++) if (status[i] === S_STARTED) es[i] = actualStart[i]!;
    return es;
  }

  /** The driving flags (by relation slot) as lists of driving predecessors per successor. */
  private drivingBySuccessor(res: ScheduleResult): { start: Int32Array; pred: Int32Array } {
    const net = this.prepared?.net;
    if (!net || net.n !== res.es.length)
      return { start: new Int32Array(res.es.length + 1), pred: new Int32Array(0) };
    const { n, m, rSrc, rPred, rSucc } = net;
    const driving = res.driving;
    const start = new Int32Array(n + 1);
    let count = 0;
    for (let r = 0; r < m; r++) {
      if (driving[rSrc[r]!] !== 1) continue;
      start[rSucc[r]! + 1]!++;
      count++;
    }
    for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
    const pred = new Int32Array(count);
    const fill = start.slice(0, n);
    for (let r = 0; r < m; r++) if (driving[rSrc[r]!] === 1) pred[fill[rSucc[r]!]!++] = rPred[r]!;
    return { start, pred };
  }

  private output(res: ScheduleResult, revision: number, full: boolean, ms: number): ScheduleOutput {
    // A result handed out before may have been transferred (detached): never hand it out twice.
    const fresh = res !== this.lastResult;
    this.lastResult = res;
    const copy = <T extends Int32Array | Uint8Array | Float32Array>(a: T): T =>
      fresh ? a : (a.slice() as T);
    const err = res.errors[0];
    const driving = this.drivingBySuccessor(res);
    const ids = full ? this.changedIds(res.ids) : null;
    const es = this.shownStarts(copy(res.es));
    // The filter's copy, in the order the main thread's positions were made from.
    const order = this.sentIds ?? res.ids;
    this.handed =
      order.length === res.es.length
        ? {
            ids: order,
            es: es.slice(),
            ef: res.ef.slice(),
            tf: res.tf.slice(),
            ff: res.ff.slice(),
            startFloat: res.startFloat.slice(),
            finishFloat: res.finishFloat.slice(),
            critical: res.critical.slice(),
            percentComplete: res.percentComplete.slice(),
          }
        : null;
    return {
      revision,
      ids,
      es,
      ef: copy(res.ef),
      ls: copy(res.ls),
      lf: copy(res.lf),
      tf: copy(res.tf),
      ff: copy(res.ff),
      startFloat: copy(res.startFloat),
      finishFloat: copy(res.finishFloat),
      critical: copy(res.critical),
      drivingStart: driving.start,
      drivingPred: driving.pred,
      percentComplete: copy(res.percentComplete),
      projectFinish: res.projectFinish,
      failure: err ? { code: err.code, message: err.message, ids: err.activities.slice() } : null,
      ms,
      full,
    };
  }
}

/** The buffers of an output, for Comlink.transfer. */
export function transferables(o: ScheduleOutput): ArrayBuffer[] {
  return [
    o.es,
    o.ef,
    o.ls,
    o.lf,
    o.tf,
    o.ff,
    o.startFloat,
    o.finishFloat,
    o.critical,
    o.drivingStart,
    o.drivingPred,
    o.percentComplete,
  ].map((a) => a.buffer as ArrayBuffer);
}
