// drawGantt(ctx, frame): the static scene, composed of one pure layer function per file, drawn in
// CSS pixels on a canvas whose backing store is scaled by devicePixelRatio (crisp on high DPI).

import type { GanttFrame } from './frame';
import { drawBarsLayer } from './draw-bars';
import { drawDataDateLayer } from './draw-data-date';
import { drawGridLayer } from './draw-grid';
import { drawLinksLayer } from './draw-links';
import { drawPlayerTimeLayer } from './draw-player-time';

/** Size a canvas backing store for the frame; returns true when it changed. */
export function sizeCanvas(canvas: HTMLCanvasElement, width: number, height: number, dpr: number): boolean {
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width === w && canvas.height === h) return false;
  canvas.width = w;
  canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  return true;
}

export function drawGantt(ctx: CanvasRenderingContext2D, frame: GanttFrame): void {
  ctx.setTransform(frame.dpr, 0, 0, frame.dpr, 0, 0);
  drawGridLayer(ctx, frame);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, frame.headerHeight, frame.width, frame.height - frame.headerHeight);
  ctx.clip();
  drawLinksLayer(ctx, frame);
  drawBarsLayer(ctx, frame);
  drawDataDateLayer(ctx, frame);
  ctx.restore();
  // Over the header too: the player's time reads against the timescale.
  drawPlayerTimeLayer(ctx, frame);
}
