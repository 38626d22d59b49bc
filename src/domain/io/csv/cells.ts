// Cell values of an imported table → model values, each failure an ImportError that names the
// sheet (or 'csv'), the row and the column.

import type { ActivityKind, Constraint } from '../../schedule/model';
import { ImportError } from '../errors';
import { parseDate } from '../../format/dates';
import { parseNumber } from '../../format/numbers';
import { excelSerialToMinutes, inModelRange, utcDateToMinutes } from '../write-time';

export type Cell = string | number | boolean | Date | null | undefined;

/** Where a cell is: the sheet or 'csv', its 1-based row, and its column header or letter. */
export interface CellAt {
  where: string;
  line: number;
  field: string;
}

const shown = (v: Cell): string => {
  const s = v instanceof Date ? v.toISOString() : String(v ?? '');
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

export function badValue(at: CellAt, v: Cell, what: string): ImportError {
  return new ImportError(
    'import.bad_value',
    { where: at.where, line: at.line, field: at.field, value: shown(v) },
    `${at.where} row ${at.line}, column ${at.field}: "${shown(v)}" is not ${what}.`,
  );
}

export function isBlank(v: Cell): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export function textCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

export function numberCell(v: Cell, at: CellAt): number | null {
  if (isBlank(v)) return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw badValue(at, v, 'a number');
    return v;
  }
  const r = parseNumber(textCell(v).replace(/%$/, ''));
  if (!r.ok) throw badValue(at, v, 'a number');
  return r.value;
}

/** Hours → working minutes; a text cell may carry a unit ('5d', '40h', '30m', '2w'). */
export function hoursCell(v: Cell, at: CellAt, hoursPerDay: number): number | null {
  if (isBlank(v)) return null;
  if (typeof v === 'string') {
    const m = /^\s*([+-]?[\d\s.,]+?)\s*(m|min|h|hrs?|d|days?|w|wks?)\s*$/i.exec(v);
    if (m) {
      const n = numberCell(m[1]!, at)!;
      const u = m[2]!.toLowerCase();
      const factor = u.startsWith('m')
        ? 1
        : u.startsWith('h')
          ? 60
          : u.startsWith('d')
            ? hoursPerDay * 60
            : hoursPerDay * 300;
      return Math.round(n * factor);
    }
  }
  const n = numberCell(v, at);
  return n === null ? null : Math.round(n * 60);
}

export function dateCell(v: Cell, at: CellAt): number | null {
  if (isBlank(v)) return null;
  let m: number;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw badValue(at, v, 'a date');
    m = utcDateToMinutes(v);
  } else if (typeof v === 'number') {
    // A spreadsheet date cell that lost its format arrives as the Excel serial number.
    if (!Number.isFinite(v)) throw badValue(at, v, 'a date');
    m = excelSerialToMinutes(v);
  } else {
    const r = parseDate(textCell(v));
    if (!r.ok) throw badValue(at, v, 'a date');
    if (r.clamped) m = Number.NaN;
    else m = r.value;
  }
  if (!inModelRange(m)) {
    throw new ImportError(
      'import.date_out_of_range',
      { where: at.where, line: at.line, field: at.field, value: shown(v) },
      `${at.where} row ${at.line}, column ${at.field}: ${shown(v)} is outside 2000–2050.`,
    );
  }
  return m;
}

export function boolCell(v: Cell, at: CellAt): boolean | null {
  if (isBlank(v)) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  const t = textCell(v).toLowerCase();
  if (['true', 'yes', 'y', '1', 'x', 'да'].includes(t)) return true;
  if (['false', 'no', 'n', '0', 'нет'].includes(t)) return false;
  throw badValue(at, v, 'yes or no');
}

const KINDS: Record<string, ActivityKind> = {
  task: 'task',
  'task dependent': 'task',
  tt_task: 'task',
  resource: 'resource',
  'resource dependent': 'resource',
  tt_rsrc: 'resource',
  loe: 'loe',
  'level of effort': 'loe',
  tt_loe: 'loe',
  start_milestone: 'start_milestone',
  'start milestone': 'start_milestone',
  tt_mile: 'start_milestone',
  finish_milestone: 'finish_milestone',
  'finish milestone': 'finish_milestone',
  tt_finmile: 'finish_milestone',
  milestone: 'finish_milestone',
  wbs_summary: 'wbs_summary',
  'wbs summary': 'wbs_summary',
  tt_wbs: 'wbs_summary',
  sum: 'sum',
  summary: 'sum',
  wbs: 'sum',
};

export function kindCell(v: Cell, at: CellAt): ActivityKind | null {
  if (isBlank(v)) return null;
  const k = KINDS[textCell(v).toLowerCase()];
  if (!k)
    throw badValue(
      at,
      v,
      'an activity type (task, resource, loe, start_milestone, finish_milestone, wbs_summary, sum)',
    );
  return k;
}

type C = Pick<Constraint, 'on' | 'type'> | 'alap';
const CONSTRAINTS: Record<string, C> = {};
const add = (c: C, ...names: string[]): void => names.forEach((n) => (CONSTRAINTS[n] = c));
add(
  { on: 'start', type: 'not_earlier' },
  'start_not_earlier',
  'cs_msoa',
  'start on or after',
  'snet',
  'start no earlier than',
);
add(
  { on: 'start', type: 'not_later' },
  'start_not_later',
  'cs_msob',
  'start on or before',
  'snlt',
  'start no later than',
);
add({ on: 'start', type: 'in_date' }, 'start_in_date', 'cs_mso', 'start on', 'mso', 'must start on');
add({ on: 'start', type: 'mandatory' }, 'start_mandatory', 'cs_mandstart', 'mandatory start');
add(
  { on: 'finish', type: 'not_earlier' },
  'finish_not_earlier',
  'cs_meoa',
  'finish on or after',
  'fnet',
  'finish no earlier than',
);
add(
  { on: 'finish', type: 'not_later' },
  'finish_not_later',
  'cs_meob',
  'finish on or before',
  'fnlt',
  'finish no later than',
);
add({ on: 'finish', type: 'in_date' }, 'finish_in_date', 'cs_meo', 'finish on', 'mfo', 'must finish on');
add({ on: 'finish', type: 'mandatory' }, 'finish_mandatory', 'cs_mandfin', 'mandatory finish');
add('alap', 'alap', 'cs_alap', 'as late as possible');

/** A constraint name; null for blank and 'asap'/'none'. */
export function constraintCell(v: Cell, at: CellAt): C | null {
  if (isBlank(v)) return null;
  const t = textCell(v).toLowerCase();
  if (['asap', 'none', 'as soon as possible', '-'].includes(t)) return null;
  const c = CONSTRAINTS[t];
  if (!c) throw badValue(at, v, 'a constraint (start_not_earlier, finish_not_later, …)');
  return c;
}
