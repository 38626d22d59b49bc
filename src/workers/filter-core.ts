// The workbench filter in the schedule worker: any filter of the schedule page — stored values,
// the schedule's dates, floats and critical flags, durations in days of the row's calendar,
// statuses (a summary's from its rolled-up percent), the curator's accepted dates, calculated
// attributes and `filter_indicator` — evaluated on the worker's own copy of the rows (ScheduleCore's
// DocMirror, which every applied change's patches reach before a filter request sent after them),
// with the worker's own pass (the dates the main thread is handed) and its own calculated values,
// over preorder positions (domain/filter/positions.ts). Columns read as the main thread reads them:
// domain/filter/grid-fields.ts and grid-indicators.ts are the one definition.
//
// What only the main thread holds travels with the request, by position of its preorder: the
// hours per day of its calendars, the accepted dates (when the filter reads them), the target's
// dates and the data date (when the indicator reads them). The answer is positions of the same
// preorder as two transferable Int32Arrays: the shown rows and the visible view. The request
// carries a probe of the main thread's numbering (size and a few ids at known positions); a worker
// whose rows differ answers null and the main thread evaluates itself.

import {
  gridDayGetter,
  gridFieldGetter,
  positionPredicate,
  preorderTree,
  shownPositions,
  visiblePositions,
  type FilterExpr,
  type GridSource,
  type PositionReader,
  type PreorderTree,
} from '../domain/filter';
import {
  gridIndicatorTest,
  gridQualityFlags,
  type IndicatorSchedule,
} from '../domain/filter/grid-indicators';
import type { EvalResult } from '../domain/formula';
import type { GridIndicator } from '../domain/indicators/grid-filter';
import type { IndicatorKey } from '../domain/indicators';
import type { RowId, TreeIndex, WbsRelation, WbsRow } from '../domain/wbs';

/** Hours per day of the main thread's calendars (a row's calendar not listed: `fallback`). */
export interface HoursTable {
  readonly byId: Readonly<Record<string, number>>;
  readonly fallback: number;
}

export interface FilterRequest {
  readonly expr: FilterExpr | null;
  readonly indicator: GridIndicator | null;
  /** Expanded flags by position of the main thread's preorder. */
  readonly expanded: Uint8Array;
  /** The main thread's row count and ids at probe positions (probeAt). */
  readonly size: number;
  readonly probe: readonly RowId[];
  /** The main thread's data revision (a worker not yet holding it is waited for). */
  readonly revision: number;
  readonly hours: HoursTable;
  /** Accepted dates by position (NaN: none); null when the filter does not read them. */
  readonly accepted: { readonly start: Float64Array; readonly finish: Float64Array } | null;
  /** The target's dates by position (`has` 0: no target row); null: no target or not read. */
  readonly target: {
    readonly has: Uint8Array;
    readonly start: Float64Array;
    readonly finish: Float64Array;
  } | null;
  readonly dataDate: number | null;
}

export interface FilterReply {
  readonly size: number;
  /** Positions of the shown rows (those that pass and their ancestors), ascending. */
  readonly shown: Int32Array;
  /** Positions of the visible view (through shown and expanded rows), in view order. */
  readonly visible: Int32Array;
  /** Evaluation time in the worker, milliseconds. */
  readonly ms: number;
}

/**
 * The worker's last pass, as it handed it to the main thread (engine order); or the dates the main
 * thread made itself and handed over (filter-host.ts), where start and finish float and percents
 * may be missing, as in the main thread's snapshot (read as none).
 */
export interface WorkerSchedule {
  readonly ids: readonly RowId[];
  readonly es: Int32Array;
  readonly ef: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  readonly startFloat?: Int32Array | undefined;
  readonly finishFloat?: Int32Array | undefined;
  readonly critical: Uint8Array;
  readonly percentComplete?: Float32Array | undefined;
}

/** What the worker holds that a filter reads. */
export interface FilterSource {
  readonly rows: ReadonlyMap<RowId, WbsRow>;
  readonly relations: ReadonlyMap<string, WbsRelation>;
  readonly index: TreeIndex;
  readonly schedule: WorkerSchedule | null;
  /** Changes with every change of the rows (the rows by position are kept while it stays). */
  readonly rowsVersion?: number;
  /** Whether a formula computes the attribute `key`. */
  calculates?(key: string): boolean;
  /** A calculated attribute's value (undefined: not calculated). */
  computed(id: RowId, key: string): EvalResult | undefined;
}

