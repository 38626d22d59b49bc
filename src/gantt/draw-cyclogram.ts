// Draws a cyclogram frame: the Gantt's timescale header and data-date line, one band per location
// (the first at the bottom), each kind of work as its sloped segments joined floor to floor, its
// progress as a thicker stroke, the target version dashed in grey and clashes shaded red.
// In three layers, so a pan can reuse a cached picture (cyclogram-painter.ts): the body (what
// moves with time), the marks (hover, focus, selection, drag: redrawn each frame) and the chrome
// (the location labels and the timescale header).
import type { CyclogramFrame } from './cyclogram-frame';
import { HEADER_H, LABEL_W, bandHeight, bandTop, segmentLine } from './cyclogram-frame';
import { headerLayout } from './header-cells';
import { lightTheme as theme } from './theme';
import { textWidth } from './text-width';
import { pxPerMinute, timeToX } from './timescale';

/** The whole frame at once (export, the views page's print, the Node benchmark). */
export function drawCyclogram(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, f.width, f.height);
  drawCyclogramBody(ctx, f);
  drawCyclogramMarks(ctx, f);
  drawCyclogramLabels(ctx, f);
  drawCyclogramHeader(ctx, f);
  ctx.restore();
}

/** The chart area's content (x ≥ LABEL_W, y ≥ HEADER_H): bands, clashes, target, lines, data date. */
export function drawCyclogramBody(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(LABEL_W, HEADER_H, f.width - LABEL_W, f.height - HEADER_H);
  ctx.clip();
  ctx.font = theme.font;
  drawBandStripes(ctx, f, LABEL_W, f.width);
  drawClashes(ctx, f);
  if (f.target) for (const line of f.target) drawLine(ctx, f, line, true);
  for (const line of f.lines) drawLine(ctx, f, line, false);
  drawDataDate(ctx, f);
  ctx.restore();
}

/** The hovered, focused, selected and dragged works over the body (clipped to the chart area). */
export function drawCyclogramMarks(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(LABEL_W, HEADER_H, f.width - LABEL_W, f.height - HEADER_H);
  ctx.clip();
  drawMarked(ctx, f);
  drawDragged(ctx, f);
  ctx.restore();
}

/** The location column at the left: its bands and names (does not move with time). */
export function drawCyclogramLabels(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, HEADER_H, LABEL_W, f.height - HEADER_H);
  ctx.font = theme.font;
  drawBandStripes(ctx, f, 0, LABEL_W);
  const h = bandHeight(f);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = theme.label;
  f.locations.forEach((name, loc) => {
    let label = name;
    while (label.length > 1 && textWidth(ctx, theme.font, label) > LABEL_W - 12)
      label = label.slice(0, -2) + '…';
    ctx.fillText(label, 6, bandTop(f, loc) + h / 2);
  });
  ctx.strokeStyle = theme.majorLine;
  ctx.beginPath();
  ctx.moveTo(LABEL_W + 0.5, HEADER_H);
  ctx.lineTo(LABEL_W + 0.5, f.height);
  ctx.stroke();
  ctx.restore();
}

/** The timescale header (two tiers), drawn over everything. */
export function drawCyclogramHeader(ctx: CanvasRenderingContext2D, f: CyclogramFrame): void {
  ctx.save();
  drawHeader(ctx, f);
  ctx.restore();
}

/** Every other location's band shaded and a rule under each, from x0 to x1. */
function drawBandStripes(ctx: CanvasRenderingContext2D, f: CyclogramFrame, x0: number, x1: number) {
  const h = bandHeight(f);
  ctx.fillStyle = theme.weekend;
  ctx.beginPath();
  for (let loc = 1; loc < f.locations.length; loc += 2) ctx.rect(x0, bandTop(f, loc), x1 - x0, h);
  ctx.fill();
  ctx.strokeStyle = theme.gridLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let loc = 0; loc < f.locations.length; loc++) {
    const y = bandTop(f, loc) + h + 0.5;
    ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
  }
  ctx.stroke();
}

function drawClashes(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const h = bandHeight(f);
  ctx.fillStyle = 'rgba(224, 72, 72, 0.18)';
  ctx.strokeStyle = 'rgba(224, 72, 72, 0.9)';
  const ppm = pxPerMinute(f.ts);
  const tLeft = f.ts.origin + f.ts.scrollLeft / ppm;
  const tRight = tLeft + (f.width - LABEL_W) / ppm;
  // One path for the shading and one for the edges: thousands of clashes in view are two calls
  // and a rect each, not two calls each.
  const boxes: number[] = [];
  for (const c of f.clashes) {
    if (c.finish < tLeft || c.start > tRight) continue;
    const x0 = LABEL_W + timeToX(f.ts, c.start);
    const x1 = LABEL_W + timeToX(f.ts, c.finish);
    if (x1 < LABEL_W || x0 > f.width) continue;
    boxes.push(x0, bandTop(f, c.loc), Math.max(2, x1 - x0));
  }
  if (boxes.length === 0) return;
  ctx.beginPath();
  for (let i = 0; i < boxes.length; i += 3) ctx.rect(boxes[i]!, boxes[i + 1]! + 1, boxes[i + 2]!, h - 2);
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < boxes.length; i += 3)
    ctx.rect(boxes[i]! + 0.5, boxes[i + 1]! + 1.5, boxes[i + 2]! - 1, h - 3);
  ctx.stroke();
}

