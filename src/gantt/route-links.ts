// Orthogonal routing of relation arrows (fs/ss/ff/sf). Pure geometry of two boxes, tested on its
// own. Bar labels sit right of the bars, so a route keeps off the predecessor's row past its end.
//
// Finish-start into a bar: out of the predecessor's end by a stub (at most the room there is, and
// shorter than the gap to the label), straight down (or up) to the successor's row and into its
// start, the arrowhead resting on the bar's end. When the successor starts at the predecessor's
// end (no room for a stub and an arrowhead) the line comes down onto the top of the successor's
// start instead, from the predecessor's end or its lower edge. Into a milestone the line runs to
// the diamond's x and comes down onto its tip, so many predecessors share one vertical. Only
// when the successor really starts earlier does the route go round: out by a stub, along the row
// boundary above the successor, back in front of it and into its start. Start-start and
// finish-finish go round the outside of both ends; start-finish like a mirrored finish-start.

import type { LinkType } from './frame';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A bar (or a diamond, corners at its tips) as the router sees it. */
export interface LinkBox {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  /** The y at which a line meets the box from the side. */
  readonly cy: number;
  readonly milestone: boolean;
}

export interface LinkEnds {
  readonly type: LinkType;
  readonly pred: LinkBox;
  readonly succ: LinkBox;
  /** Top of the successor's row, and the row height: a loop runs along a row boundary. */
  readonly succRowTop: number;
  readonly rowHeight: number;
  /** Length of the stub leaving or entering a bar sideways (scaled to the timescale). */
  readonly stub: number;
}

/** How far into a successor bar a finish-start line comes down (less on a narrow bar). */
export const INSET = 3;
/** Room the arrowhead needs on the last horizontal run into a bar's end. */
export const ARROW_ROOM = 5;
/** Below this gap from the predecessor's end to the successor's start, there is no side entry. */
const SIDE_MIN = ARROW_ROOM + 2;
/** A successor this close before the predecessor's end still counts as starting at it. */
const TOLERANCE = 2;
/** Shorter runs out of a bar's end are not drawn: the line drops from the bar's edge instead. */
const MIN_RUN = 3;

/** The stub for a timescale of `pxPerDay`: about a day, at least 4 and at most 10 px. */
export function stubFor(pxPerDay: number): number {
  return Math.max(4, Math.min(10, Math.round(pxPerDay)));
}

const mid = (b: LinkBox) => (b.x0 + b.x1) / 2;

/** The y of a box's lower (down) or upper edge at x: a diamond's edge slopes. */
function edgeAt(b: LinkBox, x: number, down: boolean): number {
  if (!b.milestone) return down ? b.y1 : b.y0;
  const h = (b.x1 - b.x0) / 2;
  const d = Math.min(h, Math.abs(x - mid(b)));
  return down ? b.y1 - d : b.y0 + d;
}

export function routeLink(e: LinkEnds): Point[] {
  const { pred: p, succ: s, stub } = e;
  const down = s.cy >= p.cy;
  switch (e.type) {
    case 'fs':
      return finishStart(e, down) ?? loop(e, down, p.x1, 1, s.x0, 1);
    case 'ss': {
      const x = Math.min(p.x0, s.x0) - stub;
      return [pt(p.x0, p.cy), pt(x, p.cy), pt(x, s.cy), pt(s.x0, s.cy)];
    }
    case 'ff': {
      const x = Math.max(p.x1, s.x1) + stub;
      return [pt(p.x1, p.cy), pt(x, p.cy), pt(x, s.cy), pt(s.x1, s.cy)];
    }
    case 'sf': {
      const x = p.x0 - stub;
      if (x - s.x1 >= stub) return [pt(p.x0, p.cy), pt(x, p.cy), pt(x, s.cy), pt(s.x1, s.cy)];
      return loop(e, down, p.x0, -1, s.x1, -1);
    }
  }
}

/** The finish-start route, or null when the successor starts earlier and the route must loop. */
function finishStart(e: LinkEnds, down: boolean): Point[] | null {
  const { pred: p, succ: s, stub } = e;
  // From the end (a diamond's right tip) to the start (left tip).
  const gap = s.x0 - p.x1;
  if (!s.milestone && gap >= SIDE_MIN) {
    const x = p.x1 + Math.min(stub, gap - ARROW_ROOM);
    return [pt(p.x1, p.cy), pt(x, p.cy), pt(x, s.cy), pt(s.x0, s.cy)];
  }
  const predEnd = p.milestone ? mid(p) : p.x1;
  const succStart = s.milestone ? mid(s) : s.x0;
  if (succStart < predEnd - TOLERANCE) return null;
  // Onto the top (bottom) of the successor: a diamond's tip, or just inside a bar's start.
  const x = s.milestone ? mid(s) : s.x0 + Math.min(INSET, (s.x1 - s.x0) / 2);
  const entryY = down ? s.y0 : s.y1;
  if (x >= p.x1 + MIN_RUN) return [pt(p.x1, p.cy), pt(x, p.cy), pt(x, entryY)];
  // Starts where the predecessor ends: straight down from its lower edge.
  return [pt(x, edgeAt(p, x, down)), pt(x, entryY)];
}

/**
 * Round the back: out of `sx` in direction `outDir` by a stub, along the row boundary next to the
 * successor, to a stub before `tx`, and into it travelling in direction `inDir`.
 */
function loop(e: LinkEnds, down: boolean, sx: number, outDir: 1 | -1, tx: number, inDir: 1 | -1): Point[] {
  const { pred: p, succ: s, stub } = e;
  const by = down ? e.succRowTop : e.succRowTop + e.rowHeight;
  const ox = sx + outDir * stub;
  const ix = tx - inDir * stub;
  return [pt(sx, p.cy), pt(ox, p.cy), pt(ox, by), pt(ix, by), pt(ix, s.cy), pt(tx, s.cy)];
}

function pt(x: number, y: number): Point {
  return { x, y };
}
