// The resource Gantt's canvas (issue 17): the task Gantt's background, period lines and two-tier
// timescale header (drawGridLayer: the same timescale, zoom and scroll), then per visible row
// either a resource's usage histogram — one column per period of the lower header tier, as high
// as the period's busiest day (units per day), blue within the availability, red above it when a
// day of the period is over, the availability per day as a dark step line — or an
// assignment's bar at its (levelled) dates over a grey bar where it was before levelling. Pure
// function of the frame.

import { drawDataDateLayer } from './draw-data-date';
import { drawGridLayer } from './draw-grid';
import type { GanttFrame } from './frame';
import { rowTop, visibleRows } from './frame';
import { textWidth } from './text-width';
import type { Tick } from './timescale';
import { TIERS, ticks, timeToX } from './timescale';

/** A period's column: the busiest day's usage, its availability, whether a day is over it. */
export interface ResourceRowLoad {
  readonly peak: number;
  readonly limit: number;
  readonly over: boolean;
}

/** A row of the resource Gantt as the frame needs it. */
export type ResourceFrameRow =
  | {
      readonly kind: 'resource';
      /** Usage and availability in each period `periods` gives (null: nothing dated). */
      load(period: Tick): ResourceRowLoad | null;
      /** Whether an availability is set (else no line and nothing is over). */
      readonly limited: boolean;
      readonly selected: boolean;
    }
  | {
      readonly kind: 'assignment';
      readonly name: string;
      readonly start: number;
      readonly finish: number;
      /** Dates before levelling (NaN when not levelled or not moved). */
      readonly baseStart: number;
      readonly baseFinish: number;
      readonly critical: boolean;
      readonly selected: boolean;
    };

export interface ResourceFrame extends GanttFrame {
  row(index: number): ResourceFrameRow | null;
}

/** Periods of the lower tier in view: the histogram's columns. */
export function usagePeriods(frame: Pick<GanttFrame, 'timescale' | 'width'>): Tick[] {
  return ticks(frame.timescale, TIERS[frame.timescale.unit][1], frame.width);
}

export function drawResourceGantt(ctx: CanvasRenderingContext2D, frame: ResourceFrame): void {
  ctx.setTransform(frame.dpr, 0, 0, frame.dpr, 0, 0);
  drawGridLayer(ctx, frame);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, frame.headerHeight, frame.width, frame.height - frame.headerHeight);
  ctx.clip();
  const { first, last } = visibleRows(
    frame.scrollTop,
    frame.height - frame.headerHeight,
    frame.rowHeight,
    frame.rowCount,
    0,
  );
  const periods = usagePeriods(frame);
  ctx.font = frame.theme.font;
  ctx.textBaseline = 'middle';
  for (let i = first; i <= last; i++) {
    const row = frame.row(i);
    if (!row) continue;
    const top = rowTop(frame, i);
    if (row.selected) {
      ctx.fillStyle = frame.theme.rowSelected;
      ctx.fillRect(0, top, frame.width, frame.rowHeight);
    }
    if (row.kind === 'resource') drawHistogram(ctx, frame, row, top, periods);
    else drawAssignment(ctx, frame, row, top);
  }
  drawDataDateLayer(ctx, frame);
  ctx.restore();
}

function drawHistogram(
  ctx: CanvasRenderingContext2D,
  frame: ResourceFrame,
  row: Extract<ResourceFrameRow, { kind: 'resource' }>,
  top: number,
  periods: readonly Tick[],
): void {
  const { theme, rowHeight } = frame;
  // A band across the row: resource rows read apart from their assignments.
  ctx.fillStyle = theme.headerBackground;
  ctx.fillRect(0, top, frame.width, rowHeight);
  const loads = periods.map((p) => row.load(p));
  let scale = 0;
  for (const l of loads) if (l) scale = Math.max(scale, l.peak, row.limited ? l.limit : 0);
  if (scale <= 0) return;
  const h = rowHeight - 4;
  const base = top + rowHeight - 2;
  const y = (v: number) => base - (v / scale) * h;
  loads.forEach((l, k) => {
    if (!l || l.peak <= 0) return;
    const p = periods[k]!;
    const x0 = Math.round(p.x0) + 1;
    const w = Math.max(1, Math.round(p.x1) - x0 - 1);
    const within = row.limited ? Math.min(l.peak, l.limit) : l.peak;
    ctx.fillStyle = theme.usage;
    ctx.fillRect(x0, Math.round(y(within)), w, Math.round(base - y(within)));
    if (row.limited && l.over) {
      // A day of the period is over its limit: red from the limit up to the busiest day.
      const yTop = Math.round(y(Math.max(l.peak, l.limit)));
      ctx.fillStyle = theme.overUsage;
      ctx.fillRect(x0, yTop, w, Math.max(2, Math.round(y(within)) - yTop));
    }
  });
  if (!row.limited) return;
  // The availability: a step line over the periods.
  ctx.strokeStyle = theme.capacity;
  ctx.lineWidth = 1;
  ctx.beginPath();
  loads.forEach((l, k) => {
    const p = periods[k]!;
    const cap = l ? l.limit : NaN;
    if (!Number.isFinite(cap)) return;
    const yy = Math.round(y(cap)) + 0.5;
    ctx.moveTo(p.x0, yy);
    ctx.lineTo(p.x1, yy);
  });
  ctx.stroke();
}

function drawAssignment(
  ctx: CanvasRenderingContext2D,
  frame: ResourceFrame,
  row: Extract<ResourceFrameRow, { kind: 'assignment' }>,
  top: number,
): void {
  const { theme, timescale, rowHeight, width } = frame;
  if (Number.isFinite(row.baseStart) && Number.isFinite(row.baseFinish)) {
    const b0 = timeToX(timescale, row.baseStart);
    const b1 = Math.max(b0 + 2, timeToX(timescale, row.baseFinish));
    ctx.fillStyle = theme.target;
    ctx.fillRect(Math.round(b0), top + rowHeight - 7, Math.round(b1 - b0), 4);
  }
  if (!Number.isFinite(row.start) || !Number.isFinite(row.finish)) return;
  const x0 = timeToX(timescale, row.start);
  const x1 = Math.max(x0 + 2, timeToX(timescale, row.finish));
  if (x1 < -200 || x0 > width) return;
  const h = Math.round(rowHeight * 0.45);
  const y0 = top + Math.round((rowHeight - h) / 2) - 2;
  const levelled = Number.isFinite(row.baseStart);
  ctx.fillStyle = levelled ? theme.levelled : theme.bar;
  ctx.fillRect(Math.round(x0), y0, Math.max(2, Math.round(x1 - x0)), h);
  if (row.name && x1 + 6 < width) {
    const x = Math.max(Math.round(x1) + 6, 2);
    const w = textWidth(ctx, theme.font, row.name);
    ctx.fillStyle = row.selected ? theme.rowSelected : theme.background;
    ctx.fillRect(x - 2, y0 + h / 2 - 7, w + 4, 15);
    ctx.fillStyle = theme.label;
    ctx.fillText(row.name, x, y0 + h / 2 + 0.5);
  }
}
