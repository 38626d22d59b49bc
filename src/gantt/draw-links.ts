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
  const { theme, headerHeight, height, scrollTop } = frame;
  const color = critical ? theme.critical : theme.link;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  // All the pass's lines are one path, stroked once, and its arrowheads another, filled once:
  // two raster operations per colour instead of two per link (a shared run is drawn once).
  const heads: [Point, Point][] = [];
  ctx.beginPath();
  for (const link of frame.links) {
    if (link.critical !== critical) continue;
    const route = routeOf(frame, link);
    if (!route) continue;
    const { pts } = route;
    // The route is kept in chart coordinates (scrolled to the top): here it moves into view.
    if (route.maxY - scrollTop < headerHeight || route.minY - scrollTop > height) continue;
    ctx.moveTo(crisp(pts[0]!.x), crisp(pts[0]!.y - scrollTop));
    for (let i = 1; i < pts.length; i++) ctx.lineTo(crisp(pts[i]!.x), crisp(pts[i]!.y - scrollTop));
    heads.push([pts[pts.length - 2]!, pts[pts.length - 1]!]);
  }
  ctx.stroke();
  ctx.beginPath();
  for (const [before, end] of heads) arrowhead(ctx, before, end, scrollTop);
  ctx.fill();
}

/** A link's route in chart coordinates (as if scrolled to the top), with its vertical extent. */
interface Route {
  readonly pts: readonly Point[];
  readonly minY: number;
  readonly maxY: number;
  /** What the route was made for: it is made again when one of them changes. */
  readonly timescale: GanttFrame['timescale'];
  readonly rowHeight: number;
  readonly headerHeight: number;
}

/**
 * Routes by link object: a link keeps its object while the chart's data stays the same (the
 * source hands out the same one for every frame), so a scroll routes no link twice.
 */
const routes = new WeakMap<GanttLink, Route | null>();

function routeOf(frame: GanttFrame, link: GanttLink): Route | null {
  const hit = routes.get(link);
  if (
    hit !== undefined &&
    (hit === null ||
      (hit.timescale === frame.timescale &&
        hit.rowHeight === frame.rowHeight &&
        hit.headerHeight === frame.headerHeight))
  )
    return hit;
  const { timescale, rowHeight, headerHeight } = frame;
  const pts = linkPoints({ timescale, rowHeight, headerHeight, scrollTop: 0 }, link);
  let route: Route | null = null;
  if (pts) {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of pts) {
      if (p.y < minY) minY = p.y;
      if (p.y > maxY) maxY = p.y;
    }
    route = { pts, minY, maxY, timescale, rowHeight, headerHeight };
  }
  routes.set(link, route);
  return route;
}

/**
 * Adds to the path a triangle whose tip is `end`, pointing from `before` to `end` (moved up by
 * `dy`); the caller fills the path.
 */
function arrowhead(ctx: CanvasRenderingContext2D, before: Point, end: Point, dy: number): void {
  const ey = end.y - dy;
  if (before.x === end.x) {
    const dir = end.y >= before.y ? 1 : -1;
    const x = crisp(end.x);
    ctx.moveTo(x, ey);
    ctx.lineTo(x - ARROW, ey - dir * ARROW);
    ctx.lineTo(x + ARROW, ey - dir * ARROW);
  } else {
    const dir = end.x >= before.x ? 1 : -1;
    const y = crisp(ey);
    ctx.moveTo(end.x, y);
    ctx.lineTo(end.x - dir * ARROW, y - ARROW);
    ctx.lineTo(end.x - dir * ARROW, y + ARROW);
  }
  ctx.closePath();
}

/** The routed polyline of a link in viewport coordinates, or null when an end is not scheduled. */
export function linkPoints(
  frame: Pick<GanttFrame, 'headerHeight' | 'rowHeight' | 'scrollTop' | 'timescale'>,
  link: GanttLink,
): Point[] | null {
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
