// The Gantt's view of the version store: a GanttSource snapshot per store revision. Bars are built
// for the rows asked (the visible ones); links are found through an index of relation row spans
// built per (visible rows, relations) pair in groups of relation shards, so scrolling never walks
// all 150k relations and a link change rebuilds only the groups it touched.

import { barColor } from '../state/workbench/bar-colors';
import { rowAt } from '../state/workbench/data';
import type { WorkbenchState } from '../state/workbench/store';
import { rangeOf, selectedColumnsOf } from '../state/workbench/types';
import type { GanttSource } from './build-frame';
import type { BarKind, GanttBar, GanttLink } from './frame';
import { ShardedMap } from '../domain/wbs/sharded-map';
import type { RowGroup } from '../domain/wbs/arrange';
import { groupBarModel, type GroupBarModel } from '../domain/wbs/group-summary';
import type { WbsRelation } from '../domain/wbs/types';
import { slotSpace, type SlotPart, type SlotSpace } from '../state/workbench/row-slots';

/** Links spanning more rows than this are kept in a short list checked on every frame. */
const LONG = 2000;

/** Relation shards indexed together: a relations change rebuilds only the groups it touched. */
const GROUP_SHARDS = 64;

/** The visible links of a group of relation shards, ordered by their upper row (lo). */
interface LinkGroup {
  /**
   * What the group was built from (the shards' keys, ShardedMap.shardKey, or the one plain map):
   * it is stale once one differs.
   */
  readonly sources: readonly object[];
  /** The group's shard parts; a link's relation id is parts[part[k]].ids[at[k]]. */
  readonly parts: readonly SlotPart[];
  readonly part: Int32Array;
  readonly at: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly pred: Int32Array;
  readonly succ: Int32Array;
  /** Positions (into the arrays above) of links spanning more than LONG rows. */
  readonly long: readonly number[];
}

type LinkIndex = readonly LinkGroup[];

/** The index per visible ids array and relations map (the Gantt asks on every frame). */
const indexCache = new WeakMap<object, WeakMap<object, LinkIndex>>();
/** The last index built per visible ids array: its unchanged groups serve the next relations. */
const lastIndex = new WeakMap<object, { space: SlotSpace; groups: LinkIndex }>();

/** Visible position by slot (-1: not shown), per visible ids array and slot space. */
const positionCache = new WeakMap<readonly string[], { space: SlotSpace; pos: Int32Array }>();

/**
 * The rows' positions by slot. Kept per ids array: a change of relations alone (a link added,
 * the links an indent drops) reuses it instead of 100k slot lookups (≈ 25 ms).
 */
function visiblePositions(space: SlotSpace, rows: readonly string[]): Int32Array {
  const hit = positionCache.get(rows);
  if (hit && hit.space === space) return hit.pos;
  const rowSlots = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) rowSlots[i] = space.of(rows[i]!);
  const pos = new Int32Array(space.size).fill(-1);
  for (let i = 0; i < rows.length; i++) pos[rowSlots[i]!] = i;
  positionCache.set(rows, { space, pos });
  return pos;
}

