// Directory lists (named subsets of a directory's values) and what keeping a version's WBS in
// line with one means: the list's values and the values above them make the WBS hierarchy
// (a value's row sits under its parent value's row), so the scope of a list is closed under
// parents; a linked row takes its value's code and name; a row linked to a value outside the
// scope has left the list (reported, never deleted without the user).
import { childrenOf, type DirectoryValueNode } from './tree';

/** The ids given (those that are values) and every value above them. */
export function withAncestors(values: readonly DirectoryValueNode[], ids: Iterable<string>): Set<string> {
  const byId = new Map(values.map((v) => [v.id, v]));
  const out = new Set<string>();
  for (const id of ids) {
    let cur = byId.get(id);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parent_id === null ? undefined : byId.get(cur.parent_id);
    }
  }
  return out;
}

/** Value ids in the directory's order: a depth-first walk, siblings by sort order then code. */
export function inDirectoryOrder(values: readonly DirectoryValueNode[], ids: ReadonlySet<string>): string[] {
  const children = childrenOf(values);
  const out: string[] = [];
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const v = stack.pop()!;
    if (ids.has(v.id)) out.push(v.id);
    for (const k of [...(children.get(v.id) ?? [])].reverse()) stack.push(k);
  }
  return out;
}

export interface SyncRow {
  id: string;
  code: string | null;
  name: string;
}

export interface ListSyncChanges {
  /** Linked rows of the scope whose code or name is not their value's. */
  renames: { id: string; from: { code: string | null; name: string }; to: { code: string; name: string } }[];
  /** Rows linked to a value outside the scope, with that value's code. */
  left: { id: string; code: string; name: string; value_code: string }[];
}

/** Renames and rows that left, for a version's rows linked to one directory and a list's scope. */
export function listSyncChanges(
  values: readonly DirectoryValueNode[],
  rows: readonly SyncRow[],
  links: readonly { wbs_id: string; value_id: string }[],
  scope: ReadonlySet<string>,
): ListSyncChanges {
  const valueById = new Map(values.map((v) => [v.id, v]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const out: ListSyncChanges = { renames: [], left: [] };
  for (const l of links) {
    const v = valueById.get(l.value_id);
    const r = rowById.get(l.wbs_id);
    if (!v || !r) continue;
    if (!scope.has(v.id)) out.left.push({ id: r.id, code: r.code ?? '', name: r.name, value_code: v.code });
    else if (r.code !== v.code || r.name !== v.name)
      out.renames.push({
        id: r.id,
        from: { code: r.code, name: r.name },
        to: { code: v.code, name: v.name },
      });
  }
  return out;
}
