// Assignment edits from the node panel (issue 17): each call makes its edit and the server logs
// it as one action of the version's undo log (patches under ['assignments', id], both ways). The
// answer's step goes on the workbench's undo stack (recordStored), so Ctrl+Z / Ctrl+Y send its
// inverse through the same batch path as WBS edits, and a reload (which rebuilds the history
// from the server's log) keeps it undoable.
import { api } from '../../api';
import type { AssignmentSaveItem, AssignmentUndoStep, ResourceAssignment } from '../../api/resources';
import { call } from '../../app/api/call';
import { onAssignmentPatches, recordPending } from '../workbench/data';
import { storedChange, whenSaved } from '../workbench/stored-step';
import type { Change } from '../workbench/store';

type Fields = Pick<ResourceAssignment, 'units' | 'units_per_day' | 'intensity' | 'curve' | 'curve_values'>;

/** Listeners told when a row's assignments changed (the panel reloads, the usage redraws). */
const listeners = new Set<() => void>();
export function onAssignmentsChanged(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
const changed = () => {
  for (const l of listeners) l();
};

/**
 * Assignment patches applied on this page (an undo, a redo, another page's edit): the panel and
 * the usage read the server again once the batches on their way are stored.
 */
// The batch is queued by the data listeners after this handler: looked at once they ran.
onAssignmentPatches(() => void setTimeout(() => whenSaved(changed), 0));

/**
 * Where a screen holding several versions in one document (the project grid) takes the steps of
 * assignment calls: the version the call went to and the step it stored, as the change its
 * history keeps (null: none). Unset: the store's version's (storedChange).
 */
export type AssignmentSteps = (versionId: string, step: AssignmentUndoStep | undefined) => Change | null;
let steps: AssignmentSteps | null = null;
export function setAssignmentSteps(s: AssignmentSteps | null): void {
  steps = s;
}

/**
 * One assignment call as one undo step: on the stack before the call (an undo pressed before the
 * answer undoes it), the server's stored step once it answers.
 */
async function asStep<T extends { undo_step?: AssignmentUndoStep }>(
  labelKey: string,
  versionId: string,
  request: Promise<T>,
): Promise<T> {
  const route = steps;
  recordPending(
    labelKey,
    request
      .then((r) => (route ? route(versionId, r.undo_step) : storedChange(r.undo_step)))
      .catch(() => null),
  );
  const res = await request;
  changed();
  return res;
}

export async function loadRowAssignments(versionId: string, wbsId: string): Promise<ResourceAssignment[]> {
  const res = await call(
    api.resources.assignments,
    { query: { version_id: versionId, wbs_id: wbsId } },
    { silent: true },
  );
  return res.items;
}

/** Assigns a resource to a row: one undoable step (undo removes it, redo puts it back). */
export async function assignResource(
  _scheduleId: string,
  versionId: string,
  wbsId: string,
  item: AssignmentSaveItem,
): Promise<void> {
  await asStep(
    'resources:undo.assign',
    versionId,
    call(api.resources.save, { params: { id: versionId }, body: { wbs_id: wbsId, items: [item] } }),
  );
}

/** Changes fields of an assignment: one undoable step. */
export async function changeAssignment(
  scheduleId: string,
  a: ResourceAssignment,
  f: Partial<Fields>,
): Promise<void> {
  await asStep(
    'resources:undo.change',
    a.version_id,
    call(api.resources.updateOne, {
      params: { id: scheduleId, aid: a.id },
      body: { version_id: a.version_id, ...f },
    }),
  );
}

/** Deletes an assignment: one undoable step (undo puts it back under its id). */
export async function unassign(scheduleId: string, a: ResourceAssignment): Promise<void> {
  await asStep(
    'resources:undo.unassign',
    a.version_id,
    call(api.resources.removeOne, {
      params: { id: scheduleId, aid: a.id },
      query: { version_id: a.version_id },
    }),
  );
}
