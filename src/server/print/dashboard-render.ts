// Drawing of a dashboard's print on a Canvas (pdfkit for the PDF, SVG for the preview): header and
// footer titles as the version print draws them, the tiles, and each chart of the dashboard's view
// drawn as vectors from the analytics figures — S-curves as lines with markers, histograms and the
// breakdowns as columns, executors as horizontal bars — in the dashboard's colours, with axes,
// period labels, a legend, numbers as spec §9 (thousands grouped; 2 decimals on the tiles).
import type { CurveResponse } from '../../api/analytics';
import { periodLabel } from '../../domain/analytics/dashboard';
import { formatNumber } from '../../domain/format';
import { niceTicks, planDashboard } from '../../domain/print/dashboard-layout';
import type { DashboardBlock, DashboardPlan, Placed } from '../../domain/print/dashboard-layout';
import type { ServerLang } from '../i18n/messages';
import { bundledTexts } from '../localization/bundled';
import { Measure, SvgCanvas } from './canvas';
import type { Canvas } from './canvas';
import type { DashboardSource } from './dashboard-source';
import { titleBand } from './render';
import { writePagedPdf } from './document';
import type { WriteHooks } from './document';

const COLORS: Record<string, string> = { plan: '#2563eb', fact: '#16a34a', target: '#9ca3af', dp: '#f59e0b' };
const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626'];

/** The dashboard's own words (the analytics namespace of the client's texts), as the screen shows them. */
type Words<K extends string> = Record<K, string>;
interface AnalyticsTexts {
  series: Partial<Record<string, string>>;
  chart: Words<
    | 'money_curve'
    | 'labour_curve'
    | 'money_histogram'
    | 'labour_histogram'
    | 'volume'
    | 'executors'
    | 'tiles'
    | 'children'
    | 'children_schedules'
  >;
  tile: Words<
    | 'activities'
    | 'completed'
    | 'in_progress'
    | 'critical'
    | 'money'
    | 'earned'
    | 'planned_to_date'
    | 'spi'
    | 'slip'
    | 'labour'
    | 'cost'
    | 'schedules'
    | 'percent'
  >;
  axis_money: string;
  axis_hours: string;
  axis_volume: string;
  no_series: string;
}
const textsOf = (lang: ServerLang) => bundledTexts(lang).analytics as unknown as AnalyticsTexts;

interface Series {
  name: string;
  color: string;
  values: number[];
  dash?: boolean;
}

/** One chart of the print: what it shows, ready to draw. */
export type PrintChart =
  | { kind: 'tiles'; key: 'tiles'; title: string; tiles: [string, string][] }
  | {
      kind: 'line' | 'column' | 'stacked' | 'bar';
      key: string;
      title: string;
      axis: string;
      categories: string[];
      series: Series[];
      /** Shown instead of the plot when every value is zero. */
      empty: string | null;
    };

