// Editing a version's content from the workbench: one batch per command (patches over the WBS
// document with the revision it was made on), the server's undo log with restore, the timetable
// (calculate as a job or at once, read the results) and the per-user layout of the version.
import { z } from 'zod';
import { GroupBy, GroupByCompat, MAX_GROUP_LEVELS } from './group-by';
import { Id, IdParams, Timestamp } from './common';
import { route } from './route';
import { Job } from './transfer';
import { TimetableState, WbsItem } from './versions';

export const UndoKind = z.enum(['undo_wbs', 'undo_relation', 'undo_wdp']);
export const UndoOrigin = z.enum(['do', 'undo', 'redo']);

/**
 * One immer patch in the JSON form of src/domain/history/serialize.ts. Paths and values are
 * checked by the server against the WBS document's shape (['rows', id, field?],
 * ['rows', id, 'attributes', key], ['relations', id, field?]); anything else is a 400 with the
 * list of bad patches.
 */
export const WbsPatch = z.object({
  op: z.enum(['add', 'remove', 'replace']),
  path: z
    .array(z.union([z.string().max(64), z.number().int()]))
    .min(2)
    .max(4),
  value: z.unknown().optional(),
});

/** A history entry as `serializeEntry` writes it: `patches` are what to apply. */
export const SerializedEntry = z.object({
  v: z.literal(1),
  id: z.string().max(64).optional(),
  kind: UndoKind,
  labelKey: z.string().min(1).max(200),
  patches: z.array(WbsPatch).min(1).max(1_000_000),
  inversePatches: z.array(WbsPatch).max(1_000_000),
});

export const WbsBatchBody = z.object({
  /** The version revision the change was made on; a stale one is refused (409). */
  revision: z.number().int().min(0).max(2_147_483_647),
  origin: UndoOrigin,
  entry: SerializedEntry,
});

/** A change stored by someone else since the batch's revision (from the undo log), oldest first. */
export const UnseenChange = z.object({
  revision: z.number().int(),
  user_id: Id.nullable(),
  origin: z.enum(['do', 'undo', 'redo', 'restore']),
  /** The entry in its serialized form: apply its `patches`. */
  entry: z.record(z.string(), z.unknown()),
});
export type UnseenChange = z.infer<typeof UnseenChange>;

export const RevisionResult = z.object({
  revision: z.number().int(),
  /** The undo-log action stored for the batch (or the last one a restore stored). */
  action_id: Id,
  /**
   * A batch made on an older revision and applied (it touched nothing changed since): the changes
   * between its revision and the new one, for the client to apply. Absent when there were none.
   */
  changes: z.array(UnseenChange).optional(),
  /** The changes were too big to send: read the version again. */
  changes_omitted: z.boolean().optional(),
  /**
   * Assignments the batch's row removals took with them (issue 17): patches that remove them and
   * that put them back, in the direction the batch was sent. The logged entry carries them; the
   * client adds them to its history's step so its undo puts them back.
   */
  cascade: z.object({ patches: z.array(WbsPatch), inversePatches: z.array(WbsPatch) }).optional(),
});

/** One place both the refused batch and a change since its revision wrote. */
export const EditConflict = z.object({
  target: z.enum(['rows', 'relations']),
  id: z.string(),
  /** The field; null: the whole row or relation (added, removed, moved). */
  field: z.string().nullable(),
  /** The attribute key of an attribute's conflict. */
  key: z.string().optional(),
  mine: z.unknown(),
  theirs: z.unknown(),
});
export type EditConflict = z.infer<typeof EditConflict>;

/**
 * The body of a 409 `wbs.edit_conflict` (beside the usual error list): the version's revision,
 * the overlapping places and the changes since the batch's revision (to apply before choosing).
 */
export const EditConflictBody = z.object({
  revision: z.number().int(),
  conflicts: z.array(EditConflict),
  changes: z.array(UnseenChange),
});
export type EditConflictBody = z.infer<typeof EditConflictBody>;

export const UndoAction = z.object({
  id: Id,
  version_id: Id,
  /** The version revision this action produced; newest first in the list. */
  revision: z.number().int(),
  kind: UndoKind,
  label: z.string(),
  origin: z.enum(['do', 'undo', 'redo', 'restore']),
  user_id: Id.nullable(),
  created_at: Timestamp,
  /** The entry in its serialized form (deserializeEntry rebuilds it). */
  entry: z.record(z.string(), z.unknown()),
});
export type UndoAction = z.infer<typeof UndoAction>;

export const UndoActionPage = z.object({
  items: z.array(UndoAction),
  /** Offset of the next page, null at the end. */
  next_offset: z.number().int().nullable(),
});

/** An item's stored results: its id and the DERIVED fields of WbsItem. */
export const TimetableRow = WbsItem.pick({
  id: true,
  es: true,
  ef: true,
  ls: true,
  lf: true,
  tf: true,
  ff: true,
  critical: true,
});

/**
 * The plans that followed the dates in this calculation (issue 18): one undo_wdp action
 * ('wdp.follow_dates') stored at `revision`, its entry as the undo log keeps it.
 */
export const WdpFollow = z.object({
  revision: z.number().int(),
  action_id: z.uuid(),
  entry: z.record(z.string(), z.unknown()),
});

export const Timetable = z.object({
  timetable_state: TimetableState,
  revision: z.number().int(),
  items: z.array(TimetableRow),
  /** Only in the synchronous calculation's answer, when a plan followed the new dates. */
  wdp_follow: WdpFollow.optional(),
});

