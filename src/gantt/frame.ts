// The readonly frame the Gantt draw functions are pure functions of (STYLE 7). A frame holds only
// what is in view: the visible rows' bars and the relations touching the visible row range.

import type { HeaderTexts } from './tier-labels';
import type { Timescale } from './timescale';

export type BarKind = 'task' | 'sum' | 'milestone_start' | 'milestone_finish' | 'none';

export interface GanttBar {
  /** Index in the flattened visible view. */
  readonly row: number;
  readonly id: string;
  readonly kind: BarKind;
  readonly name: string;
  /** Minutes since 2000-01-01; NaN when not scheduled yet. */
  readonly start: number;
  readonly finish: number;
  /** 0–100. */
  readonly progress: number;
  readonly critical: boolean;
  /** A layout's colour for the bar (by a column's value), else the theme's. */
  readonly color?: string | undefined;
  /** Bars of the target version, drawn under the current ones; NaN when absent. */
  readonly targetStart: number;
  readonly targetFinish: number;
  /**
   * Where the bar started before levelling delayed it (src/api/levelling.ts; the bar itself is at
   * its levelled dates, the engine's): the delay is drawn from there. NaN when not delayed.
   */
  readonly levelFrom?: number;
  readonly selected: boolean;
}

export type LinkType = 'fs' | 'ss' | 'ff' | 'sf';

export interface GanttLink {
  readonly id: string;
  readonly type: LinkType;
  readonly predRow: number;
  /** Kinds of the two ends: a milestone is met at its diamond's tips. */
  readonly predKind: BarKind;
  readonly succKind: BarKind;
  readonly predStart: number;
  readonly predFinish: number;
  readonly succRow: number;
  readonly succStart: number;
  readonly succFinish: number;
  readonly critical: boolean;
}

export interface GanttTheme {
  readonly background: string;
  readonly headerBackground: string;
  readonly headerText: string;
  readonly gridLine: string;
  readonly majorLine: string;
  readonly weekend: string;
  readonly rowSelected: string;
  readonly bar: string;
  readonly barProgress: string;
  readonly critical: string;
  readonly criticalProgress: string;
  readonly summary: string;
  /** The done part of a summary bar (a WBS summary's or a group header's rolled-up percent). */
  readonly summaryProgress: string;
  readonly milestone: string;
  readonly target: string;
  /** Levelled bars (the task Gantt's levelled dates; the resource Gantt's former dates are target). */
  readonly levelled: string;
  /** The resource Gantt's usage within and above the availability, and the availability line. */
  readonly usage: string;
  readonly overUsage: string;
  readonly capacity: string;
  readonly link: string;
  readonly dataDate: string;
  /** The 4D player's time line (the workbench's theme only). */
  readonly playerTime?: string;
  readonly label: string;
  readonly font: string;
  readonly headerFont: string;
}

export interface GanttFrame {
  /** Canvas size in CSS pixels. */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly rowHeight: number;
  /** The timescale header height (two tiers). */
  readonly headerHeight: number;
  /** Vertical scroll in CSS px, shared with the grid. */
  readonly scrollTop: number;
  readonly rowCount: number;
  readonly timescale: Timescale;
  readonly bars: readonly GanttBar[];
  readonly links: readonly GanttLink[];
  /** Data date, or NaN. */
  readonly dataDate: number;
  /** The 3D pane's 4D player time while the pane is open; absent or NaN: none. */
  readonly playerTime?: number;
  readonly locale: string;
  /** Header texts that are not dates (the quarter's name). */
  readonly texts: HeaderTexts;
  readonly theme: GanttTheme;
  readonly showLabels: boolean;
}

/** Visible row range [first, last] for a scroll position; overscan rows each side. */
export function visibleRows(
  scrollTop: number,
  bodyHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = 2,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(rowCount - 1, Math.ceil((scrollTop + bodyHeight) / rowHeight) + overscan);
  return { first, last };
}

/** Viewport y (CSS px, canvas coordinates) of the top of a row. */
export function rowTop(
  frame: Pick<GanttFrame, 'headerHeight' | 'rowHeight' | 'scrollTop'>,
  row: number,
): number {
  return frame.headerHeight + row * frame.rowHeight - frame.scrollTop;
}
