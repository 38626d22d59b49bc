// Draws a cyclogram frame: the Gantt's timescale header and data-date line, one band per location
// (the first at the bottom), each kind of work as its sloped segments joined floor to floor, its
// progress as a thicker stroke, the target version dashed in grey and clashes shaded red.
import type { CyclogramFrame } from './cyclogram-frame';
import { HEADER_H, LABEL_W, bandHeight, bandTop, segmentLine } from './cyclogram-frame';
import { headerLayout } from './header-cells';
import { lightTheme as theme } from './theme';
import { textWidth } from './text-width';
import { pxPerMinute, timeToX } from './timescale';

export function drawCyclogram(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, f.width, f.height);
  ctx.font = theme.font;
  drawBands(ctx, f);
  ctx.save();
  ctx.beginPath();
  ctx.rect(LABEL_W, HEADER_H, f.width - LABEL_W, f.height - HEADER_H);
  ctx.clip();
  drawClashes(ctx, f);
  if (f.target) for (const line of f.target) drawLine(ctx, f, line, true);
  for (const line of f.lines) drawLine(ctx, f, line, false);
  drawDragged(ctx, f);
  drawDataDate(ctx, f);
  ctx.restore();
  drawHeader(ctx, f);
  ctx.restore();
}

function drawBands(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const h = bandHeight(f);
  ctx.textBaseline = 'middle';
  f.locations.forEach((name, loc) => {
    const top = bandTop(f, loc);
    if (loc % 2 === 1) {
      ctx.fillStyle = theme.weekend;
      ctx.fillRect(0, top, f.width, h);
    }
    ctx.strokeStyle = theme.gridLine;
    ctx.beginPath();
    ctx.moveTo(0, top + h + 0.5);
    ctx.lineTo(f.width, top + h + 0.5);
    ctx.stroke();
    ctx.fillStyle = theme.label;
    let label = name;
    while (label.length > 1 && textWidth(ctx, theme.font, label) > LABEL_W - 12)
      label = label.slice(0, -2) + '…';
    ctx.fillText(label, 6, top + h / 2);
  });
  ctx.strokeStyle = theme.majorLine;
  ctx.beginPath();
  ctx.moveTo(LABEL_W + 0.5, HEADER_H);
  ctx.lineTo(LABEL_W + 0.5, f.height);
  ctx.stroke();
}

function drawClashes(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const h = bandHeight(f);
  ctx.fillStyle = 'rgba(224, 72, 72, 0.18)';
  ctx.strokeStyle = 'rgba(224, 72, 72, 0.9)';
  const ppm = pxPerMinute(f.ts);
  const tLeft = f.ts.origin + f.ts.scrollLeft / ppm;
  const tRight = tLeft + (f.width - LABEL_W) / ppm;
  for (const c of f.clashes) {
    if (c.finish < tLeft || c.start > tRight) continue;
    const x0 = LABEL_W + timeToX(f.ts, c.start);
    const x1 = LABEL_W + timeToX(f.ts, c.finish);
    if (x1 < LABEL_W || x0 > f.width) continue;
    const top = bandTop(f, c.loc);
    ctx.fillRect(x0, top + 1, Math.max(2, x1 - x0), h - 2);
    ctx.strokeRect(x0 + 0.5, top + 1.5, Math.max(2, x1 - x0) - 1, h - 3);
  }
}

