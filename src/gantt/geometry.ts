// Bar geometry, shared by the bar layer, the link router and hit-testing, so that what is drawn
// is exactly what is hit.

import type { GanttBar, GanttFrame } from './frame';
import { rowTop } from './frame';
import type { LinkBox } from './route-links';
import { timeToX } from './timescale';

export interface BarBox {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  /** Vertical centre. */
  readonly cy: number;
}

type GeoFrame = Pick<GanttFrame, 'headerHeight' | 'rowHeight' | 'scrollTop' | 'timescale'>;

/** Half the side of a milestone diamond. */
export function diamondHalf(rowHeight: number): number {
  return Math.max(4, Math.round(rowHeight * 0.28));
}

export function barBox(
  frame: GeoFrame,
  bar: Pick<GanttBar, 'row' | 'kind' | 'start' | 'finish'>,
): BarBox | null {
  if (bar.kind === 'none' || !Number.isFinite(bar.start) || !Number.isFinite(bar.finish)) return null;
  const top = rowTop(frame, bar.row);
  const rh = frame.rowHeight;
  const cy = top + rh / 2;
  if (bar.kind === 'milestone_start' || bar.kind === 'milestone_finish') {
    const x = timeToX(frame.timescale, bar.kind === 'milestone_start' ? bar.start : bar.finish);
    const h = diamondHalf(rh);
    return { x0: x - h, x1: x + h, y0: cy - h, y1: cy + h, cy };
  }
  const x0 = timeToX(frame.timescale, bar.start);
  const x1 = Math.max(x0 + 2, timeToX(frame.timescale, bar.finish));
  if (bar.kind === 'sum') {
    const h = Math.max(4, Math.round(rh * 0.22));
    return { x0, x1, y0: cy - h, y1: cy + h / 2, cy };
  }
  const h = Math.round(rh * 0.3);
  return { x0, x1, y0: cy - h, y1: cy + h - 2, cy: cy - 1 };
}

/**
 * A diamond's outline as the current path: top (cx, top), right (cx + half, cy), bottom
 * (cx, bottom), left (cx − half, cy). The caller begins the path and fills or strokes it.
 */
export function diamondPath(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  half: number,
  top: number,
  bottom: number,
): void {
  ctx.moveTo(cx, top);
  ctx.lineTo(cx + half, cy);
  ctx.lineTo(cx, bottom);
  ctx.lineTo(cx - half, cy);
  ctx.closePath();
}

/** The link-start handle: a small circle just right of a bar's end. */
export function linkHandle(box: BarBox): { x: number; y: number; r: number } {
  return { x: box.x1 + 8, y: box.cy, r: 4 };
}

/** A bar as the link router sees it: diamonds by their tips, a summary by its drawn band. */
export function linkBox(
  frame: GeoFrame,
  bar: Pick<GanttBar, 'row' | 'kind' | 'start' | 'finish'>,
): LinkBox | null {
  const b = barBox(frame, bar);
  if (!b) return null;
  const milestone = bar.kind === 'milestone_start' || bar.kind === 'milestone_finish';
  if (bar.kind !== 'sum') return { x0: b.x0, x1: b.x1, y0: b.y0, y1: b.y1, cy: b.cy, milestone };
  // drawSummary fills the upper half of the box.
  const y1 = b.y0 + Math.round((b.y1 - b.y0) / 2);
  return { x0: b.x0, x1: b.x1, y0: b.y0, y1, cy: (b.y0 + y1) / 2, milestone };
}
