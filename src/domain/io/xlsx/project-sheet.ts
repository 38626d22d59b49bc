// The Project sheet: the schedule options as Field/Value rows, so that a workbook schedules
// the same after it is read back.

import type { ScheduleModel, ScheduleOptions } from '../../schedule/model';

type Row = [string, string | number | boolean | null];

export function projectRows(m: ScheduleModel): Row[] {
  const o = m.options;
  return [
    ['Project name', m.projectName],
    ['Source', m.source],
    ['Data date', o.dataDate],
    ['Project start date', o.projectStart],
    ['Must finish by date', o.mustFinishBy],
    ['Default calendar ID', o.defaultCalendarId],
    ['Progress mode', o.progressMode],
    ['Lag calendar', o.lagCalendar],
    ['Float type', o.floatType],
    ['Critical by', o.criticalBy],
    ['Critical float (h)', o.criticalFloat / 60],
    ['Semantics', o.semantics],
    ['Lag from early start', o.lagFromEarlyStart ?? null],
    ['Open ends critical', o.openEndsCritical ?? null],
    ['Use expected finish dates', o.useExpectedFinish ?? null],
    ['Ignore relationships to other projects', o.ignoreExternalRelations ?? null],
  ];
}

const ENUMS = {
  'Progress mode': ['retained_logic', 'progress_override', 'actual_dates'],
  'Lag calendar': ['predecessor', 'successor', '24h', 'project'],
  'Float type': ['finish', 'start', 'smallest'],
  'Critical by': ['total_float', 'longest_path'],
  Semantics: ['p6', 'msproject'],
} as const;

export interface ProjectSheetValues {
  projectName?: string;
  source?: string;
  options: Partial<ScheduleOptions>;
}

/**
 * Values of the sheet; `date`, `num` and `bool` convert a cell or throw the reader's error
 * (they know the row). An unknown field is ignored: later versions may add rows.
 */
export function readProjectRows(
  rows: { field: string; value: unknown; line: number }[],
  conv: {
    date: (v: unknown, line: number) => number | null;
    num: (v: unknown, line: number) => number | null;
    bool: (v: unknown, line: number) => boolean | null;
    bad: (v: unknown, line: number, what: string) => Error;
  },
): ProjectSheetValues {
  const out: ProjectSheetValues = { options: {} };
  const o = out.options;
  for (const { field, value, line } of rows) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    switch (field) {
      case 'Project name':
        out.projectName = text;
        break;
      case 'Source':
        out.source = text;
        break;
      case 'Data date': {
        const d = conv.date(value, line);
        if (d !== null) o.dataDate = d;
        break;
      }
      case 'Project start date': {
        const d = conv.date(value, line);
        if (d !== null) o.projectStart = d;
        break;
      }
      case 'Must finish by date':
        o.mustFinishBy = conv.date(value, line);
        break;
      case 'Default calendar ID':
        if (text) o.defaultCalendarId = text;
        break;
      case 'Critical float (h)': {
        const n = conv.num(value, line);
        if (n !== null) o.criticalFloat = Math.round(n * 60);
        break;
      }
      case 'Open ends critical': {
        const b = conv.bool(value, line);
        if (b !== null) o.openEndsCritical = b;
        break;
      }
      case 'Lag from early start': {
        const b = conv.bool(value, line);
        if (b !== null) o.lagFromEarlyStart = b;
        break;
      }
      case 'Use expected finish dates': {
        const b = conv.bool(value, line);
        if (b !== null) o.useExpectedFinish = b;
        break;
      }
      case 'Ignore relationships to other projects': {
        const b = conv.bool(value, line);
        if (b !== null) o.ignoreExternalRelations = b;
        break;
      }
      default: {
        if (field in ENUMS && text) {
          const allowed: readonly string[] = ENUMS[field as keyof typeof ENUMS];
          if (!allowed.includes(text)) throw conv.bad(value, line, `one of ${allowed.join(', ')}`);
          const key = {
            'Progress mode': 'progressMode',
            'Lag calendar': 'lagCalendar',
            'Float type': 'floatType',
            'Critical by': 'criticalBy',
            Semantics: 'semantics',
          }[field as keyof typeof ENUMS];
          (o as Record<string, unknown>)[key] = text;
        }
      }
    }
  }
  return out;
}
