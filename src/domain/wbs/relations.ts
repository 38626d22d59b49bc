// Relation commands with the checks the workbench makes before a link is stored: no self link,
// no duplicate, no link between a summary and its own rows, and no cycle; a refused link returns
// the cycle's path so the message can name it.

import { change, noChange, type WbsChange } from './change';
import { relationsTouching, successorsFor } from './relation-index';
import { isAncestor } from './tree-index';
import type { IdSource, Refusal, RelationId, RelationType, RowId, WbsDoc, WbsRelation } from './types';

export interface RelationInput {
  predId: RowId;
  succId: RowId;
  type?: RelationType;
  lag?: number;
}

export { successorMap } from './relation-index';

/** A row's successors: the relation index's (successorsFor), or a map built once (the server's). */
export type Successors = (row: RowId) => readonly RowId[];

/** The successors of a map built by successorMap. */
export const successorsIn =
  (succs: ReadonlyMap<RowId, readonly RowId[]>): Successors =>
  (row) =>
    succs.get(row) ?? [];

/** A document's successors, plus `extra` edges not stored yet, without relation `skip`. */
function docSuccessors(
  doc: WbsDoc,
  extra?: ReadonlyMap<RowId, readonly RowId[]>,
  skip?: RelationId,
): Successors {
  const stored = successorsFor(doc.relations);
  const skipped = skip === undefined ? undefined : doc.relations.get(skip);
  return (row) => {
    let out = stored(row);
    if (skipped && skipped.predId === row) {
      const at = out.indexOf(skipped.succId);
      if (at >= 0) out = [...out.slice(0, at), ...out.slice(at + 1)];
    }
    const more = extra?.get(row);
    return more ? [...out, ...more] : out;
  };
}

/**
 * The path succ → … → pred along existing relations, if one exists: adding pred → succ would
 * then close the cycle pred → succ → … → pred. Iterative DFS, O(relations) at worst.
 */
export function findPath(succs: Successors, from: RowId, to: RowId): RowId[] | null {
  const parent = new Map<RowId, RowId | null>([[from, null]]);
  const stack = [from];
  while (stack.length) {
    const cur = stack.pop()!;
    if (cur === to) {
      const path: RowId[] = [];
      for (let p: RowId | null = cur; p !== null; p = parent.get(p) ?? null) path.push(p);
      return path.reverse();
    }
    for (const next of succs(cur)) {
      if (!parent.has(next)) {
        parent.set(next, cur);
        stack.push(next);
      }
    }
  }
  return null;
}

/** Why a relation cannot be added (null = it can). `succs` must not contain the new edge. */
export function checkRelation(doc: WbsDoc, rel: RelationInput, succs: Successors): Refusal | null {
  const { predId, succId } = rel;
  if (!doc.rows.get(predId) || !doc.rows.get(succId)) return { key: 'wbs.relation_missing_row' };
  if (predId === succId) return { key: 'wbs.relation_self' };
  if (succs(predId).includes(succId)) return { key: 'wbs.relation_duplicate' };
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

/**
 * Relations that would join a row and one of its own summaries once the rows in `newParents` have
 * those parents (an indent or outdent). A summary cannot be linked to its own rows (MS Project:
 * "You cannot link a summary task to its subtask"; P6 has no relations on WBS nodes), and the
 * engine would ignore such a link silently, so the tree commands drop them in the same change.
 * Only a re-parented row's new ancestors can become such a summary: the relations of those few
 * rows are read from the relation index, O(re-parented rows · depth + their relations · depth).
 */
export function linksWithinHierarchy(
  doc: WbsDoc,
  newParents: ReadonlyMap<RowId, RowId | null>,
): WbsRelation[] {
  if (newParents.size === 0 || doc.relations.size === 0) return [];
  const oldParent = (id: RowId): RowId | null => doc.rows.get(id)?.parentId ?? null;
  const parentOf = (id: RowId): RowId | null => (newParents.has(id) ? newParents.get(id)! : oldParent(id));
  // The new ancestors of each re-parented row (a few levels each), and all of them together: a
  // row can only become linked with a new ancestor of its own.
  const chains = new Map<RowId, Set<RowId>>();
  const candidates = new Set<RowId>();
  for (const root of newParents.keys()) {
    const chain = new Set<RowId>();
    for (let p = parentOf(root), guard = 0; p !== null && guard < 1_000_000; p = parentOf(p), guard++) {
      chain.add(p);
      candidates.add(p);
    }
    chains.set(root, chain);
  }
  // The re-parented row a row hangs from (itself, or the nearest above it), if any.
  const ownerOf = (id: RowId): RowId | undefined => {
    for (let p: RowId | null = id, guard = 0; p !== null && guard < 1_000_000; p = oldParent(p), guard++)
      if (newParents.has(p)) return p;
    return undefined;
  };
  const out = new Map<RelationId, WbsRelation>();
  for (const r of relationsTouching(doc.relations, candidates)) {
    for (const [anc, other] of [
      [r.predId, r.succId],
      [r.succId, r.predId],
    ] as const) {
      if (!candidates.has(anc)) continue;
      const root = ownerOf(other);
      // Within one moved subtree nothing changes; across it, the new chain decides.
      if (root !== undefined && ownerOf(anc) !== root && chains.get(root)!.has(anc)) out.set(r.id, r);
    }
  }
  return [...out.values()];
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
  // Edges planned by this command, checked like stored ones by the inputs after them.
  const planned = new Map<RowId, RowId[]>();
  const succs = docSuccessors(doc, planned);
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
    let list = planned.get(input.predId);
    if (!list) planned.set(input.predId, (list = []));
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
    const why = checkRelation(doc, next, docSuccessors(doc, undefined, id));
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
  for (const r of relationsTouching(doc.relations, [rowId])) {
    if (r.succId === rowId) predecessors.push(r);
    if (r.predId === rowId) successors.push(r);
  }
  return { predecessors, successors };
}
