// Resource levelling of a version (issue 17; docs/levelling.md, docs/resources.md): "Level
// resources" queues a level_resources job (progress as resource_level events and in the batch
// report); the levelled starts it stores are read, replaced and cleared here. A run and a clear
// are each one step of the version's undo log (undone through the WBS batch path). Levelling delays rows; it never changes a row's own data, and clearing it removes
// only what it set.
import { z } from 'zod';
import { Id, IdParams } from './common';
import { route } from './route';
import { Job } from './transfer';

export const LevellingPriorityField = z.enum([
  'total_float',
  'late_start',
  'late_finish',
  'early_start',
  'duration',
  'priority',
  'id',
]);
export type LevellingPriorityField = z.infer<typeof LevellingPriorityField>;

/** P6's "Level Resources" dialog and MS Project's "Leveling Options". */
export const LevelOptions = z
  .object({
    /** The order in which rows get the resources (P6 "Leveling priorities"); first decides. */
    priority: z
      .array(z.object({ field: LevellingPriorityField, descending: z.boolean().optional() }))
      .min(1)
      .max(7)
      .default([{ field: 'total_float' }, { field: 'late_start' }]),
    /** Delay rows only within their total float: the project finish stays. */
    within_float: z.boolean().default(false),
    /** Never move a started row. */
    preserve_started: z.boolean().default(true),
    /** The space resources to level (null: every resource with a limit). */
    resource_ids: z.array(Id).max(5000).nullable().default(null),
    /** Budget of the improvement after the priority pass, in milliseconds (0: the single pass). */
    time_ms: z.number().int().min(0).max(10_000).default(1000),
  })
  .strict();
export type LevelOptions = z.infer<typeof LevelOptions>;
export type LevelOptionsInput = z.input<typeof LevelOptions>;

/** A row levelling delayed: its levelled dates, the delay and the dates it had before. */
export const LevelledRow = z.object({
  wbs_id: Id,
  start: z.number().int(),
  finish: z.number().int().nullable(),
  /** Working minutes on the row's calendar. */
  delay: z.number().int().min(0),
  base_start: z.number().int().nullable(),
  base_finish: z.number().int().nullable(),
});
export type LevelledRow = z.infer<typeof LevelledRow>;

export const LevellingStats = z.object({
  levelled: z.number(),
  delayed: z.number(),
  overallocations_before: z.number(),
  overallocations_after: z.number(),
  resolved: z.boolean(),
  finish_before: z.number().nullable(),
  finish_after: z.number().nullable(),
  passes: z.number(),
  ms: z.number(),
});
export type LevellingStats = z.infer<typeof LevellingStats>;

/** A version's levelling: none (levelled false, no items) or the last one stored. */
export const Levelling = z.object({
  levelled: z.boolean(),
  options: LevelOptions.nullable(),
  stats: LevellingStats.nullable(),
  /** The version's revision the levelling read, and whether the version changed since. */
  revision: z.number().int().nullable(),
  out_of_date: z.boolean(),
  levelled_at: z.string().nullable(),
  items: z.array(LevelledRow),
});
export type Levelling = z.infer<typeof Levelling>;

/** A levelling put back as it was (the client's undo of a level or a clear, and its redo). */
export const LevellingRestore = z.object({
  options: LevelOptions.nullable(),
  stats: LevellingStats.nullable(),
  revision: z.number().int().min(0).nullable(),
  items: z.array(LevelledRow).max(200_000),
});
export type LevellingRestore = z.input<typeof LevellingRestore>;

/** The undo-log step a clear stored (its revision and entry), for the client's history. */
export const LevellingUndoStep = z.object({
  revision: z.number().int(),
  entry: z.record(z.string(), z.unknown()),
});
export type LevellingUndoStep = z.infer<typeof LevellingUndoStep>;

export const levellingRoutes = {
  level: route({
    method: 'POST',
    path: '/versions/:id/level',
    scope: 'space',
    ability: 'edit',
    summary:
      'Level the resources of a version (queues a level_resources job; progress as resource_level events)',
    params: IdParams,
    body: LevelOptions,
    response: Job,
  }),
  read: route({
    method: 'GET',
    path: '/versions/:id/levelling',
    scope: 'space',
    summary: "A version's levelling: options, figures and the rows it delayed",
    params: IdParams,
    response: Levelling,
  }),
  restore: route({
    method: 'PUT',
    path: '/versions/:id/levelling',
    scope: 'space',
    ability: 'edit',
    summary: "Put a version's levelling back as it was (undo and redo of Level and Clear levelling)",
    params: IdParams,
    body: LevellingRestore,
    response: Levelling,
  }),
  clear: route({
    method: 'DELETE',
    path: '/versions/:id/levelling',
    scope: 'space',
    ability: 'edit',
    summary:
      "Clear a version's levelling (answers what it was, and the step of the version's undo log it stored)",
    params: IdParams,
    response: Levelling.extend({ undo_step: LevellingUndoStep.optional() }),
  }),
};
