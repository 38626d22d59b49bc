// Layer 2: bars. Target-version bars first (thin, under; a small grey diamond for a milestone),
// then tasks (with a levelled strip at the top of the row where levelling moved them) and works
// with progress fill (critical ones red), summary bars with end caps (a WBS summary's and a group
// header's alike: red when critical, the rolled-up percent complete as a stripe inside) and
// milestone diamonds, then the name labels on a halo of the row's background, so a relation line
// passing behind a label does not strike through it.

import type { GanttBar, GanttFrame } from './frame';
import { rowTop } from './frame';
import type { BarBox } from './geometry';
import { barBox, diamondPath } from './geometry';
import { textWidth } from './text-width';
import { timeToX } from './timescale';

/** Half the height of the background behind a label. */
const HALO = 7;
/** Half the side of a target milestone's diamond. */
const TARGET_DIAMOND = 4;

export function drawBarsLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  const { width, theme } = frame;
  for (const bar of frame.bars) drawTarget(ctx, frame, bar);
  ctx.font = theme.font;
  ctx.textBaseline = 'middle';
  for (const bar of frame.bars) {
    const box = barBox(frame, bar);
    if (!box || box.x1 < -200 || box.x0 > width) continue;
    if (bar.kind === 'sum') drawSummary(ctx, frame, bar, box);
    else if (bar.kind === 'milestone_start' || bar.kind === 'milestone_finish')
      drawDiamond(ctx, frame, bar, box);
    else drawTask(ctx, frame, bar, box);
    drawLevelled(ctx, frame, bar);
    if (frame.showLabels && bar.name && box.x1 + 6 < width) {
      const x = Math.max(box.x1 + (bar.kind === 'sum' ? 6 : 16), 2);
      const w = textWidth(ctx, theme.font, bar.name);
      ctx.fillStyle = bar.selected ? theme.rowSelected : theme.background;
      ctx.fillRect(x - 2, Math.round(box.cy) - HALO, w + 4, 2 * HALO + 1);
      ctx.fillStyle = theme.label;
      ctx.fillText(bar.name, x, box.cy + 0.5);
    }
  }
}

function drawTarget(ctx: CanvasRenderingContext2D, frame: GanttFrame, bar: GanttBar): void {
  if (!Number.isFinite(bar.targetStart) || !Number.isFinite(bar.targetFinish)) return;
  if (bar.kind === 'milestone_start' || bar.kind === 'milestone_finish') {
    const x = timeToX(frame.timescale, bar.kind === 'milestone_start' ? bar.targetStart : bar.targetFinish);
    if (x < -TARGET_DIAMOND || x > frame.width + TARGET_DIAMOND) return;
    const cy = rowTop(frame, bar.row) + frame.rowHeight - TARGET_DIAMOND - 1;
    ctx.fillStyle = frame.theme.target;
    ctx.beginPath();
    diamondPath(ctx, x, cy, TARGET_DIAMOND, cy - TARGET_DIAMOND, cy + TARGET_DIAMOND);
    ctx.fill();
    return;
  }
  const x0 = timeToX(frame.timescale, bar.targetStart);
  const x1 = Math.max(x0 + 2, timeToX(frame.timescale, bar.targetFinish));
  if (x1 < 0 || x0 > frame.width) return;
  const y = rowTop(frame, bar.row) + frame.rowHeight - 6;
  ctx.fillStyle = frame.theme.target;
  ctx.fillRect(Math.round(x0), y, Math.max(2, Math.round(x1 - x0)), 3);
}

/**
 * A row levelling delayed: a strip along the top of the row over the bar (at its levelled dates,
 * the engine's) and a line back to where it started before: the delay.
 */
