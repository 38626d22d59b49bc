// The rows and days a day matrix paints for a scroll position: those in view plus a margin, the
// window's edges snapped to steps so that a scroll within a step changes nothing (no render at
// all), and a step's worth of rows or days comes into view already painted. Pure.

export interface MatrixWindow {
  /** First row painted (inclusive) and the row after the last (exclusive). */
  readonly r0: number;
  readonly r1: number;
  /** First day column painted (inclusive) and the column after the last (exclusive). */
  readonly c0: number;
  readonly c1: number;
}

export interface WindowGeometry {
  readonly rowHeight: number;
  readonly colWidth: number;
  /** The frozen left column's width (the day columns start after it). */
  readonly left: number;
  readonly rows: number;
  readonly cols: number;
}

/** Rows and columns per step of the window's edges (also the margin painted beyond the view). */
export const ROW_STEP = 6;
export const COL_STEP = 4;

const snapDown = (x: number, step: number) => Math.floor(x / step) * step - step;
const snapUp = (x: number, step: number) => Math.ceil(x / step) * step + step;

/**
 * The window painted for a view of `width` × `height` px scrolled to (`top`, `left`), the
 * header's height included in `height` (rows under it are covered: painting them is harmless).
 */
export function matrixWindow(
  g: WindowGeometry,
  top: number,
  left: number,
  width: number,
  height: number,
): MatrixWindow {
  const first = Math.floor(Math.max(0, top) / g.rowHeight);
  const last = Math.ceil((Math.max(0, top) + height) / g.rowHeight);
  const firstC = Math.floor(Math.max(0, left) / g.colWidth);
  const lastC = Math.ceil((Math.max(0, left) + Math.max(0, width - g.left)) / g.colWidth);
  // A view scrolled past the end (rows filtered away meanwhile) paints an empty window.
  const r1 = Math.max(0, Math.min(g.rows, snapUp(last, ROW_STEP)));
  const c1 = Math.max(0, Math.min(g.cols, snapUp(lastC, COL_STEP)));
  return {
    r0: Math.min(r1, Math.max(0, snapDown(first, ROW_STEP))),
    r1,
    c0: Math.min(c1, Math.max(0, snapDown(firstC, COL_STEP))),
    c1,
  };
}

export const sameWindow = (a: MatrixWindow, b: MatrixWindow): boolean =>
  a.r0 === b.r0 && a.r1 === b.r1 && a.c0 === b.c0 && a.c1 === b.c1;
