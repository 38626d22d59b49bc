// Drawing of one printed page (header titles, the strip window: grid columns and Gantt with
// timescale, bars, relations and data-date line; legend; footer titles) on a Canvas. The same
// call draws the PDF page and the preview's SVG image.

import type { ScheduleModel } from '../../domain/schedule/model';
import { shownFinish, shownStart } from '../../domain/schedule/shown-dates';
import { walkTree } from '../../domain/io/write-model';
import { formatDateTime, formatNumber } from '../../domain/io/write-time';
import type { PagePlan, PageSlice } from '../../domain/print/layout';
import { HEAD_PT, ROW_PT, spanDays, ticks, tiersFor } from '../../domain/print/layout';
import { printColumns } from '../../domain/print/columns';
import type { PrintCol } from '../../domain/print/columns';
import { defaultSettings } from '../../domain/print/settings';
import type { PrintSettings } from '../../domain/print/settings';
import { expandTitle, partsFor } from '../../domain/print/titles';
import type { TitleValues } from '../../domain/print/titles';
import type { Canvas, Measure } from './canvas';
import type { PrintCyclogram } from './cyclogram-page';

export interface PrintRow {
  /** The activity's id and its parent's (null: top level); '' for a group header. */
  id: string;
  parent: string | null;
  /** A group header's text (a layout's grouping): printed across the grid, no bar. */
  group?: string;
  code: string;
  name: string;
  level: number;
  sum: boolean;
  milestone: boolean;
  critical: boolean;
  done: boolean;
  start: number | null;
  finish: number | null;
  /** Cell texts by column key (print columns, workbench columns, `attr:KEY`). */
  cells: Record<string, string>;
}

export interface PrintData {
  /** The grid columns drawn, in order (printColumns; the settings' own until a source sets them). */
  columns: PrintCol[];
  /** Attribute key → label, for the titles of attribute columns. */
  attributeLabels: Record<string, string>;
  rows: PrintRow[];
  /** Pairs of row indexes with the relation type. */
  links: { from: number; to: number; type: string }[];
  t0: number;
  t1: number;
  dataDate: number;
  /** The cyclogram of the last page, when the settings ask for one (print source). */
  cyclogram?: PrintCyclogram | null;
}

/** Words of the printed page in the caller's language. */
export interface PrintWords {
  /** Column titles: the print columns and the workbench columns a layout may show. */
  columns: Record<string, string>;
  /** Node types and statuses in cells. */
  values: Record<string, string>;
  months: readonly string[];
  legend: {
    critical: string;
    normal: string;
    done: string;
    summary: string;
    milestone: string;
    dataDate: string;
  };
  cyclogram: {
    title: string;
    locations: string;
    kinds: string;
    target: string;
    clash: string;
    perWeek: string;
    /** `{count}`: legend items left out. */
    more: string;
    wbsLevel: string;
    byName: string;
  };
  /** Group headers of a grouped layout (as the workbench's grid words them). */
  group: {
    none: string;
    /** `{count}` activities, per plural form (Intl.PluralRules). */
    rows: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  };
}

const COLORS = {
  critical: '#d33b3b',
  normal: '#4caf50',
  done: '#3b7dd8',
  summary: '#333333',
  dataDate: '#e0312b',
  grid: '#c8c8c8',
  head: '#f0f0f0',
  link: '#555555',
};

const day = (m: number | null): string => (m === null ? '' : formatDateTime(m).slice(0, 10));

/** A row's status as the workbench shows it (words.values translates it). */
const statusOf = (a: { actualStart: number | null; actualFinish: number | null }) =>
  a.actualFinish !== null ? 'completed' : a.actualStart !== null ? 'in_progress' : 'not_started';

