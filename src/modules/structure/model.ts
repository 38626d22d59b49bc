// Pure model of the structure tree: the server's flat lists become a tree, the tree becomes the
// visible rows (expanded nodes in order), and the selection decides what can be created.
import type { EpsNode, EpsTree } from '../../api/structure';
import type { Version } from '../../api/versions';

export type RowKind = EpsNode['kind'] | 'version';

export interface TreeItem {
  id: string;
  kind: RowKind;
  name: string;
  parentId: string | null;
  children: TreeItem[];
  /** Versions only. */
  version?: Version;
  node?: EpsNode;
}

export interface VisibleRow {
  item: TreeItem;
  depth: number;
  expanded: boolean;
}

function byOrder<T extends { order: number }>(a: T, b: T): number {
  return a.order - b.order;
}

export function buildTree(tree: EpsTree): TreeItem[] {
  const items = new Map<string, TreeItem>();
  const roots: TreeItem[] = [];
  for (const node of [...tree.nodes].sort(byOrder)) {
    items.set(node.id, {
      id: node.id,
      kind: node.kind,
      name: node.name,
      parentId: node.parent_id,
      children: [],
      node,
    });
  }
  for (const node of [...tree.nodes].sort(byOrder)) {
    const item = items.get(node.id)!;
    const parent = node.parent_id ? items.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  for (const v of [...tree.versions].sort(byOrder)) {
    items.get(v.schedule_id)?.children.push({
      id: v.id,
      kind: 'version',
      name: v.label,
      parentId: v.schedule_id,
      children: [],
      version: v,
    });
  }
  return roots;
}

export function visibleRows(roots: TreeItem[], expanded: Record<string, boolean>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (items: TreeItem[], depth: number) => {
    for (const item of items) {
      const open = expanded[item.id] === true && item.children.length > 0;
      rows.push({ item, depth, expanded: open });
      if (open) walk(item.children, depth + 1);
    }
  };
  walk(roots, 0);
  return rows;
}

export function findItem(roots: TreeItem[], id: string | null): TreeItem | null {
  if (!id) return null;
  for (const item of roots) {
    if (item.id === id) return item;
    const inner = findItem(item.children, id);
    if (inner) return inner;
  }
  return null;
}

/** Ids of the ancestors of an item, nearest first. */
export function ancestors(roots: TreeItem[], id: string): string[] {
  const out: string[] = [];
  let item = findItem(roots, id);
  while (item?.parentId) {
    out.push(item.parentId);
    item = findItem(roots, item.parentId);
  }
  return out;
}

export type CreateKind = 'facility' | 'project' | 'group' | 'schedule' | 'version';

export interface CreateTarget {
  kind: CreateKind;
  /**
   * Facility for a project, project for a group or a schedule (group_id when in a group), schedule
   * for a version.
   */
  parentId: string | null;
  groupId?: string;
  parentName?: string;
}

/** What can be created with the given selection, and inside which parent. */
export function createTargets(roots: TreeItem[], selectedId: string | null): CreateTarget[] {
  const targets: CreateTarget[] = [{ kind: 'facility', parentId: null }];
  const chain: TreeItem[] = [];
  let item = findItem(roots, selectedId);
  while (item) {
    chain.push(item);
    item = item.parentId ? findItem(roots, item.parentId) : null;
  }
  const of = (kind: RowKind) => chain.find((i) => i.kind === kind);
  const facility = of('facility');
  const project = of('project');
  const group = of('schedule_group');
  const schedule = of('schedule');
  if (facility) targets.push({ kind: 'project', parentId: facility.id, parentName: facility.name });
  if (project) {
    targets.push({ kind: 'group', parentId: project.id, parentName: project.name });
    targets.push({
      kind: 'schedule',
      parentId: project.id,
      ...(group ? { groupId: group.id } : {}),
      parentName: (group ?? project).name,
    });
  }
  if (schedule) targets.push({ kind: 'version', parentId: schedule.id, parentName: schedule.name });
  return targets;
}

/** The label key of an item's kind (versions by their version kind). */
export function kindKey(item: TreeItem): string {
  if (item.kind === 'version') return item.version?.kind ?? 'version';
  return item.kind === 'schedule_group' ? 'group' : item.kind;
}

export function siblingsOf(roots: TreeItem[], item: TreeItem): TreeItem[] {
  if (!item.parentId) return roots;
  const parent = findItem(roots, item.parentId);
  return parent ? parent.children.filter((c) => (c.kind === 'version') === (item.kind === 'version')) : [];
}

/** The project a structure item belongs to (itself for a project), or null above projects. */
export function projectOf(roots: TreeItem[], item: TreeItem): TreeItem | null {
  let at: TreeItem | null = item;
  while (at && at.kind !== 'project') at = at.parentId ? findItem(roots, at.parentId) : null;
  return at;
}

export interface DropPlacement {
  /** The group the schedule goes into, or null for the project itself. */
  groupId: string | null;
  /** Index among the other children of that parent (the server's `position`). */
  position: number;
}

/**
 * Where a schedule dragged onto another row goes: onto a group or a project, last in it; onto a
 * schedule, into that schedule's parent at its place (before it, or after it when dragged down
 * inside one parent, as a list reorder does). Null when it cannot go there: not a schedule,
 * another project, a version or facility row, or itself.
 */
export function dropPlacement(roots: TreeItem[], draggedId: string, overId: string): DropPlacement | null {
  const dragged = findItem(roots, draggedId);
  const over = findItem(roots, overId);
  if (!dragged || !over || dragged.kind !== 'schedule' || draggedId === overId) return null;
  const project = projectOf(roots, dragged);
  if (!project || projectOf(roots, over)?.id !== project.id) return null;
  const others = (parent: TreeItem) => parent.children.filter((c) => c.id !== draggedId).length;
  if (over.kind === 'project') return { groupId: null, position: others(over) };
  if (over.kind === 'schedule_group') return { groupId: over.id, position: others(over) };
  if (over.kind !== 'schedule' || !over.parentId) return null;
  const parent = findItem(roots, over.parentId)!;
  return {
    groupId: parent.kind === 'schedule_group' ? parent.id : null,
    position: parent.children.findIndex((c) => c.id === overId),
  };
}
