// Marks a row resource dependent or not (issue 17; P6's Resource Dependent activity type, what an
// XER import stores as the row's sched kind 'resource'): one undoable WBS command whose patch
// sets the row's sched whole (['rows', id, 'sched']), which the server keeps in the version's
// item extras. A resource-dependent row's duration then follows its assignment edits (server:
// src/server/services/assignment-duration.ts).
import { change } from '../../domain/wbs/change';
import type { RowId } from '../../domain/wbs';
import { commitChange } from '../workbench/data';
import { workbench } from '../workbench/store';

/** Whether the row may be marked: a task or work of another project's none, version not locked. */
export function canMarkResourceDependent(id: RowId): boolean {
  const s = workbench.get();
  const r = s.wbs.doc.rows.get(id);
  return !!r && !s.version?.locked && (r.nodeType === 'task' || r.nodeType === 'work') && !r.sched?.external;
}

export function setResourceDependent(id: RowId, on: boolean): void {
  if (!canMarkResourceDependent(id)) return;
  const c = change(workbench.get().wbs.doc, (d) => {
    const r = d.rows.get(id)!;
    const { kind, ...rest } = r.sched ?? {};
    if ((kind === 'resource') === on) return;
    const next = on ? { ...rest, kind: 'resource' as const } : rest;
    if (Object.keys(next).length) r.sched = next;
    else delete r.sched;
  });
  commitChange(c, 'cmd.resourceDependent');
}
