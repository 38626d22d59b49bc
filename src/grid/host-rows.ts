// The rows every host of the shared grid over a tree reads alike (the Resources, estimate and
// directory screens): the page's rows handed to the grid through a React context, and the blank
// line after the last row, where typing adds one.
import { useContext, useMemo, type Context } from 'react';
import type { GridRowView, GridRows } from './grid-host';

/** A host's useRows: the rows the page provides through `context`. */
export function useContextRows<V extends GridRowView>(context: Context<readonly V[]>): GridRows<V> {
  const rows = useContext(context);
  return useMemo(() => ({ count: rows.length, at: (i: number) => rows[i] ?? null }), [rows]);
}

/** The blank line at position `index` (the host adds its own fields, null there). */
export function blankLine(id: string, index: number): GridRowView {
  return {
    index,
    row: { id },
    level: 0,
    hasChildren: false,
    expanded: false,
    outline: String(index + 1),
  };
}
