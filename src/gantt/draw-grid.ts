// Layer 1: background, weekend shading, period lines, selected-row tint and the two-tier
// timescale header. Pure function of the frame.
//
// Each header tier draws only its own boundaries: the week scale's month lines stop at the upper
// tier instead of cutting through week labels. In the body, lower-tier lines are light and
// upper-tier lines stronger.

import type { GanttFrame } from './frame';
import { rowTop, visibleRows } from './frame';
import type { HeaderLayout, HeaderTier } from './header-cells';
import { headerLayout } from './header-cells';
import { textWidth } from './text-width';
import { isWeekend } from './timescale';

export function drawGridLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  const { width, height, headerHeight, theme, timescale } = frame;
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, width, height);

  ctx.font = theme.headerFont;
  const { upper, lower } = header(ctx, frame);

  // Weekend shading in the day scale.
  if (timescale.unit === 'day') {
    ctx.fillStyle = theme.weekend;
    for (const t of lower.ticks) {
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
  verticals(ctx, lower, headerHeight, height, theme.gridLine);
  verticals(ctx, upper, headerHeight, height, theme.majorLine);

  drawHeader(ctx, frame, upper, lower);
}

/**
 * The header's tiers, kept while their inputs stay (a vertical scroll changes none of them): ticks,
 * label forms, dates formatted and measured are made once per timescale, width, locale and texts.
 */
let lastHeader: {
  readonly frame: Pick<GanttFrame, 'timescale' | 'width' | 'locale' | 'texts'>;
  readonly font: string;
  readonly layout: HeaderLayout;
} | null = null;

function header(ctx: CanvasRenderingContext2D, frame: GanttFrame): HeaderLayout {
  const { timescale, width, locale, texts, theme } = frame;
  const last = lastHeader;
  if (
    last &&
    last.frame.timescale === timescale &&
    last.frame.width === width &&
    last.frame.locale === locale &&
    last.frame.texts === texts &&
    last.font === theme.headerFont
  )
    return last.layout;
  const measure = (text: string) => textWidth(ctx, theme.headerFont, text);
  const layout = headerLayout(
    timescale,
    width,
    locale,
    texts,
    measure,
    `${theme.headerFont}|${texts.quarter(1)}`,
  );
  lastHeader = { frame: { timescale, width, locale, texts }, font: theme.headerFont, layout };
  return layout;
}

function verticals(
  ctx: CanvasRenderingContext2D,
  tier: HeaderTier,
  y0: number,
  y1: number,
  color: string,
): void {
  ctx.strokeStyle = color;
  ctx.beginPath();
  for (const t of tier.ticks) {
    const x = Math.round(t.x0) + 0.5;
    ctx.moveTo(x, y0);
    ctx.lineTo(x, y1);
  }
  ctx.stroke();
}

function drawHeader(
  ctx: CanvasRenderingContext2D,
  frame: GanttFrame,
  upper: HeaderTier,
  lower: HeaderTier,
): void {
  const { width, headerHeight, theme } = frame;
  const tierH = Math.round(headerHeight / 2);
  ctx.fillStyle = theme.headerBackground;
  ctx.fillRect(0, 0, width, headerHeight);
  verticals(ctx, upper, 0, tierH, theme.majorLine);
  verticals(ctx, lower, tierH, headerHeight, theme.majorLine);
  ctx.beginPath();
  ctx.moveTo(0, tierH + 0.5);
  ctx.lineTo(width, tierH + 0.5);
  ctx.moveTo(0, headerHeight - 0.5);
  ctx.lineTo(width, headerHeight - 0.5);
  ctx.stroke();

  ctx.fillStyle = theme.headerText;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  labels(ctx, upper, tierH / 2 + 0.5);
  labels(ctx, lower, tierH + (headerHeight - tierH) / 2 + 0.5);
}

function labels(ctx: CanvasRenderingContext2D, tier: HeaderTier, y: number): void {
  for (const c of tier.cells) if (c.label) ctx.fillText(c.label, c.labelX, y);
}
