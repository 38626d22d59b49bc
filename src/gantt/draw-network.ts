// Draws the network diagram: PERT boxes (code, name, dates, float) where the layout put them,
// relations as orthogonal arrows, the critical path in red; only what the view shows.
import type { NetLayout, NetSizes } from '../domain/network';
import { lightTheme as theme } from './theme';
import { textWidth } from './text-width';

export interface NetBoxText {
  code: string;
  name: string;
  dates: string;
  float: string;
  critical: boolean;
  percent: number;
}

export interface NetworkFrame {
  readonly width: number;
  readonly height: number;
  readonly layout: NetLayout;
  readonly sizes: NetSizes;
  readonly texts: ReadonlyMap<string, NetBoxText>;
  readonly scale: number;
  /** Pan offset in layout pixels. */
  readonly x: number;
  readonly y: number;
  readonly selectedId: string | null;
}

const PAD = 24;

export function drawNetwork(ctx: CanvasRenderingContext2D, f: NetworkFrame): void {
  ctx.save();
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, f.width, f.height);
  ctx.scale(f.scale, f.scale);
  ctx.translate(PAD - f.x, PAD - f.y);
  const vx0 = f.x - PAD;
  const vy0 = f.y - PAD;
  const vx1 = vx0 + f.width / f.scale;
  const vy1 = vy0 + f.height / f.scale;
  for (const critical of [false, true]) {
    ctx.strokeStyle = critical ? theme.critical : theme.link;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = critical ? 2 : 1;
    for (const e of f.layout.edges) {
      if (e.critical !== critical) continue;
      const p = e.points;
      const xs = p.filter((_, i) => i % 2 === 0);
      const ys = p.filter((_, i) => i % 2 === 1);
      if (Math.max(...xs) < vx0 || Math.min(...xs) > vx1 || Math.max(...ys) < vy0 || Math.min(...ys) > vy1)
        continue;
      ctx.beginPath();
      ctx.moveTo(p[0]!, p[1]!);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i]!, p[i + 1]!);
      ctx.stroke();
      const ex = p[p.length - 2]!;
      const ey = p[p.length - 1]!;
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - 6, ey - 4);
      ctx.lineTo(ex - 6, ey + 4);
      ctx.closePath();
      ctx.fill();
    }
  }
  const { boxW, boxH } = f.sizes;
  ctx.font = theme.font;
  ctx.textBaseline = 'top';
  for (const b of f.layout.boxes) {
    if (b.x + boxW < vx0 || b.x > vx1 || b.y + boxH < vy0 || b.y > vy1) continue;
    const tx = f.texts.get(b.id);
    if (!tx) continue;
    ctx.fillStyle = b.id === f.selectedId ? theme.rowSelected : '#ffffff';
    ctx.fillRect(b.x, b.y, boxW, boxH);
    if (tx.percent > 0) {
      ctx.fillStyle = 'rgba(91, 141, 239, 0.18)';
      ctx.fillRect(b.x, b.y + boxH - 5, (boxW * Math.min(100, tx.percent)) / 100, 5);
    }
    ctx.strokeStyle = tx.critical ? theme.critical : theme.majorLine;
    ctx.lineWidth = tx.critical || b.id === f.selectedId ? 2 : 1;
    ctx.strokeRect(b.x + 0.5, b.y + 0.5, boxW - 1, boxH - 1);
    ctx.fillStyle = tx.critical ? theme.criticalProgress : theme.label;
    ctx.fillText(tx.code, b.x + 6, b.y + 5);
    ctx.fillStyle = theme.headerText;
    const fw = textWidth(ctx, theme.font, tx.float);
    ctx.fillText(tx.float, b.x + boxW - 6 - fw, b.y + 5);
    ctx.fillStyle = theme.label;
    ctx.fillText(fit(ctx, tx.name, boxW - 12), b.x + 6, b.y + 23);
    ctx.fillStyle = theme.headerText;
    ctx.fillText(fit(ctx, tx.dates, boxW - 12), b.x + 6, b.y + 45);
  }
  ctx.restore();
}

function fit(ctx: CanvasRenderingContext2D, s: string, w: number): string {
  if (textWidth(ctx, theme.font, s) <= w) return s;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (textWidth(ctx, theme.font, s.slice(0, mid) + '…') <= w) lo = mid;
    else hi = mid - 1;
  }
  return s.slice(0, lo) + '…';
}

/** The box under a point of the view, if any. */
export function hitNetwork(
  f: Pick<NetworkFrame, 'layout' | 'sizes' | 'scale' | 'x' | 'y'>,
  px: number,
  py: number,
) {
  const x = px / f.scale - PAD + f.x;
  const y = py / f.scale - PAD + f.y;
  return (
    f.layout.boxes.find((b) => x >= b.x && x <= b.x + f.sizes.boxW && y >= b.y && y <= b.y + f.sizes.boxH) ??
    null
  );
}
