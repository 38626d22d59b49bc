// 3D/BIM (issue 25; spec §7 "3D per project", "3D links", "3D by version", "3D by schedule",
// "BIM"). An IFC upload is a bim_upload job; the model's elements are rows (attribute calls are
// queries) and its geometry a packed binary (src/domain/bim/geometry-format.ts). A link ties a
// model to a schedule of the project; relations tie elements to WBS rows of a version of it.
// Every call needs the BIM entitlement (LICENCE_BIM_USERS). docs/bim.md.
import { z } from 'zod';
import { Id, Ok, Timestamp } from './common';
import { route } from './route';
import { Job } from './transfer';
import { IndicatorKey } from './views';

export const ElementId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const ProjectParams = z.object({ id: Id });
const ModelParams = z.object({ id: Id, model_id: Id });
const LinkParams = z.object({ id: Id, link_id: Id });

export const BimModel = z.object({
  id: Id,
  project_id: Id,
  name: z.string(),
  state: z.enum(['processing', 'ready', 'failed']),
  /** 0–100 while processing. */
  progress: z.number().int(),
  job_id: Id.nullable(),
  ifc_schema: z.string().nullable(),
  length_unit: z.string().nullable(),
  elements: z.number().int(),
  triangles: z.number().int(),
  /** Why reading failed, texts in the caller's language. */
  errors: z.array(
    z.object({ code: z.string(), params: z.record(z.string(), z.unknown()), error_message: z.string() }),
  ),
  created_at: Timestamp,
});
export type BimModel = z.infer<typeof BimModel>;

const PropValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const PropGroups = z.record(z.string(), z.record(z.string(), PropValue));

export const BimElement = z.object({
  id: z.number().int(),
  global_id: z.string(),
  ifc_class: z.string(),
  name: z.string().nullable(),
  type_name: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  storey_id: z.number().int().nullable(),
  storey: z.string().nullable(),
  material: z.string().nullable(),
  has_geometry: z.boolean(),
  spatial: z.boolean(),
  elevation: z.number().nullable(),
});
export type BimElement = z.infer<typeof BimElement>;

export const BimElementFull = BimElement.extend({ psets: PropGroups, quantities: PropGroups });
export type BimElementFull = z.infer<typeof BimElementFull>;

export const BimInfo = BimModel.extend({
  /** Products with geometry (a Representation) by exact IFC class. */
  classes: z.record(z.string(), z.number().int()),
  storeys: z.array(
    z.object({
      id: z.number().int(),
      global_id: z.string(),
      name: z.string().nullable(),
      elevation: z.number().nullable(),
      elements: z.number().int(),
    }),
  ),
  property_sets: z.number().int(),
});
export type BimInfo = z.infer<typeof BimInfo>;

export const BimLink = z.object({
  id: Id,
  project_id: Id,
  model_id: Id,
  schedule_id: Id,
  name: z.string(),
  relations: z.number().int(),
  created_at: Timestamp,
});
export type BimLink = z.infer<typeof BimLink>;

export const BimRelation = z.object({
  wbs_id: Id,
  element_id: z.number().int(),
  source: z.enum(['hand', 'rule']),
});
export type BimRelation = z.infer<typeof BimRelation>;

/** What an element is compared by in a rule. */
export const ElementKey = z.object({
  kind: z.enum(['storey', 'class', 'material', 'type', 'name', 'property']),
  /** kind property: the property set (or quantity set) and the property. */
  pset: z.string().max(200).optional(),
  property: z.string().max(200).optional(),
});
/** What a row is compared by. */
export const RowKey = z.object({
  kind: z.enum(['name', 'code', 'attribute']),
  /** kind attribute: the attribute key. */
  key: z.string().max(200).optional(),
});
export const LinkRule = z.object({
  element: ElementKey,
  /** What rows are compared by; absent with a value given. */
  row: RowKey.optional(),
  /** A fixed value: elements whose key equals it link to every row of wbs_ids (the selected rows). */
  value: z.string().trim().min(1).max(200).optional(),
  /** Only the rows whose `row` key equals it. */
  row_value: z.string().trim().min(1).max(200).optional(),
  /** Only elements of these IFC classes (empty or absent: all). */
  classes: z.array(z.string().max(100)).max(200).optional(),
  /** Only these rows (absent: every row of the version). */
  wbs_ids: z.array(Id).max(100_000).optional(),
});
export type LinkRule = z.infer<typeof LinkRule>;

