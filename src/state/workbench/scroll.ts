// The rows' scroll that shows one row: kept when the row is already in view (unless asked to
// centre it), else the row in the middle of the viewport, within the list's bounds.

export interface RowsScroll {
  readonly scrollTop: number;
  readonly rowHeight: number;
  readonly viewportHeight: number;
}

export function scrollTopShowing(s: RowsScroll, row: number, rowCount: number, centre = false): number {
  const top = row * s.rowHeight;
  const inView = top >= s.scrollTop && top + s.rowHeight <= s.scrollTop + s.viewportHeight;
  if (inView && !centre) return s.scrollTop;
  const max = Math.max(0, rowCount * s.rowHeight - s.viewportHeight);
  return Math.max(0, Math.min(max, top - s.viewportHeight / 2));
}
