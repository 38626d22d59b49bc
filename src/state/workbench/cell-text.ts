// The text of a cell, shared by the grid (display), the cell editor (initial text) and Ctrl+C
// (copy), so what is copied pastes back to the same values. Derived columns (start, finish,
// floats, status) show the engine's results. A finish is the end of a working day: one at
// midnight shows the day it ends (a date typed into Finish means the end of that day's work).
// A summary shows its rolled-up span as its duration (working time between its start and finish
// on its calendar) and the smallest total float of its open rows (P6's WBS rows); it has no free
// float; its percent complete is the engine's roll-up, weighted by planned duration (P6's WBS
// percent complete by duration). A completed activity has no floats (P6 leaves them blank).

import { EVAL_ERROR_TEXT, isEvalError, type EvalResult } from '../../domain/formula';
import { formatDate, formatDuration, formatNumber } from '../../domain/format';
import type { ColumnDef } from './columns';
import type { RowView } from './types';
import { rowStatus, sumStatus } from '../../domain/filter/grid-fields';

export type Lang = 'en' | 'ru';

export interface CellTextContext {
  readonly lang: Lang;
  t(key: string, params?: Record<string, unknown>): string;
  hoursPerDay(calendarId: string | null): number;
  calendarName(id: string | null): string;
  /** Working minutes between two moments on a calendar (null = the default): summary durations. */
  workBetween?(calendarId: string | null, from: number, to: number): number;
  /** A calculated attribute's value in a row (undefined: not a formula, or not computed yet). */
  formulaValue?(key: string, rowId: string): EvalResult | undefined;
  /** A row's accepted curator dates (undefined: none accepted). */
  acceptedDates?(rowId: string): { start: number | null; finish: number | null } | undefined;
  /** A row's named executor: the full name to show, the login to edit and copy (undefined: none). */
  executor?(rowId: string): { name: string; login: string } | undefined;
}

export type TextMode = 'display' | 'edit' | 'copy';

// A row's own status and a summary's: domain/filter/grid-fields.ts (the filter reads them too).
export { rowStatus, sumStatus } from '../../domain/filter/grid-fields';

/** The status a row shows: its own progress, or a summary's roll-up. */
export function viewStatus(r: RowView): 'not_started' | 'in_progress' | 'completed' {
  return r.row.nodeType === 'sum' ? sumStatus(r.percentComplete) : rowStatus(r.row);
}

/**
 * Working minutes as the grid writes a duration: days of the calendar's hours per day, up to two
 * decimals (the grid's cells, the relations tab, the Gantt's tooltips and the change history).
 */
export function durationText(
  minutes: number,
  calendarId: string | null,
  hoursPerDay: (calendarId: string | null) => number,
  lang: Lang,
): string {
  return formatDuration(
    minutes,
    { hoursPerDay: hoursPerDay(calendarId) },
    { lang, decimals: 2, trimZeros: true },
  );
}

/** An elapsed duration (MS Project's ed) is clock minutes: its days are 24-hour days. */
const CLOCK_DAY = () => 24;

function days(minutes: number, r: RowView, ctx: CellTextContext, lang: Lang): string {
  if (!Number.isFinite(minutes)) return '';
  return durationText(minutes, r.row.calendarId, r.row.sched?.elapsed ? CLOCK_DAY : ctx.hoursPerDay, lang);
}

function date(minutes: number, mode: TextMode, lang: Lang): string {
  if (!Number.isFinite(minutes)) return '';
  return formatDate(minutes, mode === 'display' ? 'DD.MM.YY' : 'DD.MM.YYYY', lang);
}

/** A finish at midnight ends the day before (24:00), and shows that day. */
function finishDate(minutes: number, mode: TextMode, lang: Lang): string {
  return date(minutes % 1440 === 0 ? minutes - 1 : minutes, mode, lang);
}

/** A start date as the grid shows it (the node panel's late start and limits). */
export const startDateText = (minutes: number, lang: Lang) => date(minutes, 'display', lang);
/** A finish date as the grid shows it: a finish at midnight shows the day it ends. */
export const finishDateText = (minutes: number, lang: Lang) => finishDate(minutes, 'display', lang);