/** The charts of the dashboard's view, in the screen's order (Charts in AnalyticsPage.tsx). */
export function dashboardCharts(src: DashboardSource, lang: ServerLang): PrintChart[] {
  const t = textsOf(lang);
  const f = src.figures;
  const cfg = src.config;
  const has = (k: (typeof cfg.charts)[number]) => cfg.charts.includes(k);
  const seriesName = (k: string) => t.series[k] ?? k;
  const n = (v: number | null | undefined, decimals = 2) =>
    v === null || v === undefined ? '—' : formatNumber(v, { lang, decimals });
  const zero = (c: CurveResponse | null) => !!c && c.series.every((s) => s.total === 0);
  const curve = (
    key: string,
    title: string,
    axis: string,
    c: CurveResponse,
    kind: 'line' | 'column',
    cumulative: boolean,
    keys: readonly string[] | null,
  ): PrintChart => {
    const shown = c.series.filter((s) => keys === null || keys.includes(s.key));
    return {
      kind,
      key,
      title,
      axis,
      categories: c.periods.map((p) => periodLabel(p.from, c.unit, lang)),
      series: shown.map((s, i) => ({
        name: seriesName(s.key),
        color: COLORS[s.key] ?? PALETTE[i % PALETTE.length]!,
        values: cumulative ? s.cumulative : s.per_period,
        dash: s.key === 'target',
      })),
      empty: zero(c) ? t.no_series : null,
    };
  };
  const out: PrintChart[] = [];
  if (has('tiles')) {
    const tiles: [string, string][] = [
      [t.tile.activities, n(f.stats.activities, 0)],
      ...(f.count
        ? ([
            [t.tile.completed, n(f.count.by_status.completed, 0)],
            [t.tile.in_progress, n(f.count.by_status.in_progress, 0)],
            [t.tile.critical, n(f.count.critical, 0)],
          ] as [string, string][])
        : [[t.tile.schedules, n(f.stats.schedules, 0)] as [string, string]]),
      [t.tile.money, n(f.stats.money)],
      ...(f.indicator
        ? ([
            [t.tile.planned_to_date, n(f.indicator.planned_to_date)],
            [t.tile.earned, n(f.indicator.earned_to_date)],
            [t.tile.spi, n(f.indicator.spi)],
            [t.tile.slip, n(f.indicator.slip_days)],
          ] as [string, string][])
        : []),
      [t.tile.percent, n(f.stats.percent)],
      [t.tile.cost, n(f.stats.cost)],
      [t.tile.labour, n(f.stats.labour)],
    ];
    out.push({ kind: 'tiles', key: 'tiles', title: t.chart.tiles, tiles });
  }
  const keys = cfg.series;
  if (has('money_curve'))
    out.push(curve('money_curve', t.chart.money_curve, t.axis_money, f.money, 'line', cfg.cumulative, keys));
  if (has('money_histogram'))
    out.push(curve('money_histogram', t.chart.money_histogram, t.axis_money, f.money, 'column', false, keys));
  if (has('labour_curve'))
    out.push(
      curve('labour_curve', t.chart.labour_curve, t.axis_hours, f.labour, 'line', cfg.cumulative, keys),
    );
  if (has('labour_histogram'))
    out.push(
      curve('labour_histogram', t.chart.labour_histogram, t.axis_hours, f.labour, 'column', false, keys),
    );
  if (has('volume') && f.volume)
    out.push(curve('volume', t.chart.volume, t.axis_volume, f.volume, 'column', false, null));
  if (has('executors') && f.executors && f.executors.length > 0)
    out.push({
      kind: 'bar',
      key: 'executors',
      title: t.chart.executors,
      axis: t.axis_money,
      categories: f.executors.map((b) => b.label),
      series: [
        { name: seriesName('plan'), color: COLORS.plan!, values: f.executors.map((b) => b.plan) },
        { name: seriesName('fact'), color: COLORS.fact!, values: f.executors.map((b) => b.fact) },
      ],
      empty: null,
    });
  if (has('children') && f.children) {
    const c = f.children;
    out.push({
      kind: 'column',
      key: 'children',
      title: t.chart.children,
      axis: t.axis_money,
      categories: c.map((x) => x.name),
      series: [
        { name: seriesName('plan'), color: COLORS.plan!, values: c.map((x) => x.money_plan) },
        { name: seriesName('fact'), color: COLORS.fact!, values: c.map((x) => x.money_earned) },
        { name: seriesName('target'), color: COLORS.target!, values: c.map((x) => x.money_target) },
      ],
      empty: c.length === 0 ? t.no_series : null,
    });
  }
  if (has('children') && f.schedules) {
    const s = f.schedules;
    out.push({
      kind: 'stacked',
      key: 'children_schedules',
      title: t.chart.children_schedules,
      axis: t.axis_money,
      categories: s.periods.map((p) => periodLabel(p.from, s.unit, lang)),
      series: s.series.map((x, i) => ({
        name: x.label,
        color: PALETTE[i % PALETTE.length]!,
        values: x.per_period,
      })),
      empty: zero(s) ? t.no_series : null,
    });
  }
  return out;
}

export function blocksOf(charts: readonly PrintChart[]): DashboardBlock[] {
  return charts.map((c) =>
    c.kind === 'tiles' ? { kind: 'tiles', count: c.tiles.length } : { kind: 'chart', key: c.key },
  );
}

export function dashboardPlan(src: DashboardSource, charts: readonly PrintChart[]): DashboardPlan {
  return planDashboard({ format: src.format, header: src.header, footer: src.footer }, blocksOf(charts));
}

