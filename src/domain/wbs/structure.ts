// Tree-shape commands: indent (right), outdent (left), move up and down. Each rewrites the
// parent and/or order key of as few rows as the semantics allow: an indent or a move is a
// one-row diff per moved block, and no command walks the whole tree, so indenting 1,000 selected
// rows of a 100k-row version costs about 1,000 small steps. An indent or outdent that puts a row
// under a row it is linked with drops that relation in the same change (one undo step) and says
// so in its result: a summary cannot be linked to its own rows.

import { change, type DocDraft, type WbsChange } from './change';
import { keyBetween } from './order-key';
import { linksWithinHierarchy } from './relations';
import { topLevelSelection } from './selection';
import { childrenOf, siblingIndex, type TreeIndex } from './tree-index';
import type { RowId, WbsDoc, WbsRelation } from './types';

/**
 * The rows a tree command moved, plus the relations it removed because they would have linked a
 * summary with its own rows (the UI tells the user; undo brings them back with the move).
 */
export type MovedRows = RowId[] & { readonly droppedRelations: readonly WbsRelation[] };

function movedRows(ids: RowId[], dropped: readonly WbsRelation[] = []): MovedRows {
  return Object.assign(ids, { droppedRelations: dropped });
}

/** Removes the relations the new parents would turn into summary ↔ own row links. */
function dropLinksWithinHierarchy(
  doc: WbsDoc,
  draft: DocDraft,
  newParents: ReadonlyMap<RowId, RowId | null>,
): WbsRelation[] {
  const dropped = linksWithinHierarchy(doc, newParents);
  for (const r of dropped) draft.relations.delete(r.id);
  return dropped;
}

/**
 * Indent: each selected row becomes the last child of the nearest previous sibling that is not
 * itself moving (so a block of selected siblings lands, in order, under the row above it). A row
 * with no such sibling stays. A leaf that receives children becomes a 'sum', as MS Project does.
 */
export function indent(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): WbsChange<MovedRows> {
  const rows = doc.rows;
  const sel = topLevelSelection(index, rows, ids);
  return change(doc, (draft) => {
    // Moved row → its new parent: a row right after a moved sibling goes where that one went.
    const moved = new Map<RowId, RowId>();
    const lastKey = new Map<RowId, string | null>();
    for (const id of sel) {
      const sibs = childrenOf(index, rows.get(id)!.parentId);
      const prev = sibs[siblingIndex(index, rows, id) - 1];
      if (prev === undefined) continue;
      const target = moved.get(prev) ?? prev;
      let after = lastKey.get(target);
      if (after === undefined) {
        const kids = childrenOf(index, target);
        after = kids.length ? rows.get(kids[kids.length - 1]!)!.orderKey : null;
      }
      const key = keyBetween(after, null);
      const row = draft.rows.get(id)!;
      row.parentId = target;
      row.orderKey = key;
      if (rows.get(target)!.nodeType !== 'sum') draft.rows.get(target)!.nodeType = 'sum';
      lastKey.set(target, key);
      moved.set(id, target);
    }
    return movedRows([...moved.keys()], dropLinksWithinHierarchy(doc, draft, moved));
  });
}

/**
 * Outdent: each selected row becomes the next sibling of its parent, and the siblings that
 * followed it become its last children, so nothing jumps on screen (MS Project's rule). Rows at
 * the top level stay. Processed bottom-up, so a row's followers include rows that were outdented
 * into its parent just before.
 */
