// Pure cell-selection moves of the Excel-like keyboard: arrows, Tab, Home/End, Ctrl+Home/End,
// PageUp/Down, each with or without Shift (extend the range from the anchor).

import type { CellRef, Selection } from './types';

export interface GridBounds {
  readonly rows: number;
  readonly cols: number;
  /** Rows per page (PageUp/PageDown). */
  readonly page: number;
}

export type Move =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'docStart'
  | 'docEnd'
  | 'pageUp'
  | 'pageDown'
  | 'next'
  | 'prev';

function clampCell(c: CellRef, b: GridBounds): CellRef {
  return {
    row: Math.max(0, Math.min(b.rows - 1, c.row)),
    col: Math.max(0, Math.min(b.cols - 1, c.col)),
  };
}

export function moveCell(c: CellRef, move: Move, b: GridBounds): CellRef {
  switch (move) {
    case 'up':
      return clampCell({ row: c.row - 1, col: c.col }, b);
    case 'down':
      return clampCell({ row: c.row + 1, col: c.col }, b);
    case 'left':
      return clampCell({ row: c.row, col: c.col - 1 }, b);
    case 'right':
      return clampCell({ row: c.row, col: c.col + 1 }, b);
    case 'home':
      return clampCell({ row: c.row, col: 0 }, b);
    case 'end':
      return clampCell({ row: c.row, col: b.cols - 1 }, b);
    case 'docStart':
      return clampCell({ row: 0, col: 0 }, b);
    case 'docEnd':
      return clampCell({ row: b.rows - 1, col: b.cols - 1 }, b);
    case 'pageUp':
      return clampCell({ row: c.row - b.page, col: c.col }, b);
    case 'pageDown':
      return clampCell({ row: c.row + b.page, col: c.col }, b);
    case 'next':
      // Tab: next cell, wrapping to the next row's first column.
      return c.col + 1 < b.cols ? { row: c.row, col: c.col + 1 } : clampCell({ row: c.row + 1, col: 0 }, b);
    case 'prev':
      return c.col > 0 ? { row: c.row, col: c.col - 1 } : clampCell({ row: c.row - 1, col: b.cols - 1 }, b);
  }
}

export function moveSelection(sel: Selection, move: Move, extend: boolean, b: GridBounds): Selection {
  const focus = moveCell(sel.focus, move, b);
  return extend ? { anchor: sel.anchor, focus } : { anchor: focus, focus };
}

export function collapseTo(cell: CellRef): Selection {
  return { anchor: cell, focus: cell };
}
