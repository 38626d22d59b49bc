// The 3D pane selects the rows of a picked element: their collapsed parents open, each run of
// them is a range of the selection, the first one focused.
import { beforeEach, describe, expect, it } from 'vitest';
import { newRow } from '../../src/domain/wbs/types';
import { loadVersion, setExpanded } from '../../src/state/workbench/data';
import { selectRowsById } from '../../src/state/workbench/find';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { selectedRows } from '../../src/state/workbench/types';
import { version } from './fixtures';

beforeEach(() => {
  useWorkbench.setState(initialState(), true);
  // S (summary) → A, B, C; then D, E at the top level.
  const rows = [
    newRow('S', 'work', null, 'a0', { name: 'S' }),
    newRow('A', 'task', 'S', 'b0', { name: 'A' }),
    newRow('B', 'task', 'S', 'b1', { name: 'B' }),
    newRow('C', 'task', 'S', 'b2', { name: 'C' }),
    newRow('D', 'task', null, 'a1', { name: 'D' }),
    newRow('E', 'task', null, 'a2', { name: 'E' }),
  ];
  loadVersion(version(), rows, []);
});

const ids = () => {
  const s = workbench.get();
  return selectedRows(s.selection).map((i) => s.visible.ids[i]);
};

describe('selectRowsById', () => {
  it('opens collapsed parents and selects the rows as ranges, the first focused', () => {
    setExpanded(['S'], false);
    expect(workbench.get().visible.ids).toEqual(['S', 'D', 'E']);
    expect(selectRowsById(['E', 'B', 'A'])).toBe(true);
    expect(workbench.get().visible.ids).toEqual(['S', 'A', 'B', 'C', 'D', 'E']);
    const sel = workbench.get().selection;
    expect([sel.anchor.row, sel.focus.row]).toEqual([1, 2]);
    expect(ids().sort()).toEqual(['A', 'B', 'E']);
  });

  it('refuses ids the version does not hold and leaves the selection', () => {
    const before = workbench.get().selection;
    expect(selectRowsById(['nope'])).toBe(false);
    expect(workbench.get().selection).toBe(before);
  });
});
