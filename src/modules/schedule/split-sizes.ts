// Where the page's two splitters sit: the grid | Gantt split as a share of the main area (so it
// follows the window), the node information panel's height in pixels. Kept per user in browser
// storage (the version layout of the server holds the grid's columns only); the defaults give the
// grid a share of the window and the panel room for a few rows, both clamped so every part stays
// usable.

import { browserStore } from '../../app/session/storage';

export const GRID_MIN = 280;
export const GANTT_MIN = 240;
/** The default grid: this share of the main area, at most DEFAULT_GRID_MAX (the columns through Total float). */
const DEFAULT_GRID_SHARE = 0.62;
const DEFAULT_GRID_MAX = 760;
export const PANEL_MIN = 120;
/** The panel's default share of the page height, kept between 150 and 220 px. */
const DEFAULT_PANEL_SHARE = 0.22;
/** Room kept above the panel for the toolbar and a few grid rows. */
const ABOVE_PANEL_MIN = 260;

export interface SplitSizes {
  /** Grid width ÷ main area width; null = the default share. */
  readonly gridShare: number | null;
  /** Panel height in px; null = the default. */
  readonly panelHeight: number | null;
}

const NONE: SplitSizes = { gridShare: null, panelHeight: null };

export function splitKey(userId: string | null): string {
  return `pw.wb.split.${userId ?? 'anonymous'}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The page's key-value store (the browser's, else one in memory), read when first needed. */
const pageStore = (): Store => browserStore().raw;

export function readSplit(userId: string | null, store: Store | null = pageStore()): SplitSizes {
  try {
    const raw = store?.getItem(splitKey(userId));
    if (!raw) return NONE;
    const v = JSON.parse(raw) as Partial<Record<keyof SplitSizes, unknown>>;
    const share = typeof v.gridShare === 'number' && v.gridShare > 0 && v.gridShare < 1 ? v.gridShare : null;
    const height = typeof v.panelHeight === 'number' && v.panelHeight > 0 ? v.panelHeight : null;
    return { gridShare: share, panelHeight: height };
  } catch {
    return NONE;
  }
}

export function saveSplit(userId: string | null, sizes: SplitSizes, store: Store | null = pageStore()): void {
  try {
    store?.setItem(splitKey(userId), JSON.stringify(sizes));
  } catch {
    // Storage full or denied: the sizes last for this page only.
  }
}

/** Grid width for a main area `mainWidth` wide: the Gantt and the grid both keep their minimum. */
export function clampGridWidth(width: number, mainWidth: number): number {
  const max = Math.max(GRID_MIN, mainWidth - GANTT_MIN);
  return Math.round(Math.min(max, Math.max(GRID_MIN, width)));
}

export function gridWidthFor(share: number | null, mainWidth: number): number {
  const width =
    share === null ? Math.min(DEFAULT_GRID_MAX, DEFAULT_GRID_SHARE * mainWidth) : share * mainWidth;
  return clampGridWidth(width, mainWidth);
}

export function defaultPanelHeight(pageHeight: number): number {
  return Math.round(Math.min(220, Math.max(150, pageHeight * DEFAULT_PANEL_SHARE)));
}

/** Panel height in a page `pageHeight` tall. */
export function clampPanelHeight(height: number, pageHeight: number): number {
  const max = Math.max(PANEL_MIN, pageHeight - ABOVE_PANEL_MIN);
  return Math.round(Math.min(max, Math.max(PANEL_MIN, height)));
}
