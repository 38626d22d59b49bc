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
  /**
   * A linked attribute: the key of the space attribute (read-only in the grid) in which the WBS
   * rows linked to a value show this attribute's value (update-linked-values); absent or null: none.
   */
  linked_to: z.string().nullable().optional(),
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

/** A directory list (spec "list create/get/delete/value/values"): a named subset of its values. */
export const DirectoryList = z.object({
  id: Id,
  directory_id: Id,
  name: z.string(),
  /** Its values, in the directory's order (parents before children, siblings by sort order). */
  value_ids: z.array(Id),
});
export type DirectoryList = z.infer<typeof DirectoryList>;

const ListParams = DirParams.extend({ listId: Id });
const ListValueParams = ListParams.extend({ valueId: Id });

/** What copy-wbs added to a version. */
export const CopyWbsResult = z.object({
  /** Rows added, and existing rows linked by their code. */
  added: z.number().int(),
  linked: z.number().int(),
  revision: z.number().int(),
});
export type CopyWbsResult = z.infer<typeof CopyWbsResult>;

/** What sync-with-list changes (or, with dry_run, would change) in a version. */
export const ListSync = z.object({
  /** Values of the list (and their parents) no row is linked to: added as linked rows. */
  added: z.number().int(),
  /** Rows whose code is taken over by a new link instead of adding a row. */
  linked: z.number().int(),
  /** Linked rows whose code or name differs from their value's: renamed. */
  renamed: z.number().int(),
  /** Rows linked to a value of the directory that is no longer in the list: reported, kept. */
  left: z.array(z.object({ wbs_id: Id, code: z.string(), name: z.string(), value_code: z.string() })),
  revision: z.number().int(),
});
export type ListSync = z.infer<typeof ListSync>;

/**
 * What copy-resources or sync-resources-with-list does (or, with dry_run, would do) to a version's
 * resources: each value of the scope stands for one space resource linked to it; the resources of
 * the scope's leaf values are the version's.
 */
export const ResourceSync = z.object({
  /** Space resources made for values no resource stood for. */
  created: z.number().int(),
  /** Unlinked space resources with a value's code, linked to it. */
  linked: z.number().int(),
  /** Resources the version did not have yet (its copies of the leaves' resources). */
  added: z.number().int(),
  /** Linked resources of the scope whose code or name differed from their value's: renamed. */
  renamed: z.number().int(),
  /** The version's resources linked to a value outside the scope: reported, kept. */
  left: z.array(z.object({ resource_id: Id, code: z.string(), name: z.string(), value_code: z.string() })),
});
export type ResourceSync = z.infer<typeof ResourceSync>;

/** A space resource's link to a directory value, with the value's attributes (shown read-only). */
export const ResourceDirectoryLink = z.object({
  directory_id: Id,
  value_id: Id,
  path: z.string(),
  name: z.string(),
  /** The directory's attributes and the value's values of them (empty text when it has none). */
  attributes: z.array(z.object({ key: z.string(), name: z.string(), value: z.string() })),
});
export type ResourceDirectoryLink = z.infer<typeof ResourceDirectoryLink>;

/** The directory's place among the others (spec "graph"): what it is related to, and how. */
export const DirectoryGraph = z.object({
  nodes: z.array(
    z.object({
      /** A directory's id, or a space attribute's key. */
      id: z.string(),
      kind: z.enum(['directory', 'attribute']),
      name: z.string(),
      /** The space's work-type directory. */
      worktypes: z.boolean(),
    }),
  ),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      /**
       * relation: a complex relation (source → target); linked: the directory's attribute shown on
       * rows as that space attribute; donor: it gives its values to that space attribute;
       * reference: a space attribute of type "directory" points into the directory.
       */
      kind: z.enum(['relation', 'linked', 'donor', 'reference']),
      /** The relation's name, or the directory attribute's name. */
      label: z.string(),
    }),
  ),
});
export type DirectoryGraph = z.infer<typeof DirectoryGraph>;

const WorktypesDirectory = z.object({ directory_id: Id.nullable() });

