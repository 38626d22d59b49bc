// The Gantt's view of the version store: a GanttSource snapshot per store revision. Bars are built
// for the rows asked (the visible ones); links are found through an index of relation row spans
// built once per (visible rows, relations) pair, so scrolling never walks all 150k relations.

import { rowAt } from '../state/workbench/data';
import type { WorkbenchState } from '../state/workbench/store';
import { rangeOf } from '../state/workbench/types';
import type { GanttSource } from './build-frame';
import type { BarKind, GanttBar, GanttLink } from './frame';

/** Links spanning more rows than this are kept in a short list checked on every frame. */
const LONG = 2000;

interface LinkIndex {
  /** Relation ids sorted by their upper row. */
  readonly ids: readonly string[];
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly pred: Int32Array;
  readonly succ: Int32Array;
  /** Positions (into ids) of long links. */
  readonly long: readonly number[];
}

const indexCache = new WeakMap<object, WeakMap<object, LinkIndex>>();

function linkIndex(s: WorkbenchState): LinkIndex {
  const rels = s.wbs.doc.relations;
  let inner = indexCache.get(s.visible);
  if (!inner) indexCache.set(s.visible, (inner = new WeakMap()));
  const hit = inner.get(rels);
  if (hit) return hit;
  const pos = new Map<string, number>();
  s.visible.ids.forEach((id, i) => pos.set(id, i));
  const list: { id: string; p: number; q: number }[] = [];
  for (const r of rels.values()) {
    const p = pos.get(r.predId);
    const q = pos.get(r.succId);
    if (p !== undefined && q !== undefined) list.push({ id: r.id, p, q });
  }
  list.sort((a, b) => Math.min(a.p, a.q) - Math.min(b.p, b.q));
  const idx: LinkIndex = {
    ids: list.map((l) => l.id),
    lo: Int32Array.from(list, (l) => Math.min(l.p, l.q)),
    hi: Int32Array.from(list, (l) => Math.max(l.p, l.q)),
    pred: Int32Array.from(list, (l) => l.p),
    succ: Int32Array.from(list, (l) => l.q),
    long: list.flatMap((l, i) => (Math.abs(l.p - l.q) > LONG ? [i] : [])),
  };
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
      selected: i >= range.r0 && i <= range.r1,
    };
  };
  const links = (first: number, last: number): GanttLink[] => {
    const idx = linkIndex(s);
    const out: GanttLink[] = [];
    const seen = new Set<number>();
    const take = (k: number) => {
      if (seen.has(k) || idx.hi[k]! < first || idx.lo[k]! > last) return;
      seen.add(k);
      const r = s.wbs.doc.relations.get(idx.ids[k]!);
      const p = rowAt(s, idx.pred[k]!);
      const q = rowAt(s, idx.succ[k]!);
      if (!r || !p || !q) return;
      out.push({
        id: r.id,
        type: r.type,
        predRow: p.index,
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
