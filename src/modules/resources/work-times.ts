// The working time the resource Gantt spreads usage and availability over (see
// src/domain/resources/work-time.ts): a calendar of the workbench's list by id, the version's
// default one when the id names none. Made once per laid-out calendar.
import type { CalendarIndex } from '../../domain/calendar';
import { calendarWorkTime } from '../../domain/resources';
import type { WorkTime } from '../../domain/resources';
import { defaultCalendarOf } from '../../domain/schedule/default-options';
import { calendarIndex } from '../../state/workbench/bar-commands';
import { workbench } from '../../state/workbench/store';

const made = new WeakMap<CalendarIndex, WorkTime>();

export function workTimeOf(calendarId: string | null): WorkTime {
  const idx = calendarIndex(calendarId);
  let t = made.get(idx);
  if (!t) {
    const cals = workbench.get().calendars;
    const def = cals.find((c) => c.id === idx.id) ?? defaultCalendarOf(cals);
    made.set(idx, (t = calendarWorkTime(idx, def?.hoursPerDay ?? 8)));
  }
  return t;
}
