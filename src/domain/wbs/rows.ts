// Commands that add and remove rows: create (after a row, as a child, at the end), copy and
// delete. Deleting removes the subtree and every relation touching it; the inverse patches put
// all of it back.

import { change, type WbsChange } from './change';
import { nextActivityCodes } from './codes';
import { keyBetween, keysBetween } from './order-key';
import { relationsTouching } from './relation-index';
import { topLevelSelection } from './selection';
import { childrenOf, siblingIndex, subtreeIds, type TreeIndex } from './tree-index';
import { newRow, type IdSource, type NodeType, type RowId, type WbsDoc, type WbsRow } from './types';

export type Placement =
  /** As the next sibling of a row (after its subtree on screen). */
  | { after: RowId }
  /** As the last child of a row (which becomes a 'sum'). */
  | { childOf: RowId }
  /** At the end of the top level. */
  | { atEnd: true };

export interface CreateOptions {
  nodeType: NodeType;
  at: Placement;
  /** How many rows (Insert with several rows selected); default 1. */
  count?: number;
  /**
   * Field values of the new rows, e.g. the version's default calendar. Without a `code`, new
   * activities in a schedule whose activities all carry codes get the next ones (codes.ts).
   */
  fields?: Partial<Omit<WbsRow, 'id' | 'parentId' | 'orderKey' | 'nodeType'>>;
  /** Duration of new tasks and works, working minutes (default one 8-hour day). */
  defaultDuration?: number;
}

/** Parent and the open interval of order keys where new siblings go. */
function slot(doc: WbsDoc, index: TreeIndex, at: Placement): [RowId | null, string | null, string | null] {
  const rows = doc.rows;
  if ('after' in at && rows.get(at.after)) {
    const row = rows.get(at.after)!;
    const next = childrenOf(index, row.parentId)[siblingIndex(index, rows, at.after) + 1];
    return [row.parentId, row.orderKey, next ? rows.get(next)!.orderKey : null];
  }
  const parent = 'childOf' in at && rows.get(at.childOf) ? at.childOf : null;
  const sibs = childrenOf(index, parent);
  return [parent, sibs.length ? rows.get(sibs[sibs.length - 1]!)!.orderKey : null, null];
}

/** Create rows; returns their ids in order. */
export function createRows(
  doc: WbsDoc,
  index: TreeIndex,
  opts: CreateOptions,
  ids: IdSource,
): WbsChange<RowId[]> {
  const [parentId, lo, hi] = slot(doc, index, opts.at);
  const keys = keysBetween(lo, hi, opts.count ?? 1);
  const near = 'after' in opts.at ? opts.at.after : 'childOf' in opts.at ? opts.at.childOf : null;
  const codes =
    opts.nodeType === 'sum' || opts.fields?.code !== undefined
      ? null
      : nextActivityCodes(doc, keys.length, near);
  return change(doc, (draft) => {
    const created: RowId[] = [];
    keys.forEach((key, i) => {
      const id = ids.newId();
      const fields = codes ? { ...opts.fields, code: codes[i]! } : opts.fields;
      draft.rows.set(id, newRow(id, opts.nodeType, parentId, key, fields, opts.defaultDuration));
      created.push(id);
    });
    if (parentId !== null && doc.rows.get(parentId)!.nodeType !== 'sum')
      draft.rows.get(parentId)!.nodeType = 'sum';
    return created;
  });
}

/** Delete the selected rows with their descendants and relations; returns the deleted ids. */
export function deleteRows(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): WbsChange<RowId[]> {
  const gone = new Set<RowId>();
  for (const id of topLevelSelection(index, doc.rows, ids))
    for (const d of subtreeIds(index, id)) gone.add(d);
  return change(doc, (draft) => {
    for (const id of gone) draft.rows.delete(id);
    for (const r of relationsTouching(doc.relations, gone)) draft.relations.delete(r.id);
    return [...gone];
  });
}

/** Number of rows a delete would remove (for the 'too many WBS items to remove' notice). */
export function countDeleted(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): number {
  let n = 0;
  for (const id of topLevelSelection(index, doc.rows, ids)) n += subtreeIds(index, id).length;
  return n;
}

/**
 * Copy the selected rows with their subtrees; each copy goes right after its original. Relations
 * between copied rows are copied too; relations to rows outside the selection are not. Imported
 * codes are cleared so that codes stay unique.
 */
export function copyRows(
  doc: WbsDoc,
  index: TreeIndex,
  ids: Iterable<RowId>,
  idSource: IdSource,
): WbsChange<RowId[]> {
  const rows = doc.rows;
  const tops = topLevelSelection(index, rows, ids);
  return change(doc, (draft) => {
    const mapping = new Map<RowId, RowId>();
    const copies: RowId[] = [];
    for (const top of tops) {
      const original = rows.get(top)!;
      const next = childrenOf(index, original.parentId)[siblingIndex(index, rows, top) + 1];
      const key = keyBetween(original.orderKey, next ? rows.get(next)!.orderKey : null);
      for (const id of subtreeIds(index, top)) {
        const src = rows.get(id)!;
        const copyId = idSource.newId();
        mapping.set(id, copyId);
        const parentId = id === top ? src.parentId : mapping.get(src.parentId!)!;
        draft.rows.set(copyId, {
          ...src,
          attributes: { ...src.attributes },
          id: copyId,
          parentId,
          orderKey: id === top ? key : src.orderKey,
          code: null,
        });
      }
      copies.push(mapping.get(top)!);
    }
    // New ids in the order of the originals' ids, whatever order the relations map iterates in.
    const internal = relationsTouching(doc.relations, mapping.keys()).filter(
      (r) => mapping.has(r.predId) && mapping.has(r.succId),
    );
    internal.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const r of internal) {
      const id = idSource.newId();
      draft.relations.set(id, { ...r, id, predId: mapping.get(r.predId)!, succId: mapping.get(r.succId)! });
    }
    return copies;
  });
}
