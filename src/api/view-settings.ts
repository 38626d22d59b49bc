// Each user's saved filters (spec: "filtering") and layout templates (spec: "layout template",
// the View settings screen): named, per space, reusable in every schedule.
import { z } from 'zod';
import { parseFilter } from '../domain/filter/parse';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { GroupBy, GroupByCompat } from './group-by';
import { route } from './route';

/** A filter expression of src/domain/filter (checked by its parser: the 400 names the place). */
export const FilterJson = z.unknown().superRefine((v, ctx) => {
  const p = parseFilter(JSON.stringify(v ?? null));
  if (!p.ok) ctx.addIssue({ code: 'custom', params: { code: 'filter.invalid', place: p.path } });
});

export const SavedFilter = z.object({
  id: Id,
  name: z.string(),
  filter: z.unknown(),
  created_at: Timestamp,
});
export type SavedFilter = z.infer<typeof SavedFilter>;

const ColumnRef = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[^\p{Cc}]+$/u);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/u);

export const LayoutSettings = z.object({
  columns: z
    .array(z.object({ id: ColumnRef, width: z.number().int().min(16).max(2000), visible: z.boolean() }))
    .max(300)
    .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, {
      params: { code: 'duplicate_column' },
    }),
  frozen: z.number().int().min(0).max(50),
  /** Rows sorted among their siblings by these columns, first first. */
  sort: z.array(z.object({ column: ColumnRef, dir: z.enum(['asc', 'desc']) })).max(5),
  /** Rows grouped by these columns' values, first outermost, a summary row per group (null: the WBS tree). */
  group_by: GroupBy,
  /** Gantt bars coloured by a column's value: value → colour (others keep the default colour). */
  color_by: z.object({ column: ColumnRef, colors: z.record(z.string().max(100), Color) }).nullable(),
  row_height: z.number().int().min(20).max(60),
});
export type LayoutSettings = z.infer<typeof LayoutSettings>;

export const LayoutTemplate = z.object({
  id: Id,
  name: z.string(),
  settings: LayoutSettings,
  is_default: z.boolean(),
  updated_at: Timestamp,
});
export type LayoutTemplate = z.infer<typeof LayoutTemplate>;

/** Settings as sent: `group_by` may still be one column (a one-level list). */
export const LayoutSettingsInput = LayoutSettings.extend({ group_by: GroupByCompat });

const TemplateInput = z.object({ name: Name, settings: LayoutSettingsInput });

/** A schedule's default layout: a copy of a template's settings, shared by the schedule's members. */
export const ScheduleLayout = z.object({
  schedule_id: Id,
  name: z.string(),
  settings: LayoutSettings,
  /** Who set it (null once that user is gone). */
  set_by: Id.nullable(),
  updated_at: Timestamp,
});
export type ScheduleLayout = z.infer<typeof ScheduleLayout>;

export const viewSettingsRoutes = {
  filters: route({
    method: 'GET',
    path: '/filtering',
    scope: 'space',
    summary: "The caller's saved filters in the space, by name",
    response: z.object({ items: z.array(SavedFilter) }),
  }),
  saveFilter: route({
    method: 'POST',
    path: '/filtering',
    scope: 'space',
    summary: 'Save a filter under a name (a filter of the same name is replaced)',
    body: z.object({ name: Name, filter: FilterJson }),
    response: SavedFilter,
    status: 201,
  }),
  removeFilter: route({
    method: 'DELETE',
    path: '/filtering/:id',
    scope: 'space',
    summary: 'Delete a saved filter',
    params: IdParams,
    response: Ok,
  }),
  templates: route({
    method: 'GET',
    path: '/layout-templates',
    scope: 'space',
    summary: "The caller's layout templates in the space, by name",
    response: z.object({ items: z.array(LayoutTemplate) }),
  }),
  createTemplate: route({
    method: 'POST',
    path: '/layout-templates',
    scope: 'space',
    summary: 'Save a layout template (409 layout.name_taken for a name already used)',
    body: TemplateInput,
    response: LayoutTemplate,
    status: 201,
  }),
  updateTemplate: route({
    method: 'PUT',
    path: '/layout-templates/:id',
    scope: 'space',
    summary: 'Change a layout template',
    params: IdParams,
    body: TemplateInput,
    response: LayoutTemplate,
  }),
  removeTemplate: route({
    method: 'DELETE',
    path: '/layout-templates/:id',
    scope: 'space',
    summary: 'Delete a layout template',
    params: IdParams,
    response: Ok,
  }),
  setDefaultTemplate: route({
    method: 'PUT',
    path: '/layout-templates/:id/default',
    scope: 'space',
    summary: "Make a template the caller's default (applied to a version with no layout of its own) or not",
    params: IdParams,
    body: z.object({ is_default: z.boolean() }),
    response: LayoutTemplate,
  }),
  scheduleLayout: route({
    method: 'GET',
    path: '/schedules/:id/layout-default',
    scope: 'space',
    summary:
      "The schedule's default layout (opened on its versions by every member without a layout of their own), or null",
    params: IdParams,
    response: z.object({ layout: ScheduleLayout.nullable() }),
  }),
  setScheduleLayout: route({
    method: 'PUT',
    path: '/schedules/:id/layout-default',
    scope: 'space',
    ability: 'edit',
    summary: "Set the schedule's default layout (a copy of the settings given, e.g. a template's)",
    params: IdParams,
    body: TemplateInput,
    response: ScheduleLayout,
  }),
  clearScheduleLayout: route({
    method: 'DELETE',
    path: '/schedules/:id/layout-default',
    scope: 'space',
    ability: 'edit',
    summary: "Remove the schedule's default layout (members' own layouts stay)",
    params: IdParams,
    response: Ok,
  }),
};
