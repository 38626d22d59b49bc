// Layer 5: the 4D player's time (solid, green) across the header and body while the workbench's
// 3D pane plays the version; the data-date line stays dashed beside it.

import type { GanttFrame } from './frame';
import { timeToX } from './timescale';

export function drawPlayerTimeLayer(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  const t = frame.playerTime;
  if (t === undefined || !Number.isFinite(t)) return;
  const x = Math.round(timeToX(frame.timescale, t)) + 0.5;
  if (x < 0 || x > frame.width) return;
  ctx.save();
  ctx.strokeStyle = frame.theme.playerTime ?? '#12b886';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, frame.height);
  ctx.stroke();
  ctx.restore();
}
