// The project grid's document: the rows of several schedules' versions in one WBS, each schedule a
// summary row of its own at the top (its version's top rows under it), with the dates each
// version's own engine pass gave (its own data date, calendars and options). Pure: the page loads
// the versions and runs the passes, this puts them together.
//
// Row and relation ids are kept where they are unique across the versions (the usual case: ids are
// made per row); an id met again (a copied version in another schedule) gets a suffix, and
// `origin` maps every grid id back to its schedule and its own id.

import { keysBetween } from '../wbs/order-key';
import type { RowId, WbsRelation, WbsRow } from '../wbs/types';

/** One engine pass over a version, as the schedule worker returns it (engine positions). */
export interface PartDates {
  readonly ids: readonly string[];
  readonly es: ArrayLike<number>;
  readonly ef: ArrayLike<number>;
  readonly ls: ArrayLike<number>;
  readonly lf: ArrayLike<number>;
  readonly tf: ArrayLike<number>;
  readonly ff: ArrayLike<number>;
  readonly critical: ArrayLike<number>;
  readonly percentComplete?: ArrayLike<number>;
  readonly projectFinish: number;
}

/** One schedule of the grid: its summary row's id and name, its version's rows, its dates. */
export interface GridPart {
  /** The schedule's id (the summary row is `schedule:<key>`). */
  readonly key: string;
  readonly name: string;
  readonly rows: readonly WbsRow[];
  readonly relations: readonly WbsRelation[];
  /** null: not scheduled (no version, or the engine refused it: a cycle). */
  readonly dates: PartDates | null;
}

export interface RowOrigin {
  /** Index of the part (schedule) in the grid. */
  readonly part: number;
  /** The row's id in its own version; null for a schedule's summary row. */
  readonly id: RowId | null;
}

export interface MergedDates {
  readonly ids: string[];
  readonly es: Int32Array;
  readonly ef: Int32Array;
  readonly ls: Int32Array;
  readonly lf: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  readonly critical: Uint8Array;
  readonly percentComplete: Float32Array;
  readonly projectFinish: number;
}

export interface MergedGrid {
  readonly rows: Map<RowId, WbsRow>;
  readonly relations: Map<string, WbsRelation>;
  /** Grid row id → its schedule and own id. */
  readonly origin: Map<RowId, RowOrigin>;
  /** Own row id → grid row id, per part. */
  readonly gridIds: readonly ReadonlyMap<RowId, RowId>[];
  /** The summary row of each part, in order. */
  readonly summaryIds: readonly RowId[];
  /** Grid relation id → its schedule and own id. */
  readonly relOrigin: Map<string, { readonly part: number; readonly id: string }>;
  readonly dates: MergedDates;
}

export const summaryIdOf = (key: string): RowId => `schedule:${key}`;

function unique(id: string, taken: { has(id: string): boolean }, part: number): string {
  if (!taken.has(id)) return id;
  let n = 1;
  let next = `${id}~${part}`;
  while (taken.has(next)) next = `${id}~${part}.${n++}`;
  return next;
}