const TITLE_PT = 9;
/** What stands for the bars or series a chart has no room for. */
const MORE: Record<ServerLang, string> = { en: '+{n} more', ru: 'ещё {n}' };
const LABEL_PT = 6.5;
const LEGEND_PT = 7;
const AXIS = '#6b7280';
const GRID = '#e5e7eb';
const FRAME = '#d1d5db';

function drawTiles(c: Canvas, m: Measure, box: Placed, chart: Extract<PrintChart, { kind: 'tiles' }>) {
  const perRow = Math.max(1, Math.floor(box.w / 120));
  const w = box.w / perRow;
  chart.tiles.forEach(([label, value], i) => {
    const x = box.x + (i % perRow) * w;
    const y = box.y + Math.floor(i / perRow) * 40;
    c.rect(x + 2, y + 2, w - 4, 36, '#f9fafb', FRAME);
    c.text(m.fit(value, w - 12, 11, true), x + 7, y + 6, { size: 11, bold: true, color: '#111827' });
    c.text(m.fit(label, w - 12, 7), x + 7, y + 24, { size: 7, color: AXIS });
  });
}

function drawChart(
  c: Canvas,
  m: Measure,
  box: Placed,
  chart: Exclude<PrintChart, { kind: 'tiles' }>,
  lang: ServerLang,
) {
  c.rect(box.x, box.y, box.w, box.h, null, FRAME);
  const pad = 6;
  c.text(m.fit(chart.title, box.w - 2 * pad, TITLE_PT, true), box.x + pad, box.y + pad, {
    size: TITLE_PT,
    bold: true,
  });
  const top = box.y + pad + TITLE_PT * 1.6;
  if (chart.empty || chart.categories.length === 0 || chart.series.length === 0) {
    const text = chart.empty ?? '';
    c.text(m.fit(text, box.w - 2 * pad, 8), box.x + pad, top + 8, { size: 8, color: AXIS });
    return;
  }
  // Legend at the bottom: a swatch and the series' name each, one line (counted when too many).
  const legendY = box.y + box.h - pad - LEGEND_PT * 1.2;
  let lx = box.x + pad;
  const right = box.x + box.w - pad;
  for (let i = 0; i < chart.series.length; i++) {
    const s = chart.series[i]!;
    const label = m.fit(s.name, 120, LEGEND_PT);
    const w = 12 + m.width(label, LEGEND_PT) + 10;
    // Series the line cannot hold are counted, not dropped silently.
    const rest = MORE[lang].replace('{n}', String(chart.series.length - i));
    const last = i === chart.series.length - 1;
    if (lx + w + (last ? 0 : m.width(rest, LEGEND_PT)) > right) {
      c.text(rest, lx, legendY, { size: LEGEND_PT, color: AXIS });
      break;
    }
    c.rect(lx, legendY + 1.5, 8, 5, s.color);
    c.text(label, lx + 11, legendY, { size: LEGEND_PT });
    lx += w;
  }
  const all = chart.series.flatMap((s) => s.values);
  let lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (chart.kind === 'stacked') {
    hi = 0;
    lo = 0;
    for (let k = 0; k < chart.categories.length; k++) {
      let pos = 0;
      let neg = 0;
      for (const s of chart.series) {
        const v = s.values[k] ?? 0;
        if (v >= 0) pos += v;
        else neg += v;
      }
      hi = Math.max(hi, pos);
      lo = Math.min(lo, neg);
    }
  }
  const ticks = niceTicks(lo, hi);
  const t0 = ticks[0]!;
  const t1 = ticks[ticks.length - 1]!;
  const tickText = ticks.map((v) => formatNumber(v, { lang, decimals: 0 }));
  const plotBottom = legendY - 4 - LABEL_PT * 1.6;
  const plotTop = top + 2;
  const plotH = Math.max(10, plotBottom - plotTop);

  if (chart.kind === 'bar') {
    // Horizontal bars: categories down the left, values along the bottom. The answer is largest
    // first: as many as have room for their label print, the rest are counted under them.
    const room = Math.max(1, Math.floor(plotH / (LABEL_PT * 1.5)));
    if (chart.categories.length > room) {
      const shown = room;
      const rest = MORE[lang].replace('{n}', String(chart.categories.length - shown));
      const x = box.x + box.w - pad - m.width(rest, LEGEND_PT);
      c.text(rest, x, legendY, { size: LEGEND_PT, color: AXIS });
      const cut = {
        ...chart,
        categories: chart.categories.slice(0, shown),
        series: chart.series.map((x) => ({ ...x, values: x.values.slice(0, shown) })),
      };
      drawBars(c, m, box, cut, ticks, tickText, plotTop, plotBottom, t0, t1);
    } else drawBars(c, m, box, chart, ticks, tickText, plotTop, plotBottom, t0, t1);
    return;
  }
  drawCategories(c, m, box, chart, ticks, tickText, plotTop, plotBottom, t0, t1);
}

