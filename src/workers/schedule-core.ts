// The scheduling service behind the worker. It keeps its own copy of the version's WBS document,
// receives the same immer patches the store applies (small messages, never the 100k rows again),
// and recomputes: incrementally (PreparedSchedule) for durations, limits and relations, fully for
// anything else. The same object runs in schedule.worker.ts and, without workers, in-process.

import type { Patch } from 'immer';
import { PreparedSchedule } from '../domain/schedule';
import type { CalendarDef, Constraint, ScheduleOptions, ScheduleResult } from '../domain/schedule';
import { toScheduleModel } from '../domain/wbs';
import type { WbsDoc, WbsRelation, WbsRow } from '../domain/wbs';
import { DocMirror } from './doc-mirror';

export interface ScheduleOutput {
  readonly revision: number;
  /** Engine order of ids; null when unchanged since the previous output. */
  readonly ids: string[] | null;
  readonly es: Int32Array;
  readonly ef: Int32Array;
  readonly ls: Int32Array;
  readonly lf: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  readonly critical: Uint8Array;
  readonly projectFinish: number;
  readonly error: string | null;
  readonly errorIds: string[];
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
]);
const LIMIT_FIELDS = new Set(['startLimitType', 'startLimitDate', 'finishLimitType', 'finishLimitDate']);

function constraintsOf(row: WbsRow): Constraint[] {
  const out: Constraint[] = [];
  if (row.startLimitType && row.startLimitDate !== null)
    out.push({ on: 'start', type: row.startLimitType, date: row.startLimitDate });
  if (row.finishLimitType && row.finishLimitDate !== null)
    out.push({ on: 'finish', type: row.finishLimitType, date: row.finishLimitDate });
  return out;
}

type Plan =
  { kind: 'none' } | { kind: 'full' } | { kind: 'incremental'; apply: (p: PreparedSchedule) => void };

export class ScheduleCore {
  private mirror: DocMirror | null = null;
  private calendars: CalendarDef[] = [];
  private options: ScheduleOptions | null = null;
  private prepared: PreparedSchedule | null = null;
  private included = new Set<string>();
  private lastResult: ScheduleResult | null = null;

  /** Take a whole document and compute it fully. */
  open(doc: WbsDoc, calendars: CalendarDef[], options: ScheduleOptions, revision: number): ScheduleOutput {
    this.mirror = new DocMirror(doc);
    this.calendars = calendars;
    this.options = options;
    return this.full(revision);
  }

  setOptions(options: ScheduleOptions, revision: number): ScheduleOutput | null {
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
        if (field === undefined || !this.included.has(id)) return { kind: 'full' };
        if (!SCHEDULE_FIELDS.has(field)) continue;
        const row = doc.rows.get(id);
        if (!row) return { kind: 'full' };
        if (
          field === 'duration' &&
          row.percentComplete === 0 &&
          row.actualFinish === null &&
          row.nodeType !== 'sum'
        ) {
          steps.push((ps) => ps.setDuration(id, row.duration));
        } else if (LIMIT_FIELDS.has(field)) {
          steps.push((ps) => ps.setConstraints(id, constraintsOf(row)));
        } else return { kind: 'full' };
      } else if (root === 'relations') {
        const old = before.get(id);
        const now = doc.relations.get(id);
        const usable = (r: typeof now) => !r || (this.included.has(r.predId) && this.included.has(r.succId));
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
    const m = this.mirror!;
    const model = toScheduleModel(m.rows, m.relations, this.calendars, {
      ...this.options!,
      index: m.treeIndex(),
    });
    this.included = new Set(model.activities.map((a) => a.id));
    this.prepared = new PreparedSchedule(model);
    return this.output(this.prepared.computeFull(), revision, true, performance.now() - t0);
  }

  private output(res: ScheduleResult, revision: number, full: boolean, ms: number): ScheduleOutput {
    // A result handed out before may have been transferred (detached): never hand it out twice.
    const fresh = res !== this.lastResult;
    this.lastResult = res;
    const copy = <T extends Int32Array | Uint8Array>(a: T): T => (fresh ? a : (a.slice() as T));
    const err = res.errors[0];
    return {
      revision,
      ids: full ? res.ids.slice() : null,
      es: copy(res.es),
      ef: copy(res.ef),
      ls: copy(res.ls),
      lf: copy(res.lf),
      tf: copy(res.tf),
      ff: copy(res.ff),
      critical: copy(res.critical),
      projectFinish: res.projectFinish,
      error: err ? err.message : null,
      errorIds: err ? err.activities.slice() : [],
      ms,
      full,
    };
  }
}

/** The buffers of an output, for Comlink.transfer. */
export function transferables(o: ScheduleOutput): ArrayBuffer[] {
  return [o.es, o.ef, o.ls, o.lf, o.tf, o.ff, o.critical].map((a) => a.buffer as ArrayBuffer);
}
