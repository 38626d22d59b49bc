// The calendar of a row as a working-time index (its own, else the space's default, else the
// standard week), cached per definition: the matrix asks for it on every painted row.
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import type { CalendarIndex } from '../../domain/calendar';
import { defaultCalendarOf } from '../../domain/schedule/default-options';
import { isWorkingDay } from '../../domain/wdp';
import { workbench } from '../../state/workbench/store';

const cache = new CalendarIndexCache();
const standard = standardCalendarDef();

export function calendarOfRow(calendarId: string | null): CalendarIndex {
  const cals = workbench.get().calendars;
  const def = cals.find((c) => c.id === calendarId) ?? defaultCalendarOf(cals) ?? standard;
  return cache.of(def);
}

const flagsByCal = new WeakMap<CalendarIndex, Map<number, Uint8Array>>();

/**
 * Whether each of `span` days from `firstDay` on works in `cal` (1) or not (0), built once per
 * calendar and first day: the matrix shades days off while it scrolls without asking the
 * calendar for every painted cell.
 */
export function workingFlags(cal: CalendarIndex, firstDay: number, span: number): Uint8Array {
  let byFirst = flagsByCal.get(cal);
  if (!byFirst) flagsByCal.set(cal, (byFirst = new Map()));
  let flags = byFirst.get(firstDay);
  if (!flags || flags.length !== span) {
    flags = new Uint8Array(span);
    for (let i = 0; i < span; i++) flags[i] = isWorkingDay(cal, firstDay + i) ? 1 : 0;
    byFirst.set(firstDay, flags);
  }
  return flags;
}
