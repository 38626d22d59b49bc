// XLSX reader (exceljs). The product's own workbook (see write.ts) reads back in full; any other
// workbook is read from its Activities sheet, or its first sheet, with the upload rule's column
// mapping. Every problem is an ImportError naming the sheet, row and column.

import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs';
import type { CalendarDef, Relation, ScheduleModel } from '../../schedule/model';
import { ImportError } from '../errors';
import { badValue, boolCell, dateCell, numberCell, textCell, type Cell, type CellAt } from '../csv/cells';
import { DEFAULT_UPLOAD_RULE, type UploadRule } from '../csv/fields';
import { tableToModel } from '../csv/rows-to-model';
import { parseIntervals, SHEET } from './sheets';
import { parseDateTime, utcDateToMinutes } from '../write-time';
import { readProjectRows } from './project-sheet';

export interface XlsxReadOptions {
  rule?: UploadRule;
  /** Where a table without any date starts (TableInput.undatedStart). */
  undatedStart?: number | undefined;
}

/** A cell's plain value: formulas give their result, rich text its text. */
function plain(v: ExcelJS.CellValue, at: CellAt): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v !== 'object') return v;
  if ('result' in v) return plain((v.result ?? null) as ExcelJS.CellValue, at);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return String(v.text);
  if ('error' in v) throw badValue(at, String(v.error), 'a value (the cell holds an error)');
  return null;
}

/** Sheet rows as 0-based arrays of plain values; index 0 is the sheet's row 1. */
function sheetRows(ws: ExcelJS.Worksheet): Cell[][] {
  const rows: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    const out: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (c, col) => {
      out[col - 1] = plain(c.value, { where: ws.name, line: r, field: c.address });
    });
    rows[r - 1] = out;
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

async function load(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new (await loadExcelJS()).Workbook();
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new ImportError(
      'import.unknown_format',
      { where: 'xlsx' },
      'The file is not an XLSX workbook (no ZIP header).',
    );
  }
  try {
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new ImportError(
      'import.truncated',
      { where: 'xlsx', value: msg.slice(0, 120) },
      `The XLSX workbook cannot be opened: ${msg.slice(0, 200)}`,
    );
  }
  return wb;
}

function readCalendars(ws: ExcelJS.Worksheet, exceptions: ExcelJS.Worksheet | undefined): CalendarDef[] {
  const rows = sheetRows(ws);
  const cals: CalendarDef[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((c) => textCell(c) === '')) continue;
    const at = (_col: number, field: string): CellAt => ({ where: ws.name, line: r + 1, field });
    const id = textCell(row[0]);
    if (!id)
      throw new ImportError(
        'import.missing_field',
        { where: ws.name, line: r + 1, field: 'ID' },
        `${ws.name} row ${r + 1}: the calendar has no ID.`,
      );
    const week = [6, 7, 8, 9, 10, 11, 12].map((col, d) => {
      const ivs = parseIntervals(textCell(row[col]));
      if (!ivs)
        throw badValue(
          at(col, ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][d]!),
          row[col],
          'working hours like 08:00-12:00, 13:00-17:00',
        );
      return ivs;
    });
    cals.push({
      id,
      name: textCell(row[1]) || id,
      week,
      exceptions: [],
      hoursPerDay: numberCell(row[3], at(3, 'Hours/day')) ?? 8,
      hoursPerWeek: numberCell(row[4], at(4, 'Hours/week')) ?? 40,
      hoursPerMonth: numberCell(row[5], at(5, 'Hours/month')) ?? 172,
      isDefault: boolCell(row[2], at(2, 'Default')) ?? false,
    });
  }
  const byId = new Map(cals.map((c) => [c.id, c]));
  if (exceptions) {
    const rows = sheetRows(exceptions);
    for (let r = 1; r < rows.length; r++) {
      const row = rows[r]!;
      if (row.every((c) => textCell(c) === '')) continue;
      const where = exceptions.name;
      const cal = byId.get(textCell(row[0]));
      if (!cal)
        throw new ImportError(
          'import.missing_calendar',
          { where, line: r + 1, field: 'Calendar ID', value: textCell(row[0]) },
          `${where} row ${r + 1}: calendar ${textCell(row[0])} is not on the Calendars sheet.`,
        );
      const day = exceptionDay(row[1], { where, line: r + 1, field: 'Date' });
      if (day === null)
        throw new ImportError(
          'import.missing_field',
          { where, line: r + 1, field: 'Date' },
          `${where} row ${r + 1}: the exception has no date.`,
        );
      const ivs = parseIntervals(textCell(row[2]));
      if (!ivs)
        throw badValue(
          { where, line: r + 1, field: 'Working hours' },
          row[2],
          'working hours like 08:00-12:00',
        );
      cal.exceptions.push({ day, intervals: ivs });
    }
  }
  return cals;
}

