// The Resources screen's state: the space's resources in tree order, the focused cell, the
// selected range and the cell being edited. Writes go to the server first; the list shows what
// the server answered, so a refused edit leaves nothing half-shown.
import { create } from 'zustand';
import { api } from '../../api';
import type { Resource, ResourceInput, ResourcePatch } from '../../api/resources';
import { call } from '../../app/api/call';

export interface Cell {
  row: number;
  col: number;
}

interface ResourcesState {
  items: Resource[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  focus: Cell;
  anchor: Cell;
  /** The cell being edited and its draft text. */
  editing: { cell: Cell; draft: string } | null;
  /** While a new resource is being created: what was typed meanwhile (it becomes its name). */
  pending: string | null;
}

export const useResources = create<ResourcesState>()(() => ({
  items: [],
  status: 'loading',
  error: null,
  focus: { row: 0, col: 0 },
  anchor: { row: 0, col: 0 },
  editing: null,
  pending: null,
}));

const set = useResources.setState;
const get = useResources.getState;

let loads = 0;

/** Forgets another space's list before this one's is read. */
export function resetResources(): void {
  loads++;
  set({ items: [], status: 'loading', error: null, editing: null, pending: null });
}

/** Reads the list. A reload keeps the grid on screen (an empty list is a list too: showing
 *  "loading" would unmount the grid and drop its focus, and with it the keys typed meanwhile),
 *  and only the newest of overlapping reads is shown. */
export async function loadResources(): Promise<void> {
  const mine = ++loads;
  if (get().status !== 'ready') set({ status: 'loading', error: null });
  try {
    const res = await call(api.resources.list, { query: {} }, { silent: true });
    if (mine === loads) set({ items: res.items, status: 'ready', error: null });
  } catch (err) {
    if (mine === loads) set({ status: 'error', error: (err as Error).message });
  }
}

/** Depth of each resource in the tree (the list is in tree order: parents first). */
export function depthsOf(items: readonly Resource[]): Map<string, number> {
  const depth = new Map<string, number>();
  for (const r of items) depth.set(r.id, r.parent_id ? (depth.get(r.parent_id) ?? -1) + 1 : 0);
  return depth;
}

export async function createResource(input: ResourceInput): Promise<Resource> {
  const r = await call(api.resources.create, { body: input });
  await loadResources();
  return r;
}

export async function updateResource(id: string, patch: ResourcePatch): Promise<void> {
  const r = await call(api.resources.update, { params: { id }, body: patch });
  set({ items: get().items.map((x) => (x.id === id ? r : x)) });
}

export async function deleteResource(id: string): Promise<void> {
  await call(api.resources.remove, { params: { id } });
  await loadResources();
}

/** A matrix paste or an import: creates and changes rows in one all-or-nothing call. */
export async function batchResources(
  items: ((ResourcePatch & { id: string }) | ResourceInput)[],
): Promise<Resource[]> {
  const res = await call(api.resources.batch, { body: { items } });
  await loadResources();
  return res.items;
}

export function setFocus(cell: Cell, extend = false): void {
  set({ focus: cell, anchor: extend ? get().anchor : cell });
}

export function setEditing(editing: ResourcesState['editing']): void {
  set({ editing });
}
