// The options a version schedules with when nothing else is stored (a version not imported from
// a file that carried its own): P6 semantics from the data date. The server's calculation and the
// workbench's worker both take them from here, so they cannot drift apart.

import type { Minutes, ScheduleOptions } from './model';

const EPOCH_MS = Date.UTC(2000, 0, 1);

/** The day of `now` at 00:00 as engine minutes (calendar-local): the data date when none is set. */
export function dayStartMinutes(now: Date): Minutes {
  return (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - EPOCH_MS) / 60000;
}

export function defaultScheduleOptions(dataDate: Minutes, defaultCalendarId: string): ScheduleOptions {
  return {
    dataDate,
    projectStart: dataDate,
    mustFinishBy: null,
    defaultCalendarId,
    progressMode: 'retained_logic',
    lagCalendar: 'predecessor',
    floatType: 'finish',
    criticalBy: 'total_float',
    criticalFloat: 0,
    semantics: 'p6',
  };
}
