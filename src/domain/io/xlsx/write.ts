// XLSX writer: sheets Activities (the activity table of csv/fields.ts), Relations, Calendars,
// Calendar exceptions and Project (the schedule options), plus Resources and Assignments when
// the model has them, so that the workbook reads back into the same model. Dates are real date
// cells, durations and floats working hours, the header row frozen and filterable.

import type { ScheduleModel } from '../../schedule/model';
import { activityTable } from '../csv/model-to-rows';
import { minutesToUtcDate } from '../write-time';
import { packageXlsx, type CellFormat, type SheetSpec, type SheetValue } from './ooxml';
import { projectRows } from './project-sheet';
import {
  ASSIGNMENT_HEADERS,
  CALENDAR_HEADERS,
  EXCEPTION_HEADERS,
  formatIntervals,
  RELATION_HEADERS,
  RESOURCE_HEADERS,
  SHEET,
} from './sheets';

const sheet = (
  name: string,
  headers: string[],
  widths: number[],
  rows: SheetValue[][],
  formats: CellFormat[] = [],
): SheetSpec => ({
  name,
  headers,
  widths: headers.map((h, i) => widths[i] ?? Math.max(10, h.length + 2)),
  formats,
  rows,
});

export function workbookSheets(model: ScheduleModel): SheetSpec[] {
  const table = activityTable(model, false);
  const code = new Map(model.activities.map((a) => [a.id, a.code]));
  const sheets: SheetSpec[] = [
    sheet(
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
      table.fields.map((f) => (f.kind === 'date' ? 'datetime' : f.kind === 'hours' ? 'hours' : undefined)),
    ),
    sheet(
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
      [undefined, undefined, undefined, undefined, undefined, undefined, 'hours'],
    ),
    sheet(
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
    ),
    sheet(
      SHEET.exceptions,
      EXCEPTION_HEADERS,
      [12, 12, 28],
      model.calendars.flatMap((c) =>
        [...c.exceptions]
          .sort((a, b) => a.day - b.day)
          .map((e) => [c.id, minutesToUtcDate(e.day * 1440), formatIntervals(e.intervals)]),
      ),
      [undefined, 'date'],
    ),
    sheet(
      SHEET.project,
      ['Field', 'Value'],
      [26, 34],
      projectRows(model).map(([k, v]) => [
        k,
        typeof v === 'number' && k.endsWith('date') ? minutesToUtcDate(v) : v,
      ]),
    ),
  ];
  if (model.resources.length) {
    sheets.push(
      sheet(
        SHEET.resources,
        RESOURCE_HEADERS,
        [10, 30, 12, 12],
        model.resources.map((r) => [r.id, r.name, r.calendarId, r.kind ?? null]),
      ),
    );
    sheets.push(
      sheet(
        SHEET.assignments,
        ASSIGNMENT_HEADERS,
        [10, 12, 12, 10],
        model.assignments.map((a) => [a.id, a.activityId, a.resourceId, a.units]),
      ),
    );
  }
  return sheets;
}

export async function writeXlsx(model: ScheduleModel): Promise<Uint8Array> {
  return packageXlsx(workbookSheets(model));
}
