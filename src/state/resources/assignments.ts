// Assignment edits from the node panel: each one a server call and a step on the workbench's undo
// stack (recordExternal) whose inverse is the call that puts back what was there: an assignment
// made is deleted, a deleted one saved again under its id, a change changed back.
import { api } from '../../api';
import type { AssignmentSaveItem, ResourceAssignment } from '../../api/resources';
import { call } from '../../app/api/call';
import { recordExternal } from '../workbench/data';

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

export async function loadRowAssignments(versionId: string, wbsId: string): Promise<ResourceAssignment[]> {
  const res = await call(
    api.resources.assignments,
    { query: { version_id: versionId, wbs_id: wbsId } },
    { silent: true },
  );
  return res.items;
}

const save = async (versionId: string, wbsId: string, item: AssignmentSaveItem) => {
  const res = await call(api.resources.save, {
    params: { id: versionId },
    body: { wbs_id: wbsId, items: [item] },
  });
  changed();
  return res.items[0]!;
};

const remove = async (scheduleId: string, versionId: string, id: string) => {
  await call(api.resources.removeOne, {
    params: { id: scheduleId, aid: id },
    query: { version_id: versionId },
  });
  changed();
};

const update = async (scheduleId: string, a: ResourceAssignment, f: Partial<Fields>) => {
  await call(api.resources.updateOne, {
    params: { id: scheduleId, aid: a.id },
    body: { version_id: a.version_id, ...f },
  });
  changed();
};

const restoreItem = (a: ResourceAssignment): AssignmentSaveItem => ({
  id: a.id,
  resource_id: a.resource_id!,
  units: a.units,
  units_per_day: a.units_per_day,
  intensity: a.intensity,
  curve: a.curve,
  curve_values: a.curve_values,
});

/** Assigns a resource to a row (undo deletes it, redo saves it back under the same id). */
export async function assignResource(
  scheduleId: string,
  versionId: string,
  wbsId: string,
  item: AssignmentSaveItem,
): Promise<void> {
  const made = save(versionId, wbsId, item);
  // On the stack at once, so that an undo pressed before the answer undoes this; it waits for it.
  recordExternal('resources:undo.assign', {
    undo: async () => remove(scheduleId, versionId, (await made).id),
    redo: async () => {
      await save(versionId, wbsId, restoreItem(await made));
    },
  });
  await made;
}

/** Changes fields of an assignment (undo sets the fields it had). */
export async function changeAssignment(
  scheduleId: string,
  a: ResourceAssignment,
  f: Partial<Fields>,
): Promise<void> {
  const before: Partial<Fields> = {};
  for (const k of Object.keys(f) as (keyof Fields)[]) (before as Record<string, unknown>)[k] = a[k];
  // A curve change carries its parts both ways.
  if ('curve' in f) before.curve_values = a.curve_values;
  const done = update(scheduleId, a, f);
  const settled = done.catch(() => undefined);
  recordExternal('resources:undo.change', {
    undo: async () => {
      await settled;
      await update(scheduleId, a, before);
    },
    redo: () => update(scheduleId, a, f),
  });
  await done;
}

/** Deletes an assignment (undo saves it back with its id and fields). */
export async function unassign(scheduleId: string, a: ResourceAssignment): Promise<void> {
  const done = remove(scheduleId, a.version_id, a.id);
  const settled = done.catch(() => undefined);
  if (a.resource_id)
    recordExternal('resources:undo.unassign', {
      undo: async () => {
        await settled;
        await save(a.version_id, a.wbs_id, restoreItem(a));
      },
      redo: () => remove(scheduleId, a.version_id, a.id),
    });
  await done;
}