const PROBES = 64;
const MINUTES_PER_HOUR = 60;

/** The positions whose ids the request carries. */
export function probeAt(size: number): number[] {
  const step = Math.max(1, Math.floor(size / PROBES));
  const out: number[] = [];
  for (let p = 0; p < size; p += step) out.push(p);
  if (size > 0 && out.at(-1) !== size - 1) out.push(size - 1);
  return out;
}

/** What a request carries besides the filter and the tree (filled by the main thread). */
export interface RequestExtras {
  readonly indicator?: GridIndicator | null;
  readonly revision?: number;
  readonly hours?: HoursTable;
  readonly accepted?: FilterRequest['accepted'];
  readonly target?: FilterRequest['target'];
  readonly dataDate?: number | null;
}

/** A request for the main thread's tree (expanded flags built by position). */
export function filterRequest(
  expr: FilterExpr | null,
  tree: PreorderTree,
  expanded: Pick<ReadonlySet<RowId>, 'has'>,
  extras: RequestExtras = {},
): FilterRequest {
  const n = tree.ids.length;
  const flags = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (expanded.has(tree.ids[p]!)) flags[p] = 1;
  return {
    expr,
    indicator: extras.indicator ?? null,
    expanded: flags,
    size: n,
    probe: probeAt(n).map((p) => tree.ids[p]!),
    revision: extras.revision ?? 0,
    hours: extras.hours ?? { byId: {}, fallback: 8 },
    accepted: extras.accepted ?? null,
    target: extras.target ?? null,
    dataDate: extras.dataDate ?? null,
  };
}

/** The buffers a request can transfer. */
export function requestTransferables(r: FilterRequest): ArrayBuffer[] {
  const out = [r.expanded.buffer as ArrayBuffer];
  if (r.accepted) out.push(r.accepted.start.buffer as ArrayBuffer, r.accepted.finish.buffer as ArrayBuffer);
  if (r.target)
    out.push(
      r.target.has.buffer as ArrayBuffer,
      r.target.start.buffer as ArrayBuffer,
      r.target.finish.buffer as ArrayBuffer,
    );
  return out;
}

/** Engine positions by id, kept per engine order (a new order comes with a full pass only). */
const enginePositions = new WeakMap<readonly RowId[], Map<RowId, number>>();
function engineMap(ids: readonly RowId[]): Map<RowId, number> {
  let m = enginePositions.get(ids);
  if (!m) {
    m = new Map();
    for (let i = 0; i < ids.length; i++) m.set(ids[i]!, i);
    enginePositions.set(ids, m);
  }
  return m;
}

/** The rows by position and the engine position of each (-1: not scheduled), kept per tree. */
const byTree = new WeakMap<
  PreorderTree,
  { rows: unknown; version: number | undefined; at: WbsRow[]; ids: unknown; engine: Int32Array | null }
>();
function rowsAt(tree: PreorderTree, src: FilterSource) {
  let kept = byTree.get(tree);
  if (!kept || kept.rows !== src.rows || kept.version !== src.rowsVersion || src.rowsVersion === undefined) {
    kept = {
      rows: src.rows,
      version: src.rowsVersion,
      at: tree.ids.map((id) => src.rows.get(id)!),
      ids: null,
      engine: null,
    };
    byTree.set(tree, kept);
  }
  return kept;
}

