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
  const { theme, scrollTop } = frame;
  const color = critical ? theme.critical : theme.link;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  // All the pass's lines are one path, stroked once, and its arrowheads another, filled once:
  // two raster operations per colour instead of two per link (a shared run is drawn once). The
  // links are walked twice rather than the heads kept: a frame allocates nothing for them.
  // Lines on half pixels (crisp), as whole pixels moved by half a pixel: a whole number goes to
  // the canvas without a heap number made for it (a frame's points made ≈ 20 KB of garbage).
  ctx.save();
  ctx.translate(0.5, 0.5);
  ctx.beginPath();
  for (const link of frame.links) {
    const pts = shownRoute(frame, link, critical);
    if (!pts) continue;
    ctx.moveTo(Math.round(pts[0]!.x), Math.round(pts[0]!.y - scrollTop));
    for (let i = 1; i < pts.length; i++) ctx.lineTo(Math.round(pts[i]!.x), Math.round(pts[i]!.y - scrollTop));
  }
  ctx.stroke();
  ctx.restore();
  ctx.beginPath();
  for (const link of frame.links) {
    const pts = shownRoute(frame, link, critical);
    if (pts) arrowhead(ctx, pts[pts.length - 2]!, pts[pts.length - 1]!, scrollTop);
  }
  ctx.fill();
}

/** The route of a link of this pass that shows in the frame, in chart coordinates; else null. */
function shownRoute(frame: GanttFrame, link: GanttLink, critical: boolean): readonly Point[] | null {
  if (link.critical !== critical) return null;
  const route = routeOf(frame, link);
  if (!route) return null;
  // The route is kept in chart coordinates (scrolled to the top): the caller moves it into view.
  const { scrollTop, headerHeight, height } = frame;
  if (route.maxY - scrollTop < headerHeight || route.minY - scrollTop > height) return null;
  return route.pts;
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
