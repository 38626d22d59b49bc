// Paints cyclogram frames from cached pictures, so a pan is a copy, not a redraw of 10,000 works
// (issue 19: a p95 pan frame ≤ 16.7 ms with every work in view). Two layers are kept:
// - the body (bands, clashes, target, lines, data date) on a tile three views wide, drawn at a
//   fixed scroll `s0`; a frame copies the part in view. When the view leaves the tile, the tile
//   is shifted (the overlapping part copied, only the strip that came into view drawn), and after
//   a pan the tile is re-centred while the browser is idle, so a steady pan rarely draws at all;
// - the location labels (they do not move with time).
// Hover, focus, selection, drag and the header are drawn over them on every frame (few calls).
// Anything the body depends on (the data, the zoom, the size) makes a new tile.
import type { CyclogramFrame } from './cyclogram-frame';
import { HEADER_H, LABEL_W } from './cyclogram-frame';
import {
  drawCyclogramBody,
  drawCyclogramHeader,
  drawCyclogramLabels,
  drawCyclogramMarks,
} from './draw-cyclogram';
import { lightTheme as theme } from './theme';

type Surface = HTMLCanvasElement | OffscreenCanvas;
type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The performance mark made when a frame was drawn anew (not copied from the cached tile). */
export const CYCLOGRAM_DRAWN = 'cyclogram:drawn';

/** How many views wide the body's tile is (one view of margin either side). */
const TILE_VIEWS = 3;

