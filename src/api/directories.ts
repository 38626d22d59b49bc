// Directories (spec §7 "Directories", under eps/{epsId}/directory, and GET directory): reference
// tables of a space (epsId = the space id) or of one EPS node, whose values form a tree and carry
// typed attributes; and the links of WBS rows to directory values (versions/{id}/directory/wbs/…).
import { z } from 'zod';
import { Id, Name, Ok } from './common';
import { route } from './route';

export const DIRECTORY_ATTRIBUTE_TYPES = ['text', 'number', 'date'] as const;
export const DirectoryAttributeType = z.enum(DIRECTORY_ATTRIBUTE_TYPES);

export const DirectoryAttribute = z.object({
  /** Stable key under which values keep this attribute's value. */
  key: z.string(),
  name: z.string(),
  type: DirectoryAttributeType,
  /**
   * A donor attribute: the key of the space attribute (src/api/attributes.ts) that WBS rows linked
   * to a value receive this attribute's value in (update-value); absent or null: none.
   */
  donor_to: z.string().nullable().optional(),
});
export type DirectoryAttribute = z.infer<typeof DirectoryAttribute>;

/** What pushing a donor attribute's values changes (or, with dry_run, would change). */
export const DonorPush = z.object({
  /** Rows whose value changes, over all versions. */
  rows: z.number().int(),
  /** Per version with rows to change: one undoable change each. */
  versions: z.array(z.object({ version_id: Id, label: z.string(), schedule_id: Id, rows: z.number().int() })),
  /** Versions left as they are because they are locked. */
  locked: z.number().int(),
});
export type DonorPush = z.infer<typeof DonorPush>;

const Code = z.string().trim().min(1).max(64);
const ValueName = z.string().trim().min(1).max(500);
const AttributeValues = z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.null()]));

export const DirectoryValue = z.object({
  id: Id,
  parent_id: Id.nullable(),
  sort_order: z.number(),
  code: z.string(),
  name: z.string(),
  attribute_values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** WBS rows (in every version of the space) linked to this value. */
  linked_rows: z.number().int(),
});
export type DirectoryValue = z.infer<typeof DirectoryValue>;

export const DirectorySummary = z.object({
  id: Id,
  /** The EPS node it belongs to; null: the whole space. */
  eps_id: Id.nullable(),
  name: z.string(),
  attributes: z.array(DirectoryAttribute),
  value_count: z.number().int(),
});
export type DirectorySummary = z.infer<typeof DirectorySummary>;

export const Directory = DirectorySummary.extend({ values: z.array(DirectoryValue) });
export type Directory = z.infer<typeof Directory>;

/** epsId: an EPS node of the space, or the space id itself for a space-wide directory. */
const EpsParams = z.object({ epsId: Id });
const DirParams = z.object({ epsId: Id, id: Id });
const ValueParams = DirParams.extend({ valueId: Id });
/** targetId: the EPS node a directory goes to, or the space id (space-wide). */
const TargetParams = DirParams.extend({ targetId: Id });
const AttributeKey = z.string().min(1).max(64);
const AttributeParams = DirParams.extend({ key: AttributeKey });

const AttributeInput = z.object({ name: Name, type: DirectoryAttributeType });

export const DirectoryValueInput = z.object({
  parent_id: Id.nullable(),
  code: Code,
  name: ValueName,
  /** Place among the new siblings; default: after the last. */
  sort_order: z.number().finite().optional(),
  attribute_values: AttributeValues.optional(),
});

export const WbsDirectoryLink = z.object({
  directory_id: Id,
  value_id: Id,
  /** The value's codes from the top down ("01 / 01.2"), and its name. */
  path: z.string(),
  name: z.string(),
});
export type WbsDirectoryLink = z.infer<typeof WbsDirectoryLink>;

const WbsParams = z.object({ id: Id, wbsId: Id });

