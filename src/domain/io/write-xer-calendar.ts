// CALENDAR.clndr_data of an XER: P6's nested s-expression `(0||Name(attrs)(children))`, lines
// separated by two 0x7F bytes and indentation exactly as P6 writes them, so that P6 and the
// reader in xer/ both parse it.

import type { CalendarDef, WorkInterval } from '../schedule/model';
import { DAYS_1899_TO_2000, formatClock } from './write-time';

const NL = '\u007f\u007f';

function shiftNodes(intervals: readonly WorkInterval[], depth: number): string {
  const pad = ' '.repeat(depth * 2);
  return intervals
    .map((iv, i) => `${NL}${pad}(0||${i}(s|${formatClock(iv.start)}|f|${formatClock(iv.end, '00:00')})())`)
    .join('');
}

/** A node with children: `(0||name(attrs)(` + children + `))`. */
function node(name: string, attrs: string, children: string, depth: number): string {
  const pad = ' '.repeat(depth * 2);
  return children ? `${NL}${pad}(0||${name}(${attrs})(${children}))` : `${NL}${pad}(0||${name}(${attrs})())`;
}

export function formatClndrData(cal: CalendarDef): string {
  // P6 numbers week days 1 = Sunday … 7 = Saturday; the model indexes them 0 = Sunday.
  const days = cal.week.map((ivs, i) => node(String(i + 1), '', shiftNodes(ivs, 3), 2)).join('');
  const exceptions = [...cal.exceptions]
    .sort((a, b) => a.day - b.day)
    .map((ex, i) => node(String(i), `d|${ex.day + DAYS_1899_TO_2000}`, shiftNodes(ex.intervals, 3), 2))
    .join('');
  const body =
    node('DaysOfWeek', '', days, 1) +
    node('VIEW', 'ShowTotal|Y', '', 1) +
    node('Exceptions', '', exceptions, 1);
  return `(0||CalendarData()(${body}))`;
}
