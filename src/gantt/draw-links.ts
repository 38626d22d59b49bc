// Layer 3: relation arrows, routed by route-links.ts; critical links in red.

import type { GanttFrame, GanttLink } from './frame';
import { rowTop } from './frame';
import { barBox } from './geometry';
import type { Point } from './route-links';
import { routeLink } from './route-links';

const ARROW = 4;

export function drawLinksLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  const { theme, headerHeight, height } = frame;
  ctx.lineWidth = 1;
  for (const link of frame.links) {
    const pts = linkPoints(frame, link);
    if (!pts) continue;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of pts) {
      if (p.y < minY) minY = p.y;
      if (p.y > maxY) maxY = p.y;
    }
    if (maxY < headerHeight || minY > height) continue;
    const color = link.critical ? theme.critical : theme.link;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(crisp(pts[0]!.x), crisp(pts[0]!.y));
    for (let i = 1; i < pts.length; i++) ctx.lineTo(crisp(pts[i]!.x), crisp(pts[i]!.y));
    ctx.stroke();
    const end = pts[pts.length - 1]!;
    const before = pts[pts.length - 2]!;
    const dir = end.x >= before.x ? 1 : -1;
    ctx.beginPath();
    ctx.moveTo(end.x, crisp(end.y));
    ctx.lineTo(end.x - dir * ARROW, crisp(end.y) - ARROW);
    ctx.lineTo(end.x - dir * ARROW, crisp(end.y) + ARROW);
    ctx.closePath();
    ctx.fill();
  }
}

/** The routed polyline of a link in viewport coordinates, or null when an end is not scheduled. */
export function linkPoints(frame: GanttFrame, link: GanttLink): Point[] | null {
  const pred = barBox(frame, {
    row: link.predRow,
    kind: 'task',
    start: link.predStart,
    finish: link.predFinish,
  });
  const succ = barBox(frame, {
    row: link.succRow,
    kind: 'task',
    start: link.succStart,
    finish: link.succFinish,
  });
  if (!pred || !succ) return null;
  return routeLink({
    type: link.type,
    predX0: pred.x0,
    predX1: pred.x1,
    predY: rowTop(frame, link.predRow) + frame.rowHeight / 2,
    succX0: succ.x0,
    succX1: succ.x1,
    succY: rowTop(frame, link.succRow) + frame.rowHeight / 2,
    rowHeight: frame.rowHeight,
  });
}

function crisp(v: number): number {
  return Math.round(v) + 0.5;
}