function drawLine(
  ctx: CanvasRenderingContext2D,
  f: CyclogramFrame,
  line: CyclogramFrame['lines'][number],
  target: boolean,
) {
  ctx.save();
  ctx.strokeStyle = target ? theme.target : line.color;
  ctx.lineWidth = target ? 1.5 : 2;
  if (target) ctx.setLineDash([5, 4]);
  // The times at the chart's left and right edges: works wholly outside are skipped before any
  // geometry is made, and a line's works (in start order) stop at the first one past the right.
  const ppm = pxPerMinute(f.ts);
  const tLeft = f.ts.origin + f.ts.scrollLeft / ppm;
  const tRight = tLeft + (f.width - LABEL_W) / ppm;
  let prev: [number, number, number, number] | null = null;
  let prevSeg: CyclogramFrame['lines'][number]['segments'][number] | null = null;
  let prevLoc = -2;
  for (const seg of line.segments) {
    const prevFinish = prevSeg ? prevSeg.finish : -Infinity;
    if (seg.finish < tLeft && prevFinish < tLeft) {
      prev = null;
      prevSeg = seg;
      prevLoc = seg.loc;
      continue;
    }
    prev ??= prevSeg ? segmentLine(f, prevSeg) : null;
    const p = segmentLine(f, seg);
    if (seg.start > tRight) {
      // Past the right edge: only the connector into it can show.
      if (prev && seg.loc === prevLoc + 1 && prevFinish <= tRight) {
        ctx.save();
        ctx.globalAlpha = 0.45;
        ctx.beginPath();
        ctx.moveTo(prev[2], prev[3]);
        ctx.lineTo(p[0], p[1]);
        ctx.stroke();
        ctx.restore();
      }
      break;
    }
    if (!target && f.selectedIds?.has(seg.id)) {
      // Selected in the grid: a pale halo under the line.
      ctx.save();
      ctx.strokeStyle = theme.rowSelected;
      ctx.lineWidth = 12;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(p[2], p[3]);
      ctx.stroke();
      ctx.strokeStyle = theme.barProgress;
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 2]);
      ctx.stroke();
      ctx.restore();
    }
    // Crews moving to the next location: joined by a thin connector.
    if (prev && seg.loc === prevLoc + 1) {
      ctx.save();
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      ctx.moveTo(prev[2], prev[3]);
      ctx.lineTo(p[0], p[1]);
      ctx.stroke();
      ctx.restore();
    }
    const emphasis =
      !target && (seg.id === f.hoverId || seg.id === f.focusId || f.selectedIds?.has(seg.id) === true);
    ctx.lineWidth = emphasis ? 4 : target ? 1.5 : 2;
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    ctx.lineTo(p[2], p[3]);
    ctx.stroke();
    if (!target && seg.percent > 0) {
      const k = Math.min(100, seg.percent) / 100;
      ctx.lineWidth = 5;
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(p[0] + (p[2] - p[0]) * k, p[1] + (p[3] - p[1]) * k);
      ctx.stroke();
    }
    if (emphasis && seg.id === f.focusId) {
      ctx.save();
      ctx.lineWidth = 1;
      ctx.setLineDash([2, 2]);
      ctx.strokeStyle = theme.label;
      const [x0, y0, x1, y1] = p;
      ctx.strokeRect(
        Math.min(x0, x1) - 4,
        Math.min(y0, y1) - 4,
        Math.abs(x1 - x0) + 8,
        Math.abs(y1 - y0) + 8,
      );
      ctx.restore();
    }
    prev = p;
    prevSeg = seg;
    prevLoc = seg.loc;
  }
  ctx.restore();
}

/** The dragged segment where it would land: dashed in its colour, with its shift in days. */
function drawDragged(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const d = f.dragging;
  if (!d || d.minutes === 0) return;
  for (const line of f.lines)
    for (const seg of line.segments) {
      if (seg.id !== d.id) continue;
      const p = segmentLine(f, {
        loc: seg.loc,
        start: seg.start + d.minutes,
        finish: seg.finish + d.minutes,
      });
      ctx.save();
      ctx.strokeStyle = line.color;
      ctx.lineWidth = 4;
      ctx.setLineDash([6, 3]);
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(p[2], p[3]);
      ctx.stroke();
      const days = Math.round(d.minutes / 1440);
      ctx.setLineDash([]);
      ctx.fillStyle = theme.label;
      ctx.textBaseline = 'bottom';
      ctx.fillText(`${days > 0 ? '+' : ''}${days}`, p[2] + 6, p[3] + 4);
      ctx.restore();
      return;
    }
}

function drawDataDate(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  if (f.dataDate === null) return;
  const x = Math.round(LABEL_W + timeToX(f.ts, f.dataDate)) + 0.5;
  ctx.strokeStyle = theme.dataDate;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(x, HEADER_H);
  ctx.lineTo(x, f.height);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawHeader(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const w = f.width - LABEL_W;
  ctx.fillStyle = theme.headerBackground;
  ctx.fillRect(0, 0, f.width, HEADER_H);
  ctx.font = theme.headerFont;
  const layout = headerLayout(
    f.ts,
    w,
    f.locale,
    { quarter: f.quarter },
    (s) => textWidth(ctx, theme.headerFont, s),
    `${theme.headerFont}|cyclogram`,
  );
  const half = HEADER_H / 2;
  ctx.textBaseline = 'middle';
  for (const [tier, y] of [
    [layout.upper, 0],
    [layout.lower, half],
  ] as const) {
    for (const c of tier.cells) {
      ctx.strokeStyle = theme.majorLine;
      ctx.beginPath();
      ctx.moveTo(LABEL_W + Math.round(c.x0) + 0.5, y);
      ctx.lineTo(LABEL_W + Math.round(c.x0) + 0.5, y + half);
      ctx.stroke();
      if (c.label) {
        ctx.fillStyle = theme.headerText;
        ctx.fillText(c.label, LABEL_W + c.labelX, y + half / 2);
      }
    }
  }
  ctx.fillStyle = theme.headerBackground;
  ctx.fillRect(0, 0, LABEL_W, HEADER_H);
  ctx.strokeStyle = theme.majorLine;
  ctx.beginPath();
  ctx.moveTo(0, HEADER_H - 0.5);
  ctx.lineTo(f.width, HEADER_H - 0.5);
  ctx.stroke();
}
