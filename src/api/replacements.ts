// Replacements: a schedule's substitution rules for uploaded files (activity codes, calendar and
// resource names as the file spells them → as the owner does), applied to every upload into the
// schedule; and a rule's effect on an existing version, shown before relying on it.
import { z } from 'zod';
import { Id, IdParams, Ok } from './common';
import { route } from './route';

export const ReplacementField = z.enum(['code', 'calendar', 'resource']);

/** A value as a file spells it: non-empty after trimming, at most 200 characters. */
const Value = z.string().trim().min(1).max(200);

export const Replacement = z.object({
  id: Id,
  schedule_id: Id,
  field: ReplacementField,
  from: z.string(),
  to: z.string(),
  active: z.boolean(),
  order: z.number(),
});
export type Replacement = z.infer<typeof Replacement>;

const ScheduleRuleParams = z.object({ id: Id, rule_id: Id });
const VersionRuleParams = z.object({ id: Id, rule_id: Id });

/** What one rule would change in a version: the rows (or calendars, resources) it matches. */
export const ReplacementPreview = z.object({
  rule: Replacement,
  matches: z.array(
    z.object({
      /** WBS item, calendar or resource id. */
      id: Id,
      /** The row's code and name (code rules and calendar rules), or the resource's name. */
      code: z.string(),
      name: z.string(),
      from: z.string(),
      to: z.string(),
    }),
  ),
  /** For a code rule: codes it would make collide with a code the version already has. */
  problems: z.array(
    z.object({ code: z.string(), params: z.record(z.string(), z.string()), error_message: z.string() }),
  ),
});
export type ReplacementPreview = z.infer<typeof ReplacementPreview>;

export const replacementRoutes = {
  list: route({
    method: 'GET',
    path: '/schedules/:id/replacements',
    scope: 'space',
    summary: "A schedule's replacement rules, in their order",
    params: IdParams,
    response: z.array(Replacement),
  }),
  create: route({
    method: 'POST',
    path: '/schedules/:id/replacements',
    scope: 'space',
    ability: 'edit',
    summary: 'Add a replacement rule; refused when the active rules would conflict',
    params: IdParams,
    body: z
      .object({ field: ReplacementField, from: Value, to: Value, active: z.boolean().default(true) })
      .strict(),
    response: Replacement,
    status: 201,
  }),
  update: route({
    method: 'PATCH',
    path: '/schedules/:id/replacements',
    scope: 'space',
    ability: 'edit',
    summary: 'Change a replacement rule of the schedule (named by id in the body)',
    params: IdParams,
    body: z
      .object({
        id: Id,
        field: ReplacementField.optional(),
        from: Value.optional(),
        to: Value.optional(),
        active: z.boolean().optional(),
      })
      .strict(),
    response: Replacement,
  }),
  remove: route({
    method: 'DELETE',
    path: '/schedules/:id/replacements/:rule_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a replacement rule',
    params: ScheduleRuleParams,
    response: Ok,
  }),
  preview: route({
    method: 'GET',
    path: '/versions/:id/replacements/:rule_id',
    scope: 'space',
    summary: "What a replacement rule of the version's schedule would change in this version",
    params: VersionRuleParams,
    response: ReplacementPreview,
  }),
};