export function outdent(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): WbsChange<MovedRows> {
  const rows = doc.rows;
  const sel = topLevelSelection(index, rows, ids).filter((id) => rows.get(id)!.parentId !== null);
  return change(doc, (draft) => {
    const outdented = new Set<RowId>();
    // Every row that gets a new parent (outdented rows and the followers they adopt).
    const newParents = new Map<RowId, RowId | null>();
    // Rows this command placed into a parent, not adopted since: parent → [id, key].
    const placed = new Map<RowId | null, [RowId, string][]>();
    // Upper bound for the next row placed right after a given parent (the previously placed one).
    const placedAfter = new Map<RowId, string>();
    for (let s = sel.length - 1; s >= 0; s--) {
      const id = sel[s]!;
      const parent = rows.get(id)!.parentId!;
      const grand = rows.get(parent)!.parentId;
      // Followers: original later siblings up to the first outdented one (which already took
      // everything after itself), plus rows placed into the parent before that point.
      const sibs = childrenOf(index, parent);
      const followers: [RowId, string][] = [];
      let bound: string | null = null;
      for (let j = siblingIndex(index, rows, id) + 1; j < sibs.length; j++) {
        const f = sibs[j]!;
        if (outdented.has(f)) {
          bound = rows.get(f)!.orderKey;
          break;
        }
        followers.push([f, rows.get(f)!.orderKey]);
      }
      const into = placed.get(parent) ?? [];
      const stays = into.filter(([, k]) => bound !== null && k >= bound);
      for (const p of into) if (bound === null || p[1] < bound) followers.push(p);
      placed.set(parent, stays);
      followers.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      const kids = childrenOf(index, id);
      let last = kids.length ? rows.get(kids[kids.length - 1]!)!.orderKey : null;
      for (const [f] of followers) {
        last = keyBetween(last, null);
        draft.rows.get(f)!.parentId = id;
        draft.rows.get(f)!.orderKey = last;
        newParents.set(f, id);
      }
      if (followers.length > 0 && rows.get(id)!.nodeType !== 'sum') draft.rows.get(id)!.nodeType = 'sum';
      // Place the row right after its old parent among the grandparent's children.
      let upper = placedAfter.get(parent);
      if (upper === undefined) {
        const uncles = childrenOf(index, grand);
        const next = uncles[siblingIndex(index, rows, parent) + 1];
        upper = next === undefined ? undefined : rows.get(next)!.orderKey;
      }
      const key = keyBetween(rows.get(parent)!.orderKey, upper ?? null);
      draft.rows.get(id)!.parentId = grand;
      draft.rows.get(id)!.orderKey = key;
      newParents.set(id, grand);
      placedAfter.set(parent, key);
      let list = placed.get(grand);
      if (!list) placed.set(grand, (list = []));
      list.push([id, key]);
      outdented.add(id);
    }
    const dropped = dropLinksWithinHierarchy(doc, draft, newParents);
    return movedRows(
      sel.filter((id) => outdented.has(id)),
      dropped,
    );
  });
}

/** Maximal runs of consecutive selected siblings: [parent's list, first index, last index]. */
function siblingRuns(
  index: TreeIndex,
  doc: WbsDoc,
  ids: Iterable<RowId>,
): [readonly RowId[], number, number][] {
  const rows = doc.rows;
  const runs: [readonly RowId[], number, number][] = [];
  for (const id of topLevelSelection(index, rows, ids)) {
    const sibs = childrenOf(index, rows.get(id)!.parentId);
    const i = siblingIndex(index, rows, id);
    const prev = runs[runs.length - 1];
    if (prev && prev[0] === sibs && prev[2] === i - 1) prev[2] = i;
    else runs.push([sibs, i, i]);
  }
  return runs;
}

/**
 * Move up: each block of selected siblings swaps with the sibling above it, done by giving that
 * one sibling a key just after the block. Blocks at the top of their parent stay.
 */
export function moveUp(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): WbsChange<MovedRows> {
  const rows = doc.rows;
  const runs = siblingRuns(index, doc, ids);
  return change(doc, (draft) => {
    const moved: RowId[] = [];
    for (const [sibs, i, j] of runs) {
      if (i === 0) continue;
      const above = sibs[i - 1]!;
      const next = sibs[j + 1];
      draft.rows.get(above)!.orderKey = keyBetween(
        rows.get(sibs[j]!)!.orderKey,
        next ? rows.get(next)!.orderKey : null,
      );
      for (let k = i; k <= j; k++) moved.push(sibs[k]!);
    }
    return movedRows(moved);
  });
}

/** Move down: the mirror of moveUp; the sibling below a block gets a key just before it. */
export function moveDown(doc: WbsDoc, index: TreeIndex, ids: Iterable<RowId>): WbsChange<MovedRows> {
  const rows = doc.rows;
  const runs = siblingRuns(index, doc, ids);
  return change(doc, (draft) => {
    const moved: RowId[] = [];
    for (const [sibs, i, j] of runs) {
      if (j === sibs.length - 1) continue;
      const below = sibs[j + 1]!;
      const prev = sibs[i - 1];
      draft.rows.get(below)!.orderKey = keyBetween(
        prev ? rows.get(prev)!.orderKey : null,
        rows.get(sibs[i]!)!.orderKey,
      );
      for (let k = i; k <= j; k++) moved.push(sibs[k]!);
    }
    return movedRows(moved);
  });
}