export function printData(model: ScheduleModel, settings: PrintSettings = defaultSettings()): PrintData {
  const tree = walkTree(model);
  const hpd = new Map(model.calendars.map((c) => [c.id, c.hoursPerDay || 8]));
  const calendarName = new Map(model.calendars.map((c) => [c.id, c.name]));
  const rows: PrintRow[] = tree.map(({ activity: a, level }) => {
    const s = a.stored ?? {};
    const start = a.external?.start ?? shownStart(a, s.es ?? null) ?? a.plannedStart ?? null;
    const finish = a.external?.finish ?? shownFinish(a, s.ef ?? null) ?? a.plannedFinish ?? start;
    const sum = a.kind === 'sum';
    const h = hpd.get(a.calendarId) ?? 8;
    const tf = s.tf;
    return {
      id: a.id,
      parent: level > 1 ? a.parentId : null,
      code: a.code,
      name: a.name,
      level,
      sum,
      milestone: !sum && a.duration === 0,
      critical: s.critical === true,
      done: a.actualFinish !== null,
      start,
      finish,
      cells: {
        code: a.code,
        name: `${' '.repeat(Math.max(0, level - 1) * 2)}${a.name}`,
        duration: sum ? '' : formatNumber(a.duration / 60 / h, 1),
        start: '',
        finish: '',
        total_float: tf === null || tf === undefined || sum ? '' : formatNumber(tf / 60 / h, 1),
        percent: sum ? '' : `${Math.round(a.percentComplete)}%`,
        actual_start: day(a.actualStart),
        actual_finish: day(a.actualFinish),
        // Columns a user's grid layout may show (printColumns with use_layout).
        type: a.nodeType,
        free_float: s.ff === null || s.ff === undefined || sum ? '' : formatNumber(s.ff / 60 / h, 1),
        progress: sum ? '' : `${Math.round(a.percentComplete)}%`,
        status: sum ? '' : statusOf(a),
        calendar: calendarName.get(a.calendarId) ?? '',
        ...Object.fromEntries(
          Object.entries(a.attributes ?? {}).map(([k, v]) => [`attr:${k}`, v === null ? '' : String(v)]),
        ),
      },
    };
  });
  // Summaries span their children (bottom-up over the depth-first order).
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (!r.sum) continue;
    for (let j = i + 1; j < rows.length && rows[j]!.level > r.level; j++) {
      const c = rows[j]!;
      if (c.start !== null) r.start = r.start === null ? c.start : Math.min(r.start, c.start);
      if (c.finish !== null) r.finish = r.finish === null ? c.finish : Math.max(r.finish, c.finish);
    }
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    r.cells.start = day(r.start);
    r.cells.finish = day(r.finish);
    if (r.start !== null) lo = Math.min(lo, r.start);
    if (r.finish !== null) hi = Math.max(hi, r.finish);
  }
  const dataDate = model.options.dataDate;
  if (!Number.isFinite(lo)) lo = dataDate;
  if (!Number.isFinite(hi)) hi = lo + 1440;
  lo = Math.min(lo, dataDate);
  hi = Math.max(hi, dataDate);
  const index = new Map(tree.map((t, i) => [t.activity.id, i]));
  const links = model.relations.flatMap((r) => {
    const from = index.get(r.predId);
    const to = index.get(r.succId);
    return from === undefined || to === undefined ? [] : [{ from, to, type: r.type }];
  });
  // A margin of two days either side, whole days.
  return {
    columns: printColumns(settings, null, new Set()),
    attributeLabels: model.attributeDefs ?? {},
    rows,
    links,
    t0: (Math.floor(lo / 1440) - 2) * 1440,
    t1: (Math.ceil(hi / 1440) + 2) * 1440,
    dataDate,
  };
}

