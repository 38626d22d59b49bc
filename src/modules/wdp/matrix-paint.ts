// The day matrix's body painted on one canvas the size of the view (issue 18's frame budget: a
// scroll repaints ~1,000 cells in a few ms instead of mounting and styling DOM cells). Shading of
// days off the row's calendar, closed days, the row's dates outlined, values, the selection and
// the focused cell; the same row description answers the test probe and the active cell's label.

/** What the painter needs of one matrix row. */
export interface PaintRow {
  readonly id: string;
  /** A summary (its values are the sums of its rows; bold, never closed). */
  readonly sum: boolean;
  /** The row's first and last scheduled day (NaN when unscheduled). */
  readonly es: number;
  readonly ef: number;
  /** Per column from the first day: 1 where the row's calendar works. */
  readonly working: Uint8Array;
  /** Days before this one are closed (the editing period). */
  readonly openFrom: number;
  value(day: number): number | null;
  approved(day: number): boolean;
}

/** One cell as painted (and as described to tests and screen readers). */
export interface CellLook {
  readonly text: string;
  readonly off: boolean;
  readonly closed: boolean;
  readonly inDates: boolean;
  readonly first: boolean;
  readonly last: boolean;
  readonly sum: boolean;
  readonly approved: boolean;
}

export function cellLook(row: PaintRow, firstDay: number, col: number, fmt: (v: number) => string): CellLook {
  const day = firstDay + col;
  const v = row.value(day);
  const inDates = day >= row.es && day <= row.ef;
  return {
    text: v === null ? '' : fmt(v),
    off: row.working[col] === 0,
    closed: !row.sum && day < row.openFrom,
    inDates,
    first: inDates && day === row.es,
    last: inDates && day === row.ef,
    sum: row.sum,
    approved: !row.sum && row.approved(day),
  };
}

export interface PaintView {
  /** Scroll position of the body (px from the first row and first day). */
  readonly x: number;
  readonly y: number;
  /** The canvas's size in CSS px and the device pixel ratio. */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly rowH: number;
  readonly colW: number;
  readonly rows: number;
  readonly cols: number;
  readonly firstDay: number;
  readonly sel: { r0: number; r1: number; c0: number; c1: number };
  readonly focus: { row: number; col: number };
  /** The family of the page's font (the canvas does not inherit it). */
  readonly font: string;
}

const C = {
  grid: '#eef0f4',
  off: '#eceef2',
  closed: '#ececec',
  hatch: '#dcdcdc',
  dates: '#5b8def',
  sel: 'rgba(47, 111, 222, 0.14)',
  focus: '#2f6fde',
  text: '#1d2433',
  closedText: '#777',
  approved: '#1c7c3a',
};

/** Paints the view; rows come from `rowAt` (null past the end). */
export function paintMatrix(
  ctx: CanvasRenderingContext2D,
  v: PaintView,
  rowAt: (r: number) => PaintRow | null,
  fmt: (n: number) => string,
): void {
  const { rowH: H, colW: W, dpr } = v;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, v.width, v.height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, v.width, v.height);
  const r0 = Math.max(0, Math.floor(v.y / H));
  const r1 = Math.min(v.rows, Math.ceil((v.y + v.height) / H));
  const c0 = Math.max(0, Math.floor(v.x / W));
  const c1 = Math.min(v.cols, Math.ceil((v.x + v.width) / W));
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const normal = `12px ${v.font}`;
  const bold = `600 12px ${v.font}`;
  for (let r = r0; r < r1; r++) {
    const row = rowAt(r);
    if (!row) continue;
    const y = r * H - v.y;
    ctx.font = row.sum ? bold : normal;
    const inSel = r >= v.sel.r0 && r <= v.sel.r1;
    for (let c = c0; c < c1; c++) {
      const x = c * W - v.x;
      const day = v.firstDay + c;
      const closed = !row.sum && day < row.openFrom;
      if (closed) {
        ctx.fillStyle = C.closed;
        ctx.fillRect(x, y, W, H);
        hatch(ctx, x, y, W, H);
      } else if (row.working[c] === 0) {
        ctx.fillStyle = C.off;
        ctx.fillRect(x, y, W, H);
      }
      if (inSel && c >= v.sel.c0 && c <= v.sel.c1) {
        ctx.fillStyle = C.sel;
        ctx.fillRect(x, y, W, H);
      }
      const val = row.value(day);
      if (val !== null) {
        ctx.fillStyle = closed ? C.closedText : !row.sum && row.approved(day) ? C.approved : C.text;
        ctx.fillText(fmt(val), x + W - 4, y + H / 2 + 1, W - 5);
      }
    }
  }
  // The grid's lines: one rectangle per column and per row, not per cell.
  ctx.fillStyle = C.grid;
  const bottom = Math.min(v.height, r1 * H - v.y);
  const right = Math.min(v.width, c1 * W - v.x);
  for (let c = c0; c < c1; c++) ctx.fillRect(c * W - v.x + W - 1, 0, 1, bottom);
  for (let r = r0; r < r1; r++) ctx.fillRect(0, r * H - v.y + H - 1, right, 1);
  // The dates' outlines over the lines.
  for (let r = r0; r < r1; r++) {
    const row = rowAt(r);
    if (row) outlineDates(ctx, v, row, r * H - v.y, c0, c1);
  }
  // The focused cell's frame (over its neighbours' lines).
  const f = v.focus;
  if (f.row >= r0 && f.row < r1 && f.col >= c0 && f.col < c1) {
    ctx.strokeStyle = C.focus;
    ctx.lineWidth = 2;
    ctx.strokeRect(f.col * W - v.x + 1, f.row * H - v.y + 1, W - 2, H - 2);
  }
}

/** The row's scheduled days: a line above and below, thicker at the first and last day. */
function outlineDates(
  ctx: CanvasRenderingContext2D,
  v: PaintView,
  row: PaintRow,
  y: number,
  c0: number,
  c1: number,
): void {
  if (!(row.es <= row.ef)) return;
  const a = Math.max(c0, row.es - v.firstDay);
  const b = Math.min(c1 - 1, row.ef - v.firstDay);
  if (a > b) return;
  const W = v.colW;
  const H = v.rowH;
  ctx.fillStyle = C.dates;
  ctx.fillRect(a * W - v.x, y, (b - a + 1) * W, 1);
  ctx.fillRect(a * W - v.x, y + H - 1, (b - a + 1) * W, 1);
  if (row.es - v.firstDay === a) ctx.fillRect(a * W - v.x, y, 2, H);
  if (row.ef - v.firstDay === b) ctx.fillRect((b + 1) * W - v.x - 2, y, 2, H);
}

/** Closed days' diagonal hatching (as the DOM cells' striped background). */
function hatch(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = C.hatch;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let k = -h; k < w; k += 8) {
    ctx.moveTo(x + k, y + h);
    ctx.lineTo(x + k + h, y);
  }
  ctx.stroke();
  ctx.restore();
}
