// The structure tree model: flat server lists → tree → visible rows; what the selection can create.
import { describe, expect, it } from 'vitest';
import type { EpsTree } from '../../src/api/structure';
import {
  buildTree,
  createTargets,
  dropPlacement,
  siblingsOf,
  visibleRows,
  findItem,
} from '../../src/modules/structure/model';
import { commandForKey, keyOf } from '../../src/modules/structure/commands';

const node = (
  id: string,
  kind: 'facility' | 'project' | 'schedule' | 'schedule_group',
  parent: string | null,
  order: number,
) => ({
  id,
  kind,
  parent_id: parent,
  name: id.toUpperCase(),
  order,
  created_at: '2026-01-01T00:00:00Z',
});
const version = (
  id: string,
  schedule: string,
  order: number,
  kind: 'version' | 'target' | 'actual' = 'version',
) => ({
  id,
  schedule_id: schedule,
  kind,
  label: id,
  locked: false,
  order,
  revision: 0,
  timetable_state: 'not_calculated' as const,
  data_date: null,
  created_at: '2026-01-01T00:00:00Z',
});

const tree: EpsTree = {
  nodes: [
    node('f2', 'facility', null, 2),
    node('f1', 'facility', null, 1),
    node('p1', 'project', 'f1', 1),
    node('s1', 'schedule', 'p1', 1),
  ],
  versions: [version('v2', 's1', 2, 'target'), version('v1', 's1', 1, 'actual')],
};

describe('structure model', () => {
  const roots = buildTree(tree);

  it('orders siblings and hangs versions under their schedule', () => {
    expect(roots.map((r) => r.id)).toEqual(['f1', 'f2']);
    expect(findItem(roots, 's1')?.children.map((c) => c.id)).toEqual(['v1', 'v2']);
  });

  it('shows only expanded branches', () => {
    expect(visibleRows(roots, {}).map((r) => r.item.id)).toEqual(['f1', 'f2']);
    const rows = visibleRows(roots, { f1: true, p1: true });
    expect(rows.map((r) => [r.item.id, r.depth])).toEqual([
      ['f1', 0],
      ['p1', 1],
      ['s1', 2],
      ['f2', 0],
    ]);
  });

  it('offers what can be created inside the selection', () => {
    expect(createTargets(roots, null).map((t) => t.kind)).toEqual(['facility']);
    expect(createTargets(roots, 'f1').map((t) => t.kind)).toEqual(['facility', 'project']);
    const fromVersion = createTargets(roots, 'v2');
    expect(fromVersion.map((t) => t.kind)).toEqual(['facility', 'project', 'group', 'schedule', 'version']);
    expect(fromVersion.find((t) => t.kind === 'group')?.parentId).toBe('p1');
    expect(fromVersion.find((t) => t.kind === 'version')?.parentId).toBe('s1');
    expect(fromVersion.find((t) => t.kind === 'schedule')?.parentId).toBe('p1');
  });

  it('siblings for reordering', () => {
    expect(siblingsOf(roots, findItem(roots, 'f2')!).map((s) => s.id)).toEqual(['f1', 'f2']);
    expect(siblingsOf(roots, findItem(roots, 'v1')!).map((s) => s.id)).toEqual(['v1', 'v2']);
  });
});

describe('structure key bindings', () => {
  it('maps keys to commands', () => {
    expect(commandForKey(keyOf({ key: 'F2', altKey: false }))?.id).toBe('rename');
    expect(commandForKey(keyOf({ key: 'Delete', altKey: false }))?.id).toBe('delete');
    expect(commandForKey(keyOf({ key: 'ArrowUp', altKey: true }))?.id).toBe('moveUp');
    expect(commandForKey(keyOf({ key: 'ArrowDown', altKey: true }))?.id).toBe('moveDown');
    expect(commandForKey(keyOf({ key: 'ArrowDown', altKey: false }))).toBeUndefined();
  });
});

describe('dropping a schedule in the tree', () => {
  const roots = buildTree({
    nodes: [
      node('f1', 'facility', null, 0),
      node('p1', 'project', 'f1', 0),
      node('g1', 'schedule_group', 'p1', 0),
      node('a', 'schedule', 'p1', 1),
      node('b', 'schedule', 'p1', 2),
      node('c', 'schedule', 'g1', 0),
      node('p2', 'project', 'f1', 1),
      node('g2', 'schedule_group', 'p2', 0),
      node('d', 'schedule', 'p2', 1),
    ],
    versions: [version('v1', 'a', 0)],
  });

  it('onto a group or a project: last in it', () => {
    expect(dropPlacement(roots, 'a', 'g1')).toEqual({ groupId: 'g1', position: 1 });
    expect(dropPlacement(roots, 'c', 'p1')).toEqual({ groupId: null, position: 3 });
    // Already in the project: counted once.
    expect(dropPlacement(roots, 'a', 'p1')).toEqual({ groupId: null, position: 2 });
  });

  it('onto a schedule: at its place (after it when dragged down in one parent)', () => {
    expect(dropPlacement(roots, 'a', 'c')).toEqual({ groupId: 'g1', position: 0 });
    expect(dropPlacement(roots, 'c', 'b')).toEqual({ groupId: null, position: 2 });
    expect(dropPlacement(roots, 'b', 'a')).toEqual({ groupId: null, position: 1 });
    expect(dropPlacement(roots, 'a', 'b')).toEqual({ groupId: null, position: 2 });
  });

  it('refuses other projects, versions, facilities, itself and non-schedules', () => {
    expect(dropPlacement(roots, 'a', 'g2')).toBeNull();
    expect(dropPlacement(roots, 'a', 'd')).toBeNull();
    expect(dropPlacement(roots, 'a', 'v1')).toBeNull();
    expect(dropPlacement(roots, 'a', 'f1')).toBeNull();
    expect(dropPlacement(roots, 'a', 'a')).toBeNull();
    expect(dropPlacement(roots, 'g1', 'p1')).toBeNull();
  });
});