export const StatusKey = z.enum(['not_started', 'in_progress', 'completed', 'late']);
const Hex = z.string().regex(/^#[0-9a-f]{6}$/i);
/** The built-in profile (status colours), never stored: it cannot be changed or deleted. */
export const BUILT_IN_PROFILE = '00000000-0000-4000-8000-000000000000';
export const BimProfile = z.object({
  id: Id,
  name: z.string(),
  /** #rrggbb per status. */
  colors: z.record(StatusKey, Hex),
  /** status: elements take their rows' status colours (4D); attribute: the colour of their value. */
  mode: z.enum(['status', 'attribute']),
  /** mode attribute: the element key whose value colours an element. */
  attribute: ElementKey.nullable(),
  /** mode attribute: #rrggbb per value (compared trimmed, ignoring case); others take the palette. */
  value_colors: z.record(z.string(), Hex),
  is_active: z.boolean(),
});
const ProfileBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    colors: z.record(StatusKey, Hex),
    mode: z.enum(['status', 'attribute']).optional(),
    attribute: ElementKey.strict().nullable().optional(),
    value_colors: z.record(z.string().max(200), Hex).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
/** Elements of a model grouped by the value of a key (a profile by attribute, its legend). */
export const ValueGroup = z.object({ value: z.string(), element_ids: z.array(z.number().int()) });
export type BimProfile = z.infer<typeof BimProfile>;

/** A row of the 4D player: its dates (epoch minutes), progress and elements. */
export const PlayerRow = z.object({
  wbs_id: Id,
  code: z.string(),
  name: z.string(),
  start: z.number().nullable(),
  finish: z.number().nullable(),
  actual_start: z.number().nullable(),
  actual_finish: z.number().nullable(),
  percent: z.number(),
  target_finish: z.number().nullable(),
  element_ids: z.array(z.number().int()),
});
export type PlayerRow = z.infer<typeof PlayerRow>;

export const bimRoutes = {
  list: route({
    method: 'GET',
    path: '/projects/:id/3d',
    scope: 'space',
    summary: 'IFC models of a project',
    params: ProjectParams,
    response: z.array(BimModel),
  }),
  upload: route({
    method: 'POST',
    path: '/projects/:id/3d/upload',
    scope: 'space',
    ability: 'edit',
    consumes: 'multipart',
    status: 201,
    summary: 'Upload an IFC file (.ifc or .ifczip; IFC2X3, IFC4, IFC4X3): read in a bim_upload job',
    params: ProjectParams,
    bodyLimit: 200 * 1024 * 1024,
    response: z.object({ model: BimModel, job: Job }),
  }),
  remove: route({
    method: 'DELETE',
    path: '/projects/:id/3d/:model_id/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a model with its elements, geometry, links and relations',
    params: ModelParams,
    response: Ok,
  }),
  info: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/info',
    scope: 'space',
    summary: 'A model: state, schema, counts by class, storeys',
    params: ModelParams,
    response: BimInfo,
  }),
  geometry: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id',
    scope: 'space',
    summary: 'The packed geometry the viewer streams (binary, docs/bim.md)',
    params: ModelParams,
    query: z.object({ format: z.enum(['bin']).optional() }),
    response: 'blob',
  }),
  byText: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/attributes/by-text',
    scope: 'space',
    summary:
      'Elements whose GlobalId, class, name, type, storey, material or a property value holds the text',
    params: ModelParams,
    query: z.object({
      q: z.string().trim().min(1).max(200),
      limit: z.coerce.number().int().min(1).max(5000).optional(),
    }),
    response: z.array(BimElement),
  }),
  byIds: route({
    method: 'POST',
    path: '/projects/:id/3d/:model_id/attributes/by-ids',
    scope: 'space',
    summary: 'Elements with their property sets and quantities',
    params: ModelParams,
    body: z.object({ ids: z.array(ElementId).min(1).max(10_000) }),
    response: z.array(BimElementFull),
  }),
  attributes: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/attributes',
    scope: 'space',
    summary:
      'What elements can be searched and linked by: classes, storeys, materials, types, property names',
    params: ModelParams,
    response: z.object({
      classes: z.array(z.string()),
      storeys: z.array(z.string()),
      materials: z.array(z.string()),
      types: z.array(z.string()),
      properties: z.array(z.object({ pset: z.string(), property: z.string() })),
    }),
  }),
  metadata: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/get-elements-metadata',
    scope: 'space',
    summary: 'Every element (no property sets): the spatial tree and the viewer’s element list',
    params: ModelParams,
    response: z.array(BimElement),
  }),
  reducedPbs: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/get-reduced-pbs-list',
    scope: 'space',
    summary: 'The spatial breakdown (site, building, storey) with element counts by class',
    params: ModelParams,
    query: z.object({ with_classes: z.enum(['true', 'false']).optional() }),
    response: z.array(
      z.object({
        id: z.number().int(),
        parent_id: z.number().int().nullable(),
        ifc_class: z.string(),
        name: z.string().nullable(),
        elements: z.number().int(),
        classes: z.record(z.string(), z.number().int()).optional(),
      }),
    ),
  }),
  elementInfo: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/get-element-info/:element_id',
    scope: 'space',
    summary: 'One element with its property sets and quantities',
    params: z.object({ id: Id, model_id: Id, element_id: z.string().max(20) }),
    response: BimElementFull,
  }),
  links: route({
    method: 'GET',
    path: '/projects/:id/3d/link',
    scope: 'space',
    summary: 'Links of the project’s models to its schedules',
    params: ProjectParams,
    response: z.array(BimLink),
  }),
  saveLink: route({
    method: 'POST',
    path: '/projects/:id/3d/link/save',
    scope: 'space',
    ability: 'edit',
    status: 201,
    summary: 'Link a model to a schedule of the project',
    params: ProjectParams,
    body: z.object({ model_id: Id, schedule_id: Id, name: z.string().trim().min(1).max(100).optional() }),
    response: BimLink,
  }),
  updateLink: route({
    method: 'PUT',
    path: '/projects/:id/3d/link/:link_id/update',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a link',
    params: LinkParams,
    body: z.object({ name: z.string().trim().min(1).max(100) }),
    response: BimLink,
  }),
  deleteLink: route({
    method: 'DELETE',
    path: '/projects/:id/3d/link/delete/:link_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a link with its relations',
    params: LinkParams,
    response: Ok,
  }),
  wbs: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/wbs',
    scope: 'space',
    summary: 'Rows of the version with the number of elements linked to each',
    params: LinkParams,
    query: z.object({ linked: z.enum(['true', 'false']).optional() }),
    response: z.array(
      z.object({ wbs_id: Id, code: z.string(), name: z.string(), elements: z.number().int() }),
    ),
  }),
  relations: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/wbs-node-relations',
    scope: 'space',
    summary: 'Every element ↔ row relation of the version through the link',
    params: LinkParams,
    response: z.array(BimRelation),
  }),
  player: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/player',
    scope: 'space',
    summary: 'The 4D player’s data: linked rows with their dates, progress and elements, and the span',
    params: LinkParams,
    query: z.object({ all: z.enum(['true', 'false']).optional() }),
    response: z.object({
      start: z.number().nullable(),
      finish: z.number().nullable(),
      data_date: z.number().nullable(),
      rows: z.array(PlayerRow),
    }),
  }),
  createRelations: route({
    method: 'POST',
    path: '/versions/:id/3d/link/:link_id/create-relations',
    scope: 'space',
    ability: 'edit',
    summary: 'Link elements to rows: by hand (wbs_ids × element_ids) or by a rule',
    params: LinkParams,
    body: z
      .object({
        wbs_ids: z.array(Id).max(10_000).optional(),
        element_ids: z.array(ElementId).max(100_000).optional(),
        rule: LinkRule.optional(),
        /** Replace the rows' relations instead of adding. */
        replace: z.boolean().optional(),
      })
      .refine((b) => b.rule !== undefined || (b.wbs_ids !== undefined && b.element_ids !== undefined), {
        message: 'rule, or wbs_ids and element_ids',
        path: ['rule'],
      }),
    response: z.object({ created: z.number().int(), rows: z.number().int(), elements: z.number().int() }),
  }),
  deleteRelation: route({
    method: 'DELETE',
    path: '/versions/:id/3d/link/:link_id/relation',
    scope: 'space',
    ability: 'edit',
    summary: 'Remove relations: of one row, of one element, or one pair',
    params: LinkParams,
    query: z.object({ wbs_id: Id.optional(), element_id: ElementId.optional() }),
    response: z.object({ deleted: z.number().int() }),
  }),
  nodeIds: route({
    method: 'POST',
    path: '/versions/:id/3d/link/:link_id/node-ids',
    scope: 'space',
    summary: 'Elements linked to the given rows',
    params: LinkParams,
    body: z.object({ wbs_ids: z.array(Id).max(100_000) }),
    response: z.array(z.number().int()),
  }),
  wbsIdsByElements: route({
    method: 'POST',
    path: '/versions/:id/3d/link/:link_id/wbs-ids-by-element-ids',
    scope: 'space',
    summary: 'Rows linked to the given elements',
    params: LinkParams,
    body: z.object({ element_ids: z.array(ElementId).max(100_000) }),
    response: z.array(Id),
  }),
  indicatorColors: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/indicator-colors/:indicator',
    scope: 'space',
    summary:
      'Linked elements coloured by a quality indicator: flagged when a row of theirs fails it (docs/views.md)',
    params: z.object({ id: Id, link_id: Id, indicator: IndicatorKey }),
    response: z.object({
      indicator: IndicatorKey,
      /** The indicator's verdict on the version (null: not applicable). */
      pass: z.boolean().nullable(),
      colors: z.object({ flagged: z.string(), clear: z.string() }),
      /** Elements linked to a row the indicator flags, and those whose rows all pass. */
      flagged: z.array(z.number().int()),
      clear: z.array(z.number().int()),
      flagged_rows: z.array(Id),
    }),
  }),
  coverage: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/coverage',
    scope: 'space',
    summary: 'Rows (works and tasks) with no element, and elements with geometry with no row',
    params: LinkParams,
    response: z.object({
      rows_without_elements: z.array(z.object({ wbs_id: Id, code: z.string(), name: z.string() })),
      elements_without_rows: z.array(BimElement),
      rows: z.number().int(),
      elements: z.number().int(),
    }),
  }),
  scheduleLinks: route({
    method: 'GET',
    path: '/schedules/:id/3d/link',
    scope: 'space',
    summary: 'Links of a schedule to models',
    params: z.object({ id: Id }),
    response: z.array(BimLink),
  }),
  profiles: route({
    method: 'GET',
    path: '/bim/profiles',
    scope: 'space',
    summary: 'Appearance profiles (colour per status); the built-in one first',
    response: z.array(BimProfile),
  }),
  saveProfile: route({
    method: 'POST',
    path: '/bim/profiles',
    scope: 'space',
    ability: 'edit',
    status: 201,
    summary: 'Create an appearance profile (active makes it the space’s)',
    body: ProfileBody,
    response: BimProfile,
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/bim/profiles/:profile_id',
    scope: 'space',
    ability: 'edit',
    summary:
      'Change an appearance profile (active makes it the space’s; the built-in one only takes is_active)',
    params: z.object({ profile_id: Id }),
    body: ProfileBody.extend({ colors: z.partialRecord(StatusKey, Hex) })
      .partial()
      .strict(),
    response: BimProfile,
  }),
  deleteProfile: route({
    method: 'DELETE',
    path: '/bim/profiles/:profile_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete an appearance profile (the built-in one is used when the active one goes)',
    params: z.object({ profile_id: Id }),
    response: Ok,
  }),
  attributeValues: route({
    method: 'GET',
    path: '/projects/:id/3d/:model_id/attributes/values',
    scope: 'space',
    summary:
      'Elements with geometry grouped by the value of a key (storey, class, material, type, name, IFC property)',
    params: ModelParams,
    query: z.object({
      kind: ElementKey.shape.kind,
      pset: z.string().max(200).optional(),
      property: z.string().max(200).optional(),
    }),
    response: z.array(ValueGroup),
  }),
} as const;
