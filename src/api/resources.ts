// Resources of a space and the assignments of a version's rows to them (issue 17; spec §3
// "Resource kinds", §7 assignment calls). A resource is a node of the space's resource tree with
// its units, price, availability (a default limit per working day plus limits by period),
// calendar, specialty and the member it stands for (user-specialty). An assignment gives a row
// a quantity of a resource: a total, or a rate per working day, at an intensity, spread by a curve.
import { z } from 'zod';
import { Id, IdParams, Name, Ok } from './common';
import { route } from './route';
import { ResourceKind, ResourceType } from './version-resources';
import { VersionLayout } from './wbs-batch';

/** A resource's name: free text as P6 and MS Project allow it (1–200 characters, no controls). */
const ResourceText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { params: { code: 'prohibited_characters' } });

const Amount = z.number().min(0).max(1e12);

/** Availability in a period [from, to) of engine minutes; the last listed wins where they overlap. */
export const ResourceLimit = z
  .object({ from: z.number().int(), to: z.number().int(), limit: Amount })
  .refine((l) => l.from < l.to, { params: { code: 'invalid' }, path: ['to'] });
export type ResourceLimit = z.infer<typeof ResourceLimit>;

/** The fields of a resource as a client sends them, none of them with a default. */
const ResourceFields = z.object({
  parent_id: Id.nullable(),
  code: ResourceText(40),
  name: ResourceText(200).pipe(z.string().min(1)),
  kind: ResourceKind,
  resource_type: ResourceType.nullable(),
  /** The unit the quantities count in (h, m³, t …). */
  unit: ResourceText(20),
  price: Amount,
  /** Units available per working day where no period limit applies. */
  default_limit: Amount,
  limits: z.array(ResourceLimit).max(500),
  calendar_id: Id.nullable(),
  specialty: ResourceText(100),
  /** User-specialty: the member of the space this resource stands for. */
  user_id: Id.nullable(),
});

/** A new resource: a name, the rest defaults. */
export const ResourceInput = ResourceFields.extend({
  parent_id: ResourceFields.shape.parent_id.default(null),
  code: ResourceFields.shape.code.default(''),
  kind: ResourceFields.shape.kind.default('resource'),
  resource_type: ResourceFields.shape.resource_type.default(null),
  unit: ResourceFields.shape.unit.default(''),
  price: Amount.default(0),
  default_limit: Amount.default(0),
  limits: ResourceFields.shape.limits.default([]),
  calendar_id: ResourceFields.shape.calendar_id.default(null),
  specialty: ResourceFields.shape.specialty.default(''),
  user_id: ResourceFields.shape.user_id.default(null),
});
export type ResourceInput = z.input<typeof ResourceInput>;

export const Resource = z.object({
  id: Id,
  parent_id: Id.nullable(),
  code: z.string(),
  name: z.string(),
  kind: ResourceKind,
  resource_type: ResourceType.nullable(),
  unit: z.string(),
  price: z.number(),
  default_limit: z.number(),
  limits: z.array(z.object({ from: z.number(), to: z.number(), limit: z.number() })),
  calendar_id: Id.nullable(),
  specialty: z.string(),
  user_id: Id.nullable(),
  sort_order: z.number().int(),
});
export type Resource = z.infer<typeof Resource>;

/** A partial change of a resource (the grid edits one cell at a time). */
export const ResourcePatch = ResourceFields.partial();
export type ResourcePatch = z.infer<typeof ResourcePatch>;
/** Rows of a matrix paste or an import: an `id` updates that resource, none creates one. */
export const ResourceBatch = z.object({
  items: z
    .array(z.union([ResourcePatch.extend({ id: Id }).strict(), ResourceInput.strict()]))
    .min(1)
    .max(5000),
});

/** Named curves (percent of the work in ten equal parts of the duration), or the user's own. */
export const CurveKind = z.enum(['uniform', 'front', 'back', 'bell', 'custom']);
export type CurveKind = z.infer<typeof CurveKind>;

const CurveValues = z
  .array(z.number().min(0).max(100))
  .min(2)
  .max(100)
  .refine((v) => Math.abs(v.reduce((s, x) => s + x, 0) - 100) < 1e-6, {
    params: { code: 'curve_sum' },
  });

const AssignmentFields = z.object({
  /** Planned quantity in total (the resource's unit). */
  units: Amount,
  /** Quantity per working day at full intensity; null = the total spread over the duration. */
  units_per_day: Amount.nullable(),
  /** Percent of the rate the assignment works at (100 = full). */
  intensity: z.number().gt(0).max(1000),
  curve: CurveKind,
  /** The custom curve's parts (percent, summing to 100); null for a named curve. */
  curve_values: CurveValues.nullable(),
});

const customCurve = (a: { curve?: string; curve_values?: number[] | null }) =>
  (a.curve === 'custom') === (a.curve_values != null);

