// Order keys that arrive from elsewhere (an old export, a concurrent edit, a hand-edited file)
// may be missing, malformed or duplicated among siblings. Commands need strictly increasing
// keys to make a key between two neighbours, so a version is repaired once when it loads (and
// the repair sent to the server like any other change).

import { change, type WbsChange } from './change';
import { isValidOrderKey, keysBetween } from './order-key';
import type { TreeIndex } from './tree-index';
import type { RowId, WbsDoc } from './types';

/** Parents whose children's keys are not valid and strictly increasing. */
export function parentsNeedingRepair(doc: WbsDoc, index: TreeIndex): string[] {
  const out: string[] = [];
  for (const [parent, kids] of index.children) {
    let prev: string | null = null;
    for (const id of kids) {
      const key = doc.rows.get(id)!.orderKey;
      if (!isValidOrderKey(key) || (prev !== null && key <= prev)) {
        out.push(parent);
        break;
      }
      prev = key;
    }
  }
  return out;
}

/**
 * Re-key the children of every parent that needs it, keeping their current order (keys, ties
 * broken by id, as the index sorts them). Rows elsewhere are untouched; no-op on a sound tree.
 */
export function repairOrderKeys(doc: WbsDoc, index: TreeIndex): WbsChange<RowId[]> {
  const parents = parentsNeedingRepair(doc, index);
  return change(doc, (draft) => {
    const rekeyed: RowId[] = [];
    for (const parent of parents) {
      const kids = index.children.get(parent)!;
      const keys = keysBetween(null, null, kids.length);
      kids.forEach((id, i) => {
        if (doc.rows.get(id)!.orderKey !== keys[i]) {
          draft.rows.get(id)!.orderKey = keys[i]!;
          rekeyed.push(id);
        }
      });
    }
    return rekeyed;
  });
}