/** An exception's day; calendars keep holidays from before 2000, so no range check here. */
function exceptionDay(v: Cell, at: CellAt): number | null {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return Math.floor(utcDateToMinutes(v) / 1440);
  if (v === null || v === undefined || textCell(v) === '') return null;
  const m = parseDateTime(textCell(v));
  if (m === null) throw badValue(at, v, 'a date');
  return Math.floor(m / 1440);
}

function readRelations(ws: ExcelJS.Worksheet, model: ScheduleModel): Relation[] {
  const rows = sheetRows(ws);
  const ids = new Set(model.activities.map((a) => a.id));
  const byCode = new Map(model.activities.map((a) => [a.code, a.id]));
  const out: Relation[] = [];
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((c) => textCell(c) === '')) continue;
    const at = (field: string): CellAt => ({ where: ws.name, line: r + 1, field });
    const ref = (idCol: number, codeCol: number, field: string): string => {
      const id = textCell(row[idCol]);
      if (id && ids.has(id)) return id;
      const byC = byCode.get(textCell(row[codeCol]));
      if (byC) return byC;
      throw new ImportError(
        'import.bad_reference',
        { ...at(field), value: id || textCell(row[codeCol]) },
        `${ws.name} row ${r + 1}: ${field} ${id || textCell(row[codeCol])} is not on the Activities sheet.`,
      );
    };
    const type = textCell(row[5]).toLowerCase() || 'fs';
    if (!['fs', 'ss', 'ff', 'sf'].includes(type)) throw badValue(at('Type'), row[5], 'FS, SS, FF or SF');
    const lagCal = textCell(row[7]);
    if (lagCal && !['predecessor', 'successor', '24h', 'project'].includes(lagCal))
      throw badValue(at('Lag calendar'), row[7], 'a lag calendar');
    const rel: Relation = {
      id: textCell(row[0]) || String(out.length + 1),
      predId: ref(1, 3, 'Predecessor ID'),
      succId: ref(2, 4, 'Successor ID'),
      type: type as Relation['type'],
      lag: Math.round((numberCell(row[6], at('Lag (h)')) ?? 0) * 60),
    };
    if (lagCal) rel.lagCalendar = lagCal as Relation['lagCalendar'];
    out.push(rel);
  }
  return out;
}

export async function readXlsx(bytes: Uint8Array, opts: XlsxReadOptions = {}): Promise<ScheduleModel> {
  const wb = await load(bytes);
  const acts = wb.getWorksheet(SHEET.activities) ?? wb.worksheets[0];
  if (!acts) throw new ImportError('import.empty', { where: 'xlsx' }, 'The workbook has no sheets.');
  const calSheet = wb.getWorksheet(SHEET.calendars);
  const calendars = calSheet ? readCalendars(calSheet, wb.getWorksheet(SHEET.exceptions)) : null;
  const projectSheet = wb.getWorksheet(SHEET.project);
  const project = projectSheet
    ? readProjectRows(
        sheetRows(projectSheet)
          .slice(1)
          .map((row, i) => ({ field: textCell(row[0]), value: row[1], line: i + 2 })),
        {
          date: (v, line) => dateCell(v as Cell, { where: SHEET.project, line, field: 'Value' }),
          num: (v, line) => numberCell(v as Cell, { where: SHEET.project, line, field: 'Value' }),
          bool: (v, line) => boolCell(v as Cell, { where: SHEET.project, line, field: 'Value' }),
          bad: (v, line, what) => badValue({ where: SHEET.project, line, field: 'Value' }, v as Cell, what),
        },
      )
    : { options: {} };
  const model = tableToModel({
    where: acts.name,
    rows: sheetRows(acts),
    rule: opts.rule ?? DEFAULT_UPLOAD_RULE,
    calendars: calendars && calendars.length ? calendars : null,
    options: project.options,
    projectName: project.projectName,
    source: 'xlsx',
    ...(opts.undatedStart !== undefined ? { undatedStart: opts.undatedStart } : {}),
  });
  const relSheet = wb.getWorksheet(SHEET.relations);
  if (relSheet) model.relations = readRelations(relSheet, model);
  readResources(wb, model);
  return model;
}

function readResources(wb: ExcelJS.Workbook, model: ScheduleModel): void {
  const rs = wb.getWorksheet(SHEET.resources);
  const as = wb.getWorksheet(SHEET.assignments);
  if (!rs) return;
  for (const row of sheetRows(rs).slice(1)) {
    if (!textCell(row[0])) continue;
    model.resources.push({
      id: textCell(row[0]),
      name: textCell(row[1]),
      calendarId: textCell(row[2]) || null,
      ...(textCell(row[3]) ? { kind: textCell(row[3]) } : {}),
    });
  }
  if (!as) return;
  sheetRows(as)
    .slice(1)
    .forEach((row, i) => {
      if (!textCell(row[0])) return;
      const units = numberCell(row[3], { where: as.name, line: i + 2, field: 'Units' }) ?? 0;
      model.assignments.push({
        id: textCell(row[0]),
        activityId: textCell(row[1]),
        resourceId: textCell(row[2]),
        units,
      });
    });
}