function drawLevelled(ctx: CanvasRenderingContext2D, frame: GanttFrame, bar: GanttBar): void {
  const from = bar.levelFrom ?? NaN;
  if (!Number.isFinite(from) || !Number.isFinite(bar.start) || !(bar.start > from)) return;
  const xs = timeToX(frame.timescale, from);
  const x0 = timeToX(frame.timescale, bar.start);
  const x1 = Math.max(x0 + 4, timeToX(frame.timescale, Number.isFinite(bar.finish) ? bar.finish : bar.start));
  if (x1 < 0 || xs > frame.width) return;
  const top = rowTop(frame, bar.row);
  ctx.fillStyle = frame.theme.levelled;
  ctx.fillRect(Math.round(x0), top + 2, Math.max(4, Math.round(x1 - x0)), 4);
  ctx.fillRect(Math.round(xs), top + 3, Math.max(0, Math.round(x0 - xs)), 1);
}

function drawTask(ctx: CanvasRenderingContext2D, frame: GanttFrame, bar: GanttBar, box: BarBox): void {
  const { theme } = frame;
  const x = Math.round(box.x0);
  const w = Math.max(2, Math.round(box.x1) - x);
  const y = Math.round(box.y0);
  const h = Math.round(box.y1 - box.y0);
  ctx.fillStyle = bar.critical ? theme.critical : (bar.color ?? theme.bar);
  roundRect(ctx, x, y, w, h, 2);
  ctx.fill();
  const p = Math.min(100, Math.max(0, bar.progress));
  if (p > 0) {
    ctx.fillStyle = bar.critical ? theme.criticalProgress : theme.barProgress;
    roundRect(
      ctx,
      x,
      y + h - Math.max(3, Math.round(h / 3)),
      Math.max(1, Math.round((w * p) / 100)),
      Math.max(3, Math.round(h / 3)),
      1,
    );
    ctx.fill();
  }
}

/**
 * A summary bar (a WBS summary, a group header): a band with end caps, red when critical, its
 * rolled-up percent complete as a stripe inside the band from its start.
 */
function drawSummary(ctx: CanvasRenderingContext2D, frame: GanttFrame, bar: GanttBar, box: BarBox): void {
  const { theme } = frame;
  const x0 = Math.round(box.x0);
  const x1 = Math.round(box.x1);
  const y0 = Math.round(box.y0);
  const h = Math.round((box.y1 - box.y0) / 2);
  ctx.fillStyle = bar.critical ? theme.critical : theme.summary;
  ctx.fillRect(x0, y0, x1 - x0, h);
  const cap = Math.max(3, h);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x0 + cap, y0);
  ctx.lineTo(x0, y0 + h + cap);
  ctx.closePath();
  ctx.moveTo(x1, y0);
  ctx.lineTo(x1 - cap, y0);
  ctx.lineTo(x1, y0 + h + cap);
  ctx.closePath();
  ctx.fill();
  const p = Math.min(100, Math.max(0, bar.progress));
  if (p > 0 && h > 2) {
    ctx.fillStyle = bar.critical ? theme.criticalProgress : theme.summaryProgress;
    ctx.fillRect(x0, y0 + 1, Math.max(1, Math.round(((x1 - x0) * p) / 100)), h - 2);
  }
}

function drawDiamond(ctx: CanvasRenderingContext2D, frame: GanttFrame, bar: GanttBar, box: BarBox): void {
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const r = (box.x1 - box.x0) / 2;
  ctx.fillStyle = bar.critical ? frame.theme.critical : frame.theme.milestone;
  ctx.beginPath();
  diamondPath(ctx, cx, cy, r, cy - r, cy + r);
  ctx.fill();
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  const rr = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.lineTo(x + w - rr, y);
  ctx.arcTo(x + w, y, x + w, y + rr, rr);
  ctx.lineTo(x + w, y + h - rr);
  ctx.arcTo(x + w, y + h, x + w - rr, y + h, rr);
  ctx.lineTo(x + rr, y + h);
  ctx.arcTo(x, y + h, x, y + h - rr, rr);
  ctx.lineTo(x, y + rr);
  ctx.arcTo(x, y, x + rr, y, rr);
  ctx.closePath();
}
