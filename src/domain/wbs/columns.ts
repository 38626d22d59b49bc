// Grid columns as the edit commands see them: how a column reads a row, writes a value, and
// converts a raw string (typed or pasted) into that value with format/. Derived columns (floats,
// status) are read-only here: they come from the engine (STYLE practice 5).

import type { Draft } from 'immer';
import { formatDate, parseDate, type DateParseOptions } from '../format/dates';
import { formatDuration, formatNumber, parseDuration, parseNumber } from '../format/numbers';
import { listValueOf } from '../attribute/list-values';
import type { WorkTimeContext } from './progress';
import type { EditableField, NodeType, WbsRow } from './types';

export type ColumnKind =
  | 'text'
  | 'code'
  | 'number'
  | 'percent'
  | 'duration'
  /** Typing a start or finish sets that limit's date (type not_earlier unless one is set). */
  | 'start'
  | 'finish'
  | 'date'
  | 'nodeType'
  | 'calendar'
  /** A list attribute: one of `options` or nothing. */
  | 'list'
  | 'readonly';

export interface WbsColumn {
  id: string;
  kind: ColumnKind;
  /** The row field, for field columns. */
  field?: EditableField;
  /** The attribute key, for the version's attribute columns. */
  attribute?: string;
  /** The values a list column allows. */
  options?: readonly string[];
}

export type CellValue = string | number | null;

export const WBS_COLUMNS = {
  code: { id: 'code', kind: 'code', field: 'code' },
  name: { id: 'name', kind: 'text', field: 'name' },
  type: { id: 'type', kind: 'nodeType', field: 'nodeType' },
  duration: { id: 'duration', kind: 'duration', field: 'duration' },
  start: { id: 'start', kind: 'start', field: 'startLimitDate' },
  finish: { id: 'finish', kind: 'finish', field: 'finishLimitDate' },
  actual_start: { id: 'actual_start', kind: 'date', field: 'actualStart' },
  actual_finish: { id: 'actual_finish', kind: 'date', field: 'actualFinish' },
  progress: { id: 'progress', kind: 'percent', field: 'percentComplete' },
  volume: { id: 'volume', kind: 'number', field: 'volume' },
  price: { id: 'price', kind: 'number', field: 'price' },
  calendar: { id: 'calendar', kind: 'calendar', field: 'calendarId' },
  total_float: { id: 'total_float', kind: 'readonly' },
  free_float: { id: 'free_float', kind: 'readonly' },
  start_float: { id: 'start_float', kind: 'readonly' },
  finish_float: { id: 'finish_float', kind: 'readonly' },
  status: { id: 'status', kind: 'readonly' },
  /** The curator's accepted dates (PATCH versions/{id}/accepted-curator-dates): shown, not typed. */
  accepted_start: { id: 'accepted_start', kind: 'readonly' },
  accepted_finish: { id: 'accepted_finish', kind: 'readonly' },
} as const satisfies Record<string, WbsColumn>;

/** An attribute column's id: `attr:` and the key the rows' attributes use. */
export const attributeColumnId = (key: string): string => `attr:${key}`;

export function attributeColumn(
  key: string,
  kind: 'text' | 'number' | 'date' | 'list',
  options?: readonly string[],
): WbsColumn {
  return { id: attributeColumnId(key), kind, attribute: key, ...(options ? { options } : {}) };
}

export function readCell(row: WbsRow, col: WbsColumn): CellValue {
  if (col.attribute !== undefined) return row.attributes[col.attribute] ?? null;
  if (col.field === undefined) return null;
  return row[col.field] as CellValue;
}

/** Write a converted value; the start and finish columns also set a limit type when none is. */
export function writeCell(row: Draft<WbsRow>, col: WbsColumn, value: CellValue): void {
  if (col.kind === 'readonly') return;
  if (col.attribute !== undefined) {
    row.attributes[col.attribute] = value;
    return;
  }
  if (col.kind === 'start' || col.kind === 'finish') {
    const typeField = col.kind === 'start' ? 'startLimitType' : 'finishLimitType';
    const dateField = col.kind === 'start' ? 'startLimitDate' : 'finishLimitDate';
    row[dateField] = value as number | null;
    row[typeField] = value === null ? null : (row[typeField] ?? 'not_earlier');
    return;
  }
  if (col.field !== undefined) (row as unknown as Record<string, CellValue>)[col.field] = value;
}

