// The values grid of a directory as one history per member (issue 20): a batch of value edits
// stored as one undo step (a paste, a fill, Backspace), and the caller's own undo and redo of
// the directory's value edits, kept by the server (docs/directories.md "Undo kept by the server").
import { z } from 'zod';
import { Id } from './common';
import { DirectoryValue, DirectoryValueInput } from './directories';
import { route } from './route';

const DirParams = z.object({ epsId: Id, id: Id });

export const DIRECTORY_UNDO_LABELS = ['edit', 'paste', 'fill', 'clear', 'add', 'delete', 'move'] as const;
export const DirectoryUndoLabel = z.enum(DIRECTORY_UNDO_LABELS);

/** A batch of value edits: changes, then additions (parents before children), then deletions. */
export const DirectoryValuesBatch = z.strictObject({
  /** What the step is called in the history (a typed cell: edit). */
  label: DirectoryUndoLabel,
  updates: z
    .array(DirectoryValueInput.extend({ id: Id }).strict())
    .max(100_000)
    .optional(),
  creates: z.array(DirectoryValueInput.strict()).max(100_000).optional(),
  deletes: z.array(Id).max(100_000).optional(),
});

/** What Ctrl+Z and Ctrl+Y would do now: the caller's own history of the directory's value edits. */
export const DirectoryUndoState = z.object({
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  undo_label: DirectoryUndoLabel.nullable(),
  redo_label: DirectoryUndoLabel.nullable(),
});
export type DirectoryUndoState = z.infer<typeof DirectoryUndoState>;

/** An undo or redo: the step's label, the values it touched, the history after it. */
export const DirectoryUndoAnswer = DirectoryUndoState.extend({
  label: DirectoryUndoLabel,
  ids: z.array(Id),
  /** WBS rows whose linked or donor attributes were refreshed from the values put back. */
  refreshed_rows: z.number().int(),
});
export type DirectoryUndoAnswer = z.infer<typeof DirectoryUndoAnswer>;

export const directoryUndoRoutes = {
  valuesBatch: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/values/batch',
    scope: 'space',
    ability: 'edit',
    summary:
      "Change, add and delete values of a directory at once (a paste, a fill): one transaction, one step of the caller's undo history",
    params: DirParams,
    body: DirectoryValuesBatch,
    response: z.object({
      created: z.array(DirectoryValue),
      updated: z.array(DirectoryValue),
      removed: z.number().int(),
      unlinked: z.number().int(),
    }),
  }),
  undoState: route({
    method: 'GET',
    path: '/eps/:epsId/directory/:id/undo-state',
    scope: 'space',
    summary: "What undo and redo would do: the caller's own history of the directory's value edits",
    params: DirParams,
    response: DirectoryUndoState,
  }),
  undo: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/undo',
    scope: 'space',
    ability: 'edit',
    summary:
      "Undo the caller's last edit of the directory's values (409 directory.undo_changed when another edit changed those values since: the step leaves the history); linked WBS rows are refreshed",
    params: DirParams,
    response: DirectoryUndoAnswer,
  }),
  redo: route({
    method: 'POST',
    path: '/eps/:epsId/directory/:id/redo',
    scope: 'space',
    ability: 'edit',
    summary: "Redo the caller's last undone edit of the directory's values (409 as undo)",
    params: DirParams,
    response: DirectoryUndoAnswer,
  }),
};
