// Page layout of a printed schedule: the content is one long strip (grid columns, then the Gantt)
// scaled onto sheets, split into row bands (down) and column bands (across), with the column
// header and timescale repeated at the top of every page. Page p shows row band ⌊p / across⌋ and
// column band p mod across. All sizes are PDF points (1/72 in).

import { minutesToParts, partsToMinutes } from '../io/write-time';
import { bandUsed } from './titles';
import { COLUMN_WIDTH } from './settings';
import type { PrintSettings } from './settings';

export const PT_PER_MM = 72 / 25.4;
/** Unscaled row height, column header height (two timescale tiers) and legend band. */
export const ROW_PT = 13;
export const HEAD_PT = 28;
export const LEGEND_PT = 16;
/** Narrowest Gantt when fitting to pages; Gantt points per day at scale 100 %. */
export const MIN_GANTT_PT = 160;
export const DAY_PT = 3;
export const MAX_PAGES = 20_000;
const MIN_SCALE = 0.05;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PagePlan {
  pageW: number;
  pageH: number;
  /** Inside the margins. */
  printable: Box;
  headerH: number;
  footerH: number;
  legendH: number;
  /** The strip's area on a page: column header plus rows (scaled sizes). */
  body: Box;
  scale: number;
  gridW: number;
  ganttW: number;
  rowsPerPage: number;
  across: number;
  down: number;
  pages: number;
}

export const titleBand = (size: number) => Math.ceil(size * 1.8);

/** Days spanned by the timescale (at least one). */
export const spanDays = (t0: number, t1: number) => Math.max(1, (t1 - t0) / 1440);

/** `gridWidth`: the grid's width when its columns are not the settings' own (the user's layout). */
export function planPages(settings: PrintSettings, rows: number, days: number, gridWidth?: number): PagePlan {
  const f = settings.format;
  const pageW = f.width_mm * PT_PER_MM;
  const pageH = f.height_mm * PT_PER_MM;
  const m = f.margins_mm;
  const printable = {
    x: m.left * PT_PER_MM,
    y: m.top * PT_PER_MM,
    w: pageW - (m.left + m.right) * PT_PER_MM,
    h: pageH - (m.top + m.bottom) * PT_PER_MM,
  };
  const headerH = bandUsed(settings.header) ? titleBand(settings.header.size) : 0;
  const footerH = bandUsed(settings.footer) ? titleBand(settings.footer.size) : 0;
  const legendH = settings.legend ? LEGEND_PT : 0;
  const body = {
    x: printable.x,
    y: printable.y + headerH,
    w: printable.w,
    h: Math.max(1, printable.h - headerH - footerH - legendH),
  };
  const gridW = gridWidth ?? settings.columns.reduce((s, c) => s + COLUMN_WIDTH[c], 0);
  let scale: number;
  let ganttW: number;
  let across: number;
  if (settings.fit.mode === 'pages') {
    across = settings.fit.pages_wide;
    scale = Math.max(MIN_SCALE, Math.min(1, (across * body.w) / (gridW + MIN_GANTT_PT)));
    ganttW = (across * body.w) / scale - gridW;
  } else {
    scale = settings.fit.percent / 100;
    ganttW = Math.max(MIN_GANTT_PT, days * DAY_PT);
    // A hair of tolerance: a strip that fits exactly does not spill onto a page of its own.
    across = Math.max(1, Math.ceil(((gridW + ganttW) * scale) / body.w - 1e-9));
  }
  const rowsPerPage = Math.max(1, Math.floor((body.h - HEAD_PT * scale) / (ROW_PT * scale)));
  const down = Math.max(1, Math.ceil(rows / rowsPerPage));
  return {
    pageW,
    pageH,
    printable,
    headerH,
    footerH,
    legendH,
    body,
    scale,
    gridW,
    ganttW,
    rowsPerPage,
    across,
    down,
    pages: across * down,
  };
}