type Plotted = Exclude<PrintChart, { kind: 'tiles' }>;

function drawBars(
  c: Canvas,
  m: Measure,
  box: Placed,
  chart: Plotted,
  ticks: number[],
  tickText: string[],
  plotTop: number,
  plotBottom: number,
  t0: number,
  t1: number,
) {
  const pad = 6;
  const plotH = Math.max(10, plotBottom - plotTop);
  {
    const labelW = Math.min(box.w * 0.3, Math.max(...chart.categories.map((s) => m.width(s, LABEL_PT))) + 4);
    const x0 = box.x + pad + labelW;
    const plotW = box.x + box.w - pad - 8 - x0;
    const vx = (v: number) => x0 + ((v - t0) / (t1 - t0)) * plotW;
    const grid: number[] = [];
    ticks.forEach((v, i) => {
      const x = vx(v);
      grid.push(x, plotTop, x, plotBottom);
      const s = tickText[i]!;
      c.text(s, x - m.width(s, LABEL_PT) / 2, plotBottom + 2, { size: LABEL_PT, color: AXIS });
    });
    c.lines(grid, 0.4, GRID);
    const band = plotH / chart.categories.length;
    const barH = Math.min(14, (band * 0.8) / chart.series.length);
    chart.categories.forEach((label, k) => {
      const cy = plotTop + band * k + band / 2;
      const text = m.fit(label, labelW - 4, LABEL_PT);
      c.text(text, x0 - 3 - m.width(text, LABEL_PT), cy - LABEL_PT / 2, { size: LABEL_PT, color: '#374151' });
    });
    chart.series.forEach((s, j) => {
      const boxes: number[] = [];
      chart.categories.forEach((_, k) => {
        const v = s.values[k] ?? 0;
        const y = plotTop + band * k + band / 2 - (barH * chart.series.length) / 2 + j * barH;
        const a = vx(Math.min(0, v));
        boxes.push(a, y, Math.max(0.3, vx(Math.max(0, v)) - a), barH * 0.9);
      });
      c.rects(boxes, s.color);
    });
    c.line(vx(0), plotTop, vx(0), plotBottom, 0.6, AXIS);
  }
}

