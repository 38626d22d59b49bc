// A directory's values form a tree (a parent id per value, siblings ordered by sort_order then
// code). These pure functions give the screen its visible rows and check moves, so that the
// server and the browser agree on what an indent, an outdent or a delete does.

export interface DirectoryValueNode {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  sort_order: number;
}

export interface FlatValue<V extends DirectoryValueNode = DirectoryValueNode> {
  value: V;
  depth: number;
  hasChildren: boolean;
}

const bySiblingOrder = (a: DirectoryValueNode, b: DirectoryValueNode) =>
  a.sort_order - b.sort_order || (a.code < b.code ? -1 : a.code > b.code ? 1 : a.id < b.id ? -1 : 1);

/** Children of each parent (null = the roots), each list in sibling order. A value whose parent is missing is a root. */
export function childrenOf<V extends DirectoryValueNode>(values: readonly V[]): Map<string | null, V[]> {
  const ids = new Set(values.map((v) => v.id));
  const out = new Map<string | null, V[]>();
  for (const v of values) {
    const p = v.parent_id !== null && ids.has(v.parent_id) ? v.parent_id : null;
    const list = out.get(p);
    if (list) list.push(v);
    else out.set(p, [v]);
  }
  for (const list of out.values()) list.sort(bySiblingOrder);
  return out;
}

/**
 * The tree in display order (depth first); children of a collapsed value are left out. Values in a
 * parent cycle (never written by these functions, but possible in stored data) are not reachable
 * from a root and are appended as roots so that nothing is hidden.
 */
export function flattenValues<V extends DirectoryValueNode>(
  values: readonly V[],
  collapsed: ReadonlySet<string> = new Set(),
): FlatValue<V>[] {
  const children = childrenOf(values);
  const out: FlatValue<V>[] = [];
  const seen = new Set<string>();
  const walk = (v: V, depth: number, visible: boolean) => {
    if (seen.has(v.id)) return;
    seen.add(v.id);
    const kids = children.get(v.id) ?? [];
    if (visible) out.push({ value: v, depth, hasChildren: kids.length > 0 });
    for (const k of kids) walk(k, depth + 1, visible && !collapsed.has(v.id));
  };
  for (const r of children.get(null) ?? []) walk(r, 0, true);
  for (const v of values) if (!seen.has(v.id)) walk(v, 0, true);
  return out;
}

/** The value and every value under it. */
export function subtreeIds(values: readonly DirectoryValueNode[], id: string): string[] {
  const children = childrenOf(values);
  const out: string[] = [];
  const stack = [id];
  const seen = new Set<string>();
  while (stack.length) {
    const cur = stack.pop()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    out.push(cur);
    for (const k of children.get(cur) ?? []) stack.push(k.id);
  }
  return out;
}

/** Whether `id` may take `parentId` as its parent: the parent exists and is not in its own subtree. */
export function canMoveUnder(
  values: readonly DirectoryValueNode[],
  id: string,
  parentId: string | null,
): boolean {
  if (parentId === null) return true;
  if (!values.some((v) => v.id === parentId)) return false;
  return !subtreeIds(values, id).includes(parentId);
}

/** Where an indent puts a value: under its previous sibling, last; null when it has none. */
export function indentTarget(
  values: readonly DirectoryValueNode[],
  id: string,
): { parent_id: string; sort_order: number } | null {
  const v = values.find((x) => x.id === id);
  if (!v) return null;
  const siblings = childrenOf(values).get(v.parent_id) ?? [];
  const i = siblings.findIndex((s) => s.id === id);
  if (i <= 0) return null;
  const parent = siblings[i - 1]!;
  const kids = childrenOf(values).get(parent.id) ?? [];
  return { parent_id: parent.id, sort_order: nextOrder(kids) };
}

/** Where an outdent puts a value: right after its parent, among the parent's siblings; null at the top. */
export function outdentTarget(
  values: readonly DirectoryValueNode[],
  id: string,
): { parent_id: string | null; sort_order: number } | null {
  const v = values.find((x) => x.id === id);
  const parent = v?.parent_id ? values.find((x) => x.id === v.parent_id) : undefined;
  if (!v || !parent) return null;
  return { parent_id: parent.parent_id, sort_order: parent.sort_order + 0.5 };
}

/** A sort order after every given sibling. */
export function nextOrder(siblings: readonly DirectoryValueNode[]): number {
  return siblings.reduce((m, s) => Math.max(m, Math.floor(s.sort_order) + 1), 0);
}

/** "A / A.1 / A.1.2": the codes from the root down to the value (the label of a linked value). */
export function codePath(values: readonly DirectoryValueNode[], id: string): string {
  const byId = new Map(values.map((v) => [v.id, v]));
  const parts: string[] = [];
  const seen = new Set<string>();
  let cur = byId.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    parts.unshift(cur.code);
    cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
  }
  return parts.join(' / ');
}
