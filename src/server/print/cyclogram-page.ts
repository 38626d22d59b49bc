// The printed cyclogram: the last page of a print whose settings ask for it. As the views draw it
// (draw-cyclogram.ts): one band per location (the first at the bottom), each kind of work as its
// sloped segments joined floor to floor in its colour, progress as a thicker stroke, the target
// version dashed grey, clashes shaded red, the data date; plus a legend of the kinds with their
// rates. Drawn through the print's Canvas, so the preview shows exactly what prints.
import type { CycloClash } from '../../domain/cyclogram';
import type { PagePlan } from '../../domain/print/layout';
import { HEAD_PT, spanDays, ticks, tiersFor } from '../../domain/print/layout';
import type { PrintSettings } from '../../domain/print/settings';
import type { TitleValues } from '../../domain/print/titles';
import { formatNumber } from '../../domain/io/write-time';
import type { ColoredLine } from '../services/cyclogram';
import type { Canvas, Measure } from './canvas';
import { titleBand } from './render';
import type { PrintData, PrintWords } from './render';

/** What the page draws, read by the print's source. */
export interface PrintCyclogram {
  /** Titles of the grouping keys (attribute label, WBS level, name). */
  locationTitle: string;
  kindTitle: string;
  locations: string[];
  lines: ColoredLine[];
  clashes: CycloClash[];
  target: { label: string; lines: ColoredLine[] } | null;
}

const TITLE_PT = 16;
const LABEL_PT = 6.5;
const LEGEND_ROW_PT = 11;
const MAX_LEGEND_ROWS = 4;
const COLORS = {
  stripe: '#f4f4f4',
  rule: '#dddddd',
  clash: '#f6d0d0',
  target: '#8a8a8a',
  dataDate: '#e0312b',
};