function sumDuration(r: RowView, ctx: CellTextContext, lang: Lang): string {
  if (!ctx.workBetween || !Number.isFinite(r.es) || !Number.isFinite(r.ef)) return '';
  return days(Math.max(0, ctx.workBetween(r.row.calendarId, r.es, r.ef)), r, ctx, lang);
}

export function cellText(
  r: RowView,
  col: ColumnDef,
  ctx: CellTextContext,
  mode: TextMode = 'display',
): string {
  const row = r.row;
  const lang = mode === 'display' ? ctx.lang : 'en';
  const isSum = row.nodeType === 'sum';
  const milestone = row.nodeType === 'milestone_start' || row.nodeType === 'milestone_finish';
  switch (col.id) {
    case 'code':
      return row.code ?? r.outline;
    case 'name': {
      // Another project's activity (read-only) names its project beside its own name.
      const ext = row.sched?.external;
      return ext && mode === 'display'
        ? ctx.t('wbs.external_name', { name: row.name, project: ext.project ?? '' })
        : row.name;
    }
    case 'type':
      return ctx.t(`type.${row.nodeType}`);
    case 'duration':
      if (isSum) return sumDuration(r, ctx, lang);
      return days(milestone ? 0 : row.duration, r, ctx, lang);
    case 'start':
      return date(Number.isFinite(r.es) ? r.es : (row.startLimitDate ?? NaN), mode, lang);
    case 'finish':
      if (row.nodeType === 'milestone_start') return date(r.ef, mode, lang);
      return finishDate(Number.isFinite(r.ef) ? r.ef : (row.finishLimitDate ?? NaN), mode, lang);
    case 'total_float':
      // Completed and other projects' activities have no float here (P6 leaves them blank).
      return !isSum && (rowStatus(row) === 'completed' || row.sched?.external)
        ? ''
        : days(r.tf, r, ctx, lang);
    case 'free_float':
      return isSum || rowStatus(row) === 'completed' || row.sched?.external ? '' : days(r.ff, r, ctx, lang);
    case 'start_float':
    case 'finish_float':
      // P6's two floats behind total float (its "total float type" picks one or the smaller).
      return rowStatus(row) === 'completed' || row.sched?.external
        ? ''
        : days(col.id === 'start_float' ? r.startFloat : r.finishFloat, r, ctx, lang);
    case 'accepted_start':
      return date(ctx.acceptedDates?.(row.id)?.start ?? NaN, mode, lang);
    case 'accepted_finish':
      return finishDate(ctx.acceptedDates?.(row.id)?.finish ?? NaN, mode, lang);
    case 'executor': {
      const who = ctx.executor?.(row.id);
      return who ? (mode === 'display' ? who.name : who.login) : '';
    }
    case 'progress': {
      // A summary's own percent is not kept: it shows the roll-up of its rows (read-only).
      const pct = isSum ? r.percentComplete : row.percentComplete;
      return Number.isFinite(pct) ? formatNumber(pct, { decimals: 0, lang, trimZeros: true }) : '';
    }
    case 'status':
      return ctx.t(`status.${viewStatus(r)}`);
    case 'calendar':
      return ctx.calendarName(row.calendarId);
    case 'volume':
    case 'price': {
      const v = row[col.id];
      if (v === null) return '';
      return mode === 'display' ? formatNumber(v, { lang }) : String(v);
    }
    default: {
      const key = col.domain.attribute;
      const computed = key !== undefined ? ctx.formulaValue?.(key, row.id) : undefined;
      if (isEvalError(computed)) return EVAL_ERROR_TEXT[computed.error];
      const v = computed !== undefined ? computed : key !== undefined ? row.attributes[key] : null;
      if (v === null || v === undefined) return '';
      if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
      // A date attribute holds minutes, as the row's dates do.
      if (col.domain.kind === 'date' && typeof v === 'number') return date(v, mode, lang);
      // A number attribute reads as the user's numbers do; a copy converts back to the same value.
      return typeof v === 'number' && mode === 'display'
        ? formatNumber(v, { lang, decimals: 6, trimZeros: true })
        : String(v);
    }
  }
}