export interface ConvertContext extends DateParseOptions {
  /** Working hours per day of a calendar (null = the version default), for durations. */
  hoursPerDay(calendarId: string | null): number;
  /** Calendars a calendar cell may name (by id or name). */
  calendars?: readonly { id: string; name: string }[];
  /**
   * The version's working time. With it, a date typed without a time means the start of that
   * day's work in a start column and the end of it in a finish column (30.06 in Finish is
   * 30.06 17:00, not 30.06 00:00, which the end of 29.06 already satisfies), and progress edits
   * keep the actual dates in step (progress.ts).
   */
  workTime?: WorkTimeContext;
}

/** Start-side and finish-side date columns (limits and actual dates). */
function dateSide(col: WbsColumn): 'start' | 'finish' | null {
  if (col.kind === 'start' || col.field === 'actualStart') return 'start';
  if (col.kind === 'finish' || col.field === 'actualFinish') return 'finish';
  return null;
}

/**
 * A date-only entry (`day` at 00:00) as the moment it means on the row's calendar: the start of
 * that day's work for a start, the end of it for a finish (17:00). A day without work gives the
 * next start moment or the previous finish moment, which is where the engine reads it anyway.
 */
function snapDateOnly(
  day: number,
  side: 'start' | 'finish',
  calendarId: string | null,
  workTime: WorkTimeContext,
): number {
  const cal = workTime.calendar(calendarId);
  return side === 'start' ? cal.startAt(cal.workAt(day)) : cal.finishAt(cal.workAt(day + 1440));
}

const HAS_TIME = /\d:\d{2}/u;

export type Converted =
  | { ok: true; value: CellValue }
  | { ok: false; key: string; params?: Record<string, string | number> }
  /** An empty cell for a field that cannot be empty: left as it is, not an error. */
  | { ok: 'skip' };

const NODE_TYPES: Record<string, NodeType> = {
  sum: 'sum',
  summary: 'sum',
  суммарная: 'sum',
  task: 'task',
  задача: 'task',
  work: 'work',
  работа: 'work',
  milestone: 'milestone_finish',
  веха: 'milestone_finish',
  milestone_finish: 'milestone_finish',
  'finish milestone': 'milestone_finish',
  'веха окончания': 'milestone_finish',
  milestone_start: 'milestone_start',
  'start milestone': 'milestone_start',
  'веха начала': 'milestone_start',
  draft: 'draft',
  черновик: 'draft',
};

/** Convert a raw cell string for a column of a given row. */
export function convertCell(raw: string, col: WbsColumn, row: WbsRow | null, ctx: ConvertContext): Converted {
  const text = raw.trim();
  if (text === '' && col.kind !== 'readonly') {
    if (col.kind === 'text' && col.attribute === undefined) return ok('');
    const required = col.kind === 'duration' || col.kind === 'percent' || col.kind === 'nodeType';
    return required && col.attribute === undefined ? { ok: 'skip' } : ok(null);
  }
  switch (col.kind) {
    case 'readonly':
      return { ok: false, key: 'wbs.read_only', params: { column: col.id } };
    case 'text': {
      // An attribute that holds a number (a P6 number UDF) keeps holding one.
      if (col.attribute === undefined || typeof row?.attributes[col.attribute] !== 'number') return ok(text);
      const n = parseNumber(text);
      return n.ok ? ok(n.value) : n;
    }
    case 'code':
      return ok(text);
    case 'number': {
      const n = parseNumber(text);
      return n.ok ? ok(n.value) : n;
    }
    case 'percent': {
      const n = parseNumber(text.replace(/%$/u, ''));
      if (!n.ok) return n;
      return n.value >= 0 && n.value <= 100 ? ok(n.value) : { ok: false, key: 'wbs.percent_range' };
    }
    case 'duration': {
      // An elapsed duration (MS Project's ed) is typed in 24-hour days, as the grid shows it.
      const hoursPerDay = row?.sched?.elapsed ? 24 : ctx.hoursPerDay(row?.calendarId ?? null);
      const d = parseDuration(text, { hoursPerDay });
      return d.ok ? ok(d.value) : d;
    }
    case 'start':
    case 'finish':
    case 'date': {
      const d = parseDate(text, ctx);
      if (!d.ok) return d;
      const side = dateSide(col);
      if (side && ctx.workTime && !HAS_TIME.test(text) && col.attribute === undefined)
        return ok(snapDateOnly(d.value, side, row?.calendarId ?? null, ctx.workTime));
      return ok(d.value);
    }
    case 'nodeType': {
      const t = NODE_TYPES[text.toLowerCase().replace(/\s+/gu, ' ')];
      return t ? ok(t) : { ok: false, key: 'wbs.unknown_node_type', params: { value: text } };
    }
    case 'list': {
      const v = listValueOf(text, col.options ?? []);
      return v !== null
        ? ok(v)
        : {
            ok: false,
            key: 'wbs.not_in_list',
            params: { value: text, values: (col.options ?? []).join(', ') },
          };
    }
    case 'calendar': {
      const lower = text.toLowerCase();
      const cal = ctx.calendars?.find((c) => c.id === text || c.name.trim().toLowerCase() === lower);
      return cal ? ok(cal.id) : { ok: false, key: 'wbs.unknown_calendar', params: { value: text } };
    }
  }
}

