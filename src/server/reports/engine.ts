// Report runs: an XLSX template (exceljs) filled from a version — value placeholders replaced,
// table rows repeated per activity of their set — and written back as XLSX. The placeholder
// rules are in src/domain/reports/template.ts; the syntax in docs/reports.md.
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import type { Kysely } from 'kysely';
import { walkTree } from '../../domain/io/write-model';
import type { ReportMeta, ReportRow } from '../../domain/reports/template';
import {
  PLACEHOLDER,
  fieldOf,
  linkCounts,
  parsePlaceholder,
  rowsOf,
  valueOf,
} from '../../domain/reports/template';
import type { CellText, ChartName, Figure, ResourceUnit, RowSet } from '../../domain/reports/template';
import { resourceUsageRows } from '../../domain/reports/resource-usage';
import type { ResourceBar, ResourceUsageRow } from '../../domain/reports/resource-usage';
import { CalendarIndexCache } from '../../domain/calendar';
import { assignmentCalendarId, calendarWorkTime } from '../../domain/resources';
import type { CurveKind, WorkTime } from '../../domain/resources';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import type { ServerLang } from '../i18n/messages';
import { loadVersionModel } from '../import/to-model';
import { printData } from '../print/render';
import { printSource } from '../print/source';

const EPOCH_MS = Date.UTC(2000, 0, 1);
const toDate = (m: number) => new Date(EPOCH_MS + m * 60_000);
const isoDay = (m: number) => toDate(m).toISOString().slice(0, 10);

const notXlsx = () =>
  new HttpError(400, 'BadRequest', [{ code: 'report.not_xlsx', params: { field: 'body.file' } }]);

export async function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  // XLSX is a zip: PK\x03\x04.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw notXlsx();
  const wb = new (await loadExcelJS()).Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  if (wb.worksheets.length === 0) throw notXlsx();
  return wb;
}

function textOf(v: ExcelJS.CellValue): string | null {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  return null;
}

export function cellsOf(wb: ExcelJS.Workbook): CellText[] {
  const out: CellText[] = [];
  for (const ws of wb.worksheets)
    ws.eachRow({ includeEmpty: false }, (row, r) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const text = textOf(cell.value);
        if (text !== null && text.includes('{{'))
          out.push({ sheet: ws.name, cell: cell.address, row: r, text });
      }),
    );
  return out;
}

interface Words {
  yes: string;
  no: string;
}
const WORDS: Record<ServerLang, Words> = { en: { yes: 'yes', no: 'no' }, ru: { yes: 'да', no: 'нет' } };

const asText = (f: Figure): string =>
  f === null ? '' : typeof f === 'object' ? isoDay(f.minutes) : typeof f === 'number' ? String(f) : f;

/** Replaces the placeholders of one cell; a cell that is one placeholder takes its typed value. */
function fillCell(cell: ExcelJS.Cell, figure: (inner: string) => Figure | undefined) {
  const text = textOf(cell.value);
  if (text === null || !text.includes('{{')) return;
  const whole = /^\s*\{\{\s*([^{}]*?)\s*\}\}\s*$/.exec(text);
  if (whole) {
    const f = figure(whole[1]!);
    if (f === undefined) return;
    if (f !== null && typeof f === 'object') {
      cell.value = toDate(f.minutes);
      // A copy: exceljs shares style objects between cells, so setting numFmt in place would
      // turn the figures beside this cell into dates too.
      if (!cell.numFmt || cell.numFmt === 'General') cell.style = { ...cell.style, numFmt: 'yyyy-mm-dd' };
    } else cell.value = f;
    return;
  }
  cell.value = text.replace(PLACEHOLDER, (all, inner: string) => {
    const f = figure(inner);
    return f === undefined ? all : asText(f);
  });
}

/** The charts a template draws (each rendered once, before filling). */
export function chartsOf(wb: ExcelJS.Workbook): ChartName[] {
  const out = new Set<ChartName>();
  for (const c of cellsOf(wb))
    for (const m of c.text.matchAll(PLACEHOLDER)) {
      const p = parsePlaceholder(m[1]!);
      if (p?.kind === 'chart') out.add(p.chart);
    }
  return [...out];
}

/** Chart images fill a box of this many pixels from their cell's top-left corner. */
export const CHART_PX = { width: 720, height: 360 };

