// XLSX writer (exceljs): sheets Activities (the activity table of csv/fields.ts), Relations,
// Calendars, Calendar exceptions and Project (the schedule options), plus Resources and
// Assignments when the model has them; so that the workbook reads back into the same model.
// Dates are real date cells, durations and floats are working hours, header row frozen.

import ExcelJS from 'exceljs';
import type { ScheduleModel } from '../../schedule/model';
import { activityTable } from '../csv/model-to-rows';
import { minutesToUtcDate } from '../write-time';
import {
  ASSIGNMENT_HEADERS,
  CALENDAR_HEADERS,
  EXCEPTION_HEADERS,
  formatIntervals,
  RELATION_HEADERS,
  RESOURCE_HEADERS,
  SHEET,
} from './sheets';
import { projectRows } from './project-sheet';

const DATE_FMT = 'yyyy-mm-dd hh:mm';
const HOURS_FMT = '0.##';

type Value = string | number | boolean | Date | null;

function addSheet(
  wb: ExcelJS.Workbook,
  name: string,
  headers: string[],
  widths: number[],
  rows: Value[][],
  formats: (string | undefined)[] = [],
): void {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((header, i) => ({
    header,
    width: widths[i] ?? Math.max(10, header.length + 2),
    style: formats[i] ? { numFmt: formats[i] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
}

export function buildWorkbook(model: ScheduleModel): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Planning Workbench';
  const table = activityTable(model, false);
  addSheet(
    wb,
    SHEET.activities,
    table.fields.map((f) => f.header),
    table.fields.map((f) => f.width),
    table.rows.map((r) =>
      r.map((v, i) => {
        const kind = table.fields[i]!.kind;
        if (v === null || typeof v !== 'number') return v;
        return kind === 'date' ? minutesToUtcDate(v) : kind === 'hours' ? v / 60 : v;
      }),
    ),
    table.fields.map((f) => (f.kind === 'date' ? DATE_FMT : f.kind === 'hours' ? HOURS_FMT : undefined)),
  );
  const code = new Map(model.activities.map((a) => [a.id, a.code]));
  addSheet(
    wb,
    SHEET.relations,
    RELATION_HEADERS,
    [8, 14, 14, 16, 16, 6, 9, 14],
    model.relations.map((r) => [
      r.id,
      r.predId,
      r.succId,
      code.get(r.predId) ?? '',
      code.get(r.succId) ?? '',
      r.type.toUpperCase(),
      r.lag / 60,
      r.lagCalendar ?? null,
    ]),
    [undefined, undefined, undefined, undefined, undefined, undefined, HOURS_FMT],
  );
  addSheet(
    wb,
    SHEET.calendars,
    CALENDAR_HEADERS,
    [10, 30, 8, 10, 11, 12, 24, 24, 24, 24, 24, 24, 24],
    model.calendars.map((c) => [
      c.id,
      c.name,
      c.id === model.options.defaultCalendarId,
      c.hoursPerDay,
      c.hoursPerWeek,
      c.hoursPerMonth,
      ...c.week.map(formatIntervals),
    ]),
  );
  addSheet(
    wb,
    SHEET.exceptions,
    EXCEPTION_HEADERS,
    [12, 12, 28],
    model.calendars.flatMap((c) =>
      [...c.exceptions]
        .sort((a, b) => a.day - b.day)
        .map((e) => [c.id, minutesToUtcDate(e.day * 1440), formatIntervals(e.intervals)]),
    ),
    [undefined, 'yyyy-mm-dd'],
  );
  addSheet(
    wb,
    SHEET.project,
    ['Field', 'Value'],
    [26, 34],
    projectRows(model).map(([k, v]) => [
      k,
      typeof v === 'number' && k.endsWith('date') ? minutesToUtcDate(v) : v,
    ]),
    [undefined, undefined],
  );
  if (model.resources.length) {
    addSheet(
      wb,
      SHEET.resources,
      RESOURCE_HEADERS,
      [10, 30, 12, 12],
      model.resources.map((r) => [r.id, r.name, r.calendarId, r.kind ?? null]),
    );
    addSheet(
      wb,
      SHEET.assignments,
      ASSIGNMENT_HEADERS,
      [10, 12, 12, 10],
      model.assignments.map((a) => [a.id, a.activityId, a.resourceId, a.units]),
    );
  }
  return wb;
}

export async function writeXlsx(model: ScheduleModel): Promise<Uint8Array> {
  const buf = await buildWorkbook(model).xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
