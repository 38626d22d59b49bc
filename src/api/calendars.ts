// Working-time calendars of a space, shaped like CalendarDef of src/domain/schedule/model.ts.
import { z } from 'zod';
import type { CalendarDef } from '../domain/schedule/model';
import { Id, IdParams, Name, Ok } from './common';
import { route } from './route';

const Interval = z
  .object({ start: z.number().int().min(0).max(1440), end: z.number().int().min(0).max(1440) })
  .refine((i) => i.start < i.end, { params: { code: 'invalid' } });

export const CalendarInput = z.object({
  name: Name,
  /** Seven entries, 0 = Sunday … 6 = Saturday; each a list of working intervals in minutes of the day. */
  week: z.array(z.array(Interval).max(8)).length(7),
  /** Days since 2000-01-01 whose working time differs; no intervals = holiday. */
  exceptions: z
    .array(z.object({ day: z.number().int().min(0).max(18628), intervals: z.array(Interval).max(8) }))
    .max(5000),
  hours_per_day: z.number().positive().max(24),
  hours_per_week: z.number().positive().max(168),
  hours_per_month: z.number().positive().max(744),
});

export const Calendar = CalendarInput.extend({ id: Id, is_default: z.boolean() });
export type Calendar = z.infer<typeof Calendar>;

/** The engine's calendar of a space calendar (the client's route data and the server's rows alike). */
export function calendarDefOf(
  c: Pick<
    Calendar,
    | 'id'
    | 'name'
    | 'week'
    | 'exceptions'
    | 'hours_per_day'
    | 'hours_per_week'
    | 'hours_per_month'
    | 'is_default'
  >,
): CalendarDef {
  return {
    id: c.id,
    name: c.name,
    week: c.week,
    exceptions: c.exceptions,
    hoursPerDay: c.hours_per_day,
    hoursPerWeek: c.hours_per_week,
    hoursPerMonth: c.hours_per_month,
    isDefault: c.is_default,
  };
}

/** A version that uses a calendar (its rows or resources, or rows without one on the default). */
export const CalendarUse = z.object({
  version_id: Id,
  label: z.string(),
  schedule_id: Id,
  schedule_name: z.string(),
});
export type CalendarUse = z.infer<typeof CalendarUse>;

export const calendarRoutes = {
  list: route({
    method: 'GET',
    path: '/calendars',
    scope: 'space',
    summary: 'Calendars of the space (name filters by substring)',
    query: z.object({ name: z.string().max(32).optional() }),
    response: z.array(Calendar),
  }),
  create: route({
    method: 'POST',
    path: '/calendars',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a calendar (the first one of a space becomes the default)',
    body: CalendarInput,
    response: Calendar,
    status: 201,
  }),
  update: route({
    method: 'PUT',
    path: '/calendars/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Replace a calendar; the versions that use it are queued for recalculation (their ids answered)',
    params: IdParams,
    body: CalendarInput,
    response: Calendar.extend({ recalculating: z.array(Id) }),
  }),
  usage: route({
    method: 'GET',
    path: '/calendars/:id/versions',
    scope: 'space',
    summary: 'Versions that use the calendar: the ones saving it recalculates',
    params: IdParams,
    response: z.array(CalendarUse),
  }),
  remove: route({
    method: 'DELETE',
    path: '/calendars/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a calendar that is not the default and no WBS item uses (409 otherwise)',
    params: IdParams,
    response: Ok,
  }),
  setDefault: route({
    method: 'PUT',
    path: '/calendars/:id/default',
    scope: 'space',
    ability: 'edit',
    summary: 'Make this the default calendar of the space',
    params: IdParams,
    response: Calendar,
  }),
};