/** Evaluate a request over the worker's rows; null when they are not the main thread's. */
export function runFilter(src: FilterSource, req: FilterRequest): FilterReply | null {
  const t0 = performance.now();
  const { rows } = src;
  const tree = preorderTree(src.index);
  const n = tree.ids.length;
  if (n !== req.size || rows.size !== n || req.expanded.length !== n) return null;
  const probes = probeAt(n);
  for (let i = 0; i < probes.length; i++) if (tree.ids[probes[i]!] !== req.probe[i]) return null;
  const kept = rowsAt(tree, src);
  const at = kept.at;
  const tests: ((p: number) => boolean)[] = [];
  const sch = src.schedule;
  const byEngine = sch ? engineMap(sch.ids) : null;
  if (req.expr) {
    // The engine position of each row (-1: not scheduled), found when a column first needs it
    // and kept while the tree and the engine order stay.
    const engine = (): Int32Array => {
      if (kept.engine && kept.ids === (sch?.ids ?? null)) return kept.engine;
      const e = new Int32Array(n).fill(-1);
      if (byEngine) for (let p = 0; p < n; p++) e[p] = byEngine.get(tree.ids[p]!) ?? -1;
      kept.engine = e;
      kept.ids = sch?.ids ?? null;
      return e;
    };
    const { byId, fallback } = req.hours;
    const grid: GridSource<number> = {
      row: (p) => at[p],
      schedule: (p, pick) => {
        const e = engine()[p]!;
        const values = sch?.[pick];
        if (e < 0 || !values) return NaN;
        const v = values[e]!;
        return (pick === 'es' || pick === 'ef') && v < 0 ? NaN : v;
      },
      critical: (p) => {
        const e = engine()[p]!;
        return e < 0 || !sch ? null : sch.critical[e] === 1;
      },
      rolledPercent: (p) => {
        const e = engine()[p]!;
        return e < 0 || !sch?.percentComplete ? NaN : sch.percentComplete[e]!;
      },
      acceptedStart: (p) => req.accepted?.start[p] ?? NaN,
      acceptedFinish: (p) => req.accepted?.finish[p] ?? NaN,
      computed: (p, key) => src.computed(tree.ids[p]!, key),
      ...(src.calculates ? { calculates: (key: string) => src.calculates!(key) } : {}),
      hoursPerDay: (cal) => (cal !== null && Object.hasOwn(byId, cal) ? byId[cal]! : fallback),
    };
    const read: PositionReader = {
      get: (p, field) => gridFieldGetter(grid, field)(p),
      getter: (field) => gridFieldGetter(grid, field),
      dayGetter: (field) => gridDayGetter(grid, field),
      color: (p) => at[p]!.color,
    };
    tests.push(positionPredicate(req.expr, tree, read));
  }
  if (req.indicator) {
    const schedule: IndicatorSchedule | null =
      sch && byEngine
        ? {
            has: (id) => byEngine.has(id),
            es: (id) => sch.es[byEngine.get(id)!]!,
            ef: (id) => sch.ef[byEngine.get(id)!]!,
            tf: (id) => sch.tf[byEngine.get(id)!]!,
            critical: (id) => sch.critical[byEngine.get(id)!] === 1,
          }
        : null;
    let target: Map<RowId, readonly [number, number]> | null = null;
    if (req.target) {
      target = new Map();
      const { has, start, finish } = req.target;
      for (let p = 0; p < n; p++) if (has[p] === 1) target.set(tree.ids[p]!, [start[p]!, finish[p]!]);
    }
    let flags: Map<IndicatorKey, ReadonlySet<string>> | null = null;
    const quality = () =>
      (flags ??= gridQualityFlags({
        rows,
        relations: src.relations.values(),
        schedule,
        target,
        dataDate: req.dataDate,
        minutesPerDay: req.hours.fallback * MINUTES_PER_HOUR,
      }));
    const test = gridIndicatorTest(req.indicator, { rows, schedule, target }, quality);
    tests.push((p) => test(tree.ids[p]!));
  }
  const only = tests.length === 1 ? tests[0]! : null;
  const shown = shownPositions(tree, only ?? ((p) => tests.every((t) => t(p))));
  const visible = visiblePositions(tree, shown, (p) => req.expanded[p] === 1);
  let count = 0;
  for (let p = 0; p < n; p++) count += shown[p]!;
  const list = new Int32Array(count);
  for (let p = 0, k = 0; p < n; p++) if (shown[p] === 1) list[k++] = p;
  return { size: n, shown: list, visible, ms: performance.now() - t0 };
}

export const filterTransferables = (r: FilterReply | null): Transferable[] =>
  r ? [r.shown.buffer, r.visible.buffer] : [];
