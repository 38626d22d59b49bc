// The worker's own copy of the version's WBS document, changed in place by the store's immer
// patches. Nobody else holds it, so it needs no immutable copies: a duration edit costs one Map
// set, not a copy of a 100k-entry Map. The tree index is rebuilt lazily after structural patches.

import type { Patch } from 'immer';
import { buildTreeIndex } from '../domain/wbs';
import type { RowId, TreeIndex, WbsDoc, WbsRelation, WbsRow } from '../domain/wbs';

export class DocMirror {
  readonly rows: Map<RowId, WbsRow>;
  readonly relations: Map<string, WbsRelation>;
  private index: TreeIndex | null;
  /** Bumped by every apply(): a row object read before may have been replaced. */
  version = 0;

  /**
   * A copy of `doc`'s maps; `own` takes them as they are instead (a document nobody else holds,
   * as unpacked from the main thread's columns: copying 1M rows and 1.4M relations took seconds),
   * with its tree index when already known.
   */
  constructor(doc: WbsDoc, own?: { index: TreeIndex | null }) {
    if (own && doc.rows instanceof Map && doc.relations instanceof Map) {
      this.rows = doc.rows as Map<RowId, WbsRow>;
      this.relations = doc.relations as Map<string, WbsRelation>;
      this.index = own.index;
    } else {
      this.rows = new Map(doc.rows);
      this.relations = new Map(doc.relations);
      this.index = null;
    }
  }

  treeIndex(): TreeIndex {
    return (this.index ??= buildTreeIndex(this.rows));
  }

  apply(patches: readonly Patch[]): void {
    this.version++;
    for (const p of patches) {
      const [root, id, field, key] = p.path as [string, string, string?, string?];
      const map = root === 'rows' ? this.rows : root === 'relations' ? this.relations : null;
      if (!map || id === undefined) continue;
      if (field === undefined) {
        if (p.op === 'remove') map.delete(id);
        else map.set(id, p.value);
        if (root === 'rows') this.index = null;
        continue;
      }
      const old = map.get(id) as Record<string, unknown> | undefined;
      if (!old) continue;
      if (key !== undefined) {
        const inner = { ...(old[field] as Record<string, unknown>) };
        if (p.op === 'remove') delete inner[key];
        else inner[key] = p.value;
        map.set(id, { ...old, [field]: inner } as never);
      } else {
        const next = { ...old };
        if (p.op === 'remove') delete next[field];
        else next[field] = p.value;
        map.set(id, next as never);
      }
      if (root === 'rows' && (field === 'parentId' || field === 'orderKey')) this.index = null;
    }
  }
}