/**
 * Invalid values of a directory (spec "invalid values"): rows whose attribute of type "directory"
 * (pointing into this directory) holds a code no value of it has (deleted, recoded or mistyped),
 * and the rows whose linked attributes no longer show their value's attributes.
 */
export const InvalidValues = z.object({
  unknown: z.array(
    z.object({
      version_id: Id,
      version_label: z.string(),
      schedule_id: Id,
      wbs_id: Id,
      code: z.string(),
      name: z.string(),
      attribute_key: z.string(),
      attribute_name: z.string(),
      value: z.string(),
    }),
  ),
  /** Linked rows whose mirrored values differ (update-linked-values fixes them). */
  stale_linked: DonorPush,
});
export type InvalidValues = z.infer<typeof InvalidValues>;

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
  linkedCreate: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/linked-attribute',
    scope: 'space',
    ability: 'edit',
    summary:
      'Show a directory attribute (key) on the WBS rows linked to its values: creates a read-only space attribute (name: default "<attribute> (<directory>)") that update-linked-values fills',
    params: DirParams,
    body: z.strictObject({ key: AttributeKey, name: Name.optional() }),
    response: DirectorySummary,
    status: 201,
  }),
  linkedUpdate: route({
    method: 'PUT',
    path: '/eps/:epsId/directory/:id/linked-attribute/:key',
    scope: 'space',
    ability: 'edit',
    summary: "Rename a linked attribute's column",
    params: AttributeParams,
    body: z.strictObject({ name: Name }),
    response: DirectorySummary,
  }),
  linkedDelete: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/linked-attribute/:key',
    scope: 'space',
    ability: 'edit',
    summary:
      "Stop showing a directory attribute on WBS rows: its space attribute and the rows' values of it go",
    params: AttributeParams,
    response: DirectorySummary,
  }),
  updateLinkedValues: route({
    method: 'PATCH',
    path: '/eps/:epsId/directory/:id/update-linked-values',
    scope: 'space',
    ability: 'edit',
    summary:
      "Refresh the linked attributes of the WBS rows from the directory: each linked row takes its value's attributes, a row no longer linked loses them; one undoable change per version (dry_run=true: only count them)",
    params: DirParams,
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
  lists: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/list',
    scope: 'space',
    summary: "The directory's lists (named subsets of its values)",
    params: DirParams,
    response: z.array(DirectoryList),
  }),
  listCreate: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/list/create',
    scope: 'space',
    ability: 'edit',
    summary:
      "Create a list of the directory's values (names unique in a directory: 409 otherwise); value_ids must be values of this directory",
    params: DirParams,
    body: z.strictObject({ name: Name, value_ids: z.array(Id).max(100_000).optional() }),
    response: DirectoryList,
    status: 201,
  }),
  listGet: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/list/:listId',
    scope: 'space',
    summary: 'A list of the directory with the ids of its values',
    params: ListParams,
    response: DirectoryList,
  }),
  listDelete: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/list/:listId',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a list (the values and the rows linked to them stay)',
    params: ListParams,
    response: Ok,
  }),
  listValueAdd: route({
    method: 'PUT',
    path: '/eps/:epsId/directory/:id/list/:listId/value/:valueId',
    scope: 'space',
    ability: 'edit',
    summary: 'Put a value of the directory into the list (again: no change)',
    params: ListValueParams,
    response: DirectoryList,
  }),
  listValueRemove: route({
    method: 'DELETE',
    path: '/eps/:epsId/directory/:id/list/:listId/value/:valueId',
    scope: 'space',
    ability: 'edit',
    summary: 'Take a value out of the list',
    params: ListValueParams,
    response: DirectoryList,
  }),
  listValues: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/list/:listId/values',
    scope: 'space',
    summary: "The list's values, in the directory's order",
    params: ListParams,
    response: z.array(DirectoryValue),
  }),
  copyWbs: route({
    method: 'PATCH',
    path: '/versions/:id/directory/:directoryId/copy-wbs',
    scope: 'space',
    ability: 'edit',
    summary:
      "Build the version's WBS from the directory, or from one of its lists (list_id: its values and the values above them): the hierarchy becomes summaries and tasks linked to their values, one undoable change",
    params: z.object({ id: Id, directoryId: Id }),
    body: z.strictObject({ list_id: Id.nullable().optional() }),
    response: CopyWbsResult,
  }),
  syncWithList: route({
    method: 'PATCH',
    path: '/versions/:id/directory/:directoryId/sync-with-list/:listId',
    scope: 'space',
    ability: 'edit',
    summary:
      "Bring the version's rows linked to the directory in line with a list: add the list's values no row has, rename linked rows whose code or name differs, report rows whose value left the list; one undoable change (dry_run=true: only count)",
    params: z.object({ id: Id, directoryId: Id, listId: Id }),
    query: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
    response: ListSync,
  }),
  copyResources: route({
    method: 'PATCH',
    path: '/versions/:id/directory/:directoryId/copy-resources',
    scope: 'space',
    ability: 'edit',
    summary:
      "Build the version's resources from the directory or one of its lists (list_id): each value becomes a space resource linked to it (linked by an equal code, else created under its parent value's resource), the leaves' resources the version's",
    params: z.object({ id: Id, directoryId: Id }),
    body: z.strictObject({ list_id: Id.nullable().optional() }),
    response: ResourceSync,
  }),
  syncResourcesWithList: route({
    method: 'PATCH',
    path: '/versions/:id/directory/:directoryId/sync-resources-with-list/:listId',
    scope: 'space',
    ability: 'edit',
    summary:
      "Bring the version's resources in line with a list: add what copy-resources would, rename linked resources whose code or name differs, report the version's resources whose value left the list (dry_run=true: only count)",
    params: z.object({ id: Id, directoryId: Id, listId: Id }),
    query: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
    response: ResourceSync,
  }),
  resourceLinks: route({
    method: 'GET',
    path: '/resources/:resourceId/directory',
    scope: 'space',
    summary: "The directory values a space resource links to, with the values' attributes",
    params: z.object({ resourceId: Id }),
    response: z.array(ResourceDirectoryLink),
  }),
  setResourceLink: route({
    method: 'PUT',
    path: '/resources/:resourceId/directory',
    scope: 'space',
    ability: 'edit',
    summary:
      "Link a space resource to a directory's value (value_id null: remove the link); its links after it",
    params: z.object({ resourceId: Id }),
    body: z.strictObject({ directory_id: Id, value_id: Id.nullable() }),
    response: z.array(ResourceDirectoryLink),
  }),
  graph: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/graph',
    scope: 'space',
    summary:
      "The directory's relations to other directories and attributes as nodes and edges: complex relations, linked and donor attributes, directory-type attributes pointing into it",
    params: DirParams,
    response: DirectoryGraph,
  }),
  invalidValues: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/invalid-values',
    scope: 'space',
    summary:
      'Rows (of every version) whose directory-type attribute into this directory holds a code none of its values has, and the count of linked rows whose linked attributes are out of date',
    params: DirParams,
    response: InvalidValues,
  }),
  invalidValueFix: route({
    method: 'PATCH',
    path: '/eps/:epsId/directory/:id/invalid-values/fix',
    scope: 'space',
    ability: 'edit',
    summary:
      "Give a row's directory-type attribute a value of the directory (code) or none (null): one undoable change of its version",
    params: DirParams,
    body: z.strictObject({
      version_id: Id,
      wbs_id: Id,
      attribute_key: AttributeKey,
      code: z.string().min(1).max(64).nullable(),
    }),
    response: DonorPush,
  }),
  worktypesGet: route({
    method: 'GET',
    path: '/directory/worktypes-directory',
    scope: 'space',
    summary: "The space's work-type directory (null: none chosen)",
    response: WorktypesDirectory,
  }),
  worktypesSet: route({
    method: 'PUT',
    path: '/directory/worktypes-directory',
    scope: 'space',
    ability: 'edit',
    summary: "Choose the space's work-type directory (null: none)",
    body: z.strictObject({ directory_id: Id.nullable() }),
    response: WorktypesDirectory,
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