export const directoryRoutes = {
  list: route({
    method: 'GET',
    path: '/directory',
    scope: 'space',
    summary: 'Directories of the space (of every EPS node and space-wide)',
    response: z.array(DirectorySummary),
  }),
  create: route({
    method: 'POST',
    path: '/eps/:epsId/directory/create',
    scope: 'space',
    ability: 'edit',
    summary: 'Create an empty directory',
    params: EpsParams,
    body: z.object({ name: Name }),
    response: Directory,
    status: 201,
  }),
  upload: route({
    method: 'POST',
    path: '/eps/:epsId/directory/upload',
    scope: 'space',
    ability: 'edit',
    consumes: 'multipart',
    summary:
      'Create a directory from a CSV or XLSX file (field "file"; optional field "name"): columns code, name, parent, then attributes. With field "version_id" (upload with assignment) a "wbs" column lists codes of that version\'s rows to link to each value',
    params: EpsParams,
    response: Directory.extend({
      /** Upload with assignment: the rows linked, and the listed codes no row of the version has. */
      assigned: z.number().int().optional(),
      unmatched: z.array(z.string()).optional(),
    }),
    status: 201,
  }),
  get: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id',
    scope: 'space',
    summary: 'A directory with its values',
    params: DirParams,
    response: Directory,
  }),
  rename: route({
    method: 'PATCH',
    path: '/eps/:epsId/directory/:id/name',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a directory',
    params: DirParams,
    body: z.object({ name: Name }),
    response: DirectorySummary,
  }),
  remove: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a directory, its values and the links of WBS rows to them',
    params: DirParams,
    response: Ok,
  }),
  moveTo: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/move-to/:targetId',
    scope: 'space',
    ability: 'edit',
    summary:
      'Give a directory to another EPS node (targetId; the space id: space-wide). Its values and the links of WBS rows stay',
    params: TargetParams,
    response: DirectorySummary,
  }),
  copyTo: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/copy-to/:targetId',
    scope: 'space',
    ability: 'edit',
    summary:
      'Copy a directory (attributes, values and their tree; not the links of WBS rows) to an EPS node (targetId; the space id: space-wide)',
    params: TargetParams,
    response: Directory,
    status: 201,
  }),
  donorCreate: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/donor',
    scope: 'space',
    ability: 'edit',
    summary:
      'Make a directory attribute (key) a donor to a space attribute (target): linked WBS rows take its value in that attribute on update-value',
    params: DirParams,
    body: z.strictObject({ key: AttributeKey, target: AttributeKey }),
    response: DirectorySummary,
  }),
  donorUpdate: route({
    method: 'PUT',
    path: '/eps/:epsId/directory/:id/donor/:key',
    scope: 'space',
    ability: 'edit',
    summary: 'Change the space attribute a donor attribute gives its values to',
    params: AttributeParams,
    body: z.strictObject({ target: AttributeKey }),
    response: DirectorySummary,
  }),
  donorDelete: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/donor/:key',
    scope: 'space',
    ability: 'edit',
    summary: 'A donor attribute no longer gives its values (the rows keep the values they have)',
    params: AttributeParams,
    response: DirectorySummary,
  }),
  donorUpdateValue: route({
    method: 'PATCH',
    path: '/eps/:epsId/directory/:id/donor/:key/update-value',
    scope: 'space',
    ability: 'edit',
    summary:
      "Write a donor attribute's values into the WBS rows linked to the directory's values: one undoable change per version (dry_run=true: only count them)",
    params: AttributeParams,
    query: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
    response: DonorPush,
  }),
  export: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/export',
    scope: 'space',
    summary: 'The directory as a CSV or XLSX file (the upload format)',
    params: DirParams,
    query: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    response: 'blob',
  }),
  attributeCreate: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/attribute',
    scope: 'space',
    ability: 'edit',
    summary: 'Add a typed attribute (a column) to a directory',
    params: DirParams,
    body: AttributeInput,
    response: DirectorySummary,
    status: 201,
  }),
  attributeUpdate: route({
    method: 'PUT',
    path: '/eps/:epsId/directory/:id/attribute/:key',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename an attribute or change its type',
    params: AttributeParams,
    body: AttributeInput,
    response: DirectorySummary,
  }),
  attributeDelete: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/attribute/:key',
    scope: 'space',
    ability: 'edit',
    summary: 'Remove an attribute and its values',
    params: AttributeParams,
    response: DirectorySummary,
  }),
  valueCreate: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/value',
    scope: 'space',
    ability: 'edit',
    summary: 'Add a value (codes are unique in a directory: 409 otherwise)',
    params: DirParams,
    body: DirectoryValueInput,
    response: DirectoryValue,
    status: 201,
  }),
  valueUpdate: route({
    method: 'PUT',
    path: '/eps/:epsId/directory/:id/value/:valueId',
    scope: 'space',
    ability: 'edit',
    summary:
      'Change a value: code, name, attributes, or its place (parent, order); a move under itself is refused',
    params: ValueParams,
    body: DirectoryValueInput,
    response: DirectoryValue,
  }),
  valueDelete: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/value/:valueId',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a value, the values under it, and the links of WBS rows to them',
    params: ValueParams,
    response: z.object({ success: z.literal(true), removed: z.number().int(), unlinked: z.number().int() }),
  }),
  addValuesToVersion: route({
    method: 'PATCH',
    path: '/versions/:id/directory/:directoryId/add-values-to-version',
    scope: 'space',
    ability: 'edit',
    summary:
      "Add the directory's values to the version's WBS as rows linked to them (a summary per value with values under it, else a task; a value whose code a row has links that row): one undoable change; again, only what is new",
    params: z.object({ id: Id, directoryId: Id }),
    response: z.object({
      /** Rows added, and existing rows linked by their code. */
      added: z.number().int(),
      linked: z.number().int(),
      revision: z.number().int(),
    }),
  }),
  wbsLinks: route({
    method: 'GET',
    path: '/versions/:id/directory/wbs/:wbsId',
    scope: 'space',
    summary: 'The directory values a WBS row links to',
    params: WbsParams,
    response: z.array(WbsDirectoryLink),
  }),
  setWbsLink: route({
    method: 'PUT',
    path: '/versions/:id/directory/wbs/:wbsId',
    scope: 'space',
    ability: 'edit',
    summary:
      "Link a WBS row to a directory's value (value_id null: remove the link); the row's links after it",
    params: WbsParams,
    body: z.object({ directory_id: Id, value_id: Id.nullable() }),
    response: z.array(WbsDirectoryLink),
  }),
};
