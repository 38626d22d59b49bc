// The interactive layer (its own canvas over the static one): hover outline and link handle, the
// ghost of a bar being dragged or resized, and the rubber band of a relation being drawn.

import type { GanttBar, GanttFrame } from './frame';
import { barBox, diamondPath, linkHandle } from './geometry';
import { timeToX } from './timescale';

export type GanttGesture =
  | { readonly kind: 'move'; readonly bar: GanttBar; readonly deltaMinutes: number }
  | { readonly kind: 'resize'; readonly bar: GanttBar; readonly finish: number }
  | {
      readonly kind: 'link';
      readonly bar: GanttBar;
      readonly x: number;
      readonly y: number;
      readonly target: GanttBar | null;
    };

export interface InteractiveFrame {
  readonly frame: GanttFrame;
  readonly hover: GanttBar | null;
  readonly gesture: GanttGesture | null;
}

export function drawInteractive(ctx: CanvasRenderingContext2D, f: InteractiveFrame): void {
  const { frame } = f;
  ctx.setTransform(frame.dpr, 0, 0, frame.dpr, 0, 0);
  ctx.clearRect(0, 0, frame.width, frame.height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, frame.headerHeight, frame.width, frame.height - frame.headerHeight);
  ctx.clip();
  const accent = frame.theme.barProgress;
  if (f.hover && !f.gesture) {
    const box = barBox(frame, f.hover);
    if (box) {
      ctx.strokeStyle = accent;
      ctx.lineWidth = 1;
      ctx.strokeRect(
        Math.round(box.x0) - 1.5,
        Math.round(box.y0) - 1.5,
        box.x1 - box.x0 + 3,
        box.y1 - box.y0 + 3,
      );
      if (f.hover.kind !== 'sum') drawHandle(ctx, box, accent);
    }
  }
  const g = f.gesture;
  if (g) {
    ctx.fillStyle = accent;
    const milestone = g.bar.kind === 'milestone_start' || g.bar.kind === 'milestone_finish';
    if (g.kind === 'move') {
      const moved = { ...g.bar, start: g.bar.start + g.deltaMinutes, finish: g.bar.finish + g.deltaMinutes };
      ghost(ctx, barBox(frame, moved), accent, milestone);
    } else if (g.kind === 'resize') {
      ghost(ctx, barBox(frame, { ...g.bar, finish: Math.max(g.bar.start, g.finish) }), accent, false);
    } else {
      const box = barBox(frame, g.bar);
      if (box) {
        ctx.globalAlpha = 1;
        ctx.strokeStyle = accent;
        ctx.setLineDash([4, 3]);
        ctx.beginPath();
        ctx.moveTo(box.x1, box.cy);
        ctx.lineTo(g.x, g.y);
        ctx.stroke();
        ctx.setLineDash([]);
        drawHandle(ctx, box, accent);
      }
      if (g.target) {
        const tb = barBox(frame, g.target);
        if (tb) {
          ctx.globalAlpha = 1;
          ctx.strokeStyle = accent;
          ctx.lineWidth = 2;
          ctx.strokeRect(tb.x0 - 2, tb.y0 - 2, tb.x1 - tb.x0 + 4, tb.y1 - tb.y0 + 4);
          const x = timeToX(frame.timescale, g.target.start);
          ctx.beginPath();
          ctx.arc(x, tb.cy, 3, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }
    ctx.globalAlpha = 1;
  }
  ctx.restore();
}

function drawHandle(
  ctx: CanvasRenderingContext2D,
  box: NonNullable<ReturnType<typeof barBox>>,
  color: string,
): void {
  const h = linkHandle(box);
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(h.x, h.y, h.r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/**
 * The ghost of a bar being moved or stretched: a light fill inside a dashed outline, so the bar's
 * label under it stays readable.
 */
function ghost(
  ctx: CanvasRenderingContext2D,
  box: ReturnType<typeof barBox>,
  color: string,
  diamond: boolean,
): void {
  if (!box) return;
  ctx.beginPath();
  if (diamond) {
    const half = (box.x1 - box.x0) / 2;
    diamondPath(ctx, box.x0 + half, box.cy, half, box.y0, box.y1);
  } else {
    const x = Math.round(box.x0) + 0.5;
    ctx.rect(
      x,
      Math.round(box.y0) + 0.5,
      Math.max(2, Math.round(box.x1) + 0.5 - x),
      Math.round(box.y1 - box.y0),
    );
  }
  ctx.globalAlpha = 0.2;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 2]);
  ctx.stroke();
  ctx.setLineDash([]);
}
