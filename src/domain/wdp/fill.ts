// Fill in the day matrix, as in a spreadsheet: the selected cells (the source) are repeated over
// the cells a fill reaches (the target), by dragging the selection's corner handle or with
// Ctrl+D (down) / Ctrl+R (right). The source's pattern is tiled: a target cell takes the value of
// the source cell at the same offset modulo the source's size, in whichever direction the fill
// goes. Pure index arithmetic; the matrix turns the cells into edits of one kind.

/** A rectangle of matrix cells, both ends included (r0 ≤ r1, c0 ≤ c1). */
export interface CellRange {
  readonly r0: number;
  readonly r1: number;
  readonly c0: number;
  readonly c1: number;
}

/** One filled cell: where it is and the source cell whose value it takes. */
export interface FillCell {
  readonly row: number;
  readonly col: number;
  readonly fromRow: number;
  readonly fromCol: number;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * The range a fill handle dragged to (row, col) covers: the source extended in ONE direction,
 * the one in which the pointer is farthest outside it (down, up, right or left), as a
 * spreadsheet does. Inside the source: the source itself (nothing to fill). Clamped to
 * [0, rows) × [0, cols).
 */
export function fillTarget(
  source: CellRange,
  pointer: { row: number; col: number },
  rows: number,
  cols: number,
): CellRange {
  const row = Math.max(0, Math.min(rows - 1, pointer.row));
  const col = Math.max(0, Math.min(cols - 1, pointer.col));
  const down = row - source.r1;
  const up = source.r0 - row;
  const right = col - source.c1;
  const left = source.c0 - col;
  const best = Math.max(down, up, right, left);
  if (best <= 0) return source;
  if (best === down) return { ...source, r1: row };
  if (best === up) return { ...source, r0: row };
  if (best === right) return { ...source, c1: col };
  return { ...source, c0: col };
}

/**
 * The cells of `target` outside `source`, each with the source cell it copies (the pattern
 * tiled from the source's top-left). `target` must contain `source`.
 */
export function fillCells(source: CellRange, target: CellRange): FillCell[] {
  const h = source.r1 - source.r0 + 1;
  const w = source.c1 - source.c0 + 1;
  const out: FillCell[] = [];
  for (let row = target.r0; row <= target.r1; row++)
    for (let col = target.c0; col <= target.c1; col++) {
      if (row >= source.r0 && row <= source.r1 && col >= source.c0 && col <= source.c1) continue;
      out.push({
        row,
        col,
        fromRow: source.r0 + mod(row - source.r0, h),
        fromCol: source.c0 + mod(col - source.c0, w),
      });
    }
  return out;
}

/**
 * Ctrl+D / Ctrl+R on a selection: fill down copies the selection's first row into its other
 * rows, fill right its first column into its other columns; a selection one row high (one column
 * wide) takes the row above (the column to the left) instead, as Excel does. Null when there is
 * nothing to copy from (the first row or column of the matrix).
 */
export function fillByKey(
  sel: CellRange,
  direction: 'down' | 'right',
): { source: CellRange; target: CellRange } | null {
  if (direction === 'down') {
    if (sel.r1 > sel.r0) return { source: { ...sel, r1: sel.r0 }, target: sel };
    if (sel.r0 === 0) return null;
    return { source: { ...sel, r0: sel.r0 - 1, r1: sel.r0 - 1 }, target: { ...sel, r0: sel.r0 - 1 } };
  }
  if (sel.c1 > sel.c0) return { source: { ...sel, c1: sel.c0 }, target: sel };
  if (sel.c0 === 0) return null;
  return { source: { ...sel, c0: sel.c0 - 1, c1: sel.c0 - 1 }, target: { ...sel, c0: sel.c0 - 1 } };
}

/** One cell a handle fill writes, with its value (null clears). */
export interface FilledValue {
  readonly row: number;
  readonly col: number;
  readonly value: number | null;
}

/** Kept to the thousandth like every day value (and never -0). */
const thousandth = (x: number) => Math.round(x * 1000) / 1000 + 0;

/**
 * The least-squares line through the values at offsets 0 … n−1 (Excel's AutoFill trend): for an
 * arithmetic series it is the series itself (1, 2 → step 1; 10, 7 → step −3).
 */
function trendOf(values: readonly number[]): { a: number; b: number } {
  const n = values.length;
  const kMean = (n - 1) / 2;
  const vMean = values.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  for (let k = 0; k < n; k++) {
    num += (k - kMean) * (values[k]! - vMean);
    den += (k - kMean) ** 2;
  }
  const b = num / den;
  return { a: vMean - b * kMean, b };
}

/**
 * What dragging the fill handle from `source` over `target` writes, as Excel's AutoFill does:
 * along the fill's direction each line of the source (a column for a fill down or up, a row for
 * a fill right or left) that holds two or more numbers and no empty cell is extended as a series
 * (its least-squares trend: 1, 2 → 3, 4 …; 5, 3 upwards → 7, 9 …); any other line (one value, an
 * empty cell) is copied, its pattern tiled as fillCells does. Values kept to the thousandth.
 */
export function fillValues(
  source: CellRange,
  target: CellRange,
  valueAt: (row: number, col: number) => number | null,
): FilledValue[] {
  const vertical = target.r0 < source.r0 || target.r1 > source.r1;
  const trends = new Map<number, { a: number; b: number } | null>();
  const trendOfLine = (line: number) => {
    if (!trends.has(line)) {
      const values: number[] = [];
      const [from, to] = vertical ? [source.r0, source.r1] : [source.c0, source.c1];
      for (let k = from; k <= to; k++) {
        const v = vertical ? valueAt(k, line) : valueAt(line, k);
        if (v === null) break;
        values.push(v);
      }
      trends.set(line, values.length >= 2 && values.length === to - from + 1 ? trendOf(values) : null);
    }
    return trends.get(line)!;
  };
  return fillCells(source, target).map((f) => {
    const trend = trendOfLine(vertical ? f.col : f.row);
    if (!trend) return { row: f.row, col: f.col, value: valueAt(f.fromRow, f.fromCol) };
    const k = vertical ? f.row - source.r0 : f.col - source.c0;
    return { row: f.row, col: f.col, value: thousandth(trend.a + trend.b * k) };
  });
}
