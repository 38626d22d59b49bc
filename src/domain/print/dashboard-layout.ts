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
  const cellH = Math.min(body.h, Math.max(MIN_CHART_H, cellW * CHART_RATIO));
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
      const perRow = Math.max(1, Math.floor(body.w / TILE_W));
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
  if (!(hi > lo)) return [0, 1];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw - 1e-12) ?? 10 * mag;
  const first = Math.floor(lo / step + 1e-9) * step;
  const out: number[] = [];
  for (let v = first; v < hi + step - 1e-9 * step; v += step) out.push(Math.round(v / step) * step);
  return out;
}

/** The default titles: the dashboard and its node left, the date right; page numbers below. */
export function defaultDashboardTitles(lang: 'en' | 'ru'): { header: TitleSet; footer: TitleSet } {
  const ru = lang === 'ru';
  return {
    header: {
      size: 10,
      first: null,
      default: { left: ru ? 'Панель: {schedule}' : 'Dashboard: {schedule}', center: '{version}', right: '{date}' },
      last: null,
    },
    footer: {
      size: 8,
      first: null,
      default: { left: '{user}', center: '', right: ru ? 'Стр. {page} из {pages}' : 'Page {page} of {pages}' },
      last: null,
    },
  };
}
