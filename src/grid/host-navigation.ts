// The navigation every host of the shared grid answers alike (the Resources and estimate screens;
// the workbench has its own command table): the workbench key map's moves, the selections to the
// first and last row, select-all and the end of an edit in place, over the host's store and its
// page's row count.
import { displayedColumns } from '../state/workbench/columns';
import { moveSelection, type Move } from '../state/workbench/selection';
import type { EditThen, GridStore } from './grid-host';

const MOVES: Readonly<Record<string, readonly [Move, boolean]>> = {
  moveUp: ['up', false],
  moveDown: ['down', false],
  moveLeft: ['left', false],
  moveRight: ['right', false],
  extendUp: ['up', true],
  extendDown: ['down', true],
  extendLeft: ['left', true],
  extendRight: ['right', true],
  nextCell: ['next', false],
  prevCell: ['prev', false],
  rowStart: ['home', false],
  rowEnd: ['end', false],
  firstCell: ['docStart', false],
  lastCell: ['docEnd', false],
  pageUp: ['pageUp', false],
  pageDown: ['pageDown', false],
};

export interface HostNavigation {
  /** Runs a navigation command of the key map; false when `id` is not one. */
  navigate(id: string): boolean;
  /** Ends the edit in place: `write` stores the edited cell's text, then Enter or Tab moves on. */
  commitEdit(text: string, then: EditThen, write: (row: number, col: number, text: string) => void): void;
}

export function hostNavigation(store: GridStore, rowCount: () => number): HostNavigation {
  const bounds = () => {
    const s = store.get();
    return {
      rows: rowCount(),
      cols: displayedColumns(s.columns).length,
      page: Math.max(1, Math.floor(s.viewportHeight / s.rowHeight) - 1),
    };
  };
  const move = (m: Move, extend: boolean) =>
    store.set({ selection: moveSelection(store.get().selection, m, extend, bounds()), editing: null });
  const navigate = (id: string): boolean => {
    const m = MOVES[id];
    if (m) {
      move(m[0], m[1]);
      return true;
    }
    const sel = store.get().selection;
    switch (id) {
      case 'selectToFirstRow':
      case 'selectToLastRow': {
        const row = id === 'selectToFirstRow' ? 0 : Math.max(0, rowCount() - 1);
        store.set({ selection: { anchor: sel.anchor, focus: { row, col: sel.focus.col } } });
        return true;
      }
      case 'selectAll': {
        const b = bounds();
        store.set({
          selection: { anchor: { row: 0, col: 0 }, focus: { row: Math.max(0, b.rows - 1), col: b.cols - 1 } },
        });
        return true;
      }
      default:
        return false;
    }
  };
  const commitEdit = (
    text: string,
    then: EditThen,
    write: (row: number, col: number, text: string) => void,
  ) => {
    const ed = store.get().editing;
    if (!ed) return;
    store.set({ editing: null });
    write(ed.row, ed.col, text);
    if (then !== 'none')
      store.set({ selection: moveSelection(store.get().selection, then, false, bounds()) });
  };
  return { navigate, commitEdit };
}