function drawCategories(
  c: Canvas,
  m: Measure,
  box: Placed,
  chart: Plotted,
  ticks: number[],
  tickText: string[],
  plotTop: number,
  plotBottom: number,
  t0: number,
  t1: number,
) {
  const pad = 6;
  const plotH = Math.max(10, plotBottom - plotTop);
  const axisW = Math.max(...tickText.map((s) => m.width(s, LABEL_PT))) + 4;
  const x0 = box.x + pad + axisW;
  const plotW = box.x + box.w - pad - x0;
  const vy = (v: number) => plotBottom - ((v - t0) / (t1 - t0)) * plotH;
  const grid: number[] = [];
  ticks.forEach((v, i) => {
    const y = vy(v);
    grid.push(x0, y, x0 + plotW, y);
    const s = tickText[i]!;
    c.text(s, x0 - 3 - m.width(s, LABEL_PT), y - LABEL_PT / 2, { size: LABEL_PT, color: AXIS });
  });
  c.lines(grid, 0.4, GRID);
  const n = chart.categories.length;
  const band = plotW / n;
  // Period labels: as many as fit side by side, evenly thinned.
  const widest = Math.max(...chart.categories.map((s) => m.width(s, LABEL_PT))) + 6;
  const every = Math.max(1, Math.ceil(widest / band));
  for (let k = 0; k < n; k += every) {
    const s = m.fit(chart.categories[k]!, band * every - 2, LABEL_PT);
    const cx = x0 + band * k + band / 2;
    c.text(s, cx - m.width(s, LABEL_PT) / 2, plotBottom + 2, { size: LABEL_PT, color: AXIS });
  }
  if (chart.kind === 'line') {
    for (const s of chart.series) {
      const pts = s.values.map((v, k) => [x0 + band * k + band / 2, vy(v)] as const);
      if (s.dash) {
        for (let k = 1; k < pts.length; k++)
          c.line(pts[k - 1]![0], pts[k - 1]![1], pts[k]![0], pts[k]![1], 1.2, s.color, 3);
      } else {
        const seg: number[] = [];
        for (let k = 1; k < pts.length; k++) seg.push(pts[k - 1]![0], pts[k - 1]![1], pts[k]![0], pts[k]![1]);
        c.lines(seg, 1.4, s.color);
      }
      // Markers as on the screen's S-curves, when the points are far enough apart to see.
      if (band >= 5) {
        const r = Math.min(2, band / 4);
        c.rects(
          pts.flatMap(([x, y]) => [x - r, y - r, 2 * r, 2 * r]),
          s.color,
        );
      }
    }
  } else if (chart.kind === 'column') {
    const inner = band * 0.8;
    const colW = inner / chart.series.length;
    chart.series.forEach((s, j) => {
      const boxes: number[] = [];
      s.values.forEach((v, k) => {
        if (v === 0) return;
        const x = x0 + band * k + band * 0.1 + j * colW;
        const a = vy(Math.max(0, v));
        boxes.push(x, a, Math.max(0.3, colW * 0.92), Math.max(0.3, vy(Math.min(0, v)) - a));
      });
      c.rects(boxes, s.color);
    });
  } else {
    const pos = new Array<number>(n).fill(0);
    const neg = new Array<number>(n).fill(0);
    for (const s of chart.series) {
      const boxes: number[] = [];
      s.values.forEach((v, k) => {
        if (v === 0) return;
        const from = v > 0 ? pos[k]! : neg[k]!;
        const to = from + v;
        if (v > 0) pos[k] = to;
        else neg[k] = to;
        const a = vy(Math.max(from, to));
        boxes.push(x0 + band * k + band * 0.1, a, band * 0.8, Math.max(0.3, vy(Math.min(from, to)) - a));
      });
      c.rects(boxes, s.color);
    }
  }
  c.line(x0, vy(0), x0 + plotW, vy(0), 0.6, AXIS);
}

/** Draws page `p` of the print. */
export function drawDashboardPage(
  c: Canvas,
  m: Measure,
  src: DashboardSource,
  plan: DashboardPlan,
  charts: readonly PrintChart[],
  p: number,
  lang: ServerLang,
) {
  if (plan.headerH) titleBand(c, m, plan, plan.printable.y, src.header, p, src.values);
  if (plan.footerH) {
    const footerY = plan.printable.y + plan.printable.h - plan.footerH;
    titleBand(c, m, plan, footerY + plan.footerH - src.footer.size * 1.3, src.footer, p, src.values);
  }
  for (const box of plan.placed) {
    if (box.page !== p) continue;
    const chart = charts[box.block]!;
    if (chart.kind === 'tiles') drawTiles(c, m, box, chart);
    else drawChart(c, m, box, chart, lang);
  }
}

/** Writes the PDF to `file` (pages streamed); answers the page count. */
export async function writeDashboardPdf(
  file: string,
  src: DashboardSource,
  lang: ServerLang,
  hooks: WriteHooks = {},
  info: { title?: string; author?: string } = {},
): Promise<number> {
  const charts = dashboardCharts(src, lang);
  const plan = dashboardPlan(src, charts);
  return writePagedPdf(
    file,
    plan,
    (canvas, measure, p) => drawDashboardPage(canvas, measure, src, plan, charts, p, lang),
    hooks,
    info,
  );
}

/** Page `page` (0-based, clamped) as an SVG image: the same drawing as the PDF's. */
export function dashboardPreviewSvg(src: DashboardSource, lang: ServerLang, page: number) {
  const charts = dashboardCharts(src, lang);
  const plan = dashboardPlan(src, charts);
  const p = Math.max(0, Math.min(plan.pages - 1, page));
  const canvas = new SvgCanvas(plan.pageW, plan.pageH);
  drawDashboardPage(canvas, new Measure(), src, plan, charts, p, lang);
  return { svg: canvas.toString(), pages: plan.pages };
}