function resourceField(field: string, r: ResourceUsageRow): Figure {
  switch (field) {
    case 'schedule':
      return r.schedule;
    case 'resource':
      return r.resource;
    case 'kind':
      return r.kind;
    case 'period':
      return { minutes: r.periodStart };
    case 'period_end':
      return { minutes: r.periodEnd };
    case 'units':
      return r.units;
    case 'cumulative':
      return r.cumulative;
    case 'activities':
      return r.activities;
    default:
      return null;
  }
}

export interface ReportExtras {
  /** Assignments as resource bars, for {{resources.UNIT}} tables. */
  bars?: readonly ResourceBar[];
  /** PNG images of the charts the template names. */
  charts?: ReadonlyMap<ChartName, Buffer>;
}

export function fillWorkbook(
  wb: ExcelJS.Workbook,
  rows: ReportRow[],
  meta: ReportMeta,
  lang: ServerLang,
  extras: ReportExtras = {},
): void {
  const w = WORDS[lang];
  const usage = new Map<ResourceUnit, ResourceUsageRow[]>();
  const usageRows = (unit: ResourceUnit) => {
    let list = usage.get(unit);
    if (!list) usage.set(unit, (list = resourceUsageRows(extras.bars ?? [], unit)));
    return list;
  };
  for (const ws of wb.worksheets) {
    // Table rows, bottom up so that inserting rows keeps the numbers of those above valid.
    const tables: [number, { set: RowSet } | { unit: ResourceUnit }][] = [];
    ws.eachRow({ includeEmpty: false }, (row, r) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        for (const m of (textOf(cell.value) ?? '').matchAll(PLACEHOLDER)) {
          const p = parsePlaceholder(m[1]!);
          if (tables.some(([t]) => t === r)) continue;
          if (p?.kind === 'rows') tables.push([r, { set: p.set }]);
          if (p?.kind === 'resources') tables.push([r, { unit: p.unit }]);
        }
      }),
    );
    tables.sort((a, b) => b[0] - a[0]);
    for (const [r, table] of tables) {
      const items: (ReportRow | ResourceUsageRow)[] =
        'set' in table ? rowsOf(rows, table.set, meta.dataDate) : usageRows(table.unit);
      if (items.length === 0) {
        ws.spliceRows(r, 1);
        continue;
      }
      if (items.length > 1) ws.duplicateRow(r, items.length - 1, true);
      items.forEach((item, i) => {
        ws.getRow(r + i).eachCell({ includeEmpty: false }, (cell) =>
          fillCell(cell, (inner) => {
            const p = parsePlaceholder(inner);
            if (p?.kind === 'rows' || p?.kind === 'resources') return '';
            if (p?.kind === 'field' && 'set' in table)
              return fieldOf(p.field, item as ReportRow, w.yes, w.no);
            if (p?.kind === 'res' && 'unit' in table) return resourceField(p.field, item as ResourceUsageRow);
            return undefined;
          }),
        );
      });
    }
    // Charts: the cell is emptied and the image anchored at its top-left corner.
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const m = /^\s*\{\{\s*chart\.([a-z_]+)\s*\}\}\s*$/.exec(textOf(cell.value) ?? '');
        if (!m) return;
        const png = extras.charts?.get(m[1] as ChartName);
        cell.value = null;
        if (!png) return;
        const id = wb.addImage({ buffer: png as unknown as ExcelJS.Buffer, extension: 'png' });
        ws.addImage(id, {
          tl: { col: Number(cell.col) - 1, row: Number(cell.row) - 1 },
          ext: CHART_PX,
          editAs: 'oneCell',
        });
      }),
    );
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) =>
        fillCell(cell, (inner) => {
          const p = parsePlaceholder(inner);
          return p?.kind === 'value' ? valueOf(p.name, rows, meta) : undefined;
        }),
      ),
    );
  }
}

