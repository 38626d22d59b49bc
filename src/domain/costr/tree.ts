// Tree order of an estimate's nodes: depth-first, siblings by order key.
import type { CostNode } from './types';

export interface FlatNode {
  node: CostNode;
  depth: number;
}

/** The nodes depth-first (children by order key, then id); nodes under a missing parent come last at depth 0. */
export function flattenTree(
  nodes: readonly CostNode[],
  collapsed: ReadonlySet<string> = new Set(),
): FlatNode[] {
  const ids = new Set(nodes.map((n) => n.id));
  const kids = new Map<string | null, CostNode[]>();
  for (const n of nodes) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    let l = kids.get(parent);
    if (!l) kids.set(parent, (l = []));
    l.push(n);
  }
  for (const l of kids.values())
    l.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : a.id < b.id ? -1 : 1));
  const out: FlatNode[] = [];
  const stack: FlatNode[] = (kids.get(null) ?? []).map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length) {
    const f = stack.pop()!;
    out.push(f);
    if (collapsed.has(f.node.id)) continue;
    const c = kids.get(f.node.id);
    if (c) for (let i = c.length - 1; i >= 0; i--) stack.push({ node: c[i]!, depth: f.depth + 1 });
  }
  return out;
}

/** Ids of `id` and every node under it. */
export function subtreeIds(nodes: readonly CostNode[], id: string): Set<string> {
  const kids = new Map<string, string[]>();
  for (const n of nodes)
    if (n.parentId) {
      let l = kids.get(n.parentId);
      if (!l) kids.set(n.parentId, (l = []));
      l.push(n.id);
    }
  const out = new Set<string>([id]);
  const stack = [id];
  while (stack.length)
    for (const k of kids.get(stack.pop()!) ?? [])
      if (!out.has(k)) {
        out.add(k);
        stack.push(k);
      }
  return out;
}
