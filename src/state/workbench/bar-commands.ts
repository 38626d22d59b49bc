// What Gantt gestures do to the data: moving a bar sets a not_earlier start limit, dragging its
// end sets the duration to the working time up to the new finish (on the row's calendar). Each
// release is one command and one undo step (the drag itself never touched the store).

import { defaultCalendarOf } from '../../domain/schedule/default-options';
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import type { CalendarIndex } from '../../domain/calendar';
import { updateValues, WBS_COLUMNS } from '../../domain/wbs';
import type { RowId } from '../../domain/wbs';
import { commitChange } from './data';
import { workbench } from './store';

const cache = new CalendarIndexCache();
/** The calendar of a version that has none (one object, so that it is laid out once). */
const STANDARD = standardCalendarDef('standard');

/** The working time of a row's calendar: the version's default one when the row names none. */
export function calendarIndex(calendarId: string | null): CalendarIndex {
  const s = workbench.get();
  const def = s.calendars.find((c) => c.id === calendarId) ?? defaultCalendarOf(s.calendars) ?? STANDARD;
  return cache.of(def);
}

/** Drag a bar: its start may not be earlier than `start` (a not_earlier start limit). */
export function moveBar(id: RowId, start: number): void {
  const s = workbench.get();
  // A locked version (and the read-only project grid) takes no gesture.
  if (!s.wbs.doc.rows.get(id) || s.version?.locked) return;
  const c = updateValues(s.wbs.doc, s.wbs.index, [
    { id, column: WBS_COLUMNS.start, value: start },
    { id, column: { id: 'start_limit_type', kind: 'text', field: 'startLimitType' }, value: 'not_earlier' },
  ]);
  commitChange(c, 'cmd.moveBar');
}

/** What a drag of a bar's end makes its duration: the working time from `start` to `finish`. */
export function resizedDuration(calendarId: string | null, start: number, finish: number): number {
  const cal = calendarIndex(calendarId);
  return Math.max(0, cal.workAt(finish) - cal.workAt(start));
}

/** Drag a bar's end: the duration becomes the working time from its start to `finish`. */
export function resizeBar(id: RowId, start: number, finish: number): void {
  const s = workbench.get();
  const row = s.wbs.doc.rows.get(id);
  if (!row || s.version?.locked) return;
  const minutes = resizedDuration(row.calendarId, start, finish);
  const c = updateValues(s.wbs.doc, s.wbs.index, [{ id, column: WBS_COLUMNS.duration, value: minutes }]);
  commitChange(c, 'cmd.resizeBar');
}
