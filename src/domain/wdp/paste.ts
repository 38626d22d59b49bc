// A matrix pasted into the day grid (an estimator's month of values from Excel): each text cell
// becomes a value of one kind on one row and day; an empty text clears the value. Cells that do
// not parse are reported, not guessed.

import { parseNumberValue } from '../format/numbers';
import type { PlanKind } from './types';

export interface CellEdit {
  readonly rowId: string;
  readonly day: number;
  readonly kind: PlanKind;
  /** null clears the value. */
  readonly value: number | null;
}

export interface PasteResult {
  readonly edits: CellEdit[];
  /** Cells that are not numbers: [row offset, column offset, text]. */
  readonly invalid: [number, number, string][];
}

/**
 * `rowIds` from the anchor row down and `days` from the anchor day right (what the grid shows);
 * the matrix is cut to them.
 */
export function pasteEdits(
  matrix: readonly (readonly string[])[],
  rowIds: readonly string[],
  days: readonly number[],
  kind: PlanKind,
): PasteResult {
  const edits: CellEdit[] = [];
  const invalid: [number, number, string][] = [];
  matrix.forEach((line, r) => {
    const rowId = rowIds[r];
    if (rowId === undefined) return;
    line.forEach((text, c) => {
      const day = days[c];
      if (day === undefined) return;
      const t = text.trim();
      if (t === '') return edits.push({ rowId, day, kind, value: null });
      const v = parseNumberValue(t);
      if (v === null) return invalid.push([r, c, text]);
      edits.push({ rowId, day, kind, value: v });
    });
  });
  return { edits, invalid };
}
