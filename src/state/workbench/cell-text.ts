// The text of a cell, shared by the grid (display), the cell editor (initial text) and Ctrl+C
// (copy), so what is copied pastes back to the same values. Derived columns (start, finish,
// floats, status) show the engine's results.

import { formatDate, formatDuration, formatNumber } from '../../domain/format';
import type { ColumnDef } from './columns';
import type { RowView } from './types';

export type Lang = 'en' | 'ru';

export interface CellTextContext {
  readonly lang: Lang;
  t(key: string): string;
  hoursPerDay(calendarId: string | null): number;
  calendarName(id: string | null): string;
}

export type TextMode = 'display' | 'edit' | 'copy';

/** A row's status from its progress (the status column and the filter read it). */
export function rowStatus(
  row: Pick<RowView['row'], 'actualStart' | 'actualFinish' | 'percentComplete'>,
): 'not_started' | 'in_progress' | 'completed' {
  if (row.actualFinish !== null || row.percentComplete >= 100) return 'completed';
  if (row.actualStart !== null || row.percentComplete > 0) return 'in_progress';
  return 'not_started';
}

function days(minutes: number, r: RowView, ctx: CellTextContext, lang: Lang): string {
  if (!Number.isFinite(minutes)) return '';
  return formatDuration(
    minutes,
    { hoursPerDay: ctx.hoursPerDay(r.row.calendarId) },
    { lang, decimals: 2, trimZeros: true },
  );
}

function date(minutes: number, mode: TextMode, lang: Lang): string {
  if (!Number.isFinite(minutes)) return '';
  return formatDate(minutes, mode === 'display' ? 'DD.MM.YY' : 'DD.MM.YYYY', lang);
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
    case 'name':
      return row.name;
    case 'type':
      return ctx.t(`type.${row.nodeType}`);
    case 'duration':
      if (isSum) return '';
      return days(milestone ? 0 : row.duration, r, ctx, lang);
    case 'start':
      return date(Number.isFinite(r.es) ? r.es : (row.startLimitDate ?? NaN), mode, lang);
    case 'finish':
      return date(Number.isFinite(r.ef) ? r.ef : (row.finishLimitDate ?? NaN), mode, lang);
    case 'total_float':
      return isSum ? '' : days(r.tf, r, ctx, lang);
    case 'free_float':
      return isSum ? '' : days(r.ff, r, ctx, lang);
    case 'progress':
      return formatNumber(row.percentComplete, { decimals: 0, lang, trimZeros: true });
    case 'status':
      return ctx.t(`status.${rowStatus(row)}`);
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
      const v = key !== undefined ? row.attributes[key] : null;
      return v === null || v === undefined ? '' : String(v);
    }
  }
}