export const AssignmentSaveItem = AssignmentFields.extend({
  units_per_day: AssignmentFields.shape.units_per_day.default(null),
  intensity: AssignmentFields.shape.intensity.default(100),
  curve: CurveKind.default('uniform'),
  curve_values: AssignmentFields.shape.curve_values.default(null),
  /** An existing assignment of the row to change, or (an undo) the id a deleted one had. */
  id: z.string().min(1).max(64).optional(),
  resource_id: Id,
}).refine(customCurve, { params: { code: 'invalid' }, path: ['curve_values'] });

export const AssignmentSave = z.object({
  wbs_id: Id,
  items: z.array(AssignmentSaveItem).min(1).max(500),
});

export type AssignmentSaveItem = z.input<typeof AssignmentSaveItem>;

export const AssignmentUpdate = AssignmentFields.partial()
  .extend({ version_id: Id })
  .refine((a) => a.curve === undefined || customCurve(a), {
    params: { code: 'invalid' },
    path: ['curve_values'],
  });
export type AssignmentUpdate = z.input<typeof AssignmentUpdate>;

/** An assignment as every assignment call answers it. */
export const ResourceAssignment = z.object({
  id: z.string(),
  version_id: Id,
  wbs_id: Id,
  /** The space resource, or null for one an import brought that is not in the space's list. */
  resource_id: Id.nullable(),
  resource_name: z.string(),
  kind: ResourceKind,
  resource_type: ResourceType.nullable(),
  unit: z.string(),
  units: z.number(),
  units_per_day: z.number().nullable(),
  intensity: z.number(),
  curve: CurveKind,
  curve_values: z.array(z.number()).nullable(),
  calendar_id: Id.nullable(),
});
export type ResourceAssignment = z.infer<typeof ResourceAssignment>;

/** The undo-log action an assignment edit stored (issue 17): the new revision and its entry. */
export const AssignmentUndoStep = z.object({
  revision: z.number().int(),
  entry: z.record(z.string(), z.unknown()),
});
export type AssignmentUndoStep = z.infer<typeof AssignmentUndoStep>;

export const PeriodUnit = z.enum(['day', 'week', 'month', 'quarter', 'year']);

/** A resource's usage in a version, by period, against its availability (the histogram). */
export const ResourceUsage = z.object({
  /** The versions where the resource is assigned (the one shown first). */
  versions: z.array(z.object({ id: Id, label: z.string(), schedule_name: z.string() })),
  version_id: Id.nullable(),
  /** Resources summed: 1 for a resource, more for a group (itself and every resource under it). */
  members: z.number().int(),
  periods: z.array(z.object({ from: z.number(), to: z.number(), usage: z.number(), capacity: z.number() })),
  /** The assignments as bars on the version's current dates. */
  bars: z.array(
    z.object({ wbs_id: Id, name: z.string(), start: z.number(), finish: z.number(), units: z.number() }),
  ),
});
export type ResourceUsage = z.infer<typeof ResourceUsage>;

/** Each member's layout of the Resources screen's grid (spec "resource layout settings"): the
 *  columns in display order with widths and visibility, and how many stay frozen at the left. */
export const ResourceLayout = z
  .object({ columns: VersionLayout.shape.columns, frozen: VersionLayout.shape.frozen })
  .strict();
export type ResourceLayout = z.infer<typeof ResourceLayout>;

/** What Ctrl+Z and Ctrl+Y would do now: the caller's own undo history of the space's resources. */
export const UndoLabel = z.enum(['create', 'edit', 'delete', 'batch']);
export const ResourceUndoState = z.object({
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  undo_label: UndoLabel.nullable(),
  redo_label: UndoLabel.nullable(),
});
export type ResourceUndoState = z.infer<typeof ResourceUndoState>;
/** An undo or redo: the step's label, the resources it touched, the history after it. */
export const ResourceUndoAnswer = ResourceUndoState.extend({ label: UndoLabel, ids: z.array(Id) });

/**
 * A space's own resource curve as P6 keeps one: 21 usage points, the percent of the work at 0 %,
 * 5 %, …, 100 % of the duration, linear between them; stored scaled to sum to 100.
 */
export const CurvePoints = z
  .array(z.number().min(0).max(1e6))
  .length(21)
  .refine((v) => v.some((x) => x > 0), { params: { code: 'curve_empty' } });
export const ResourceCurve = z.object({ id: Id, name: z.string(), points: z.array(z.number()) });
export type ResourceCurve = z.infer<typeof ResourceCurve>;
export const ResourceCurveInput = z.object({ name: Name, points: CurvePoints }).strict();
export type ResourceCurveInput = z.infer<typeof ResourceCurveInput>;

const AssignmentParams = z.object({ id: Id, aid: z.string().min(1).max(64) });

