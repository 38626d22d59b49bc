// Relation commands with the checks the workbench makes before a link is stored: no self link,
// no duplicate, no link between a summary and its own rows, and no cycle; a refused link returns
// the cycle's path so the message can name it.

import { change, noChange, type WbsChange } from './change';
import { isAncestor } from './tree-index';
import type { IdSource, Refusal, RelationId, RelationType, RowId, WbsDoc, WbsRelation } from './types';

export interface RelationInput {
  predId: RowId;
  succId: RowId;
  type?: RelationType;
  lag?: number;
}

/** Successor adjacency: pred id → successor ids. Build once per command: O(relations). */
export function successorMap(
  relations: ReadonlyMap<RelationId, WbsRelation>,
  skip?: RelationId,
): Map<RowId, RowId[]> {
  const out = new Map<RowId, RowId[]>();
  for (const [id, r] of relations) {
    if (id === skip) continue;
    let list = out.get(r.predId);
    if (!list) out.set(r.predId, (list = []));
    list.push(r.succId);
  }
  return out;
}

/**
 * The path succ → … → pred along existing relations, if one exists: adding pred → succ would
 * then close the cycle pred → succ → … → pred. Iterative DFS, O(relations) at worst.
 */
export function findPath(
  succs: ReadonlyMap<RowId, readonly RowId[]>,
  from: RowId,
  to: RowId,
): RowId[] | null {
  const parent = new Map<RowId, RowId | null>([[from, null]]);
  const stack = [from];
  while (stack.length) {
    const cur = stack.pop()!;
    if (cur === to) {
      const path: RowId[] = [];
      for (let p: RowId | null = cur; p !== null; p = parent.get(p) ?? null) path.push(p);
      return path.reverse();
    }
    for (const next of succs.get(cur) ?? []) {
      if (!parent.has(next)) {
        parent.set(next, cur);
        stack.push(next);
      }
    }
  }
  return null;
}

/** Why a relation cannot be added (null = it can). `succs` must not contain the new edge. */
export function checkRelation(
  doc: WbsDoc,
  rel: RelationInput,
  succs: ReadonlyMap<RowId, readonly RowId[]>,
): Refusal | null {
  const { predId, succId } = rel;
  if (!doc.rows.get(predId) || !doc.rows.get(succId)) return { key: 'wbs.relation_missing_row' };
  if (predId === succId) return { key: 'wbs.relation_self' };
  if ((succs.get(predId) ?? []).includes(succId)) return { key: 'wbs.relation_duplicate' };
  if (isAncestor(doc.rows, predId, succId) || isAncestor(doc.rows, succId, predId)) {
    return { key: 'wbs.relation_hierarchy' };
  }
  const back = findPath(succs, succId, predId);
  if (back) {
    const path = [predId, ...back];
    return { key: 'wbs.relation_cycle', params: { path } };
  }
  return null;
}

export interface AddRelationsResult {
  added: RelationId[];
  /** Refused inputs, by their position in the input list. */
  refused: (Refusal & { input: number })[];
}

/**
 * Add relations (a link command on a selection adds a chain). Each is checked against the
 * relations before it, including the ones added earlier in the same command.
 */
export function addRelations(
  doc: WbsDoc,
  inputs: readonly RelationInput[],
  ids: IdSource,
): WbsChange<AddRelationsResult> {
  const succs = successorMap(doc.relations);
  const plan: WbsRelation[] = [];
  const refused: AddRelationsResult['refused'] = [];
  inputs.forEach((input, i) => {
    const why = checkRelation(doc, input, succs);
    if (why) {
      refused.push({ ...why, input: i });
      return;
    }
    plan.push({
      id: ids.newId(),
      predId: input.predId,
      succId: input.succId,
      type: input.type ?? 'fs',
      lag: input.lag ?? 0,
    });
    let list = succs.get(input.predId);
    if (!list) succs.set(input.predId, (list = []));
    list.push(input.succId);
  });
  if (plan.length === 0) return noChange(doc, { added: [], refused });
  return change(doc, (draft) => {
    for (const r of plan) draft.relations.set(r.id, r);
    return { added: plan.map((r) => r.id), refused };
  });
}

export function removeRelations(doc: WbsDoc, ids: Iterable<RelationId>): WbsChange<RelationId[]> {
  return change(doc, (draft) => {
    const removed: RelationId[] = [];
    for (const id of ids) {
      if (doc.relations.get(id)) {
        draft.relations.delete(id);
        removed.push(id);
      }
    }
    return removed;
  });
}

/** Change a relation's type, lag or ends; new ends are checked like a new relation. */
export function updateRelation(
  doc: WbsDoc,
  id: RelationId,
  patch: Partial<Omit<WbsRelation, 'id'>>,
): WbsChange<Refusal | null> {
  const old = doc.relations.get(id);
  if (!old) return noChange(doc, { key: 'wbs.relation_missing' });
  const next = { ...old, ...patch, id };
  if (next.predId !== old.predId || next.succId !== old.succId) {
    const why = checkRelation(doc, next, successorMap(doc.relations, id));
    if (why) return noChange(doc, why);
  }
  return change(doc, (draft) => {
    Object.assign(draft.relations.get(id)!, next);
    return null;
  });
}

/** Relations of a row, for the task_relations tab. */
export function relationsOf(
  doc: WbsDoc,
  rowId: RowId,
): { predecessors: WbsRelation[]; successors: WbsRelation[] } {
  const predecessors: WbsRelation[] = [];
  const successors: WbsRelation[] = [];
  for (const r of doc.relations.values()) {
    if (r.succId === rowId) predecessors.push(r);
    if (r.predId === rowId) successors.push(r);
  }
  return { predecessors, successors };
}
