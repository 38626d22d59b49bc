// Builds the readonly frame from a row source: asks for the bars of the visible rows only and the
// links touching them, so the cost is independent of the row count.

import type { GanttBar, GanttFrame, GanttLink, GanttTheme } from './frame';
import { visibleRows } from './frame';
import type { HeaderTexts } from './tier-labels';
import type { Timescale } from './timescale';

/**
 * What the Gantt needs from the version store; rows are fetched by index, never copied. A source
 * is an immutable snapshot: the store hands out a new one whenever a bar or link would change.
 */
export interface GanttSource {
  readonly rowCount: number;
  bar(row: number): GanttBar | null;
  /** Relations with an end in [first, last] or crossing that range. */
  links(first: number, last: number): readonly GanttLink[];
}

export interface FrameInput {
  readonly source: GanttSource;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly rowHeight: number;
  readonly headerHeight: number;
  readonly scrollTop: number;
  readonly timescale: Timescale;
  readonly dataDate: number;
  readonly playerTime?: number;
  readonly locale: string;
  readonly texts: HeaderTexts;
  readonly theme: GanttTheme;
}

export function buildFrame(input: FrameInput): GanttFrame {
  const { source, rowHeight, headerHeight, scrollTop, height } = input;
  const { first, last } = visibleRows(scrollTop, height - headerHeight, rowHeight, source.rowCount, 1);
  const bars: GanttBar[] = [];
  for (let r = first; r <= last; r++) {
    const b = source.bar(r);
    if (b) bars.push(b);
  }
  return {
    width: input.width,
    height,
    dpr: input.dpr,
    rowHeight,
    headerHeight,
    scrollTop,
    rowCount: source.rowCount,
    timescale: input.timescale,
    bars,
    links: last >= first ? source.links(first, last) : [],
    dataDate: input.dataDate,
    playerTime: input.playerTime,
    locale: input.locale,
    texts: input.texts,
    theme: input.theme,
    showLabels: true,
  };
}
