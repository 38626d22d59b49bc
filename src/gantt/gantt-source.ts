// The Gantt's view of the version store: a GanttSource snapshot per store revision. Bars are built
// for the rows asked (the visible ones); links are found through an index of relation row spans
// built once per (visible rows, relations) pair, so scrolling never walks all 150k relations.

import { rowAt } from '../state/workbench/data';
import type { WorkbenchState } from '../state/workbench/store';
import { rangeOf, selectedColumnsOf } from '../state/workbench/types';
import type { GanttSource } from './build-frame';
import type { BarKind, GanttBar, GanttLink } from './frame';
import { ShardedMap } from '../domain/wbs/sharded-map';
import type { WbsRelation } from '../domain/wbs/types';

/** Links spanning more rows than this are kept in a short list checked on every frame. */
const LONG = 2000;

interface LinkIndex {
  /** The relations' ends and ids the positions in `rel` refer to. */
  readonly slots: RelationSlots;
  /** Positions in `slots` of the visible links, ordered by their upper row (lo). */
  readonly rel: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly pred: Int32Array;
  readonly succ: Int32Array;
  /** Positions (into ids) of long links. */
  readonly long: readonly number[];
}

const indexCache = new WeakMap<object, WeakMap<object, LinkIndex>>();

/**
 * A small integer per row id of the open version (it only grows while the version is open), so
 * relation ends and visible positions meet in typed arrays instead of 300k string lookups.
 */
let slotVersion: string | null = null;
let slots = new Map<string, number>();
function slotOf(id: string): number {
  let k = slots.get(id);
  if (k === undefined) slots.set(id, (k = slots.size));
  return k;
}

interface RelationSlots {
  readonly size: number;
  readonly pred: Int32Array;
  readonly succ: Int32Array;
  /** The id of the relation at position j (looked up for the links in view only). */
  readonly idAt: (j: number) => string;
}

/** A shard's relations: ids, and ends as slots. */
interface SlotPart {
  readonly ids: readonly string[];
  readonly pred: Int32Array;
  readonly succ: Int32Array;
}
/** Relation ends as slots, once per relations map (edits of rows keep it). */
const relationCache = new WeakMap<object, RelationSlots>();
/** The same per shard of a sharded relations map: a change rebuilds the few shards it touched. */
const shardCache = new WeakMap<object, SlotPart>();

function slotsOf(rels: Iterable<WbsRelation>, size: number): SlotPart {
  const ids: string[] = new Array(size);
  const pred = new Int32Array(size);
  const succ = new Int32Array(size);
  let j = 0;
  for (const r of rels) {
    ids[j] = r.id;
    pred[j] = slotOf(r.predId);
    succ[j] = slotOf(r.succId);
    j++;
  }
  return { ids, pred, succ };
}

function relationSlots(rels: WorkbenchState['wbs']['doc']['relations']): RelationSlots {
  const hit = relationCache.get(rels);
  if (hit) return hit;
  let out: RelationSlots;
  if (rels instanceof ShardedMap) {
    const parts = rels.shards.map((shard) => {
      let part = shardCache.get(shard);
      if (!part) shardCache.set(shard, (part = slotsOf(shard.values(), shard.size)));
      return part;
    });
    // The ends are copied into two arrays; the ids stay in their parts (found by a binary search
    // over the parts' starts): copying 150k strings after every link change cost ≈ 10–20 ms.
    const pred = new Int32Array(rels.size);
    const succ = new Int32Array(rels.size);
    const starts = new Int32Array(parts.length + 1);
    parts.forEach((part, i) => {
      pred.set(part.pred, starts[i]!);
      succ.set(part.succ, starts[i]!);
      starts[i + 1] = starts[i]! + part.ids.length;
    });
    const idAt = (j: number) => {
      let a = 0;
      let b = parts.length - 1;
      while (a < b) {
        const m = (a + b + 1) >> 1;
        if (starts[m]! <= j) a = m;
        else b = m - 1;
      }
      return parts[a]!.ids[j - starts[a]!]!;
    };
    out = { size: rels.size, pred, succ, idAt };
  } else {
    const part = slotsOf(rels.values(), rels.size);
    out = { size: rels.size, pred: part.pred, succ: part.succ, idAt: (j) => part.ids[j]! };
  }
  relationCache.set(rels, out);
  return out;
}

/** Visible position by slot (-1: not shown), per visible ids array and open version. */
const positionCache = new WeakMap<readonly string[], { version: string | null; pos: Int32Array }>();

/**
 * The rows' positions by slot. Kept per ids array: a change of relations alone (a link added,
 * the links an indent drops) reuses it instead of 100k slot lookups (≈ 25 ms).
 */
function visiblePositions(rows: readonly string[]): Int32Array {
  const hit = positionCache.get(rows);
  if (hit && hit.version === slotVersion) return hit.pos;
  const rowSlots = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) rowSlots[i] = slotOf(rows[i]!);
  const pos = new Int32Array(slots.size).fill(-1);
  for (let i = 0; i < rows.length; i++) pos[rowSlots[i]!] = i;
  positionCache.set(rows, { version: slotVersion, pos });
  return pos;
}

