// The options a version schedules with when nothing else is stored (a version not imported from
// a file that carried its own): P6 semantics from the data date. The server's calculation and the
// workbench's worker both take them from here, so they cannot drift apart.

import type { CalendarDef, Minutes, ScheduleOptions } from './model';

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

/**
 * The calendar a version schedules on when a row names none, and the one new rows get: the
 * calendar flagged as default (spec: calendars have a default flag), else the first.
 */
export function defaultCalendarOf<C extends Pick<CalendarDef, 'id' | 'isDefault'>>(
  calendars: readonly C[],
): C | undefined {
  return calendars.find((c) => c.isDefault) ?? calendars[0];
}

/**
 * The options a version schedules with: those an import stored (a P6 or MS Project file's own),
 * else the defaults above. The data date is the version's (else the stored one, else today); the
 * default calendar is the stored one while it is among `calendars`, else defaultCalendarOf.
 */
export function versionScheduleOptions(
  stored: ScheduleOptions | null | undefined,
  dataDate: Minutes | null,
  calendars: readonly Pick<CalendarDef, 'id' | 'isDefault'>[],
  now: Date = new Date(),
): ScheduleOptions {
  const fallback = defaultCalendarOf(calendars)?.id ?? 'standard';
  if (!stored) return defaultScheduleOptions(dataDate ?? dayStartMinutes(now), fallback);
  return {
    ...stored,
    dataDate: dataDate ?? stored.dataDate,
    defaultCalendarId: calendars.some((c) => c.id === stored.defaultCalendarId)
      ? stored.defaultCalendarId
      : fallback,
  };
}
