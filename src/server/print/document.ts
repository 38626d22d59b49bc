// The printed document: pages streamed by pdfkit into a file (bounded memory: a page is written
// out when the next begins), every page exactly the sheet size; and one page as an SVG image for
// the preview. Both draw through render.ts (and cyclogram-page.ts for a last cyclogram page).

import { createWriteStream } from 'node:fs';
import { pdfDocument } from '../lazy-libs';
import { pageAt, planPages, spanDays } from '../../domain/print/layout';
import type { PagePlan } from '../../domain/print/layout';
import type { PrintSettings } from '../../domain/print/settings';
import type { TitleValues } from '../../domain/print/titles';
import { Measure, PdfCanvas, SvgCanvas } from './canvas';
import type { Canvas } from './canvas';
import { renderCyclogramPage } from './cyclogram-page';
import { renderPage } from './render';
import type { PrintData, PrintWords } from './render';

/** The pages: the Gantt's (across × down), then the cyclogram's when the data carries one. */
export function planFor(settings: PrintSettings, data: PrintData): PagePlan {
  const plan = planPages(
    settings,
    data.rows.length,
    spanDays(data.t0, data.t1),
    data.columns.reduce((s, c) => s + c.width, 0),
  );
  return data.cyclogram ? { ...plan, pages: plan.pages + 1 } : plan;
}

/** Draws page `p` of the plan: a Gantt page, or the last page's cyclogram. */
function drawPage(
  canvas: Canvas,
  measure: Measure,
  settings: PrintSettings,
  plan: PagePlan,
  data: PrintData,
  p: number,
  values: TitleValues,
  words: PrintWords,
) {
  if (data.cyclogram && p === plan.pages - 1)
    renderCyclogramPage(canvas, measure, settings, plan, data, data.cyclogram, values, words);
  else renderPage(canvas, measure, settings, plan, data, pageAt(plan, data.rows.length, p), values, words);
}

export interface WriteHooks {
  /** Called after each page with (pages done, pages). */
  progress?: (done: number, pages: number) => void;
  /** Throws to stop. */
  checkStop?: () => void;
}

/** Writes the PDF to `file`; answers the page count. */
export async function writePrintPdf(
  file: string,
  settings: PrintSettings,
  data: PrintData,
  values: TitleValues,
  words: PrintWords,
  hooks: WriteHooks = {},
  info: { title?: string; author?: string } = {},
): Promise<number> {
  const plan = planFor(settings, data);
  return writePagedPdf(
    file,
    plan,
    (canvas, measure, p) => drawPage(canvas, measure, settings, plan, data, p, values, words),
    hooks,
    info,
  );
}

/**
 * Writes `sheet.pages` pages of one size to `file`, each drawn by `draw`, streamed as they are
 * drawn (a version's print and a dashboard's); answers the page count.
 */
export async function writePagedPdf(
  file: string,
  sheet: { pageW: number; pageH: number; pages: number },
  draw: (canvas: PdfCanvas, measure: Measure, page: number) => void,
  hooks: WriteHooks = {},
  info: { title?: string; author?: string } = {},
): Promise<number> {
  const doc = new (pdfDocument())({
    size: [sheet.pageW, sheet.pageH],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: info.title ?? '', Author: info.author ?? '', Creator: 'planning-workbench' },
  });
  const out = createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  const canvas = new PdfCanvas(doc);
  const measure = new Measure();
  try {
    for (let p = 0; p < sheet.pages; p++) {
      hooks.checkStop?.();
      doc.addPage({ size: [sheet.pageW, sheet.pageH], margin: 0 });
      draw(canvas, measure, p);
      hooks.progress?.(p + 1, sheet.pages);
      // Let the stream drain now and then, so pages leave memory while we draw.
      if (p % 8 === 7) await new Promise((r) => setImmediate(r));
    }
  } finally {
    doc.end();
  }
  await done;
  return sheet.pages;
}

/** Page `page` (0-based, clamped) as an SVG image. */
export function previewSvg(
  settings: PrintSettings,
  data: PrintData,
  values: TitleValues,
  words: PrintWords,
  page: number,
): { svg: string; pages: number } {
  const plan = planFor(settings, data);
  const p = Math.max(0, Math.min(plan.pages - 1, page));
  const canvas = new SvgCanvas(plan.pageW, plan.pageH);
  drawPage(canvas, new Measure(), settings, plan, data, p, values, words);
  return { svg: canvas.toString(), pages: plan.pages };
}
