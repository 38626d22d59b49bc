// Complex relations between directories (spec §7, prefix directory-complex-relations): a relation
// from a source directory to a target directory with rows "this source value needs `norm` of that
// target value per unit of volume"; relations chain into dependent directories. A relation with
// `assign` makes its target values (matched to the space's resources by code) the resource
// assignments of WBS rows linked to source values: recalculate-dependent-resources-version sets
// them from the rows' volumes, and the complex-version indicator names rows whose assignments are
// stale.
import { z } from 'zod';
import { Id, Ok } from './common';
import { route } from './route';

const RelationName = z.string().trim().max(200);
const Norm = z.number().finite().min(0);

export const DirectoryRelation = z.object({
  id: Id,
  source_directory_id: Id,
  source_name: z.string(),
  target_directory_id: Id,
  target_name: z.string(),
  name: z.string(),
  /** Its target values are the rows' resource assignments (the space resource with the same code). */
  assign: z.boolean(),
  row_count: z.number().int(),
});
export type DirectoryRelation = z.infer<typeof DirectoryRelation>;

export const DirectoryRelationRow = z.object({
  id: Id,
  relation_id: Id,
  source_value_id: Id,
  source_code: z.string(),
  source_name: z.string(),
  target_value_id: Id,
  target_code: z.string(),
  target_name: z.string(),
  /** Units of the target value per unit of the source value (a row's volume). */
  norm: z.number(),
});
export type DirectoryRelationRow = z.infer<typeof DirectoryRelationRow>;

const StaleAssignment = z.object({
  resource_id: Id,
  code: z.string(),
  name: z.string(),
  units: z.number(),
});

/** A row whose managed assignments differ from what the relations require of its volume. */
export const StaleRow = z.object({
  wbs_id: Id,
  code: z.string(),
  name: z.string(),
  volume: z.number().nullable(),
  required: z.array(StaleAssignment),
  actual: z.array(StaleAssignment),
});
export type StaleRow = z.infer<typeof StaleRow>;

export const ComplexIndicator = z.object({
  /** Rows linked to a source value of a relation (those the relations decide). */
  checked: z.number().int(),
  stale: z.number().int(),
  /** The first 500 stale rows in WBS order. */
  rows: z.array(StaleRow),
  /** Codes of assigned target values no resource of the space has (they cannot be assigned). */
  missing: z.array(z.string()),
});
export type ComplexIndicator = z.infer<typeof ComplexIndicator>;

const RowInput = z.strictObject({ source_value_id: Id, target_value_id: Id, norm: Norm });

const P = '/directory-complex-relations';

export const directoryRelationRoutes = {
  allRelations: route({
    method: 'GET',
    path: `${P}/:id/all-relations`,
    scope: 'space',
    summary: 'The relations of a directory, as source or as target',
    params: z.object({ id: Id }),
    response: z.array(DirectoryRelation),
  }),
  create: route({
    method: 'POST',
    path: `${P}/create-relation-between-directories`,
    scope: 'space',
    ability: 'edit',
    summary:
      'A relation from a source directory to a target directory (one per pair; a relation closing a loop is refused)',
    body: z.strictObject({
      source_directory_id: Id,
      target_directory_id: Id,
      name: RelationName.optional(),
      assign: z.boolean().optional(),
    }),
    response: DirectoryRelation,
    status: 201,
  }),
  updateOptions: route({
    method: 'PUT',
    path: `${P}/update-relation-options`,
    scope: 'space',
    ability: 'edit',
    summary: "A relation's name, and whether its target values are the rows' resource assignments",
    body: z.strictObject({ id: Id, name: RelationName.optional(), assign: z.boolean().optional() }),
    response: DirectoryRelation,
  }),
  remove: route({
    method: 'DELETE',
    path: `${P}/delete-relation/:id`,
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a relation and its rows',
    params: z.object({ id: Id }),
    response: Ok,
  }),
  assignRows: route({
    method: 'POST',
    path: `${P}/assign-directory-relation-rows/:id`,
    scope: 'space',
    ability: 'edit',
    summary: 'Add rows to a relation (a pair it has already takes the new norm)',
    params: z.object({ id: Id }),
    body: z.strictObject({ rows: z.array(RowInput).min(1).max(5000) }),
    response: z.array(DirectoryRelationRow),
  }),
  deleteRows: route({
    method: 'DELETE',
    path: `${P}/delete-directory-relation-rows/:id`,
    scope: 'space',
    ability: 'edit',
    summary: 'Delete rows of a relation',
    params: z.object({ id: Id }),
    body: z.strictObject({ ids: z.array(Id).min(1).max(5000) }),
    response: z.object({ success: z.literal(true), removed: z.number().int() }),
  }),
  updateRows: route({
    method: 'PUT',
    path: `${P}/update-directory-relation-rows/:id`,
    scope: 'space',
    ability: 'edit',
    summary: 'Change rows of a relation: their norm, or their source or target value',
    params: z.object({ id: Id }),
    body: z.strictObject({
      rows: z
        .array(
          z.strictObject({
            id: Id,
            norm: Norm.optional(),
            source_value_id: Id.optional(),
            target_value_id: Id.optional(),
          }),
        )
        .min(1)
        .max(5000),
    }),
    response: z.array(DirectoryRelationRow),
  }),
  rows: route({
    method: 'POST',
    path: `${P}/get-directory-relation-rows-directory`,
    scope: 'space',
    summary: "A relation's rows with the values' codes and names (source_value_id: only that value's)",
    body: z.strictObject({ relation_id: Id, source_value_id: Id.optional() }),
    response: z.array(DirectoryRelationRow),
  }),
  dependents: route({
    method: 'POST',
    path: `${P}/get-dependent-directories`,
    scope: 'space',
    summary: 'The directories that depend on a directory through relations, nearest first',
    body: z.strictObject({ directory_id: Id }),
    response: z.array(z.object({ directory_id: Id, name: z.string(), depth: z.number().int() })),
  }),
  recalculate: route({
    method: 'GET',
    path: `${P}/recalculate-dependent-resources-version/:id`,
    scope: 'space',
    ability: 'edit',
    summary:
      "Set the assignments of a version's rows linked to source values from their volumes and the norms (assigning relations): add, change and remove",
    params: z.object({ id: Id }),
    response: z.object({
      rows: z.number().int(),
      added: z.number().int(),
      updated: z.number().int(),
      removed: z.number().int(),
      missing: z.array(z.string()),
      revision: z.number().int(),
    }),
  }),
  indicator: route({
    method: 'GET',
    path: `${P}/directory-complex-version-indicator/:id`,
    scope: 'space',
    summary: "The version's rows whose assignments differ from what the relations require",
    params: z.object({ id: Id }),
    response: ComplexIndicator,
  }),
  exportRelations: route({
    method: 'POST',
    path: `${P}/export-relations/:sourceId/:targetId`,
    scope: 'space',
    summary: 'The rows of the relation between two directories as an XLSX (or CSV) file',
    params: z.object({ sourceId: Id, targetId: Id }),
    query: z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') }),
    response: 'blob',
  }),
  importRelations: route({
    method: 'POST',
    path: `${P}/import-relations/:sourceId/:targetId`,
    scope: 'space',
    ability: 'edit',
    consumes: 'multipart',
    summary:
      'Replace the rows of the relation between two directories from an XLSX or CSV file (field "file": source code, target code, norm); the relation is created when missing',
    params: z.object({ sourceId: Id, targetId: Id }),
    response: z.object({ relation: DirectoryRelation, rows: z.number().int() }),
  }),
};
