// Ctrl+click selections: several ranges at once. The row commands act on every selected row, the
// link command in the order the rows were picked (P6 and MS Project users link two far-apart
// activities with Ctrl+click, then Link).
import { beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/state/workbench/commands';
import { selectedIds } from '../../src/state/workbench/commands-rows';
import { loadVersion } from '../../src/state/workbench/data';
import { provideServices } from '../../src/state/workbench/services';
import { initialState, useWorkbench, workbench } from '../../src/state/workbench/store';
import { selectedColumnsOf, selectedRows } from '../../src/state/workbench/types';
import { version } from './fixtures';
import { newRow } from '../../src/domain/wbs/types';

let n = 0;
provideServices({ newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` });

beforeEach(() => {
  useWorkbench.setState(initialState(), true);
  // Five unlinked tasks A…E at the top level (rows 0–4).
  const rows = ['A', 'B', 'C', 'D', 'E'].map((id, i) => newRow(id, 'task', null, `a${i}`, { name: id }));
  loadVersion(version(), rows, []);
});

const cell = (row: number, col = 1) => ({ row, col });

describe('a selection of several ranges', () => {
  it('lists its rows range by range, each once, and its columns per row', () => {
    const sel = {
      anchor: cell(1),
      focus: cell(2, 3),
      extra: [
        { r0: 4, r1: 4, c0: 1, c1: 1 },
        { r0: 0, r1: 1, c0: 2, c1: 2 },
      ],
    };
    expect(selectedRows(sel)).toEqual([4, 0, 1, 2]);
    expect(selectedColumnsOf(sel, 1)).toEqual([1, 3]);
    expect(selectedColumnsOf(sel, 3)).toBeNull();
    workbench.set({ selection: sel });
    expect(selectedIds(workbench.get())).toEqual(['E', 'A', 'B', 'C']);
  });

  it('links rows picked far apart, in the order they were picked', () => {
    workbench.set({
      selection: { anchor: cell(4), focus: cell(4), extra: [{ r0: 1, r1: 1, c0: 1, c1: 1 }] },
    });
    runCommand('link');
    const rels = [...workbench.get().wbs.doc.relations.values()].map((r) => [r.predId, r.succId]);
    expect(rels).toEqual([['B', 'E']]);
  });

  it('is dropped by a move of the focus', () => {
    workbench.set({
      selection: { anchor: cell(4), focus: cell(4), extra: [{ r0: 1, r1: 1, c0: 1, c1: 1 }] },
    });
    runCommand('moveUp');
    expect(workbench.get().selection.extra).toBeUndefined();
    expect(selectedRows(workbench.get().selection)).toEqual([3]);
  });
});