/** The version's activities as report rows, with the finish of the schedule's target version. */
export async function reportSource(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  userId: string | null,
): Promise<{ rows: ReportRow[]; meta: ReportMeta; scheduleId: string; label: string; bars: ResourceBar[] }> {
  const src = await printSource(db, spaceId, versionId, userId);
  const model = src.model;
  const tree = walkTree(model);
  const target = await db
    .selectFrom('versions')
    .select(['id', 'label'])
    .where('space_id', '=', spaceId)
    .where('schedule_id', '=', src.scheduleId)
    .where('kind', '=', 'target')
    .where('id', '!=', versionId)
    .orderBy('sort_order', 'desc')
    .executeTakeFirst();
  const targetDates = new Map<string, { start: number | null; finish: number | null }>();
  if (target) {
    const t = await loadVersionModel(db, spaceId, target.id, src.hidden);
    for (const r of printData(t.model).rows) targetDates.set(r.code, { start: r.start, finish: r.finish });
  }
  const hpd = new Map(model.calendars.map((c) => [c.id, c.hoursPerDay || 8]));
  const preds = new Map<string, number>();
  const succs = new Map<string, number>();
  for (const r of model.relations) {
    succs.set(r.predId, (succs.get(r.predId) ?? 0) + 1);
    preds.set(r.succId, (preds.get(r.succId) ?? 0) + 1);
  }
  const HARD = new Set(['not_later', 'in_date', 'mandatory']);
  const rows: ReportRow[] = src.data.rows.map((p, i) => {
    const a = tree[i]!.activity;
    const h = (hpd.get(a.calendarId) ?? 8) * 60;
    const tf = a.stored?.tf;
    const t = targetDates.get(p.code);
    return {
      code: p.code,
      name: p.name,
      level: p.level,
      sum: p.sum,
      milestone: p.milestone,
      critical: p.critical,
      start: p.start,
      finish: p.finish,
      durationDays: p.sum ? null : Math.round((a.duration / h) * 100) / 100,
      floatDays: p.sum || tf === null || tf === undefined ? null : Math.round((tf / h) * 100) / 100,
      percent: a.percentComplete,
      actualStart: a.actualStart,
      actualFinish: a.actualFinish,
      targetStart: t?.start ?? null,
      targetFinish: t?.finish ?? null,
      predecessors: preds.get(a.id) ?? 0,
      successors: succs.get(a.id) ?? 0,
      hardConstraint: a.constraints.some((c) => HARD.has(c.type)),
    };
  });
  // Assignments as resource bars on the activities' scheduled dates, each spread over its
  // working time (the activity's calendar; the resource's for a resource-dependent activity).
  const assignments = await db
    .selectFrom('version_assignments as a')
    .innerJoin('version_resources as vr', (j) =>
      j
        .onRef('vr.space_id', '=', 'a.space_id')
        .onRef('vr.version_id', '=', 'a.version_id')
        .onRef('vr.id', '=', 'a.resource_id'),
    )
    .select(['a.wbs_id', 'a.units', 'a.curve', 'a.curve_values', 'vr.name', 'vr.kind', 'vr.calendar_id'])
    .where('a.space_id', '=', spaceId)
    .where('a.version_id', '=', versionId)
    .execute();
  const dates = new Map(
    src.data.rows.map((p, i) => [tree[i]!.activity.id, { p, a: tree[i]!.activity }] as const),
  );
  const cache = new CalendarIndexCache();
  const lookup = cache.lookup(model.calendars);
  const fallback =
    model.calendars.find((c) => c.id === model.options.defaultCalendarId) ?? model.calendars[0];
  const times = new Map<string | null, WorkTime | undefined>();
  const timeOf = (id: string | null): WorkTime | undefined => {
    if (!times.has(id)) {
      const idx = (id && lookup(id)) || (fallback && cache.of(fallback));
      const def = model.calendars.find((c) => c.id === id) ?? fallback;
      times.set(id, idx ? calendarWorkTime(idx, def?.hoursPerDay || 8) : undefined);
    }
    return times.get(id);
  };
  const bars: ResourceBar[] = [];
  for (const x of assignments) {
    const d = dates.get(x.wbs_id);
    if (!d || d.p.sum || d.p.start === null || d.p.finish === null) continue;
    const time = timeOf(assignmentCalendarId(d.a, x.calendar_id));
    bars.push({
      schedule: src.values.schedule,
      resource: x.name,
      kind: x.kind ?? '',
      start: d.p.start,
      finish: d.p.finish,
      units: Number(x.units),
      curve: x.curve as CurveKind,
      curveValues: x.curve_values,
      ...(time ? { time } : {}),
    });
  }
  return {
    rows,
    bars,
    scheduleId: src.scheduleId,
    label: src.versionLabel,
    meta: {
      schedule: src.values.schedule,
      version: src.values.version,
      targetVersion: target?.label ?? '',
      dataDate: src.data.dataDate,
      today: src.values.date,
      user: src.values.user,
      links: linkCounts(model.relations),
    },
  };
}