export const resourceRoutes = {
  curves: route({
    method: 'GET',
    path: '/resource-curves',
    scope: 'space',
    summary: "The space's own resource curves (21 usage points each), by name",
    response: z.object({ items: z.array(ResourceCurve) }),
  }),
  curveCreate: route({
    method: 'POST',
    path: '/resource-curves/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a resource curve (points scaled to sum to 100; 400 body.name when the name is taken)',
    body: ResourceCurveInput,
    response: ResourceCurve,
    status: 201,
  }),
  curveUpdate: route({
    method: 'PATCH',
    path: '/resource-curves/:id/update',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a resource curve or change its points (assignments keep the shape they were given)',
    params: IdParams,
    body: ResourceCurveInput.partial()
      .strict()
      .refine((o) => Object.keys(o).length > 0, { params: { code: 'required' } }),
    response: ResourceCurve,
  }),
  curveDelete: route({
    method: 'DELETE',
    path: '/resource-curves/:id/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a resource curve',
    params: IdParams,
    response: Ok,
  }),
  undoState: route({
    method: 'GET',
    path: '/resources/undo-state',
    scope: 'space',
    summary: "What undo and redo would do: the caller's own history of resource edits in the space",
    response: ResourceUndoState,
  }),
  undo: route({
    method: 'POST',
    path: '/resources/undo',
    scope: 'space',
    ability: 'edit',
    summary:
      "Undo the caller's last resource edit (409 resources.undo_changed when another edit changed those resources since)",
    response: ResourceUndoAnswer,
  }),
  redo: route({
    method: 'POST',
    path: '/resources/redo',
    scope: 'space',
    ability: 'edit',
    summary: "Redo the caller's last undone resource edit",
    response: ResourceUndoAnswer,
  }),
  layout: route({
    method: 'GET',
    path: '/resource-layout',
    scope: 'space',
    summary: "The caller's layout of the Resources grid (null when none was saved)",
    response: z.object({ layout: ResourceLayout.nullable() }),
  }),
  saveLayout: route({
    method: 'PUT',
    path: '/resource-layout',
    scope: 'space',
    summary: "Save the caller's layout of the Resources grid",
    body: ResourceLayout,
    response: z.object({ layout: ResourceLayout }),
  }),
  list: route({
    method: 'GET',
    path: '/resources',
    scope: 'space',
    summary: 'The resources of the space in tree order (kind and name filter them)',
    query: z.object({ kind: ResourceKind.optional(), name: z.string().max(200).optional() }),
    response: z.object({ items: z.array(Resource) }),
  }),
  create: route({
    method: 'POST',
    path: '/resources/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create a resource (at the end of its parent)',
    body: ResourceInput,
    response: Resource,
    status: 201,
  }),
  update: route({
    method: 'PATCH',
    path: '/resources/:id/update',
    scope: 'space',
    ability: 'edit',
    summary: 'Change fields of a resource',
    params: IdParams,
    // A change names at least one field.
    body: ResourcePatch.refine((o) => Object.keys(o).length > 0, { params: { code: 'required' } }),
    response: Resource,
  }),
  remove: route({
    method: 'DELETE',
    path: '/resources/:id/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a resource, its children and their assignments in every version',
    params: IdParams,
    response: Ok,
  }),
  batch: route({
    method: 'POST',
    path: '/resources/batch',
    scope: 'space',
    ability: 'edit',
    summary: 'Create and change resources at once (matrix paste, import); all or nothing',
    body: ResourceBatch,
    response: z.object({ items: z.array(Resource) }),
  }),
  usage: route({
    method: 'GET',
    path: '/resources/:id/usage',
    scope: 'space',
    summary:
      "A resource's usage by period in a version (its first one if none named) against its availability",
    params: IdParams,
    query: z.object({ version_id: Id.optional(), unit: PeriodUnit.default('week') }),
    response: ResourceUsage,
  }),
  assignments: route({
    method: 'GET',
    path: '/assignment',
    scope: 'space',
    summary: "A version's assignments, of one resource or one row if asked",
    query: z.object({ version_id: Id, resource_id: Id.optional(), wbs_id: Id.optional() }),
    response: z.object({ items: z.array(ResourceAssignment) }),
  }),
  save: route({
    method: 'POST',
    path: '/versions/:id/assignment/wbs/save',
    scope: 'space',
    ability: 'edit',
    summary: 'Assign resources to a row (an item with an id changes or restores that assignment)',
    params: IdParams,
    body: AssignmentSave,
    response: z.object({ items: z.array(ResourceAssignment), undo_step: AssignmentUndoStep.optional() }),
  }),
  updateOne: route({
    method: 'PATCH',
    path: '/schedules/:id/assignment/:aid/update',
    scope: 'space',
    ability: 'edit',
    summary: 'Change an assignment of a version of the schedule',
    params: AssignmentParams,
    body: AssignmentUpdate,
    response: ResourceAssignment.extend({ undo_step: AssignmentUndoStep.optional() }),
  }),
  removeOne: route({
    method: 'DELETE',
    path: '/schedules/:id/assignment/:aid/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete an assignment of a version of the schedule',
    params: AssignmentParams,
    query: z.object({ version_id: Id }),
    response: Ok.extend({ undo_step: AssignmentUndoStep.optional() }),
  }),
  remainsByIntensity: route({
    method: 'PATCH',
    path: '/versions/:id/calculate-remains-duration-by-intensity',
    scope: 'space',
    ability: 'edit',
    summary:
      'Resource-dependent rows take their remaining duration from their assignments (remaining quantity ÷ rate × intensity)',
    params: IdParams,
    response: z.object({ updated: z.number().int() }),
  }),
};