/** The links of these shards whose both ends are visible, sorted by upper row. */
function buildGroup(
  space: SlotSpace,
  sources: readonly object[],
  relations: (k: number) => ReadonlyMap<string, WbsRelation>,
  pos: Int32Array,
): LinkGroup {
  const parts = sources.map((key, k) => space.partOf(key, () => relations(k)));
  let m = 0;
  for (const part of parts) m += part.ids.length;
  const part0 = new Int32Array(m);
  const at0 = new Int32Array(m);
  const p0 = new Int32Array(m);
  const q0 = new Int32Array(m);
  let n = 0;
  parts.forEach((part, pi) => {
    for (let j = 0; j < part.ids.length; j++) {
      // A slot past the array was given after it was built: its row is not among these rows.
      const p = pos[part.pred[j]!] ?? -1;
      const q = pos[part.succ[j]!] ?? -1;
      if (p < 0 || q < 0) continue;
      part0[n] = pi;
      at0[n] = j;
      p0[n] = p;
      q0[n] = q;
      n++;
    }
  });
  // Sorted by lo through one numeric key per link (lo, then its place): a typed-array sort.
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = Math.min(p0[k]!, q0[k]!) * 2 ** 22 + k;
  keys.sort();
  const part = new Int32Array(n);
  const at = new Int32Array(n);
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const pred = new Int32Array(n);
  const succ = new Int32Array(n);
  const long: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = keys[i]! % 2 ** 22;
    part[i] = part0[k]!;
    at[i] = at0[k]!;
    lo[i] = Math.min(p0[k]!, q0[k]!);
    hi[i] = Math.max(p0[k]!, q0[k]!);
    pred[i] = p0[k]!;
    succ[i] = q0[k]!;
    if (hi[i]! - lo[i]! > LONG) long.push(i);
  }
  return { sources, parts, part, at, lo, hi, pred, succ, long };
}

/**
 * Relations whose both ends are visible, in groups of GROUP_SHARDS relation shards, each sorted by
 * upper row (typed arrays, no per-link objects). A change of relations alone rebuilds only the
 * groups whose shards it replaced (an indent that drops a few links: a few of 64 groups); new
 * visible rows rebuild them all.
 */
function linkIndex(s: WorkbenchState): LinkIndex {
  const rels = s.wbs.doc.relations;
  const rows = s.visible.ids;
  // Keyed by the ids array, which an indent or outdent keeps (the rows show in the same order).
  let inner = indexCache.get(rows);
  if (!inner) indexCache.set(rows, (inner = new WeakMap()));
  const hit = inner.get(rels);
  if (hit) return hit;
  const space = slotSpace(s.versionId);
  const pos = visiblePositions(space, rows);
  const last = lastIndex.get(rows);
  const before = last && last.space === space ? last.groups : [];
  const groups: LinkGroup[] = [];
  if (rels instanceof ShardedMap) {
    // By shard keys: shards of an open's lazy build whose parts the open seeded stay unbuilt.
    for (let g0 = 0; g0 < ShardedMap.shardCount; g0 += GROUP_SHARDS) {
      const sources = Array.from({ length: GROUP_SHARDS }, (_, k) => rels.shardKey(g0 + k));
      const old = before[g0 / GROUP_SHARDS];
      const same = old?.sources.length === sources.length && sources.every((m, i) => m === old.sources[i]);
      groups.push(same ? old! : buildGroup(space, sources, (k) => rels.shard(g0 + k), pos));
    }
  } else {
    const old = before.length === 1 ? before[0] : undefined;
    groups.push(old?.sources[0] === rels ? old : buildGroup(space, [rels], () => rels, pos));
  }
  lastIndex.set(rows, { space, groups });
  inner.set(rels, groups);
  return groups;
}

function kindOf(nodeType: string): BarKind {
  if (nodeType === 'sum') return 'sum';
  if (nodeType === 'milestone_start' || nodeType === 'milestone_finish') return nodeType;
  return 'task';
}

/**
 * Bars and links a snapshot made, kept for the next frames: a scroll asks again for most of what
 * the last frame showed, and gets the same objects (no garbage per frame; the link router keeps
 * its routes by link object). Cleared past this many, so a long scroll does not keep them all.
 */
const KEPT = 4096;

/** A group's bar model per group object, kept while the schedule and the rows stay. */
const groupBars = new WeakMap<RowGroup, { sched: unknown; rows: unknown; bar: GroupBarModel | null }>();

/**
 * A group header's line (a layout grouped by a column): a summary bar as a WBS summary's, over its
 * rows' span, with their rolled-up percent complete as its progress, critical when one of them is
 * (null: not a header, or none of its rows scheduled). Computed once per group and schedule: a
 * selection or a scroll makes new snapshots, not new sums over the group's rows.
 */
