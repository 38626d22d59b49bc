// PDF export of a schedule: the activity grid on the left and the Gantt chart on the right, on
// A3 landscape pages of about fifty rows, header and timescale repeated on every page. pdfkit
// is a Node stream, which is why this lives in the server and not in src/domain.

import { pdfDocument } from '../lazy-libs';
import type { Activity, ScheduleModel } from '../../domain/schedule/model';
import { shownFinish, shownStart } from '../../domain/schedule/shown-dates';
import { walkTree } from '../../domain/io/write-model';
import { formatDateTime, formatNumber, minutesToParts, partsToMinutes } from '../../domain/io/write-time';

const PAGE = { width: 1190.55, height: 841.89, margin: 28 };
const ROW = 13;
const HEAD = 44;
const COLS = [
  { title: 'Code', width: 70 },
  { title: 'Name', width: 200 },
  { title: 'Dur (d)', width: 42 },
  { title: 'Start', width: 70 },
  { title: 'Finish', width: 70 },
  { title: 'TF (d)', width: 40 },
];
const GRID_WIDTH = COLS.reduce((s, c) => s + c.width, 0);

interface Row {
  a: Activity;
  level: number;
  start: number | null;
  finish: number | null;
}

function datesOf(a: Activity): [number | null, number | null] {
  const s = a.stored ?? {};
  const start = a.external?.start ?? shownStart(a, s.es ?? null) ?? a.plannedStart ?? null;
  const finish = a.external?.finish ?? shownFinish(a, s.ef ?? null) ?? a.plannedFinish ?? start;
  return [start, finish];
}

/** Summaries span their children (bottom-up over the depth-first order). */
function rowsOf(model: ScheduleModel): Row[] {
  const tree = walkTree(model);
  const rows: Row[] = tree.map((t) => {
    const [start, finish] = datesOf(t.activity);
    return { a: t.activity, level: t.level, start, finish };
  });
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.a.kind !== 'sum') continue;
    for (let j = i + 1; j < rows.length && rows[j]!.level > r.level; j++) {
      const c = rows[j]!;
      if (c.start !== null) r.start = r.start === null ? c.start : Math.min(r.start, c.start);
      if (c.finish !== null) r.finish = r.finish === null ? c.finish : Math.max(r.finish, c.finish);
    }
  }
  return rows;
}

const day = (m: number | null): string => (m === null ? '' : formatDateTime(m).slice(0, 10));

export async function writePdf(model: ScheduleModel): Promise<Uint8Array> {
  const doc = new (pdfDocument())({
    size: 'A3',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const rows = rowsOf(model);
  const hpd = (id: string): number => model.calendars.find((c) => c.id === id)?.hoursPerDay || 8;
  const starts = rows.map((r) => r.start).filter((m): m is number => m !== null);
  const finishes = rows.map((r) => r.finish).filter((m): m is number => m !== null);
  // Reduced, not spread: 100k+ arguments overflow the stack.
  const t0 = starts.length ? starts.reduce((a, b) => Math.min(a, b)) : model.options.projectStart;
  const t1 = Math.max(
    t0 + 1440,
    finishes.reduce((a, b) => Math.max(a, b), t0 + 1440),
  );
  const gx = PAGE.margin + GRID_WIDTH + 8;
  const gw = PAGE.width - PAGE.margin - gx;
  const x = (m: number): number => gx + ((m - t0) / (t1 - t0)) * gw;
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin - HEAD - 16) / ROW);
  const pages = Math.max(1, Math.ceil(rows.length / perPage));

  for (let p = 0; p < pages; p++) {
    doc.addPage();
    const top = PAGE.margin;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('black')
      .text(model.projectName, PAGE.margin, top, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(
        `Data date ${formatDateTime(model.options.dataDate)}   page ${p + 1} of ${pages}`,
        PAGE.margin,
        top + 14,
        { lineBreak: false },
      );
    // Grid header and month timescale.
    let cx = PAGE.margin;
    doc.font('Helvetica-Bold').fontSize(7);
    for (const c of COLS) {
      doc.text(c.title, cx + 2, top + HEAD - 10, { width: c.width - 4, lineBreak: false });
      cx += c.width;
    }
    const s = minutesToParts(t0);
    for (
      let mo = { y: s.y, mo: s.mo };
      ;
      mo = mo.mo === 12 ? { y: mo.y + 1, mo: 1 } : { y: mo.y, mo: mo.mo + 1 }
    ) {
      const m = partsToMinutes({ y: mo.y, mo: mo.mo, d: 1, h: 0, mi: 0 });
      if (m > t1) break;
      const mx = Math.max(gx, x(m));
      doc
        .moveTo(mx, top + HEAD - 14)
        .lineTo(mx, PAGE.height - PAGE.margin)
        .lineWidth(0.2)
        .strokeColor('#bbbbbb')
        .stroke();
      if (x(m) >= gx)
        doc
          .font('Helvetica')
          .fontSize(6)
          .fillColor('black')
          .text(`${mo.y}-${String(mo.mo).padStart(2, '0')}`, mx + 1, top + HEAD - 12, { lineBreak: false });
    }
    doc
      .moveTo(PAGE.margin, top + HEAD)
      .lineTo(PAGE.width - PAGE.margin, top + HEAD)
      .lineWidth(0.5)
      .strokeColor('black')
      .stroke();

    rows.slice(p * perPage, (p + 1) * perPage).forEach((r, i) => {
      const y = top + HEAD + 2 + i * ROW;
      const sum = r.a.kind === 'sum';
      const tf = r.a.stored?.tf;
      const cells = [
        r.a.code,
        `${' '.repeat((r.level - 1) * 2)}${r.a.name}`,
        sum ? '' : formatNumber(r.a.duration / 60 / hpd(r.a.calendarId), 1),
        day(r.start),
        day(r.finish),
        tf === null || tf === undefined || sum ? '' : formatNumber(tf / 60 / hpd(r.a.calendarId), 1),
      ];
      doc
        .font(sum ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(6.5)
        .fillColor('black');
      let cx2 = PAGE.margin;
      cells.forEach((text, k) => {
        doc.text(text, cx2 + 2, y + 3, {
          width: COLS[k]!.width - 4,
          height: ROW,
          lineBreak: false,
          ellipsis: true,
        });
        cx2 += COLS[k]!.width;
      });
      if (r.start === null || r.finish === null) return;
      const critical = r.a.stored?.critical === true;
      const colour = sum
        ? '#333333'
        : r.a.actualFinish !== null
          ? '#3b7dd8'
          : critical
            ? '#d33b3b'
            : '#4caf50';
      if (r.finish === r.start && !sum) {
        const mx = x(r.start);
        doc
          .polygon([mx, y + 2], [mx + 4, y + 6], [mx, y + 10], [mx - 4, y + 6])
          .fillColor(colour)
          .fill();
      } else {
        doc
          .rect(x(r.start), y + (sum ? 4 : 3), Math.max(1, x(r.finish) - x(r.start)), sum ? 3 : 7)
          .fillColor(colour)
          .fill();
      }
    });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