function canvasSurface(w: number, h: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

function context(s: Surface): Ctx2D {
  const ctx = s.getContext('2d') as Ctx2D | null;
  if (!ctx) throw new Error('2d context unavailable');
  return ctx;
}

/** What the body's picture depends on, compared by identity. */
function bodyKey(f: CyclogramFrame, dpr: number): readonly unknown[] {
  return [
    f.lines,
    f.target,
    f.clashes,
    f.locations,
    f.dataDate,
    f.ts.unit,
    f.ts.zoom,
    f.ts.origin,
    f.width,
    f.height,
    dpr,
  ];
}
const sameKey = (a: readonly unknown[] | null, b: readonly unknown[]) =>
  a !== null && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

export interface PainterStats {
  /** Tiles drawn whole, strips drawn on a shift, re-centrings done while idle. */
  full: number;
  strips: number;
  idle: number;
}

export class CyclogramPainter {
  private tile: Surface | null = null;
  private spare: Surface | null = null;
  private key: readonly unknown[] | null = null;
  /** The scroll (CSS px) at the tile's left edge. */
  private s0 = 0;
  private labels: Surface | null = null;
  private labelsKey: readonly unknown[] | null = null;
  private last: { f: CyclogramFrame; dpr: number } | null = null;
  private idleHandle: number | null = null;
  readonly stats: PainterStats = { full: 0, strips: 0, idle: 0 };

  /** `newSurface` makes the off-screen pictures (a test passes its own). */
  constructor(private readonly newSurface: (w: number, h: number) => Surface = canvasSurface) {}

  /** Paints frame `f` on `ctx` (its transform already scaled by `dpr`). */
  paint(ctx: CanvasRenderingContext2D, f: CyclogramFrame, dpr: number): void {
    const view = Math.max(1, f.width - LABEL_W);
    const bodyH = Math.max(1, f.height - HEADER_H);
    const key = bodyKey(f, dpr);
    const s = f.ts.scrollLeft;
    const whole = !sameKey(this.key, key) || !this.tile;
    if (whole) {
      this.key = key;
      this.fullTile(f, dpr, Math.round(s - view));
    } else if (s < this.s0 || s + view > this.s0 + view * TILE_VIEWS) {
      this.shiftTile(f, dpr, Math.round(s - view));
    }
    ctx.save();
    // Whole device pixels: the copy is never resampled (a blur while panning).
    const sx = Math.round((s - this.s0) * dpr);
    ctx.drawImage(
      this.tile!,
      sx,
      0,
      Math.round(view * dpr),
      Math.round(bodyH * dpr),
      LABEL_W,
      HEADER_H,
      view,
      bodyH,
    );
    ctx.restore();
    drawCyclogramMarks(ctx, f);
    ctx.drawImage(this.labelLayer(f, dpr), 0, 0, LABEL_W, f.height);
    drawCyclogramHeader(ctx, f);
    this.last = { f, dpr };
    this.scheduleRecentre();
    // A frame drawn anew (an open, an edit, a zoom): timed by the browser benchmark
    // (benchmarks/cyclogram-open.ts) from the navigation or the click that asked for it.
    if (whole && typeof performance !== 'undefined' && typeof performance.mark === 'function')
      performance.mark(CYCLOGRAM_DRAWN);
  }

  /** Drops the pictures (the next paint draws anew) and any pending idle work. */
  dispose(): void {
    this.cancelIdle();
    this.tile = this.spare = this.labels = null;
    this.key = this.labelsKey = this.last = null;
  }

  private labelLayer(f: CyclogramFrame, dpr: number): Surface {
    const key = [f.locations, f.height, dpr];
    if (!this.labels || !sameKey(this.labelsKey, key)) {
      this.labelsKey = key;
      this.labels = this.newSurface(Math.ceil(LABEL_W * dpr), Math.ceil(f.height * dpr));
      const ctx = context(this.labels);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawCyclogramLabels(ctx as CanvasRenderingContext2D, f);
    }
    return this.labels;
  }

  private tileSize(f: CyclogramFrame, dpr: number): [number, number] {
    const view = Math.max(1, f.width - LABEL_W);
    return [Math.ceil(view * TILE_VIEWS * dpr), Math.ceil(Math.max(1, f.height - HEADER_H) * dpr)];
  }

  /** Draws tile columns [a, b) (CSS px from the tile's left edge) for a tile starting at s0. */
  private drawStrip(ctx: Ctx2D, f: CyclogramFrame, dpr: number, s0: number, a: number, b: number) {
    if (b <= a) return;
    ctx.save();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // The tile is opaque (the chart's background): a frame copies it without filling first.
    ctx.fillStyle = theme.background;
    ctx.fillRect(a, 0, b - a, f.height);
    // The body's own drawing, as if the view were this strip: it culls to the strip and clips to
    // it, and lands at the strip's place in the tile.
    ctx.translate(a - LABEL_W, -HEADER_H);
    drawCyclogramBody(ctx as CanvasRenderingContext2D, {
      ...f,
      width: LABEL_W + (b - a),
      ts: { ...f.ts, scrollLeft: s0 + a },
    });
    ctx.restore();
  }

  private fullTile(f: CyclogramFrame, dpr: number, s0: number): void {
    const [w, h] = this.tileSize(f, dpr);
    if (!this.tile || this.tile.width !== w || this.tile.height !== h) {
      this.tile = this.newSurface(w, h);
      this.spare = this.newSurface(w, h);
    }
    this.s0 = s0;
    this.drawStrip(context(this.tile), f, dpr, s0, 0, w / dpr);
    this.stats.full++;
  }

  /** Moves the tile to start at s1: the part both cover is copied, the rest drawn. */
  private shiftTile(f: CyclogramFrame, dpr: number, s1: number): void {
    const [w, h] = this.tileSize(f, dpr);
    const width = w / dpr;
    const d = s1 - this.s0;
    if (!this.tile || !this.spare || Math.abs(d) >= width) return this.fullTile(f, dpr, s1);
    const ctx = context(this.spare);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(this.tile, -Math.round(d * dpr), 0);
    ctx.restore();
    if (d > 0) this.drawStrip(ctx, f, dpr, s1, width - d, width);
    else this.drawStrip(ctx, f, dpr, s1, 0, -d);
    [this.tile, this.spare] = [this.spare, this.tile];
    this.s0 = s1;
    this.stats.strips++;
  }

  /** After a pan near the tile's edge: re-centre the tile while the browser has nothing to do. */
  private scheduleRecentre(): void {
    const last = this.last;
    if (!last || this.idleHandle !== null) return;
    const view = Math.max(1, last.f.width - LABEL_W);
    const s = last.f.ts.scrollLeft;
    const margin = Math.min(s - this.s0, this.s0 + view * TILE_VIEWS - (s + view));
    if (margin >= view / 2) return;
    const run = () => {
      this.idleHandle = null;
      const now = this.last;
      if (!now || !sameKey(this.key, bodyKey(now.f, now.dpr))) return;
      this.shiftTile(now.f, now.dpr, Math.round(now.f.ts.scrollLeft - view));
      // A canvas rasterises its recorded drawing when it is next used: read a pixel now, so the
      // strip is paid for here, in idle time, not in the next frame's copy.
      context(this.tile!).getImageData(0, 0, 1, 1);
      this.stats.idle++;
    };
    this.idleHandle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 500 })
        : (setTimeout(run, 50) as unknown as number);
  }

  private cancelIdle(): void {
    if (this.idleHandle === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(this.idleHandle);
    else clearTimeout(this.idleHandle);
    this.idleHandle = null;
  }
}