/** Put the parts together (see the file's head). */
export function mergeParts(parts: readonly GridPart[]): MergedGrid {
  const rows = new Map<RowId, WbsRow>();
  const relations = new Map<string, WbsRelation>();
  const origin = new Map<RowId, RowOrigin>();
  const gridIds: Map<RowId, RowId>[] = [];
  const summaryIds: RowId[] = [];
  const relOrigin = new Map<string, { readonly part: number; readonly id: string }>();
  const keys = keysBetween(null, null, parts.length);

  const ids: string[] = [];
  const es: number[] = [];
  const ef: number[] = [];
  const ls: number[] = [];
  const lf: number[] = [];
  const tf: number[] = [];
  const ff: number[] = [];
  const critical: number[] = [];
  const percent: number[] = [];
  let projectFinish = -1;

  parts.forEach((part, k) => {
    const summaryId = unique(summaryIdOf(part.key), rows, k);
    summaryIds.push(summaryId);
    rows.set(summaryId, {
      id: summaryId,
      parentId: null,
      orderKey: keys[k]!,
      nodeType: 'sum',
      name: part.name,
      code: null,
      calendarId: null,
      duration: 0,
      remaining: null,
      startLimitType: null,
      startLimitDate: null,
      finishLimitType: null,
      finishLimitDate: null,
      actualStart: null,
      actualFinish: null,
      percentComplete: 0,
      volume: null,
      price: null,
      color: null,
      attributes: {},
    });
    origin.set(summaryId, { part: k, id: null });
    const map = new Map<RowId, RowId>();
    gridIds.push(map);
    for (const r of part.rows) map.set(r.id, unique(r.id, rows, k));
    // Ids are assigned before the rows go in, so a parent met after its child still maps.
    for (const r of part.rows) {
      const id = map.get(r.id)!;
      const parentId = r.parentId === null ? summaryId : (map.get(r.parentId) ?? summaryId);
      rows.set(id, id === r.id && parentId === r.parentId ? r : { ...r, id, parentId });
      origin.set(id, { part: k, id: r.id });
    }
    for (const rel of part.relations) {
      const predId = map.get(rel.predId);
      const succId = map.get(rel.succId);
      if (predId === undefined || succId === undefined) continue;
      const id = unique(rel.id, relations, k);
      relOrigin.set(id, { part: k, id: rel.id });
      relations.set(
        id,
        id === rel.id && predId === rel.predId && succId === rel.succId
          ? rel
          : { ...rel, id, predId, succId },
      );
    }

    // Dates: the part's own pass, then its summary row spanning them.
    const d = part.dates;
    let s0 = Infinity;
    let f0 = -Infinity;
    let ls0 = Infinity;
    let lf0 = -Infinity;
    let tf0 = Infinity;
    let weight = 0;
    let done = 0;
    if (d) {
      d.ids.forEach((own, i) => {
        const id = map.get(own);
        if (id === undefined) return;
        ids.push(id);
        es.push(d.es[i]!);
        ef.push(d.ef[i]!);
        ls.push(d.ls[i]!);
        lf.push(d.lf[i]!);
        tf.push(d.tf[i]!);
        ff.push(d.ff[i]!);
        critical.push(d.critical[i]!);
        const pc = d.percentComplete?.[i] ?? 0;
        percent.push(pc);
        if (d.es[i]! >= 0) s0 = Math.min(s0, d.es[i]!);
        if (d.ef[i]! >= 0) f0 = Math.max(f0, d.ef[i]!);
        if (d.ls[i]! >= 0) ls0 = Math.min(ls0, d.ls[i]!);
        if (d.lf[i]! >= 0) lf0 = Math.max(lf0, d.lf[i]!);
        const row = rows.get(id)!;
        if (row.nodeType !== 'sum') {
          tf0 = Math.min(tf0, d.tf[i]!);
          const w = Math.max(row.duration, 1);
          weight += w;
          done += w * pc;
        }
      });
      projectFinish = Math.max(projectFinish, d.projectFinish);
    }
    if (s0 !== Infinity && f0 !== -Infinity) {
      ids.push(summaryId);
      es.push(s0);
      ef.push(f0);
      ls.push(ls0 === Infinity ? s0 : ls0);
      lf.push(lf0 === -Infinity ? f0 : lf0);
      tf.push(tf0 === Infinity ? 0 : tf0);
      ff.push(0);
      critical.push(0);
      percent.push(weight > 0 ? done / weight : 0);
    }
  });

  return {
    rows,
    relations,
    origin,
    gridIds,
    summaryIds,
    relOrigin,
    dates: {
      ids,
      es: Int32Array.from(es),
      ef: Int32Array.from(ef),
      ls: Int32Array.from(ls),
      lf: Int32Array.from(lf),
      tf: Int32Array.from(tf),
      ff: Int32Array.from(ff),
      critical: Uint8Array.from(critical),
      percentComplete: Float32Array.from(percent),
      projectFinish,
    },
  };
}

/**
 * Target dates of one part: a target version's rows (own ids) matched to the part's rows by code,
 * else by id (a copied version keeps both), as the workbench matches them; keyed by grid id.
 */
export function targetDatesOf(
  partRows: readonly WbsRow[],
  gridIds: ReadonlyMap<RowId, RowId>,
  targetRows: readonly WbsRow[],
  targetDates: Pick<PartDates, 'ids' | 'es' | 'ef'>,
  into: Map<RowId, readonly [number, number]>,
): void {
  const byCode = new Map<string, RowId>();
  for (const r of partRows) if (r.code) byCode.set(r.code, r.id);
  const code = new Map(targetRows.map((r) => [r.id, r.code]));
  targetDates.ids.forEach((tid, i) => {
    const c = code.get(tid);
    const own = (c && byCode.get(c)) || tid;
    const id = gridIds.get(own);
    const s = targetDates.es[i]!;
    const f = targetDates.ef[i]!;
    if (id !== undefined && s >= 0 && f >= 0) into.set(id, [s, f]);
  });
}
