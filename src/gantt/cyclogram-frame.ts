// The cyclogram's frame: everything one drawing needs, and the geometry shared by the drawing and
// the pointer (where a location's band is, where a segment's sloped line runs). Pure; no DOM.
import type { CyclogramLine } from '../api/views';
import type { Timescale } from './timescale';
import { timeToX } from './timescale';

export interface CycloClashView {
  loc: number;
  start: number;
  finish: number;
}

export interface CyclogramFrame {
  readonly width: number;
  readonly height: number;
  readonly ts: Timescale;
  readonly locations: readonly string[];
  readonly lines: readonly CyclogramLine[];
  readonly target: readonly CyclogramLine[] | null;
  readonly clashes: readonly CycloClashView[];
  readonly dataDate: number | null;
  readonly hoverId: string | null;
  readonly focusId: string | null;
  /** Works selected in the grid beside the chart (the workbench's cyclogram): drawn with a halo. */
  readonly selectedIds?: ReadonlySet<string>;
  /** A segment being dragged, and by how many minutes: drawn where it would land. */
  readonly dragging?: { readonly id: string; readonly minutes: number } | null;
  readonly locale: string;
  readonly quarter: (q: number) => string;
}

export const LABEL_W = 120;
export const HEADER_H = 40;
const MIN_BAND = 18;

/** Height of one location's band (the chart fits the height; a band is never under 18 px). */
export function bandHeight(f: Pick<CyclogramFrame, 'height' | 'locations'>): number {
  return Math.max(MIN_BAND, (f.height - HEADER_H) / Math.max(1, f.locations.length));
}

/** Top y of location `loc`'s band: the first location at the bottom, as floors rise. */
export function bandTop(f: Pick<CyclogramFrame, 'height' | 'locations'>, loc: number): number {
  const h = bandHeight(f);
  return HEADER_H + (f.locations.length - 1 - loc) * h;
}

/** The sloped line of a segment: from its start at the band's foot to its finish at the band's head. */
export function segmentLine(
  f: Pick<CyclogramFrame, 'height' | 'locations' | 'ts'>,
  seg: { loc: number; start: number; finish: number },
): [number, number, number, number] {
  const top = bandTop(f, seg.loc);
  const h = bandHeight(f);
  return [LABEL_W + timeToX(f.ts, seg.start), top + h - 3, LABEL_W + timeToX(f.ts, seg.finish), top + 3];
}

function distanceToSegment(px: number, py: number, [x0, y0, x1, y1]: [number, number, number, number]) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len));
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

/** The work under the pointer (within 6 px of its line), the nearest one; null: none. */
export function hitCyclogram(
  f: Pick<CyclogramFrame, 'height' | 'locations' | 'ts' | 'lines'>,
  x: number,
  y: number,
): { line: CyclogramLine; index: number } | null {
  if (x < LABEL_W || y < HEADER_H) return null;
  let best: { line: CyclogramLine; index: number } | null = null;
  let bestD = 6;
  for (const line of f.lines)
    line.segments.forEach((seg, index) => {
      const d = distanceToSegment(x, y, segmentLine(f, seg));
      if (d <= bestD) {
        bestD = d;
        best = { line, index };
      }
    });
  return best;
}