export interface PageSlice {
  index: number;
  rowFrom: number;
  /** Exclusive. */
  rowTo: number;
  band: number;
  /** Left edge of this page's window into the strip, in unscaled strip points. */
  stripX: number;
  /** Width of the window in unscaled strip points. */
  stripW: number;
}

export function pageAt(plan: PagePlan, rows: number, index: number): PageSlice {
  const down = Math.floor(index / plan.across);
  const band = index % plan.across;
  const stripW = plan.body.w / plan.scale;
  return {
    index,
    rowFrom: Math.min(rows, down * plan.rowsPerPage),
    rowTo: Math.min(rows, (down + 1) * plan.rowsPerPage),
    band,
    stripX: band * stripW,
    stripW,
  };
}

export interface Tick {
  from: number;
  to: number;
  label: string;
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

const nextOf = (m: number, unit: Unit): number => {
  const p = minutesToParts(m);
  switch (unit) {
    case 'day':
      return m + 1440;
    case 'week':
      return m + 7 * 1440;
    case 'month':
      return partsToMinutes({ y: p.mo === 12 ? p.y + 1 : p.y, mo: (p.mo % 12) + 1, d: 1, h: 0, mi: 0 });
    case 'quarter': {
      const q = Math.floor((p.mo - 1) / 3) * 3 + 4;
      return partsToMinutes({ y: q > 12 ? p.y + 1 : p.y, mo: q > 12 ? q - 12 : q, d: 1, h: 0, mi: 0 });
    }
    case 'year':
      return partsToMinutes({ y: p.y + 1, mo: 1, d: 1, h: 0, mi: 0 });
  }
};

const startOf = (m: number, unit: Unit): number => {
  const p = minutesToParts(m);
  const day = Math.floor(m / 1440) * 1440;
  switch (unit) {
    case 'day':
      return day;
    case 'week': {
      // 2000-01-01 was a Saturday: Mondays are days ≡ 2 (mod 7).
      const d = Math.floor(m / 1440);
      return (d - ((((d - 2) % 7) + 7) % 7)) * 1440;
    }
    case 'month':
      return partsToMinutes({ y: p.y, mo: p.mo, d: 1, h: 0, mi: 0 });
    case 'quarter':
      return partsToMinutes({ y: p.y, mo: Math.floor((p.mo - 1) / 3) * 3 + 1, d: 1, h: 0, mi: 0 });
    case 'year':
      return partsToMinutes({ y: p.y, mo: 1, d: 1, h: 0, mi: 0 });
  }
};

const labelOf = (m: number, unit: Unit, months: readonly string[]): string => {
  const p = minutesToParts(m);
  switch (unit) {
    case 'day':
      return String(p.d);
    case 'week':
      return `${String(p.d).padStart(2, '0')}.${String(p.mo).padStart(2, '0')}`;
    case 'month':
      return months[p.mo - 1]!;
    case 'quarter':
      return `Q${Math.floor((p.mo - 1) / 3) + 1}`;
    case 'year':
      return String(p.y);
  }
};

export const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The tiers' units for a Gantt of `ptPerDay` points per day: labels never overlap. */
export function tiersFor(ptPerDay: number): [Unit, Unit] {
  if (ptPerDay >= 14) return ['month', 'day'];
  if (ptPerDay >= 4) return ['month', 'week'];
  if (ptPerDay >= 0.9) return ['year', 'month'];
  if (ptPerDay >= 0.3) return ['year', 'quarter'];
  return ['year', 'year'];
}

/** Ticks of a unit covering [t0, t1], each clipped to it. */
export function ticks(t0: number, t1: number, unit: Unit, months: readonly string[] = MONTHS_EN): Tick[] {
  const out: Tick[] = [];
  for (let m = startOf(t0, unit); m < t1; m = nextOf(m, unit)) {
    out.push({ from: Math.max(t0, m), to: Math.min(t1, nextOf(m, unit)), label: labelOf(m, unit, months) });
    if (out.length > 100_000) break;
  }
  return out;
}
