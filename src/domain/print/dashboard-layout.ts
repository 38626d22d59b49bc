// The pages of a dashboard's print (pure): the tiles across the top of the first page, then the
// charts in a grid of equal cells, as many columns as the printable width holds (each at least
// MIN_CHART_W wide), row after row, a row that does not fit going to the next page whole. The
// header and footer bands take the room the version print gives them (titleBand).
import { PT_PER_MM, titleBand } from './layout';
import type { PrintSettings, TitleSet } from './settings';
import { bandUsed } from './titles';

export const MIN_CHART_W = 340;
export const GAP_PT = 12;
export const TILE_W = 120;
export const TILE_H = 40;
/** A chart cell is this fraction of its width high, within [MIN_CHART_H, the body's height]. */
const CHART_RATIO = 0.58;
const LEAST_RATIO = 0.45;
const MIN_CHART_H = 150;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DashboardBlock = { kind: 'tiles'; count: number } | { kind: 'chart'; key: string };

export interface Placed extends Box {
  page: number;
  /** Index of the block in the list given. */
  block: number;
}

export interface DashboardPlan {
  pageW: number;
  pageH: number;
  printable: Box;
  headerH: number;
  footerH: number;
  body: Box;
  columns: number;
  pages: number;
  placed: Placed[];
}

type Sheet = Pick<PrintSettings, 'format' | 'header' | 'footer'>;

export function planDashboard(sheet: Sheet, blocks: readonly DashboardBlock[]): DashboardPlan {
  const f = sheet.format;
  const pageW = f.width_mm * PT_PER_MM;
  const pageH = f.height_mm * PT_PER_MM;
  const m = f.margins_mm;
  const printable = {
    x: m.left * PT_PER_MM,
    y: m.top * PT_PER_MM,
    w: pageW - (m.left + m.right) * PT_PER_MM,
    h: pageH - (m.top + m.bottom) * PT_PER_MM,
  };
  const headerH = bandUsed(sheet.header) ? titleBand(sheet.header.size) : 0;
  const footerH = bandUsed(sheet.footer) ? titleBand(sheet.footer.size) : 0;
  const body = {
    x: printable.x,
    y: printable.y + headerH,
    w: printable.w,
    h: Math.max(1, printable.h - headerH - footerH),
  };
  const columns = Math.max(1, Math.floor((body.w + GAP_PT) / (MIN_CHART_W + GAP_PT)));
  const cellW = (body.w - GAP_PT * (columns - 1)) / columns;
  // A cell is CHART_RATIO of its width high; lower (down to LEAST_RATIO) when that puts one more
  // row of charts on the first page, below the tiles, filling it.
  const perRow = Math.max(1, Math.floor(body.w / TILE_W));
  const first = blocks[0];
  const tilesH =
    first?.kind === 'tiles' ? Math.min(body.h, Math.ceil(first.count / perRow) * TILE_H) + GAP_PT : 0;
  const room = body.h - tilesH + GAP_PT;
  const ideal = Math.max(MIN_CHART_H, cellW * CHART_RATIO);
  const least = Math.max(MIN_CHART_H, cellW * LEAST_RATIO);
  const rowsIdeal = Math.floor(room / (ideal + GAP_PT));
  const rowsLeast = Math.floor(room / (least + GAP_PT));
  const cellH = Math.min(body.h, rowsLeast > rowsIdeal ? room / rowsLeast - GAP_PT : ideal);
  const placed: Placed[] = [];
  let page = 0;
  let y = body.y;
  let col = 0;
  const bottom = body.y + body.h;
  const newRow = (h: number) => {
    // The next row starts below the row in progress; it goes to a new page when it does not fit.
    if (col > 0) {
      y += cellH + GAP_PT;
      col = 0;
    }
    if (y > body.y && y + h > bottom + 1e-6) {
      page++;
      y = body.y;
    }
  };
  blocks.forEach((b, i) => {
    if (b.kind === 'tiles') {
      const h = Math.min(body.h, Math.ceil(b.count / perRow) * TILE_H);
      newRow(h);
      placed.push({ page, block: i, x: body.x, y, w: body.w, h });
      y += h + GAP_PT;
      return;
    }
    if (col === 0) newRow(cellH);
    placed.push({ page, block: i, x: body.x + col * (cellW + GAP_PT), y, w: cellW, h: cellH });
    col++;
    if (col === columns) {
      col = 0;
      y += cellH + GAP_PT;
    }
  });
  return { pageW, pageH, printable, headerH, footerH, body, columns, pages: page + 1, placed };
}

/** Axis ticks from 0 (or the lowest value, when negative) to at least `max`: steps of 1, 2 or 5 × 10ⁿ. */
export function niceTicks(min: number, max: number, target = 5): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  // Nothing to scale (or less than the figures' own rounding): one unit from zero.
  if (!(hi - lo > 1e-9)) return [0, 1];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw - 1e-12) ?? 10 * mag;
  // Whole steps (a value within a millionth of a step of a tick is on it: invisible on paper).
  const first = Math.floor(lo / step + 1e-6);
  const last = Math.max(first + 1, Math.ceil(hi / step - 1e-6));
  const out: number[] = [];
  for (let k = first; k <= last; k++) out.push(k * step);
  return out;
}

/** The default titles: the dashboard and its node left, the date right; page numbers below. */
export function defaultDashboardTitles(lang: 'en' | 'ru'): { header: TitleSet; footer: TitleSet } {
  const ru = lang === 'ru';
  return {
    header: {
      size: 10,
      first: null,
      default: {
        left: ru ? 'Панель: {schedule}' : 'Dashboard: {schedule}',
        center: '{version}',
        right: '{date}',
      },
      last: null,
    },
    footer: {
      size: 8,
      first: null,
      default: {
        left: '{user}',
        center: '',
        right: ru ? 'Стр. {page} из {pages}' : 'Page {page} of {pages}',
      },
      last: null,
    },
  };
}
