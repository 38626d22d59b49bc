// The page's splitters (kept per user), the timetable state shown beside the live dates, and the
// column menu's levels.
import { describe, expect, it } from 'vitest';
import { buildTreeIndex } from '../../../src/domain/wbs/tree-index';
import { newRow } from '../../../src/domain/wbs/types';
import { treeDepth } from '../../../src/grid/ColumnMenu';
import {
  clampGridWidth,
  clampPanelHeight,
  defaultPanelHeight,
  gridWidthFor,
  readSplit,
  saveSplit,
  splitKey,
} from '../../../src/modules/schedule/split-sizes';
import {
  calculated,
  followStore,
  startTracker,
  storedState,
} from '../../../src/modules/schedule/stored-state';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('split sizes', () => {
  it('default to a share of the window, clamped so the grid and the Gantt both stay usable', () => {
    expect(gridWidthFor(null, 1556)).toBe(760);
    expect(gridWidthFor(null, 1236)).toBe(760);
    expect(gridWidthFor(null, 980)).toBe(608);
    expect(gridWidthFor(null, 600)).toBe(360);
    expect(gridWidthFor(0.9, 980)).toBe(740);
    expect(clampGridWidth(100, 1236)).toBe(280);
    expect(defaultPanelHeight(676)).toBe(150);
    expect(defaultPanelHeight(856)).toBe(188);
    expect(defaultPanelHeight(2000)).toBe(220);
    expect(clampPanelHeight(50, 856)).toBe(120);
    expect(clampPanelHeight(900, 856)).toBe(596);
  });

  it('are kept per user and survive bad stored values', () => {
    const store = memory();
    saveSplit('u1', { gridShare: 0.6, panelHeight: 300 }, store);
    expect(readSplit('u1', store)).toEqual({ gridShare: 0.6, panelHeight: 300 });
    expect(readSplit('u2', store)).toEqual({ gridShare: null, panelHeight: null });
    store.m.set(splitKey('u3'), '{"gridShare": 7, "panelHeight": "x"}');
    expect(readSplit('u3', store)).toEqual({ gridShare: null, panelHeight: null });
    store.m.set(splitKey('u4'), 'not json');
    expect(readSplit('u4', store)).toEqual({ gridShare: null, panelHeight: null });
  });
});

describe('stored timetable state', () => {
  const loaded = { loads: 1, dataRevision: 1 };

  it('is the server state after a load, not calculated after any change', () => {
    let tr = startTracker(loaded);
    expect(storedState('calculated', tr, false)).toBe('calculated');
    tr = followStore(tr, { loads: 1, dataRevision: 2 });
    expect(storedState('calculated', tr, false)).toBe('not_calculated');
    // A reload reads the server's state again.
    tr = followStore(tr, { loads: 2, dataRevision: 3 });
    expect(storedState('not_calculated', tr, false)).toBe('not_calculated');
    expect(storedState('calculated', tr, false)).toBe('calculated');
  });

  it('is in process during Calculate and calculated after it unless an edit came meanwhile', () => {
    let tr = followStore(startTracker(loaded), { loads: 1, dataRevision: 2 });
    expect(storedState('calculated', tr, true)).toBe('in_process');
    expect(storedState('calculated', calculated(tr, 2), false)).toBe('calculated');
    tr = followStore(tr, { loads: 1, dataRevision: 3 });
    expect(storedState('calculated', calculated(tr, 2), false)).toBe('not_calculated');
  });

  it('keeps the same tracker when nothing moved (no render)', () => {
    const tr = startTracker(loaded);
    expect(followStore(tr, loaded)).toBe(tr);
  });
});

describe('column menu levels', () => {
  it('counts the levels of the WBS tree', () => {
    const rows = new Map(
      [
        newRow('a', 'sum', null, 'a'),
        newRow('b', 'sum', 'a', 'a'),
        newRow('c', 'sum', 'b', 'a'),
        newRow('d', 'task', 'c', 'a'),
        newRow('e', 'task', null, 'b'),
      ].map((r) => [r.id, r]),
    );
    expect(treeDepth(buildTreeIndex(rows))).toBe(4);
    expect(treeDepth(buildTreeIndex(new Map()))).toBe(0);
  });
});
