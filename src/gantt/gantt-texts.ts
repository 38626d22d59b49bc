// The texts the Gantt shows about a row: the hover tooltip of a bar (dates, duration, float, the
// target version's dates and the variances against them) and the readout while a bar is dragged
// (the new start and finish, or the new finish and duration). Dates and durations are formatted
// by the grid's own cellText, so both read the same.

import { calendarIndex, resizedDuration } from '../state/workbench/bar-commands';
import type { CellTextContext } from '../state/workbench/cell-text';
import { cellText, durationText } from '../state/workbench/cell-text';
import { COLUMN_DEFS } from '../state/workbench/columns';
import { rowAt } from '../state/workbench/data';
import type { WorkbenchState } from '../state/workbench/store';
import type { RowView } from '../state/workbench/types';
import type { GanttGesture } from './draw-interactive';
import type { GanttBar } from './frame';

type T = (key: string) => string;

const text = (v: RowView, column: string, ctx: CellTextContext) => cellText(v, COLUMN_DEFS[column]!, ctx);

/** Start and finish of a row view as the grid shows them: one date for a milestone. */
function dates(v: RowView, ctx: CellTextContext): string {
  const start = text(v, 'start', ctx);
  const finish = text(v, 'finish', ctx);
  return start === finish ? start : `${start} – ${finish}`;
}

/** Working time from `a` to `b` on the row's calendar, in days as the grid writes them, signed. */
function variance(v: RowView, a: number, b: number, ctx: CellTextContext): string {
  const minutes = calendarIndex(v.row.calendarId).between(a, b);
  const days = durationText(minutes, v.row.calendarId, ctx.hoursPerDay, ctx.lang);
  return minutes > 0 ? `+${days}` : days;
}

export function barTooltip(s: WorkbenchState, bar: GanttBar, ctx: CellTextContext, t: T): string[] {
  const v = rowAt(s, bar.row);
  if (!v) return [bar.name];
  const lines = [`${text(v, 'code', ctx)}  ${v.row.name}`, dates(v, ctx)];
  if (v.row.nodeType !== 'sum') {
    lines.push(
      `${t('col.duration')}: ${text(v, 'duration', ctx)}`,
      `${t('col.total_float')}: ${text(v, 'total_float', ctx)}`,
    );
  }
  if (v.critical) lines.push(t('gantt.critical'));
  if (Number.isFinite(v.targetStart) && Number.isFinite(v.targetFinish)) {
    lines.push(`${t('gantt.target')}: ${dates({ ...v, es: v.targetStart, ef: v.targetFinish }, ctx)}`);
    if (Number.isFinite(v.es) && Number.isFinite(v.ef)) {
      lines.push(
        `${t('gantt.start_variance')}: ${variance(v, v.targetStart, v.es, ctx)}`,
        `${t('gantt.finish_variance')}: ${variance(v, v.targetFinish, v.ef, ctx)}`,
      );
    }
  }
  return lines;
}

/** Where a dragged bar will land, as the engine places it on the row's calendar. */
export function gestureReadout(s: WorkbenchState, g: GanttGesture, ctx: CellTextContext, t: T): string[] {
  const v = rowAt(s, g.bar.row);
  if (!v || v.row.id !== g.bar.id || g.kind === 'link') return [];
  const cal = calendarIndex(v.row.calendarId);
  if (g.kind === 'move') {
    // A not_earlier start limit: the bar starts at the next working moment from there.
    const es = cal.nextWorking(g.bar.start + g.deltaMinutes);
    const span = g.bar.kind === 'task' ? v.row.duration : 0;
    const ef = span > 0 ? cal.addWork(es, span) : es;
    const moved = { ...v, es, ef };
    return [
      `${t('col.start')}: ${text(moved, 'start', ctx)}`,
      `${t('col.finish')}: ${text(moved, 'finish', ctx)}`,
    ];
  }
  // The duration the release will store (resizeBar), and the finish it gives.
  const minutes = resizedDuration(v.row.calendarId, v.es, Math.max(g.bar.start, g.finish));
  const stretched = {
    ...v,
    ef: minutes > 0 ? cal.finishAt(cal.workAt(v.es) + minutes) : v.es,
    row: { ...v.row, duration: minutes },
  };
  return [
    `${t('col.finish')}: ${text(stretched, 'finish', ctx)}`,
    `${t('col.duration')}: ${text(stretched, 'duration', ctx)}`,
  ];
}