function groupBar(s: WorkbenchState, i: number): GanttBar | null {
  const id = s.visible.ids[i];
  const group = id === undefined ? undefined : s.visible.groups?.get(id);
  if (!group || id === undefined) return null;
  const rows = s.wbs.doc.rows;
  let kept = groupBars.get(group);
  if (!kept || kept.sched !== s.schedule || kept.rows !== rows) {
    kept = {
      sched: s.schedule,
      rows,
      bar: groupBarModel(group.rows, s.schedule, (r) => rows.get(r)?.duration ?? 0),
    };
    groupBars.set(group, kept);
  }
  const m = kept.bar;
  if (!m) return null;
  return {
    row: i,
    id,
    kind: 'sum',
    name: group.value,
    start: m.start,
    finish: m.finish,
    progress: m.progress,
    critical: m.critical,
    targetStart: NaN,
    targetFinish: NaN,
    selected: false,
  };
}

export function ganttSource(s: WorkbenchState): GanttSource {
  const range = rangeOf(s.selection);
  const picked = s.selection.extra;
  const bars = new Map<number, GanttBar | null>();
  const made = new Map<string, GanttLink>();
  const makeBar = (i: number): GanttBar | null => {
    const v = rowAt(s, i);
    if (!v) return groupBar(s, i);
    const level = s.levelled?.versionId === s.versionId ? s.levelled.dates.get(v.row.id) : undefined;
    return {
      row: i,
      id: v.row.id,
      kind: kindOf(v.row.nodeType),
      name: v.row.name,
      start: v.es,
      finish: v.ef,
      // A summary's progress is its roll-up (weighted by planned duration), as its cell shows.
      progress:
        v.row.nodeType === 'sum' && Number.isFinite(v.percentComplete)
          ? v.percentComplete
          : v.row.percentComplete,
      critical: v.critical,
      color: barColor(s.barColorBy, v.row),
      targetStart: v.targetStart,
      targetFinish: v.targetFinish,
      levelFrom: level ? level[0] : NaN,
      selected:
        (i >= range.r0 && i <= range.r1) ||
        (picked !== undefined && selectedColumnsOf(s.selection, i) !== null),
    };
  };
  const bar = (i: number): GanttBar | null => {
    let b = bars.get(i);
    if (b === undefined) {
      if (bars.size >= KEPT) bars.clear();
      bars.set(i, (b = makeBar(i)));
    }
    return b;
  };
  const makeLink = (g: LinkGroup, k: number, id: string): GanttLink | null => {
    const r = s.wbs.doc.relations.get(id);
    const p = rowAt(s, g.pred[k]!);
    const q = rowAt(s, g.succ[k]!);
    if (!r || !p || !q) return null;
    return {
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
    };
  };
  const links = (first: number, last: number): GanttLink[] => {
    const out: GanttLink[] = [];
    const take = (g: LinkGroup, k: number) => {
      if (g.hi[k]! < first || g.lo[k]! > last) return;
      const id = g.parts[g.part[k]!]!.ids[g.at[k]!]!;
      let link = made.get(id);
      if (!link) {
        const fresh = makeLink(g, k, id);
        if (!fresh) return;
        if (made.size >= KEPT) made.clear();
        made.set(id, (link = fresh));
      }
      out.push(link);
    };
    // Per group: links whose upper row is within LONG rows above the window (binary search on
    // lo), then the long ones starting further up (the others were met by the scan).
    const from = first - LONG;
    for (const g of linkIndex(s)) {
      let a = 0;
      let b = g.lo.length;
      while (a < b) {
        const m = (a + b) >> 1;
        if (g.lo[m]! < from) a = m + 1;
        else b = m;
      }
      for (let k = a; k < g.lo.length && g.lo[k]! <= last; k++) take(g, k);
      for (const k of g.long) if (g.lo[k]! < from) take(g, k);
    }
    return out;
  };
  return { rowCount: s.visible.ids.length, bar, links };
}
