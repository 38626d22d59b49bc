// Layer 3: relation arrows, routed by route-links.ts, drawn under the bars and their labels. The
// arrowhead points along the last segment (down onto a bar, or sideways into its end), its tip on
// the bar's edge. Critical links are drawn last, in red, so a shared run shows red.

import type { GanttFrame, GanttLink } from './frame';
import { rowTop } from './frame';
import { linkBox } from './geometry';
import type { Point } from './route-links';
import { routeLink, stubFor } from './route-links';
import { pxPerDay } from './timescale';

const ARROW = 4;

export function drawLinksLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  ctx.lineWidth = 1;
  ctx.lineJoin = 'miter';
  pass(ctx, frame, false);
  pass(ctx, frame, true);
}

function pass(ctx: CanvasRenderingContext2D, frame: GanttFrame, critical: boolean): void {
  const { theme, headerHeight, height } = frame;
  const color = critical ? theme.critical : theme.link;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  for (const link of frame.links) {
    if (link.critical !== critical) continue;
    const pts = linkPoints(frame, link);
    if (!pts) continue;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of pts) {
      if (p.y < minY) minY = p.y;
      if (p.y > maxY) maxY = p.y;
    }
    if (maxY < headerHeight || minY > height) continue;
    ctx.beginPath();
    ctx.moveTo(crisp(pts[0]!.x), crisp(pts[0]!.y));
    for (let i = 1; i < pts.length; i++) ctx.lineTo(crisp(pts[i]!.x), crisp(pts[i]!.y));
    ctx.stroke();
    arrowhead(ctx, pts[pts.length - 2]!, pts[pts.length - 1]!);
  }
}

/** A filled triangle whose tip is `end`, pointing from `before` to `end`. */
function arrowhead(ctx: CanvasRenderingContext2D, before: Point, end: Point): void {
  ctx.beginPath();
  if (before.x === end.x) {
    const dir = end.y >= before.y ? 1 : -1;
    const x = crisp(end.x);
    ctx.moveTo(x, end.y);
    ctx.lineTo(x - ARROW, end.y - dir * ARROW);
    ctx.lineTo(x + ARROW, end.y - dir * ARROW);
  } else {
    const dir = end.x >= before.x ? 1 : -1;
    const y = crisp(end.y);
    ctx.moveTo(end.x, y);
    ctx.lineTo(end.x - dir * ARROW, y - ARROW);
    ctx.lineTo(end.x - dir * ARROW, y + ARROW);
  }
  ctx.closePath();
  ctx.fill();
}

/** The routed polyline of a link in viewport coordinates, or null when an end is not scheduled. */
export function linkPoints(frame: GanttFrame, link: GanttLink): Point[] | null {
  const pred = linkBox(frame, {
    row: link.predRow,
    kind: link.predKind,
    start: link.predStart,
    finish: link.predFinish,
  });
  const succ = linkBox(frame, {
    row: link.succRow,
    kind: link.succKind,
    start: link.succStart,
    finish: link.succFinish,
  });
  if (!pred || !succ) return null;
  return routeLink({
    type: link.type,
    pred,
    succ,
    succRowTop: rowTop(frame, link.succRow),
    rowHeight: frame.rowHeight,
    stub: stubFor(pxPerDay(frame.timescale)),
  });
}

function crisp(v: number): number {
  return Math.round(v) + 0.5;
}
