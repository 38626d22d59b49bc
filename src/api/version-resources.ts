// What a version holds beyond its WBS rows and relations, as an import (XER, MSPDI …) kept it:
// the resource assignments of a node (spec: GET versions/{id}/assignment/wbs/{wbsId}) and the
// attribute definitions its rows' attribute keys refer to (spec: GET versions/{id}/attributes).
// Read-only: nothing in the product edits them yet.
import { z } from 'zod';
import { AttributeAccess, AttributeType } from './attributes';
import { Id, IdParams } from './common';
import { route } from './route';

/** Spec §3 "Resource kinds"; an imported resource is a `cost` or else a `resource`. */
export const ResourceKind = z.enum([
  'resource',
  'document',
  'cost',
  'step',
  'custom',
  'actvcode',
  'checklist',
  'worktype',
]);
export type ResourceKind = z.infer<typeof ResourceKind>;

/**
 * The resource type the source file gave (P6 RT_Labor / RT_Equip / RT_Mat, MS Project work /
 * material / cost): what the units count. null when the file did not say.
 */
export const ResourceType = z.enum(['labor', 'nonlabor', 'material', 'cost']);
export type ResourceType = z.infer<typeof ResourceType>;

export const Assignment = z.object({
  /** The assignment's id in the source file (text, unique within the version). */
  id: z.string(),
  wbs_id: Id,
  resource_id: z.string(),
  resource_name: z.string(),
  kind: ResourceKind,
  resource_type: ResourceType.nullable(),
  /** Planned units: hours for labor and nonlabor (work), a quantity for material. */
  units: z.number(),
  /** The resource's calendar (a calendar of the space), if it has one. */
  calendar_id: Id.nullable(),
});
export type Assignment = z.infer<typeof Assignment>;

export const AttributeDef = z.object({
  /** The key the rows' `attributes` use (e.g. `udf:178`, `actv:1734`). */
  key: z.string(),
  /** The label the source gave it (a P6 UDF title or activity code type), or the attribute's name. */
  label: z.string(),
  /** For an attribute of the space (api/attributes.ts): its type, the caller's access, its formula. */
  type: AttributeType.optional(),
  access: AttributeAccess.optional(),
  formula: z.string().nullable().optional(),
  list_values: z.array(z.string()).optional(),
  /** A linked attribute: the directory whose values the rows mirror (read-only in the grid). */
  linked_directory_id: Id.nullable().optional(),
  /** A directory-typed attribute: the directory whose value codes its cells hold (the grid's picker). */
  directory_id: Id.nullable().optional(),
});
export type AttributeDef = z.infer<typeof AttributeDef>;

export const versionResourceRoutes = {
  assignments: route({
    method: 'GET',
    path: '/versions/:id/assignment/wbs/:wbsId',
    scope: 'space',
    summary: 'The resource assignments of a WBS node, by resource name (404 for a node not in the version)',
    params: z.object({ id: Id, wbsId: Id }),
    response: z.object({ items: z.array(Assignment) }),
  }),
  attributes: route({
    method: 'GET',
    path: '/versions/:id/attributes',
    scope: 'space',
    summary:
      "The version's attributes by label: the space's attributes that apply to it (typed, with the caller's access; hidden ones left out) and the keys its rows hold (the import's label, else the key)",
    params: IdParams,
    response: z.object({ items: z.array(AttributeDef) }),
  }),
};
