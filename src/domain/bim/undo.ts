// Undoable link edits of the 3D screen: an edit (link by hand, by rule, unlink) is recorded as the
// relation pairs it added and removed (the difference of the relations before and after), so undo
// removes what it added and restores what it removed, and redo does the reverse.

export interface Pair {
  wbs_id: string;
  element_id: number;
}
export interface LinkEdit {
  added: Pair[];
  removed: Pair[];
}

const key = (p: Pair) => `${p.wbs_id}\u0000${p.element_id}`;

export function diffRelations(before: readonly Pair[], after: readonly Pair[]): LinkEdit {
  const b = new Set(before.map(key));
  const a = new Set(after.map(key));
  return {
    added: after.filter((p) => !b.has(key(p))),
    removed: before.filter((p) => !a.has(key(p))),
  };
}

export const invertEdit = (e: LinkEdit): LinkEdit => ({ added: e.removed, removed: e.added });

/** The relations after applying an edit (what the server holds once it is replayed). */
export function applyEdit(rel: readonly Pair[], e: LinkEdit): Pair[] {
  const drop = new Set(e.removed.map(key));
  const out = rel.filter((p) => !drop.has(key(p)));
  const have = new Set(out.map(key));
  for (const p of e.added) {
    if (have.has(key(p))) continue;
    out.push(p);
    have.add(key(p));
  }
  return out;
}

/** Pairs grouped by row (a create-relations call per row restores them). */
export function pairsByRow(pairs: readonly Pair[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const p of pairs) m.set(p.wbs_id, [...(m.get(p.wbs_id) ?? []), p.element_id]);
  return m;
}
