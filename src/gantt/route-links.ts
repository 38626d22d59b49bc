// Orthogonal routing of relation arrows (fs/ss/ff/sf). Pure geometry, tested on its own.
//
// A link leaves the predecessor at its finish (fs, ff) going right or at its start (ss, sf) going
// left, and enters the successor at its start (fs, ss) pointing right or at its finish (ff, sf)
// pointing left. When the entry lies beyond the exit stub, the route is one elbow; otherwise it
// runs along the row boundary between the two rows and comes back — never through a bar.

import type { LinkType } from './frame';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface LinkEnds {
  readonly type: LinkType;
  /** Predecessor start/finish x and row centre y. */
  readonly predX0: number;
  readonly predX1: number;
  readonly predY: number;
  readonly succX0: number;
  readonly succX1: number;
  readonly succY: number;
  readonly rowHeight: number;
}

/** Horizontal length of the stub leaving and entering a bar. */
export const STUB = 8;

export function routeLink(e: LinkEnds): Point[] {
  const fromFinish = e.type === 'fs' || e.type === 'ff';
  const toStart = e.type === 'fs' || e.type === 'ss';
  const sx = fromFinish ? e.predX1 : e.predX0;
  const outDir = fromFinish ? 1 : -1;
  const tx = toStart ? e.succX0 : e.succX1;
  // Direction the arrow travels as it enters the successor.
  const inDir = toStart ? 1 : -1;
  const sy = e.predY;
  const ty = e.succY;
  const stubX = sx + outDir * STUB;
  const preX = tx - inDir * STUB;

  if (sy !== ty) {
    // A single vertical drop from the exit stub, if it arrives in front of the entry.
    if (outDir === inDir && inDir * (preX - stubX) >= 0) {
      return [
        { x: sx, y: sy },
        { x: stubX, y: sy },
        { x: stubX, y: ty },
        { x: tx, y: ty },
      ];
    }
    if (outDir !== inDir) {
      // fs/ff enter from the other side: go out beyond both ends, then drop.
      const x = outDir > 0 ? Math.max(stubX, preX) : Math.min(stubX, preX);
      return [
        { x: sx, y: sy },
        { x, y: sy },
        { x, y: ty },
        { x: tx, y: ty },
      ];
    }
  }
  // Around: stub out, along the row boundary between the two rows, to the entry stub.
  const down = ty >= sy ? 1 : -1;
  const by = sy + (down * e.rowHeight) / 2;
  return [
    { x: sx, y: sy },
    { x: stubX, y: sy },
    { x: stubX, y: by },
    { x: preX, y: by },
    { x: preX, y: ty },
    { x: tx, y: ty },
  ];
}
