// Cell edits of many directory values at once in the values table: fill down (Ctrl+D), a pasted
// matrix (Excel's rows and columns from the focused cell; one value pasted on a range fills it),
// and their undo. A change names the value, the column and the text before and after, so the undo
// is the same changes the other way. Codes are never filled (they must stay distinct).

export interface CellChange {
  readonly id: string;
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

/** Rows r0…r1 (visible order) and columns c0…c1 (the table's columns), inclusive. */
export interface CellRange {
  readonly r0: number;
  readonly r1: number;
  readonly c0: number;
  readonly c1: number;
}

type Read = (id: string, field: string) => string;

function change(id: string, field: string, after: string, read: Read): CellChange | null {
  const before = read(id, field);
  return before === after ? null : { id, field, before, after };
}

/**
 * Ctrl+D: in each column of the range, the range's first row's text goes into the rows below it;
 * a range of one row takes the text of the row above. Only cells whose text changes.
 */
export function fillDown(
  ids: readonly string[],
  fields: readonly string[],
  range: CellRange,
  read: Read,
): CellChange[] {
  const from = range.r0 === range.r1 ? range.r0 - 1 : range.r0;
  if (from < 0) return [];
  const out: CellChange[] = [];
  for (let c = range.c0; c <= range.c1; c++) {
    const field = fields[c];
    if (field === undefined || field === 'code') continue;
    const text = read(ids[from]!, field);
    for (let r = from + 1; r <= range.r1; r++) {
      const ch = change(ids[r]!, field, text, read);
      if (ch) out.push(ch);
    }
  }
  return out;
}

/**
 * A pasted matrix from the range's first cell, rows down the visible values and columns to the
 * right; a single text pasted on a larger range goes into each of its cells. `outside` counts
 * the pasted cells past the last value or column (they are not written).
 */
export function pasteMatrix(
  ids: readonly string[],
  fields: readonly string[],
  range: CellRange,
  matrix: readonly (readonly string[])[],
  read: Read,
): { changes: CellChange[]; outside: number } {
  const single = matrix.length === 1 && matrix[0]!.length === 1;
  const rows = single ? range.r1 - range.r0 + 1 : matrix.length;
  const out: CellChange[] = [];
  let outside = 0;
  for (let i = 0; i < rows; i++) {
    const line = single ? Array(range.c1 - range.c0 + 1).fill(matrix[0]![0]) : matrix[i]!;
    for (let j = 0; j < line.length; j++) {
      const id = ids[range.r0 + i];
      const field = fields[range.c0 + j];
      if (id === undefined || field === undefined) {
        outside++;
        continue;
      }
      const ch = change(id, field, line[j]!, read);
      if (ch) out.push(ch);
    }
  }
  return { changes: out, outside };
}

/** The changes that take `changes` back (last first). */
export const inverse = (changes: readonly CellChange[]): CellChange[] =>
  [...changes].reverse().map((c) => ({ id: c.id, field: c.field, before: c.after, after: c.before }));
