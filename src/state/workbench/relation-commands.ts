// Relation edits of the task_relations tab: change type or lag, remove, add by code or name.
// Each is one undo step of kind undo_relation; a refused change (cycle, duplicate) is reported.

import { relationsOf, removeRelations, updateRelation } from '../../domain/wbs';
import type { RelationType, RowId, WbsRelation } from '../../domain/wbs';
import { linkRows } from './commands-rows';
import { commitChange } from './data';
import { services } from './services';
import { workbench } from './store';

export function relationsOfRow(id: RowId): { predecessors: WbsRelation[]; successors: WbsRelation[] } {
  return relationsOf(workbench.get().wbs.doc, id);
}

export function setRelation(id: string, patch: { type?: RelationType; lag?: number }): void {
  const s = workbench.get();
  const c = updateRelation(s.wbs.doc, id, patch);
  if (c.result) {
    const sv = services();
    sv.notify('error', sv.t('link.refused'), [sv.t(c.result.key, c.result.params)]);
    return;
  }
  commitChange(c, 'cmd.editRelation', 'undo_relation');
}

export function removeRelation(id: string): void {
  const s = workbench.get();
  commitChange(removeRelations(s.wbs.doc, [id]), 'cmd.removeRelation', 'undo_relation');
}

/** A row by its code, outline number or name (first match), for typing a link's other end. */
export function findRowByText(text: string, outline: (id: RowId) => string): RowId | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const rows = workbench.get().wbs.doc.rows;
  for (const r of rows.values()) if ((r.code ?? '').toLowerCase() === q) return r.id;
  for (const r of rows.values()) if (outline(r.id) === q) return r.id;
  for (const r of rows.values()) if (r.name.toLowerCase() === q) return r.id;
  return null;
}

export function addRelation(predId: RowId, succId: RowId, type: RelationType, lag: number): boolean {
  return linkRows([{ predId, succId, type, lag }]);
}
