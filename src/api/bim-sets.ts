// 3D/BIM link sets (issue 25, docs/bim.md): named, saved link rules of a project. A set holds one
// or more rules (an element key equals a row's name, code or attribute); applying it to a version
// through a link creates the relations as create-relations by rule does, and answers the pairs it
// created so the client records them as one undoable link edit (its undo removes exactly them).
import { z } from 'zod';
import { Id, Ok, Timestamp } from './common';
import { route } from './route';
import { ElementKey, RowKey } from './bim';

/**
 * A saved rule: no row ids, as those belong to one version. Its rows are named by their key
 * instead: `row_value` keeps the rows whose key equals it, and `value` links the elements whose
 * key equals it to those rows ("storey Level 1, class IfcWall → the row coded A1234"); without
 * `value` an element's key must equal the row's.
 */
export const SavedLinkRule = z
  .object({
    element: ElementKey.strict(),
    row: RowKey.strict(),
    value: z.string().trim().min(1).max(200).optional(),
    row_value: z.string().trim().min(1).max(200).optional(),
    /** Only elements of these IFC classes (empty or absent: all). */
    classes: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  })
  .strict();
export type SavedLinkRule = z.infer<typeof SavedLinkRule>;

const Name = z.string().trim().min(1).max(200);
const Rules = z.array(SavedLinkRule).min(1).max(50);

export const BimLinkSet = z.object({
  id: Id,
  project_id: Id,
  name: z.string(),
  rules: z.array(SavedLinkRule),
  created_by: Id.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type BimLinkSet = z.infer<typeof BimLinkSet>;

const SetParams = z.object({ id: Id, set_id: Id });
const Pair = z.object({ wbs_id: Id, element_id: z.number().int() });
/** What one rule matched on its own (pairs there already and pairs of other rules included). */
const RuleMatch = z.object({ pairs: z.number().int(), rows: z.number().int(), elements: z.number().int() });

export const bimSetRoutes = {
  linkSets: route({
    method: 'GET',
    path: '/projects/:id/3d/link-sets',
    scope: 'space',
    summary: 'The named link sets (saved link rules) of a project, by name',
    params: z.object({ id: Id }),
    response: z.array(BimLinkSet),
  }),
  createLinkSet: route({
    method: 'POST',
    path: '/projects/:id/3d/link-sets',
    scope: 'space',
    ability: 'edit',
    status: 201,
    summary: 'Save link rules as a named link set of the project (names are unique per project)',
    params: z.object({ id: Id }),
    body: z.object({ name: Name, rules: Rules }).strict(),
    response: BimLinkSet,
  }),
  updateLinkSet: route({
    method: 'PUT',
    path: '/projects/:id/3d/link-sets/:set_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a link set or replace its rules',
    params: SetParams,
    body: z.object({ name: Name.optional(), rules: Rules.optional() }).strict(),
    response: BimLinkSet,
  }),
  deleteLinkSet: route({
    method: 'DELETE',
    path: '/projects/:id/3d/link-sets/:set_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a link set (the relations it created stay)',
    params: SetParams,
    response: Ok,
  }),
  applyLinkSet: route({
    method: 'POST',
    path: '/versions/:id/3d/link/:link_id/apply-link-set/:set_id',
    scope: 'space',
    ability: 'edit',
    summary:
      'Link elements to the version’s rows by every rule of a link set of the link’s project; answers the pairs created',
    params: z.object({ id: Id, link_id: Id, set_id: Id }),
    response: z.object({
      created: z.number().int(),
      rows: z.number().int(),
      elements: z.number().int(),
      /** The pairs this call created (not those that were there already): the undo removes them. */
      pairs: z.array(Pair),
      /** Per rule of the set, in its order. */
      per_rule: z.array(RuleMatch),
    }),
  }),
} as const;
