// Calls of the calendar contract from the browser.
import { type CalendarInput, calendarRoutes as routes } from '../../api/calendars';
import { call } from '../../app/api/call';
import type { z } from 'zod';

export type CalendarBody = z.input<typeof CalendarInput>;

export const listCalendars = () => call(routes.list);
export const createCalendar = (body: CalendarBody) => call(routes.create, { body });
export const updateCalendar = (id: string, body: CalendarBody) =>
  call(routes.update, { params: { id }, body });
export const deleteCalendar = (id: string) => call(routes.remove, { params: { id } });
export const setDefaultCalendar = (id: string) => call(routes.setDefault, { params: { id } });
export const calendarUsage = (id: string) => call(routes.usage, { params: { id } });
