// A cyclogram (line of balance) from a version's activities: locations in WBS order, one line per
// kind of work, its rate, and the clashes where two crews share a location at one time.
import type { CycloActivity, CycloClash, CycloLine, CycloSegment, Cyclogram } from './types';

const WEEK = 7 * 24 * 60;

/**
 * Activities arrive in WBS order; a location's place on the axis is where it first appears, which
 * is how planners write a building (substructure, then floor after floor) and a route (by chainage).
 * Locations of `axis` come first, so a target version draws on the current version's axis.
 */
export function buildCyclogram(
  activities: readonly CycloActivity[],
  axis: readonly string[] = [],
): Cyclogram {
  // A given axis (the current version's, for its target) comes first, in its order.
  const locations: string[] = [...new Set(axis)];
  const locIndex = new Map(locations.map((l, i) => [l, i]));
  const byKind = new Map<string, CycloSegment[]>();
  let start: number | null = null;
  let finish: number | null = null;
  for (const a of activities) {
    if (a.location === null || a.location === '') continue;
    let loc = locIndex.get(a.location);
    if (loc === undefined) {
      loc = locations.length;
      locIndex.set(a.location, loc);
      locations.push(a.location);
    }
    const kind = a.kind ?? '';
    const seg: CycloSegment = {
      id: a.id,
      code: a.code,
      name: a.name,
      loc,
      start: Math.min(a.start, a.finish),
      finish: Math.max(a.start, a.finish),
      percent: a.percent,
    };
    const list = byKind.get(kind);
    if (list) list.push(seg);
    else byKind.set(kind, [seg]);
    start = start === null ? seg.start : Math.min(start, seg.start);
    finish = finish === null ? seg.finish : Math.max(finish, seg.finish);
  }
  const lines: CycloLine[] = [];
  for (const [kind, segments] of byKind) {
    segments.sort((x, y) => x.start - y.start || x.loc - y.loc);
    let s = Infinity;
    let f = -Infinity;
    for (const g of segments) {
      s = Math.min(s, g.start);
      f = Math.max(f, g.finish);
    }
    const reached = new Set(segments.map((g) => g.loc)).size;
    lines.push({ kind, segments, start: s, finish: f, rate: f > s ? (reached * WEEK) / (f - s) : 0 });
  }
  lines.sort((x, y) => x.start - y.start || (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0));
  return { locations, lines, clashes: findClashes(lines, locations.length), start, finish };
}

/** Overlapping intervals of different kinds per location: a sweep over each location's starts. */
export function findClashes(lines: readonly CycloLine[], locationCount: number): CycloClash[] {
  const perLoc: { seg: CycloSegment; kind: string }[][] = Array.from({ length: locationCount }, () => []);
  for (const line of lines) for (const seg of line.segments) perLoc[seg.loc]?.push({ seg, kind: line.kind });
  const clashes: CycloClash[] = [];
  perLoc.forEach((list, loc) => {
    list.sort((x, y) => x.seg.start - y.seg.start);
    const open: { seg: CycloSegment; kind: string }[] = [];
    for (const cur of list) {
      // A milestone occupies no time at its location: it meets a crew, it does not clash with one.
      if (cur.seg.finish <= cur.seg.start) continue;
      // Touching ends (one finishes as the next starts) is a handover, not a clash.
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.seg.finish <= cur.seg.start) open.splice(i, 1);
      for (const o of open) {
        if (o.kind === cur.kind) continue;
        clashes.push({
          loc,
          a: o.seg.id,
          b: cur.seg.id,
          start: cur.seg.start,
          finish: Math.min(o.seg.finish, cur.seg.finish),
        });
      }
      open.push(cur);
    }
  });
  return clashes;
}
