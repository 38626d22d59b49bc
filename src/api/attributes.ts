// Typed attributes of a space (spec: EPS attributes, schedule attributes, attribute-calculate,
// access), defined at a scope level and read per role: a role sees an attribute `hidden` (the
// server never sends its values or definition), `read` or `write`.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { route } from './route';

/** Spec §3 "Scope levels". */
export const ScopeLevel = z.enum(['space', 'facility', 'project', 'schedule', 'version']);
export type ScopeLevel = z.infer<typeof ScopeLevel>;

export const AttributeType = z.enum(['text', 'number', 'date', 'list', 'directory', 'formula']);
export type AttributeType = z.infer<typeof AttributeType>;

export const AttributeAccess = z.enum(['hidden', 'read', 'write']);
export type AttributeAccess = z.infer<typeof AttributeAccess>;

const ListValue = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u);

export const AttributeInput = z
  .object({
    name: Name,
    type: AttributeType,
    scope: ScopeLevel,
    /** The facility, project or schedule (EPS node) or version the attribute belongs to; null for space. */
    node_id: Id.nullable(),
    /** The choices of a list attribute. */
    list_values: z.array(ListValue).max(500).default([]),
    /** The expression of a formula attribute (src/domain/formula). */
    formula: z.string().trim().min(1).max(2000).nullable().default(null),
    /** The directory a directory-link attribute points into. */
    directory_id: Id.nullable().default(null),
  })
  .refine((a) => (a.scope === 'space') === (a.node_id === null), {
    path: ['node_id'],
    params: { code: 'attribute.node_for_scope' },
  })
  .refine((a) => (a.type === 'formula') === (a.formula !== null), {
    path: ['formula'],
    params: { code: 'attribute.formula_required' },
  })
  .refine((a) => a.type !== 'list' || a.list_values.length > 0, {
    path: ['list_values'],
    params: { code: 'attribute.list_values_required' },
  });
export type AttributeInput = z.infer<typeof AttributeInput>;

