// The page's splitters wired to the store and to browser storage (split-sizes.ts): the grid width
// follows the saved share of the main area as the window changes; the panel height is kept here.

import { useLayoutEffect, useState } from 'react';
import { useSession } from '../../state/session';
import { workbench } from '../../state/workbench/store';
import {
  GANTT_MIN,
  GRID_MIN,
  PANEL_MIN,
  clampGridWidth,
  clampPanelHeight,
  defaultPanelHeight,
  gridWidthFor,
  readSplit,
  saveSplit,
} from './split-sizes';

export interface SplitControls {
  readonly grid: { readonly min: number; readonly max: number };
  readonly panel: { readonly height: number; readonly min: number; readonly max: number };
  setGridWidth(width: number): void;
  commitGridWidth(width: number): void;
  setPanelHeight(height: number): void;
  commitPanelHeight(height: number): void;
}

export function useSplitSizes(mainWidth: number, pageHeight: number): SplitControls {
  const userId = useSession((s) => s.user?.id ?? null);
  const [sizes, setSizes] = useState(() => readSplit(userId));
  const [readFor, setReadFor] = useState(userId);
  if (readFor !== userId) {
    // Signed in as someone else (or the user arrived after the page): their own sizes.
    setReadFor(userId);
    setSizes(readSplit(userId));
  }
  const [dragHeight, setDragHeight] = useState<number | null>(null);

  // Before paint: the grid never shows at a width it is about to leave.
  useLayoutEffect(() => {
    workbench.set({ gridWidth: gridWidthFor(sizes.gridShare, mainWidth) });
  }, [sizes.gridShare, mainWidth]);

  const panelMax = clampPanelHeight(Number.MAX_SAFE_INTEGER, pageHeight);
  const height = clampPanelHeight(
    dragHeight ?? sizes.panelHeight ?? defaultPanelHeight(pageHeight),
    pageHeight,
  );
  const save = (next: typeof sizes) => {
    setSizes(next);
    saveSplit(userId, next);
  };
  return {
    grid: { min: GRID_MIN, max: Math.max(GRID_MIN, mainWidth - GANTT_MIN) },
    panel: { height, min: PANEL_MIN, max: panelMax },
    setGridWidth: (w) => workbench.set({ gridWidth: clampGridWidth(w, mainWidth) }),
    commitGridWidth: (w) => save({ ...sizes, gridShare: clampGridWidth(w, mainWidth) / mainWidth }),
    setPanelHeight: (h) => setDragHeight(h),
    commitPanelHeight: (h) => {
      setDragHeight(null);
      save({ ...sizes, panelHeight: clampPanelHeight(h, pageHeight) });
    },
  };
}
