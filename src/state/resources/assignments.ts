// Assignment edits from the node panel (issue 17): each call makes its edit and the server logs
// it as one action of the version's undo log (patches under ['assignments', id], both ways). The
// answer's step goes on the workbench's undo stack (recordStored), so Ctrl+Z / Ctrl+Y send its
// inverse through the same batch path as WBS edits, and a reload (which rebuilds the history
// from the server's log) keeps it undoable.
import { api } from '../../api';
import type { AssignmentSaveItem, AssignmentUndoStep, ResourceAssignment } from '../../api/resources';
import { call } from '../../app/api/call';
import { deserializeEntry } from '../../domain/history';
import { applyRemote, onAssignmentPatches, recordPending } from '../workbench/data';
import type { Change } from '../workbench/store';
import { workbench } from '../workbench/store';

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
function whenSaved(then: () => void): void {
  if (workbench.get().saving === 0) return then();
  const off = workbench.subscribe((s) => {
    if (s.saving !== 0) return;
    off();
    then();
  });
}
// The batch is queued by the data listeners after this handler: looked at once they ran.
onAssignmentPatches(() => void setTimeout(() => whenSaved(changed), 0));

/**
 * The step the server stored, as a change: applied here unless the live event applied it already,
 * and the version's revision moved past it. null when revisions went by that we lack (the live
 * event reads the version again, history and all).
 */
function storedChange(step: AssignmentUndoStep | undefined): Change | null {
  const v = workbench.get().version;
  if (!step || !v || v.revision < step.revision - 1) return null;
  const e = deserializeEntry(step.entry);
  const change: Change = {
    kind: e.kind,
    labelKey: e.labelKey,
    patches: e.patches,
    inversePatches: e.inversePatches,
  };
  if (v.revision < step.revision) applyRemote(change.patches);
  const now = workbench.get().version ?? v;
  workbench.set({ version: { ...now, revision: Math.max(now.revision, step.revision) } });
  return change;
}

/**
 * One assignment call as one undo step: on the stack before the call (an undo pressed before the
 * answer undoes it), the server's stored step once it answers.
 */
async function asStep<T extends { undo_step?: AssignmentUndoStep }>(
  labelKey: string,
  request: Promise<T>,
): Promise<T> {
  recordPending(
    labelKey,
    request.then((r) => storedChange(r.undo_step)).catch(() => null),
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
    call(api.resources.removeOne, {
      params: { id: scheduleId, aid: a.id },
      query: { version_id: a.version_id },
    }),
  );
}
