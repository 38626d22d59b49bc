// Relation edits of the task_relations tab: change type or lag, remove, add by code or name.
// Each is one undo step of kind undo_relation; a refused change (cycle, duplicate) is reported.
// relationState says what the schedule makes of a link: driving, critical, or ignored.

import { isAncestor, relationsOf, removeRelations, updateRelation } from '../../domain/wbs';
import type { RelationType, RowId, WbsRelation } from '../../domain/wbs';
import { linkRows } from './commands-rows';
import { commitChange } from './data';
import { isDriving } from './schedule-snapshot';
import { services } from './services';
import type { WorkbenchState } from './store';
import { workbench } from './store';

export interface RelationState {
  /**
   * 'hierarchy': the link joins a summary and a row under it. Such links are refused now, but
   * older data can hold them; the engine does not schedule links on summaries, so it is ignored.
   */
  readonly ignored: 'hierarchy' | null;
  /** It sets its successor's early start (P6's Driving; ties: all); null while not known. */
  readonly driving: boolean | null;
  /** A driving link between two critical tasks: on the critical path (P6's relationship Critical). */
  readonly critical: boolean;
}

export function relationState(r: WbsRelation, s: WorkbenchState = workbench.get()): RelationState {
  const rows = s.wbs.doc.rows;
  if (isAncestor(rows, r.predId, r.succId) || isAncestor(rows, r.succId, r.predId))
    return { ignored: 'hierarchy', driving: null, critical: false };
  const sch = s.schedule;
  const driving = isDriving(sch, r.predId, r.succId);
  const crit = (id: string) => {
    const p = sch?.position.get(id);
    return p !== undefined && sch!.critical[p] === 1;
  };
  return { ignored: null, driving, critical: driving === true && crit(r.predId) && crit(r.succId) };
}

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