function drawLine(
  ctx: CanvasRenderingContext2D,
  f: CyclogramFrame,
  line: CyclogramFrame['lines'][number],
  target: boolean,
) {
  type Seg = CyclogramFrame['lines'][number]['segments'][number];
  // The times at the chart's left and right edges: works wholly outside are skipped before any
  // geometry is made, and a line's works (in start order) stop at the first one past the right.
  const ppm = pxPerMinute(f.ts);
  const tLeft = f.ts.origin + f.ts.scrollLeft / ppm;
  const tRight = tLeft + (f.width - LABEL_W) / ppm;
  // What is in view, gathered once; then each kind of stroke is one path (a 10,000-work chart
  // fitted in the window is a few calls per work, not a dozen).
  const segs: { seg: Seg; p: [number, number, number, number] }[] = [];
  const links: [number, number, number, number][] = [];
  let prev: [number, number, number, number] | null = null;
  let prevSeg: Seg | null = null;
  for (const seg of line.segments) {
    const prevFinish = prevSeg ? prevSeg.finish : -Infinity;
    if (seg.finish < tLeft && prevFinish < tLeft) {
      prev = null;
      prevSeg = seg;
      continue;
    }
    prev ??= prevSeg ? segmentLine(f, prevSeg) : null;
    const p = segmentLine(f, seg);
    // Crews moving to the next location: joined by a thin connector.
    if (prev && prevSeg && seg.loc === prevSeg.loc + 1 && prevFinish <= tRight)
      links.push([prev[2], prev[3], p[0], p[1]]);
    if (seg.start > tRight) break;
    segs.push({ seg, p });
    prev = p;
    prevSeg = seg;
  }
  const stroke = (list: readonly (readonly [number, number, number, number])[]) => {
    if (list.length === 0) return;
    ctx.beginPath();
    for (const [x0, y0, x1, y1] of list) {
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
    }
    ctx.stroke();
  };
  ctx.save();
  ctx.strokeStyle = target ? theme.target : line.color;
  ctx.lineWidth = target ? 1.5 : 2;
  if (target) ctx.setLineDash([5, 4]);
  ctx.save();
  ctx.globalAlpha = 0.45;
  stroke(links);
  ctx.restore();
  stroke(segs.map((g) => g.p));
  if (target) {
    ctx.restore();
    return;
  }
  // Progress: a thicker stroke along the done part.
  ctx.lineWidth = 5;
  stroke(
    segs
      .filter((g) => g.seg.percent > 0)
      .map(({ seg, p }) => {
        const k = Math.min(100, seg.percent) / 100;
        return [p[0], p[1], p[0] + (p[2] - p[0]) * k, p[1] + (p[3] - p[1]) * k] as const;
      }),
  );
  ctx.restore();
}

type Line = CyclogramFrame['lines'][number];
interface Work {
  readonly line: Line;
  readonly seg: Line['segments'][number];
  /** Its place in the chart (lines in order, each line's works in order). */
  readonly order: number;
}
const indexes = new WeakMap<readonly Line[], Map<string, Work>>();

/** Each work of the chart by its id, made once per chart's lines. */
function worksById(lines: readonly Line[]): Map<string, Work> {
  let m = indexes.get(lines);
  if (!m) {
    m = new Map();
    for (const line of lines) for (const seg of line.segments) m.set(seg.id, { line, seg, order: m.size });
    indexes.set(lines, m);
  }
  return m;
}

/**
 * Hovered, focused or selected works: drawn wider over the body (a selected one on a pale halo
 * edged dashed), with their progress; the focused one boxed. One pass over the works' ids.
 */
function drawMarked(ctx: CanvasRenderingContext2D, f: CyclogramFrame) {
  const sel = f.selectedIds;
  if (f.hoverId === null && f.focusId === null && (!sel || sel.size === 0)) return;
  const ppm = pxPerMinute(f.ts);
  const tLeft = f.ts.origin + f.ts.scrollLeft / ppm;
  const tRight = tLeft + (f.width - LABEL_W) / ppm;
  // The marked works found by id (an index made once per chart), not by a pass over all 10,000
  // on every pan frame: the grid's focused row is marked on each frame of the workbench's pan.
  const index = worksById(f.lines);
  const ids = new Set(sel);
  if (f.hoverId !== null) ids.add(f.hoverId);
  if (f.focusId !== null) ids.add(f.focusId);
  const marked: Work[] = [];
  for (const id of ids) {
    const w = index.get(id);
    if (w) marked.push(w);
  }
  // In the chart's order (lines, then their works), as the pass over every work drew them.
  marked.sort((a, b) => a.order - b.order);
  for (const { line, seg } of marked) {
    const selected = sel?.has(seg.id) === true;
    if (seg.finish < tLeft || seg.start > tRight) continue;
    const p = segmentLine(f, seg);
    const [x0, y0, x1, y1] = p;
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
    };
    ctx.save();
    if (selected) {
      ctx.strokeStyle = theme.rowSelected;
      ctx.lineWidth = 12;
      ctx.lineCap = 'round';
      path();
      ctx.stroke();
      ctx.strokeStyle = theme.barProgress;
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 2]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.lineCap = 'butt';
    }
    ctx.strokeStyle = line.color;
    ctx.lineWidth = 4;
    path();
    ctx.stroke();
    if (seg.percent > 0) {
      const k = Math.min(100, seg.percent) / 100;
      ctx.lineWidth = 5;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x0 + (x1 - x0) * k, y0 + (y1 - y0) * k);
      ctx.stroke();
    }
    if (seg.id === f.focusId) {
      ctx.lineWidth = 1;
      ctx.setLineDash([2, 2]);
      ctx.strokeStyle = theme.label;
      ctx.strokeRect(
        Math.min(x0, x1) - 4,
        Math.min(y0, y1) - 4,
        Math.abs(x1 - x0) + 8,
        Math.abs(y1 - y0) + 8,
      );
    }
    ctx.restore();
  }
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