export interface FormatCellOptions {
  /** 'display' groups thousands with 2 decimals (spec §9); 'copy' keeps full precision for a paste back. */
  mode?: 'display' | 'copy';
  lang?: 'en' | 'ru';
}

/**
 * A cell's text for the grid and for Ctrl+C. In copy mode the text converts back to the same
 * value through convertCell (durations to the minute, dates with their time when not midnight).
 * Read-only (derived) columns are formatted by whoever derives them and give '' here.
 */
export function formatCell(
  row: WbsRow,
  col: WbsColumn,
  ctx: Pick<ConvertContext, 'hoursPerDay' | 'calendars'>,
  options: FormatCellOptions = {},
): string {
  const value = readCell(row, col);
  if (value === null || col.kind === 'readonly') return '';
  const copy = options.mode === 'copy';
  const lang = options.lang ?? 'en';
  switch (col.kind) {
    case 'number':
      if (typeof value !== 'number') return String(value);
      return copy
        ? formatNumber(value, { decimals: 6, trimZeros: true, lang, group: false })
        : formatNumber(value, { lang });
    case 'percent':
      return typeof value === 'number'
        ? formatNumber(value, { decimals: 2, trimZeros: true, lang, group: false })
        : String(value);
    case 'duration':
      return typeof value === 'number'
        ? formatDuration(
            value,
            { hoursPerDay: row.sched?.elapsed ? 24 : ctx.hoursPerDay(row.calendarId) },
            { decimals: copy ? 4 : 2, lang, group: false },
          )
        : String(value);
    case 'start':
    case 'finish':
    case 'date':
      if (typeof value !== 'number') return String(value);
      // A copied start or finish keeps its time: a date alone would paste as that day's work edge.
      return formatDate(
        value,
        value % 1440 === 0 && !(copy && dateSide(col)) ? 'DD.MM.YYYY' : 'DD.MM.YYYY HH:mm',
      );
    case 'calendar':
      return ctx.calendars?.find((c) => c.id === value)?.name ?? String(value);
    default:
      return String(value);
  }
}

function ok(value: CellValue): Converted {
  return { ok: true, value };
}

/** English texts of the WBS message keys (the client copies them into its i18n files). */
export const wbsMessagesEn: Readonly<Record<string, string>> = {
  'wbs.read_only': 'This column is calculated and cannot be edited',
  'wbs.percent_range': 'Enter a percentage from 0 to 100',
  'wbs.unknown_node_type': 'Unknown row type "{{value}}"',
  'wbs.unknown_calendar': 'No calendar named "{{value}}"',
  'wbs.not_in_list': 'Not in the list: {{values}}',
  'wbs.type_has_children': 'A row with child rows must stay a summary',
  'wbs.missing_row': 'The row no longer exists',
  'wbs.relation_self': 'A task cannot be linked to itself',
  'wbs.relation_duplicate': 'These tasks are already linked',
  'wbs.relation_hierarchy': 'You cannot link a summary task to its own subtask',
  'wbs.relation_missing_row': 'The linked row no longer exists',
  'wbs.relation_missing': 'The relation no longer exists',
  'wbs.relation_cycle': 'This link would create a loop: {{path}}',
};
