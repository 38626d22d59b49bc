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
  // Each class of arrow (plain, critical) is one path for the lines and one for the heads: at
  // 2,000 activities zoomed out that is four calls, not thousands.
  for (const critical of [false, true]) {
    ctx.strokeStyle = critical ? theme.critical : theme.link;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = critical ? 2 : 1;
    const heads: number[] = [];
    ctx.beginPath();
    for (const e of f.layout.edges) {
      if (e.critical !== critical) continue;
      const p = e.points;
      let x0 = Infinity;
      let x1 = -Infinity;
      let y0 = Infinity;
      let y1 = -Infinity;
      for (let i = 0; i < p.length; i += 2) {
        x0 = Math.min(x0, p[i]!);
        x1 = Math.max(x1, p[i]!);
        y0 = Math.min(y0, p[i + 1]!);
        y1 = Math.max(y1, p[i + 1]!);
      }
      if (x1 < vx0 || x0 > vx1 || y1 < vy0 || y0 > vy1) continue;
      ctx.moveTo(p[0]!, p[1]!);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i]!, p[i + 1]!);
      heads.push(p[p.length - 2]!, p[p.length - 1]!);
    }
    ctx.stroke();
    ctx.beginPath();
    for (let i = 0; i < heads.length; i += 2) {
      const ex = heads[i]!;
      const ey = heads[i + 1]!;
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - 6, ey - 4);
      ctx.lineTo(ex - 6, ey + 4);
      ctx.closePath();
    }
    ctx.fill();
  }
  const { boxW, boxH } = f.sizes;
  if (f.scale < TEXT_SCALE) {
    drawBoxOutlines(ctx, f, vx0, vy0, vx1, vy1);
    ctx.restore();
    return;
  }
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

/** Below this zoom a box's text is under 6 px high: boxes are drawn without it. */
const TEXT_SCALE = 0.5;

/** Zoomed out: the boxes as shapes (white, the selected one lit, critical edged red), batched. */
function drawBoxOutlines(
  ctx: CanvasRenderingContext2D,
  f: NetworkFrame,
  vx0: number,
  vy0: number,
  vx1: number,
  vy1: number,
) {
  const { boxW, boxH } = f.sizes;
  const inView = f.layout.boxes.filter(
    (b) => !(b.x + boxW < vx0 || b.x > vx1 || b.y + boxH < vy0 || b.y > vy1) && f.texts.has(b.id),
  );
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  for (const b of inView) ctx.rect(b.x, b.y, boxW, boxH);
  ctx.fill();
  for (const critical of [false, true]) {
    ctx.strokeStyle = critical ? theme.critical : theme.majorLine;
    ctx.lineWidth = critical ? 2 : 1;
    ctx.beginPath();
    for (const b of inView)
      if (f.texts.get(b.id)!.critical === critical) ctx.rect(b.x + 0.5, b.y + 0.5, boxW - 1, boxH - 1);
    ctx.stroke();
  }
  const sel = inView.find((b) => b.id === f.selectedId);
  if (sel) {
    ctx.fillStyle = theme.rowSelected;
    ctx.fillRect(sel.x, sel.y, boxW, boxH);
    ctx.strokeStyle = theme.label;
    ctx.lineWidth = 4;
    ctx.strokeRect(sel.x, sel.y, boxW, boxH);
  }
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
