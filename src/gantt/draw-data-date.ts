// Layer 4: the data-date line (dashed, orange) across the body.

import type { GanttFrame } from './frame';
import { timeToX } from './timescale';

export function drawDataDateLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  if (!Number.isFinite(frame.dataDate)) return;
  const x = Math.round(timeToX(frame.timescale, frame.dataDate)) + 0.5;
  if (x < 0 || x > frame.width) return;
  ctx.save();
  ctx.strokeStyle = frame.theme.dataDate;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([5, 3]);
  ctx.beginPath();
  ctx.moveTo(x, frame.headerHeight);
  ctx.lineTo(x, frame.height);
  ctx.stroke();
  ctx.restore();
}
