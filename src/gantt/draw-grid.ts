// Layer 1: background, weekend shading, period lines, selected-row tint and the two-tier
// timescale header. Pure function of the frame.

import type { GanttFrame } from './frame';
import { rowTop, visibleRows } from './frame';
import { TIERS, isWeekend, tickLabel, ticks } from './timescale';

export function drawGridLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  const { width, height, headerHeight, theme, timescale } = frame;
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, width, height);

  const [upper, lower] = TIERS[timescale.unit];
  const lowerTicks = ticks(timescale, lower, width);
  const upperTicks = ticks(timescale, upper, width);

  // Weekend shading in the day scale.
  if (timescale.unit === 'day') {
    ctx.fillStyle = theme.weekend;
    for (const t of lowerTicks) {
      if (isWeekend(t.start)) ctx.fillRect(t.x0, headerHeight, t.x1 - t.x0, height - headerHeight);
    }
  }

  // Selected rows.
  const { first, last } = visibleRows(
    frame.scrollTop,
    height - headerHeight,
    frame.rowHeight,
    frame.rowCount,
    0,
  );
  ctx.fillStyle = theme.rowSelected;
  for (const bar of frame.bars) {
    if (bar.selected && bar.row >= first && bar.row <= last) {
      ctx.fillRect(0, rowTop(frame, bar.row), width, frame.rowHeight);
    }
  }

  // Period lines (crisp: on half pixels).
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.gridLine;
  ctx.beginPath();
  for (const t of lowerTicks) {
    const x = Math.round(t.x0) + 0.5;
    ctx.moveTo(x, headerHeight);
    ctx.lineTo(x, height);
  }
  ctx.stroke();
  ctx.strokeStyle = theme.majorLine;
  ctx.beginPath();
  for (const t of upperTicks) {
    const x = Math.round(t.x0) + 0.5;
    ctx.moveTo(x, headerHeight);
    ctx.lineTo(x, height);
  }
  ctx.stroke();

  drawHeader(ctx, frame, upperTicks, lowerTicks, upper, lower);
}

function drawHeader(
  ctx: CanvasRenderingContext2D,
  frame: GanttFrame,
  upperTicks: ReturnType<typeof ticks>,
  lowerTicks: ReturnType<typeof ticks>,
  upper: Parameters<typeof tickLabel>[0],
  lower: Parameters<typeof tickLabel>[0],
): void {
  const { width, headerHeight, theme, locale } = frame;
  const tierH = headerHeight / 2;
  ctx.fillStyle = theme.headerBackground;
  ctx.fillRect(0, 0, width, headerHeight);
  ctx.strokeStyle = theme.majorLine;
  ctx.beginPath();
  ctx.moveTo(0, Math.round(tierH) + 0.5);
  ctx.lineTo(width, Math.round(tierH) + 0.5);
  ctx.moveTo(0, headerHeight - 0.5);
  ctx.lineTo(width, headerHeight - 0.5);
  for (const t of upperTicks) {
    const x = Math.round(t.x0) + 0.5;
    ctx.moveTo(x, 0);
    ctx.lineTo(x, headerHeight);
  }
  for (const t of lowerTicks) {
    const x = Math.round(t.x0) + 0.5;
    ctx.moveTo(x, tierH);
    ctx.lineTo(x, headerHeight);
  }
  ctx.stroke();

  ctx.font = theme.headerFont;
  ctx.fillStyle = theme.headerText;
  ctx.textBaseline = 'middle';
  for (const t of upperTicks) {
    const w = t.x1 - t.x0;
    const label = tickLabel(upper, t.start, locale, w > 90);
    const tw = ctx.measureText(label).width;
    // Keep the label of a period that starts left of the viewport visible, while it fits.
    const x = Math.max(t.x0, 0) + 4;
    if (x + tw + 4 > t.x1) continue;
    ctx.fillText(label, x, tierH / 2 + 0.5);
  }
  ctx.textAlign = 'center';
  for (const t of lowerTicks) {
    const w = t.x1 - t.x0;
    let label = tickLabel(lower, t.start, locale, w > 60);
    // A wide label that does not fit falls back to the short one ("September 2026" → "Sep").
    if (ctx.measureText(label).width + 4 > w) label = tickLabel(lower, t.start, locale, false);
    if (ctx.measureText(label).width + 4 > w) continue;
    ctx.fillText(label, (t.x0 + t.x1) / 2, tierH + tierH / 2 + 0.5);
  }
  ctx.textAlign = 'left';
}