/** The header or footer titles of page `index` (0-based) at `y`. */
export function titleBand(
  c: Canvas,
  measure: Measure,
  plan: Pick<PagePlan, 'pages' | 'printable'>,
  y: number,
  set: PrintSettings['header'],
  index: number,
  values: TitleValues,
) {
  const parts = partsFor(set, index, plan.pages);
  const v = { ...values, page: String(index + 1), pages: String(plan.pages) };
  const { x, w } = plan.printable;
  const third = w / 3;
  const size = set.size;
  const left = measure.fit(expandTitle(parts.left, v), third - 4, size);
  const center = measure.fit(expandTitle(parts.center, v), third - 4, size);
  const right = measure.fit(expandTitle(parts.right, v), third - 4, size);
  c.text(left, x, y, { size });
  c.text(center, x + (w - measure.width(center, size)) / 2, y, { size });
  c.text(right, x + w - measure.width(right, size), y, { size });
}

export function renderPage(
  c: Canvas,
  measure: Measure,
  settings: PrintSettings,
  plan: PagePlan,
  data: PrintData,
  slice: PageSlice,
  values: TitleValues,
  words: PrintWords,
): void {
  const { body, scale } = plan;
  if (plan.headerH) titleBand(c, measure, plan, plan.printable.y, settings.header, slice.index, values);
  const footerY = plan.printable.y + plan.printable.h - plan.footerH;
  if (plan.footerH)
    titleBand(
      c,
      measure,
      plan,
      footerY + plan.footerH - settings.footer.size * 1.3,
      settings.footer,
      slice.index,
      values,
    );
  if (plan.legendH) legend(c, measure, plan, footerY - plan.legendH, words);

  // The strip window: x in strip points from slice.stripX, y from the top of the column header.
  const dx = body.x - slice.stripX * scale;
  const x0 = slice.stripX;
  const x1 = slice.stripX + slice.stripW;
  const visible = (a: number, b: number) => b >= x0 && a <= x1;
  const rowsShown = slice.rowTo - slice.rowFrom;
  const usedH = Math.min(body.h, (HEAD_PT + rowsShown * ROW_PT) * scale);
  c.enter({ x: body.x, y: body.y, w: body.w, h: usedH }, dx, body.y, scale);

  const gridW = plan.gridW;
  const ganttW = plan.ganttW;
  const { t0, t1 } = data;
  const xOf = (m: number) => gridW + ((m - t0) / (t1 - t0)) * ganttW;
  const bottom = HEAD_PT + rowsShown * ROW_PT;

  // Column header. Lines of one width and colour are gathered and painted as one path each.
  c.rect(0, 0, gridW + ganttW, HEAD_PT, COLORS.head);
  const columnLines: number[] = [];
  let cx = 0;
  for (const { key: col, width: w } of data.columns) {
    if (visible(cx, cx + w)) {
      const title = col.startsWith('attr:')
        ? (data.attributeLabels[col.slice(5)] ?? col.slice(5))
        : (words.columns[col] ?? col);
      c.text(measure.fit(title, w - 4, 7, true), cx + 2, HEAD_PT - 11, { size: 7, bold: true });
      columnLines.push(cx + w, 0, cx + w, bottom);
    }
    cx += w;
  }
  c.lines(columnLines, 0.4, COLORS.grid);
  // Timescale: two tiers, the lower one's lines run down the chart.
  const [top, low] = tiersFor(ganttW / spanDays(t0, t1));
  const scaleLines: number[] = [];
  for (const [unit, y, lines] of [
    [top, 0, false],
    [low, HEAD_PT / 2, true],
  ] as const) {
    for (const t of ticks(t0, t1, unit, words.months)) {
      const a = xOf(t.from);
      const b = xOf(t.to);
      if (!visible(a, b)) continue;
      scaleLines.push(a, y, a, lines ? bottom : y + HEAD_PT / 2);
      const label = measure.fit(t.label, b - a - 2, 6);
      c.text(label, a + 1.5, y + 3.5, { size: 6 });
    }
  }
  c.lines(scaleLines, 0.3, COLORS.grid);
  c.line(0, HEAD_PT / 2, gridW + ganttW, HEAD_PT / 2, 0.3, COLORS.grid);
  c.line(gridW, HEAD_PT / 2, gridW + ganttW, HEAD_PT / 2, 0.3, COLORS.grid);
  c.line(0, HEAD_PT, gridW + ganttW, HEAD_PT, 0.6, '#000000');
  c.line(gridW, 0, gridW, bottom, 0.6, '#000000');

  // Rows: cells, then the row lines and the bars, gathered by colour.
  const rowLines: number[] = [];
  const bars = new Map<string, { rects: number[]; polygons: [number, number][][] }>();
  const barsOf = (color: string) => {
    let b = bars.get(color);
    if (!b) bars.set(color, (b = { rects: [], polygons: [] }));
    return b;
  };
  // Group headers' shading first, their text over it.
  const groupBands: number[] = [];
  for (let i = slice.rowFrom; i < slice.rowTo; i++)
    if (data.rows[i]!.group !== undefined)
      groupBands.push(0, HEAD_PT + (i - slice.rowFrom) * ROW_PT, gridW, ROW_PT);
  if (groupBands.length) c.rects(groupBands, COLORS.head);
  for (let i = slice.rowFrom; i < slice.rowTo; i++) {
    const r = data.rows[i]!;
    const y = HEAD_PT + (i - slice.rowFrom) * ROW_PT;
    if (r.group !== undefined) {
      // A group header as the workbench shows it: its label across the columns before the first
      // one it has a value in (all of them when none), then its roll-up in its columns; no bar.
      let x = 0;
      let k = 0;
      for (; k < data.columns.length; k++) {
        if (k > 0 && r.cells[data.columns[k]!.key]) break;
        x += data.columns[k]!.width;
      }
      if (visible(0, x)) c.text(measure.fit(r.group, x - 4, 6.5, true), 2, y + 3, { size: 6.5, bold: true });
      for (; k < data.columns.length; k++) {
        const { key: col, width: w } = data.columns[k]!;
        const text = r.cells[col] ?? '';
        if (text && visible(x, x + w))
          c.text(measure.fit(text, w - 4, 6.5, true), x + 2, y + 3, { size: 6.5, bold: true });
        x += w;
      }
      rowLines.push(0, y + ROW_PT, gridW + ganttW, y + ROW_PT);
      continue;
    }
    if (visible(0, gridW)) {
      let x = 0;
      for (const { key: col, width: w } of data.columns) {
        if (visible(x, x + w)) {
          const raw = r.cells[col] ?? '';
          const shown = col === 'type' || col === 'status' ? (words.values[raw] ?? raw) : raw;
          const text = measure.fit(shown, w - 4, 6.5, r.sum);
          c.text(text, x + 2, y + 3, { size: 6.5, bold: r.sum });
        }
        x += w;
      }
    }
    rowLines.push(0, y + ROW_PT, gridW + ganttW, y + ROW_PT);
    if (r.start === null || r.finish === null) continue;
    const a = xOf(r.start);
    const b = xOf(r.finish);
    if (!visible(a - 6, b + 6)) continue;
    const color = r.sum
      ? COLORS.summary
      : r.done
        ? COLORS.done
        : r.critical
          ? COLORS.critical
          : COLORS.normal;
    const out = barsOf(color);
    if (r.milestone)
      out.polygons.push([
        [a, y + 2],
        [a + 4.5, y + 6.5],
        [a, y + 11],
        [a - 4.5, y + 6.5],
      ]);
    else if (r.sum) {
      out.rects.push(a, y + 4, Math.max(1, b - a), 3);
      out.polygons.push(
        [
          [a, y + 4],
          [a + 3, y + 4],
          [a, y + 10],
        ],
        [
          [b, y + 4],
          [b - 3, y + 4],
          [b, y + 10],
        ],
      );
    } else out.rects.push(a, y + 3, Math.max(1, b - a), 7);
  }
  c.lines(rowLines, 0.2, '#e4e4e4');
  for (const [color, b] of bars) {
    c.rects(b.rects, color);
    c.polygons(b.polygons, color);
  }

  // Relations that touch this row band: an elbow from the predecessor's end (or start) to the
  // successor's start (or end), with an arrowhead.
  // Relations passing through the band with neither end on it are one vertical line each, and
  // lines at the same place are drawn once (thousands cross a page of a large schedule).
  const through = new Set<number>();
  const onPage = (i: number) => i >= slice.rowFrom && i < slice.rowTo;
  const linkLines: number[] = [];
  const arrows: [number, number][][] = [];
  if (settings.relations)
    for (const l of data.links) {
      if (Math.max(l.from, l.to) < slice.rowFrom || Math.min(l.from, l.to) >= slice.rowTo) continue;
      const p = data.rows[l.from]!;
      const s = data.rows[l.to]!;
      if (p.start === null || p.finish === null || s.start === null || s.finish === null) continue;
      const fromEnd = l.type === 'fs' || l.type === 'ff';
      const toStart = l.type === 'fs' || l.type === 'ss';
      const xa = xOf(fromEnd ? p.finish : p.start);
      const xb = xOf(toStart ? s.start : s.finish);
      if (!visible(Math.min(xa, xb) - 8, Math.max(xa, xb) + 8)) continue;
      const bendAt = Math.round((fromEnd ? xa + 3 : xa - 3) * 2) / 2;
      if (!onPage(l.from) && !onPage(l.to)) {
        through.add(bendAt);
        continue;
      }
      const ya = HEAD_PT + (l.from - slice.rowFrom) * ROW_PT + ROW_PT / 2;
      const yb = HEAD_PT + (l.to - slice.rowFrom) * ROW_PT + ROW_PT / 2;
      const bend = fromEnd ? xa + 3 : xa - 3;
      const ya2 = Math.max(HEAD_PT, Math.min(bottom, ya));
      const yb2 = Math.max(HEAD_PT, Math.min(bottom, yb));
      linkLines.push(xa, ya, bend, ya, bend, ya2, bend, yb2, bend, yb, xb, yb);
      const dir = toStart ? 1 : -1;
      if (yb >= HEAD_PT && yb <= bottom)
        arrows.push([
          [xb, yb],
          [xb - 3 * dir, yb - 2],
          [xb - 3 * dir, yb + 2],
        ]);
    }

  for (const x of through) if (visible(x, x)) linkLines.push(x, HEAD_PT, x, bottom);
  c.lines(linkLines, 0.4, COLORS.link);
  c.polygons(arrows, COLORS.link);

  // The data date.
  const dd = xOf(data.dataDate);
  if (visible(dd, dd)) c.line(dd, 0, dd, bottom, 0.8, COLORS.dataDate, 3);
  c.leave();
}

function legend(c: Canvas, measure: Measure, plan: PagePlan, y: number, words: PrintWords) {
  const items: [string, string, 'bar' | 'diamond' | 'line'][] = [
    [words.legend.critical, COLORS.critical, 'bar'],
    [words.legend.normal, COLORS.normal, 'bar'],
    [words.legend.done, COLORS.done, 'bar'],
    [words.legend.summary, COLORS.summary, 'bar'],
    [words.legend.milestone, COLORS.normal, 'diamond'],
    [words.legend.dataDate, COLORS.dataDate, 'line'],
  ];
  let x = plan.printable.x;
  const yy = y + 4;
  for (const [label, color, kind] of items) {
    if (kind === 'bar') c.rect(x, yy + 1, 14, 6, color);
    else if (kind === 'diamond')
      c.polygon(
        [
          [x + 7, yy],
          [x + 11, yy + 4],
          [x + 7, yy + 8],
          [x + 3, yy + 4],
        ],
        color,
      );
    else c.line(x + 7, yy - 1, x + 7, yy + 9, 0.8, color, 2);
    c.text(label, x + 18, yy, { size: 7 });
    x += 18 + measure.width(label, 7) + 14;
  }
}