/** `hex` mixed with white: `k` of the colour (the views draw connectors at 45 % alpha). */
function tint(hex: string, k: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (v: number) => Math.round(255 - (255 - v) * k);
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** The time span drawn: every segment (current and target) and the data date, two days either side. */
function spanOf(cy: PrintCyclogram, dataDate: number): [number, number] {
  let lo = dataDate;
  let hi = dataDate;
  for (const line of [...cy.lines, ...(cy.target?.lines ?? [])])
    for (const s of line.segments) {
      lo = Math.min(lo, s.start);
      hi = Math.max(hi, s.finish);
    }
  return [(Math.floor(lo / 1440) - 2) * 1440, (Math.ceil(hi / 1440) + 2) * 1440];
}

export function renderCyclogramPage(
  c: Canvas,
  measure: Measure,
  settings: PrintSettings,
  plan: PagePlan,
  data: PrintData,
  cy: PrintCyclogram,
  values: TitleValues,
  words: PrintWords,
): void {
  const index = plan.pages - 1;
  const { printable } = plan;
  if (plan.headerH) titleBand(c, measure, plan, printable.y, settings.header, index, values);
  const footerY = printable.y + printable.h - plan.footerH;
  if (plan.footerH)
    titleBand(
      c,
      measure,
      plan,
      footerY + plan.footerH - settings.footer.size * 1.3,
      settings.footer,
      index,
      values,
    );

  const w = words.cyclogram;
  const top = printable.y + plan.headerH;
  const title = `${w.title}: ${w.locations} — ${cy.locationTitle}; ${w.kinds} — ${cy.kindTitle}`;
  c.text(measure.fit(title, printable.w, 9, true), printable.x, top + 2, { size: 9, bold: true });

  const legendH = legend(c, measure, cy, { x: printable.x, y: footerY, w: printable.w }, words, true);
  const chart = {
    x: printable.x,
    y: top + TITLE_PT,
    w: printable.w,
    h: Math.max(HEAD_PT + 10, footerY - legendH - 4 - (top + TITLE_PT)),
  };
  legend(c, measure, cy, { x: printable.x, y: footerY - legendH, w: printable.w }, words, false);

  const labelW = Math.min(
    chart.w * 0.25,
    Math.max(40, ...cy.locations.map((l) => measure.width(l, LABEL_PT))) + 8,
  );
  const x0 = chart.x + labelW;
  const plotW = chart.w - labelW;
  const bodyY = chart.y + HEAD_PT;
  const bodyH = chart.h - HEAD_PT;
  const [t0, t1] = spanOf(cy, data.dataDate);
  const xOf = (m: number) => x0 + ((m - t0) / (t1 - t0)) * plotW;
  const n = Math.max(1, cy.locations.length);
  const bandH = bodyH / n;
  /** Top of location `loc`'s band: the first location at the bottom. */
  const bandTop = (loc: number) => bodyY + (n - 1 - loc) * bandH;

  // Bands: every other one shaded, a rule under each; names at the left (every k-th when thin).
  const stripes: number[] = [];
  const rules: number[] = [];
  for (let loc = 0; loc < cy.locations.length; loc++) {
    if (loc % 2 === 1) stripes.push(chart.x, bandTop(loc), chart.w, bandH);
    rules.push(chart.x, bandTop(loc) + bandH, chart.x + chart.w, bandTop(loc) + bandH);
  }
  c.rects(stripes, COLORS.stripe);
  c.lines(rules, 0.3, COLORS.rule);
  const every = Math.max(1, Math.ceil((LABEL_PT * 1.3) / bandH));
  cy.locations.forEach((name, loc) => {
    if (loc % every !== 0) return;
    const y = bandTop(loc) + bandH / 2 - LABEL_PT / 2;
    c.text(measure.fit(name, labelW - 8, LABEL_PT), chart.x + 3, y, { size: LABEL_PT });
  });

  // Timescale: two tiers over the plot, the lower one's lines run down the chart.
  const [upper, lower] = tiersFor(plotW / spanDays(t0, t1));
  const scaleLines: number[] = [];
  for (const [unit, y, down] of [
    [upper, chart.y, false],
    [lower, chart.y + HEAD_PT / 2, true],
  ] as const) {
    for (const t of ticks(t0, t1, unit, words.months)) {
      const a = xOf(t.from);
      scaleLines.push(a, y, a, down ? bodyY + bodyH : y + HEAD_PT / 2);
      c.text(measure.fit(t.label, xOf(t.to) - a - 2, 6), a + 1.5, y + 3.5, { size: 6 });
    }
  }
  c.lines(scaleLines, 0.3, COLORS.rule);
  c.line(x0, chart.y + HEAD_PT / 2, chart.x + chart.w, chart.y + HEAD_PT / 2, 0.3, COLORS.rule);
  c.line(chart.x, bodyY, chart.x + chart.w, bodyY, 0.6, '#000000');
  c.line(x0, chart.y, x0, bodyY + bodyH, 0.6, '#000000');

  c.enter({ x: x0, y: bodyY, w: plotW, h: bodyH }, 0, 0, 1);
  c.rects(
    cy.clashes.flatMap((k) => [
      xOf(k.start),
      bandTop(k.loc) + 0.5,
      Math.max(1, xOf(k.finish) - xOf(k.start)),
      bandH - 1,
    ]),
    COLORS.clash,
  );
  // A segment runs from its start at the bottom of its band to its finish at the top.
  const segment = (s: ColoredLine['segments'][number]) =>
    [xOf(s.start), bandTop(s.loc) + bandH, xOf(s.finish), bandTop(s.loc)] as const;
  for (const line of cy.target?.lines ?? [])
    for (const s of line.segments) {
      const [a, b, cc, d] = segment(s);
      c.line(a, b, cc, d, 0.8, COLORS.target, 2);
    }
  for (const line of cy.lines) {
    const links: number[] = [];
    const strokes: number[] = [];
    const done: number[] = [];
    let prev: ColoredLine['segments'][number] | null = null;
    for (const s of line.segments) {
      const p = segment(s);
      // Crews moving to the next location: joined by a thin, paler connector.
      if (prev && s.loc === prev.loc + 1) {
        const q = segment(prev);
        links.push(q[2], q[3], p[0], p[1]);
      }
      strokes.push(...p);
      if (s.percent > 0) {
        const k = Math.min(100, s.percent) / 100;
        done.push(p[0], p[1], p[0] + (p[2] - p[0]) * k, p[1] + (p[3] - p[1]) * k);
      }
      prev = s;
    }
    c.lines(links, 0.6, tint(line.color, 0.45));
    c.lines(strokes, 1.2, line.color);
    c.lines(done, 2.8, line.color);
  }
  const dd = xOf(data.dataDate);
  c.line(dd, bodyY, dd, bodyY + bodyH, 0.8, COLORS.dataDate, 3);
  c.leave();
}

/**
 * The legend above the footer: each kind (its colour, name and rate in locations a week), then
 * the target, a clash and the data date; wraps to at most four rows, the rest counted. With
 * `measureOnly` it draws nothing and answers the height it needs.
 */
function legend(
  c: Canvas,
  measure: Measure,
  cy: PrintCyclogram,
  at: { x: number; y: number; w: number },
  words: PrintWords,
  measureOnly: boolean,
): number {
  const w = words.cyclogram;
  type Item = { label: string; draw: (x: number, y: number) => void };
  const items: Item[] = cy.lines.map((l) => ({
    label: `${l.kind} (${formatNumber(l.rate, 1)} ${w.perWeek})`,
    draw: (x, y) => c.line(x, y + 7, x + 14, y + 1, 1.6, l.color),
  }));
  if (cy.target)
    items.push({
      label: `${w.target}: ${cy.target.label}`,
      draw: (x, y) => c.line(x, y + 7, x + 14, y + 1, 0.8, COLORS.target, 2),
    });
  if (cy.clashes.length) items.push({ label: w.clash, draw: (x, y) => c.rect(x, y, 14, 8, COLORS.clash) });
  items.push({
    label: words.legend.dataDate,
    draw: (x, y) => c.line(x + 7, y - 1, x + 7, y + 9, 0.8, COLORS.dataDate, 2),
  });
  let x = at.x;
  let row = 0;
  let shown = 0;
  for (const item of items) {
    const width = 18 + measure.width(item.label, 7) + 12;
    if (x > at.x && x + width > at.x + at.w) {
      if (row + 1 === MAX_LEGEND_ROWS) break;
      row++;
      x = at.x;
    }
    if (!measureOnly) {
      const y = at.y + row * LEGEND_ROW_PT + 2;
      item.draw(x, y);
      c.text(measure.fit(item.label, at.w - 18, 7), x + 18, y, { size: 7 });
    }
    x += width;
    shown++;
  }
  if (shown < items.length && !measureOnly) {
    const more = w.more.replace('{count}', String(items.length - shown));
    c.text(more, at.x + at.w - measure.width(more, 7), at.y + row * LEGEND_ROW_PT + 2, { size: 7 });
  }
  return (row + 1) * LEGEND_ROW_PT + 2;
}