/** Column id as the workbench names it (`name`, `duration`, `attr:<key>` …). */
const LayoutColumnId = z
  .string()
  .min(1)
  .max(120)
  // An attribute's key is the import's (a CSV header may hold spaces): no control characters.
  .regex(/^[^\p{Cc}]+$/u);

/** The per-user layout of a version's grid: columns in display order, widths, visibility. */
export const VersionLayout = z.object({
  columns: z
    .array(
      z.object({
        /** Column id as the workbench names it (`name`, `duration`, `attr:<key>` …). */
        id: LayoutColumnId,
        width: z.number().int().min(16).max(2000),
        visible: z.boolean(),
      }),
    )
    .max(300)
    .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, {
      params: { code: 'duplicate_column' },
    }),
  /** How many leading displayed columns stay in place when scrolling sideways. */
  frozen: z.number().int().min(0).max(50),
  /** Rows sorted among their siblings by these columns, first first (absent: WBS order). */
  sort: z
    .array(z.object({ column: LayoutColumnId, dir: z.enum(['asc', 'desc']) }))
    .max(5)
    .optional(),
  /** Rows grouped by these columns' values, first outermost (absent or null: the WBS tree). */
  group_by: GroupBy.optional(),
});
export type VersionLayout = z.infer<typeof VersionLayout>;

/** A layout as sent: `group_by` may still be one column (read as a one-level list). */
export const VersionLayoutInput = VersionLayout.extend({ group_by: GroupByCompat.optional() });

/** A header's key: the values of its path, outermost first ('' for rows without a value). */
const HeaderPath = z.array(z.string().max(1000)).min(1).max(MAX_GROUP_LEVELS);

/** The user's grouping of a version's WBS and the headers folded in it (spec: wbs-group-setting). */
export const WbsGroupSetting = z
  .object({
    group_by: GroupBy,
    /** Folded headers by their paths (each no longer than the levels). */
    folded: z.array(HeaderPath).max(5000),
  })
  .strict();
export type WbsGroupSetting = z.infer<typeof WbsGroupSetting>;

export const wbsBatchRoutes = {
  batch: route({
    method: 'POST',
    path: '/versions/:id/wbs/batch',
    scope: 'space',
    ability: 'edit',
    summary:
      'Apply one command (patches) in one transaction. A batch on an older revision is applied when it touches ' +
      'nothing changed since (the answer carries those changes); an overlapping one is a 409 wbs.edit_conflict ' +
      'with both values; 409 on a locked version',
    params: IdParams,
    body: WbsBatchBody,
    response: RevisionResult,
    // One command is one batch, patches and inverse: a 10,000-row paste is about 20 MB of JSON,
    // an indent of 100,000 rows about 30 MB.
    bodyLimit: 128 * 1024 * 1024,
  }),
  undoActions: route({
    method: 'GET',
    path: '/versions/:id/undo-actions',
    scope: 'space',
    summary: 'The undo log of a version, newest first, paged',
    params: IdParams,
    query: z.object({
      offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: UndoActionPage,
  }),
  restore: route({
    method: 'POST',
    path: '/versions/:id/undo-actions/:actionId/restore',
    scope: 'space',
    ability: 'edit',
    summary: 'Undo this action and every later one (newest first, logged as new actions); 409 on a conflict',
    params: z.object({ id: Id, actionId: Id }),
    response: RevisionResult,
  }),
  calculate: route({
    method: 'PATCH',
    path: '/versions/:id/timetable/calculate',
    scope: 'space',
    ability: 'edit',
    summary: 'Queue a calculate_timetable job (progress as timetable_calculate events)',
    params: IdParams,
    response: Job,
  }),
  calculateSynchronous: route({
    method: 'PATCH',
    path: '/versions/:id/timetable/calculate/synchronous',
    scope: 'space',
    ability: 'edit',
    summary: 'Calculate dates, floats and the critical path now and answer the results',
    params: IdParams,
    response: Timetable,
  }),
  timetable: route({
    method: 'GET',
    path: '/versions/:id/timetable',
    scope: 'space',
    summary: 'Timetable state and the stored dates, floats and critical flags of every row',
    params: IdParams,
    response: Timetable,
  }),
  layout: route({
    method: 'GET',
    path: '/versions/:id/version-layout',
    scope: 'space',
    summary: "The caller's layout of the version (null when none was saved)",
    params: IdParams,
    response: z.object({ layout: VersionLayout.nullable() }),
  }),
  saveLayout: route({
    method: 'PUT',
    path: '/versions/:id/version-layout',
    scope: 'space',
    summary: "Save the caller's layout of the version",
    params: IdParams,
    body: VersionLayoutInput,
    response: z.object({ layout: VersionLayout }),
  }),
  groupSetting: route({
    method: 'GET',
    path: '/versions/:id/wbs-group-setting',
    scope: 'space',
    summary: "The caller's grouping of the version's WBS and its folded headers (null when none was saved)",
    params: IdParams,
    response: z.object({ setting: WbsGroupSetting.nullable() }),
  }),
  saveGroupSetting: route({
    method: 'PUT',
    path: '/versions/:id/wbs-group-setting',
    scope: 'space',
    summary:
      "Save the caller's grouping (up to 3 columns, outermost first) and folded headers of the version's WBS",
    params: IdParams,
    body: WbsGroupSetting.superRefine((v, ctx) => {
      const n = v.group_by?.length ?? 0;
      v.folded.forEach((p, i) => {
        if (p.length > n)
          ctx.addIssue({ code: 'custom', path: ['folded', i], params: { code: 'group.fold_level' } });
      });
    }),
    response: z.object({ setting: WbsGroupSetting }),
  }),
};
