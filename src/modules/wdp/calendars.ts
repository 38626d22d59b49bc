// The calendar of a row as a working-time index (its own, else the space's default, else the
// standard week), cached per definition: the matrix asks for it on every painted row.
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import type { CalendarIndex } from '../../domain/calendar';
import { defaultCalendarOf } from '../../domain/schedule/default-options';
import { workbench } from '../../state/workbench/store';

const cache = new CalendarIndexCache();
const standard = standardCalendarDef();

export function calendarOfRow(calendarId: string | null): CalendarIndex {
  const cals = workbench.get().calendars;
  const def = cals.find((c) => c.id === calendarId) ?? defaultCalendarOf(cals) ?? standard;
  return cache.of(def);
}
