// The network diagram's layout: each activity a box in the column of its longest chain of
// predecessors (left to right), boxes in a column in early-start order, relations as orthogonal
// routes from a predecessor's side to its successor's. Pure; the view only draws it.

export interface NetActivity {
  id: string;
  es: number | null;
  critical: boolean;
}

export interface NetRelation {
  pred: string;
  succ: string;
}

export interface NetBox {
  id: string;
  col: number;
  row: number;
  x: number;
  y: number;
}

export interface NetEdge {
  pred: string;
  succ: string;
  critical: boolean;
  /** Polyline points x0,y0,x1,y1,…: out of the predecessor's right side into the successor's left. */
  points: number[];
}

export interface NetLayout {
  boxes: NetBox[];
  edges: NetEdge[];
  width: number;
  height: number;
  /** Activities in a loop of relations, left out of the columns (drawn in a last column). */
  cyclic: string[];
}

export interface NetSizes {
  boxW: number;
  boxH: number;
  gapX: number;
  gapY: number;
}

export const NET_SIZES: NetSizes = { boxW: 180, boxH: 78, gapX: 60, gapY: 24 };

export function layoutNetwork(
  activities: readonly NetActivity[],
  relations: readonly NetRelation[],
  sizes: NetSizes = NET_SIZES,
): NetLayout {
  const index = new Map(activities.map((a, i) => [a.id, i]));
  const n = activities.length;
  const succs: number[][] = Array.from({ length: n }, () => []);
  const indeg = new Int32Array(n);
  const rels = relations.filter((r) => index.has(r.pred) && index.has(r.succ) && r.pred !== r.succ);
  for (const r of rels) {
    const p = index.get(r.pred)!;
    const s = index.get(r.succ)!;
    succs[p]!.push(s);
    indeg[s]!++;
  }
  // Kahn's order; the column is the longest chain of predecessors.
  const col = new Int32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue.push(i);
  const placed = new Uint8Array(n);
  for (let h = 0; h < queue.length; h++) {
    const i = queue[h]!;
    placed[i] = 1;
    for (const s of succs[i]!) {
      col[s] = Math.max(col[s]!, col[i]! + 1);
      if (--indeg[s]! === 0) queue.push(s);
    }
  }
  let maxCol = 0;
  for (let i = 0; i < n; i++) if (placed[i]) maxCol = Math.max(maxCol, col[i]!);
  const cyclic: string[] = [];
  for (let i = 0; i < n; i++)
    if (!placed[i]) {
      col[i] = maxCol + 1;
      cyclic.push(activities[i]!.id);
    }
  const columns: number[][] = [];
  for (let i = 0; i < n; i++) (columns[col[i]!] ??= []).push(i);
  const boxes: NetBox[] = new Array<NetBox>(n);
  let rows = 0;
  columns.forEach((members, c) => {
    // Early start, then the input (WBS) order: a stable, readable column.
    members.sort((a, b) => (activities[a]!.es ?? 0) - (activities[b]!.es ?? 0) || a - b);
    members.forEach((i, r) => {
      boxes[i] = {
        id: activities[i]!.id,
        col: c,
        row: r,
        x: c * (sizes.boxW + sizes.gapX),
        y: r * (sizes.boxH + sizes.gapY),
      };
    });
    rows = Math.max(rows, members.length);
  });
  const edges: NetEdge[] = rels.map((r) => {
    const p = boxes[index.get(r.pred)!]!;
    const s = boxes[index.get(r.succ)!]!;
    const x0 = p.x + sizes.boxW;
    const y0 = p.y + sizes.boxH / 2;
    const x1 = s.x;
    const y1 = s.y + sizes.boxH / 2;
    // Forward: turn in the gap before the successor's column; backward (a loop): go round below.
    const points =
      x1 > x0
        ? [x0, y0, x1 - sizes.gapX / 2, y0, x1 - sizes.gapX / 2, y1, x1, y1]
        : [
            x0,
            y0,
            x0 + sizes.gapX / 2,
            y0,
            x0 + sizes.gapX / 2,
            Math.max(y0, y1) + sizes.boxH,
            x1 - sizes.gapX / 2,
            Math.max(y0, y1) + sizes.boxH,
            x1 - sizes.gapX / 2,
            y1,
            x1,
            y1,
          ];
    return {
      pred: r.pred,
      succ: r.succ,
      critical: activities[index.get(r.pred)!]!.critical && activities[index.get(r.succ)!]!.critical,
      points,
    };
  });
  const cols = columns.length;
  return {
    boxes,
    edges,
    width: cols > 0 ? cols * (sizes.boxW + sizes.gapX) - sizes.gapX : 0,
    height: rows > 0 ? rows * (sizes.boxH + sizes.gapY) - sizes.gapY : 0,
    cyclic,
  };
}