export const Attribute = z.object({
  id: Id,
  /** The key rows hold the value under (`attributes[key]`), fixed at creation. */
  key: z.string(),
  name: z.string(),
  type: AttributeType,
  scope: ScopeLevel,
  node_id: Id.nullable(),
  list_values: z.array(z.string()),
  formula: z.string().nullable(),
  directory_id: Id.nullable(),
  /**
   * A linked attribute: the directory (and its attribute's key) whose values the WBS rows linked
   * to it mirror; written only by update-linked-values, read-only in the grid.
   */
  linked: z.object({ directory_id: Id, key: z.string() }).nullable(),
  /** The caller's access. */
  access: AttributeAccess,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Attribute = z.infer<typeof Attribute>;

/** An attribute with each role's access (for those who manage access). */
export const AttributeWithRoles = Attribute.extend({
  roles: z.array(z.object({ role_id: Id, access: AttributeAccess, explicit: z.boolean() })),
});
export type AttributeWithRoles = z.infer<typeof AttributeWithRoles>;

export const AccessInput = z.object({ role_id: Id, access: AttributeAccess });
const ScheduleAccessInput = AccessInput.extend({ attribute_id: Id });

/** A formula checked: ok, or the error code and its place in the text. */
export const FormulaCheck = z.object({
  ok: z.boolean(),
  error: z.object({ code: z.string(), at: z.number().int(), detail: z.string() }).nullable(),
  /** The fields it reads (column ids, attr:<key>), when ok. */
  fields: z.array(z.string()),
});
export type FormulaCheck = z.infer<typeof FormulaCheck>;

const List = <T extends z.ZodType>(t: T) => z.object({ items: z.array(t) });

export const attributeRoutes = {
  list: route({
    method: 'GET',
    path: '/eps/attributes',
    scope: 'space',
    summary: "Attributes of the space the caller may see (all scopes), with each role's access",
    response: List(AttributeWithRoles),
  }),
  create: route({
    method: 'POST',
    path: '/eps/attributes',
    scope: 'space',
    ability: 'edit',
    summary:
      'Define an attribute at a scope level (409 attribute.name_taken for a name already at that node)',
    body: AttributeInput,
    response: AttributeWithRoles,
    status: 201,
  }),
  update: route({
    method: 'PUT',
    path: '/eps/attributes/:id',
    scope: 'space',
    ability: 'edit',
    summary: 'Change an attribute (its key stays; its type only while no row holds a value)',
    params: IdParams,
    body: AttributeInput,
    response: AttributeWithRoles,
  }),
  remove: route({
    method: 'DELETE',
    path: '/eps/attributes/:id',
    scope: 'space',
    ability: 'edit',
    summary: "Delete an attribute and every row's value of it",
    params: IdParams,
    response: Ok,
  }),
  setAccess: route({
    method: 'PUT',
    path: '/eps/attributes/:id/access',
    scope: 'space',
    ability: 'admin',
    summary: "Set a role's access to an attribute (hidden, read, write)",
    params: IdParams,
    body: AccessInput,
    response: AttributeWithRoles,
  }),
  removeAccess: route({
    method: 'DELETE',
    path: '/eps/attributes/:id/access/:roleId',
    scope: 'space',
    ability: 'admin',
    summary: "Return a role's access to an attribute to the default (write if the role edits, else read)",
    params: z.object({ id: Id, roleId: Id }),
    response: AttributeWithRoles,
  }),
  values: route({
    method: 'GET',
    path: '/eps/attributes/:id/values',
    scope: 'space',
    summary:
      'The distinct values rows hold of an attribute, with how many rows hold each (most first, 200 at most)',
    params: IdParams,
    response: List(z.object({ value: z.union([z.string(), z.number()]), rows: z.number().int() })),
  }),
  search: route({
    method: 'GET',
    path: '/eps/attributes/search',
    scope: 'space',
    summary: 'Attributes whose name contains the text (case-insensitive)',
    query: z.object({ q: z.string().trim().max(32) }),
    response: List(Attribute),
  }),
  calculate: route({
    method: 'POST',
    path: '/eps/attribute-calculate',
    scope: 'space',
    summary: "Check a formula against the space's columns and attributes",
    body: z.object({ formula: z.string().max(2000), key: z.string().max(100).nullable().default(null) }),
    response: FormulaCheck,
  }),
  schedule: route({
    method: 'GET',
    path: '/schedules/:id/attributes',
    scope: 'space',
    summary: 'Attributes that apply to a schedule, as the caller may see them',
    params: IdParams,
    response: List(Attribute),
  }),
  scheduleAll: route({
    method: 'GET',
    path: '/schedules/:id/attributes/all',
    scope: 'space',
    ability: 'admin',
    summary: "Every attribute that applies to a schedule, hidden ones too, with each role's access",
    params: IdParams,
    response: List(AttributeWithRoles),
  }),
  scheduleForRole: route({
    method: 'GET',
    path: '/schedules/:id/attributes/all/role/:roleId',
    scope: 'space',
    ability: 'admin',
    summary: 'Attributes that apply to a schedule as a role sees them (access of that role)',
    params: z.object({ id: Id, roleId: Id }),
    response: List(Attribute),
  }),
  scheduleAccess: route({
    method: 'POST',
    path: '/schedules/:id/attributes/access',
    scope: 'space',
    ability: 'admin',
    summary: "Set a role's access to an attribute that applies to the schedule",
    params: IdParams,
    body: ScheduleAccessInput,
    response: Ok,
  }),
  scheduleRemove: route({
    method: 'DELETE',
    path: '/schedules/:id/attributes/:attributeId/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete an attribute that applies to the schedule',
    params: z.object({ id: Id, attributeId: Id }),
    response: Ok,
  }),
};
