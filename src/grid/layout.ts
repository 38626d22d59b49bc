// Pure column geometry of the grid: x offsets, frozen (sticky) left offsets, hit-testing x → column,
// and the layout edits behind resize, reorder, show/hide.

import type { ColumnLayout } from '../state/workbench/types';

export const MIN_COLUMN_WIDTH = 36;
/** Width of the row-number gutter at the left. */
export const GUTTER = 44;

export interface ColumnGeometry {
  readonly left: readonly number[];
  readonly total: number;
}

export function columnGeometry(cols: readonly ColumnLayout[]): ColumnGeometry {
  const left: number[] = [];
  let x = GUTTER;
  for (const c of cols) {
    left.push(x);
    x += c.width;
  }
  return { left, total: x };
}

/** Index of the displayed column at content x, or -1 (gutter / beyond the last column). */
export function columnAtX(geo: ColumnGeometry, cols: readonly ColumnLayout[], x: number): number {
  for (let i = 0; i < cols.length; i++) if (x >= geo.left[i]! && x < geo.left[i]! + cols[i]!.width) return i;
  return -1;
}

export function resizeColumn(layout: readonly ColumnLayout[], id: string, width: number): ColumnLayout[] {
  return layout.map((c) =>
    c.id === id ? { ...c, width: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) } : c,
  );
}

/** Move column `id` to the place of column `before` (or to the end when null). */
export function moveColumn(
  layout: readonly ColumnLayout[],
  id: string,
  before: string | null,
): ColumnLayout[] {
  if (id === before) return [...layout];
  const moving = layout.find((c) => c.id === id);
  if (!moving) return [...layout];
  const rest = layout.filter((c) => c.id !== id);
  const at = before === null ? rest.length : rest.findIndex((c) => c.id === before);
  rest.splice(at < 0 ? rest.length : at, 0, moving);
  return rest;
}

export function setColumnVisible(
  layout: readonly ColumnLayout[],
  id: string,
  visible: boolean,
): ColumnLayout[] {
  // The name column always stays: a grid without names cannot be edited.
  if (id === 'name' && !visible) return [...layout];
  return layout.map((c) => (c.id === id ? { ...c, visible } : c));
}

/** Displayed columns a row renders: the frozen ones, then `from`…`to` (inclusive). */
export interface ColumnWindow {
  readonly from: number;
  readonly to: number;
}

/**
 * The scrolling columns in the horizontal view [scrollLeft, scrollLeft + width) that the frozen
 * columns do not cover, plus `overscan` on each side, widened to keep `keep` (the focused column)
 * rendered. A row then renders about half its cells: the view rarely shows all columns.
 */
export function columnWindow(
  geo: ColumnGeometry,
  cols: readonly ColumnLayout[],
  frozen: number,
  scrollLeft: number,
  width: number,
  keep = -1,
  overscan = 1,
): ColumnWindow {
  const n = cols.length;
  if (n <= frozen) return { from: n, to: n - 1 };
  const frozenRight = frozen > 0 ? geo.left[frozen - 1]! + cols[frozen - 1]!.width : GUTTER;
  const x0 = scrollLeft + frozenRight;
  const x1 = scrollLeft + width;
  let from = frozen;
  while (from < n - 1 && geo.left[from]! + cols[from]!.width <= x0) from++;
  let to = from;
  while (to < n - 1 && geo.left[to + 1]! < x1) to++;
  from = Math.max(frozen, from - overscan);
  to = Math.min(n - 1, to + overscan);
  if (keep >= frozen && keep < n) {
    from = Math.min(from, keep);
    to = Math.max(to, keep);
  }
  return { from, to };
}