/**
 * Relations whose both ends are visible, ordered by upper row with a counting sort (O(n), typed
 * arrays, no per-link objects): rebuilt after a structural change in a few milliseconds even
 * with 150k relations.
 */
function linkIndex(s: WorkbenchState): LinkIndex {
  const rels = s.wbs.doc.relations;
  // Keyed by the ids array, which an indent or outdent keeps (the rows show in the same order).
  let inner = indexCache.get(s.visible.ids);
  if (!inner) indexCache.set(s.visible.ids, (inner = new WeakMap()));
  const hit = inner.get(rels);
  if (hit) return hit;
  if (slotVersion !== s.versionId) {
    slotVersion = s.versionId;
    slots = new Map();
  }
  const rows = s.visible.ids;
  const rs = relationSlots(rels);
  const pos = visiblePositions(rows);
  const m = rs.size;
  const r0 = new Int32Array(m);
  const p0 = new Int32Array(m);
  const q0 = new Int32Array(m);
  let n = 0;
  for (let j = 0; j < m; j++) {
    // A slot past the array was given after it was built: its row is not among these rows.
    const p = pos[rs.pred[j]!] ?? -1;
    const q = pos[rs.succ[j]!] ?? -1;
    if (p < 0 || q < 0) continue;
    r0[n] = j;
    p0[n] = p;
    q0[n] = q;
    n++;
  }
  // Counting sort by lo = min(p, q).
  const count = new Int32Array(rows.length + 1);
  for (let k = 0; k < n; k++) count[Math.min(p0[k]!, q0[k]!) + 1]!++;
  for (let i = 1; i <= rows.length; i++) count[i]! += count[i - 1]!;
  const rel = new Int32Array(n);
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const pred = new Int32Array(n);
  const succ = new Int32Array(n);
  const long: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = Math.min(p0[k]!, q0[k]!);
    const at = count[a]!++;
    rel[at] = r0[k]!;
    lo[at] = a;
    hi[at] = Math.max(p0[k]!, q0[k]!);
    pred[at] = p0[k]!;
    succ[at] = q0[k]!;
  }
  for (let k = 0; k < n; k++) if (hi[k]! - lo[k]! > LONG) long.push(k);
  const idx: LinkIndex = { slots: rs, rel, lo, hi, pred, succ, long };
  inner.set(rels, idx);
  return idx;
}

function kindOf(nodeType: string): BarKind {
  if (nodeType === 'sum') return 'sum';
  if (nodeType === 'milestone_start' || nodeType === 'milestone_finish') return nodeType;
  return 'task';
}

export function ganttSource(s: WorkbenchState): GanttSource {
  const range = rangeOf(s.selection);
  const picked = s.selection.extra;
  const bar = (i: number): GanttBar | null => {
    const v = rowAt(s, i);
    if (!v) return null;
    return {
      row: i,
      id: v.row.id,
      kind: kindOf(v.row.nodeType),
      name: v.row.name,
      start: v.es,
      finish: v.ef,
      progress: v.row.percentComplete,
      critical: v.critical,
      targetStart: v.targetStart,
      targetFinish: v.targetFinish,
      selected:
        (i >= range.r0 && i <= range.r1) ||
        (picked !== undefined && selectedColumnsOf(s.selection, i) !== null),
    };
  };
  const links = (first: number, last: number): GanttLink[] => {
    const idx = linkIndex(s);
    const out: GanttLink[] = [];
    const seen = new Set<number>();
    const take = (k: number) => {
      if (seen.has(k) || idx.hi[k]! < first || idx.lo[k]! > last) return;
      seen.add(k);
      const r = s.wbs.doc.relations.get(idx.slots.idAt(idx.rel[k]!));
      const p = rowAt(s, idx.pred[k]!);
      const q = rowAt(s, idx.succ[k]!);
      if (!r || !p || !q) return;
      out.push({
        id: r.id,
        type: r.type,
        predRow: p.index,
        predKind: kindOf(p.row.nodeType),
        succKind: kindOf(q.row.nodeType),
        predStart: p.es,
        predFinish: p.ef,
        succRow: q.index,
        succStart: q.es,
        succFinish: q.ef,
        critical: p.critical && q.critical,
      });
    };
    // Links whose upper row is within LONG rows above the window, by binary search on lo.
    let a = 0;
    let b = idx.lo.length;
    const from = first - LONG;
    while (a < b) {
      const m = (a + b) >> 1;
      if (idx.lo[m]! < from) a = m + 1;
      else b = m;
    }
    for (let k = a; k < idx.lo.length && idx.lo[k]! <= last; k++) take(k);
    for (const k of idx.long) take(k);
    return out;
  };
  return { rowCount: s.visible.ids.length, bar, links };
}
