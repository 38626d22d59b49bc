// The Resources screen's state: the space's resources in tree order, and the view state of its
// grid (the workbench's grid, src/grid: selection, the cell being edited, columns, folded groups).
// Writes go to the server first; the list shows what the server answered, so a refused edit
// leaves nothing half-shown.
import { create } from 'zustand';
import { api } from '../../api';
import type {
  Resource,
  ResourceInput,
  ResourceLayout,
  ResourcePatch,
  ResourceUndoState,
} from '../../api/resources';
import { call } from '../../app/api/call';
import { applyLayout, RESOURCE_COLUMNS, type ResourceColumn } from '../../domain/resources';
import type { GridViewState } from '../../grid/grid-host';

interface ResourcesState {
  items: Resource[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** While a new resource is being created: what was typed meanwhile (it becomes its name). */
  pending: string | null;
  /** What Ctrl+Z and Ctrl+Y would do: the member's own server-kept history in the space. */
  history: ResourceUndoState;
}

const NO_HISTORY: ResourceUndoState = {
  can_undo: false,
  can_redo: false,
  undo_label: null,
  redo_label: null,
};

export const useResources = create<ResourcesState>()(() => ({
  items: [],
  status: 'loading',
  error: null,
  pending: null,
  history: NO_HISTORY,
}));

export const RESOURCE_WIDTHS: Record<ResourceColumn, number> = {
  code: 90,
  name: 240,
  kind: 120,
  resource_type: 110,
  unit: 70,
  price: 90,
  default_limit: 110,
  calendar_id: 140,
  specialty: 140,
};

export interface ResourceGridState extends GridViewState {
  /** Groups whose members are hidden. */
  readonly collapsed: ReadonlySet<string>;
}

function gridInitial(): ResourceGridState {
  return {
    selection: { anchor: { row: 0, col: 1 }, focus: { row: 0, col: 1 } },
    editing: null,
    issues: new Map(),
    columns: RESOURCE_COLUMNS.map((id) => ({ id, width: RESOURCE_WIDTHS[id], visible: true })),
    frozen: 2,
    rowHeight: 28,
    headerHeight: 32,
    scrollTop: 0,
    viewportHeight: 600,
    collapsed: new Set(),
  };
}

/** The resources grid's view state (the grid's GridStore). */
export const useResourceGrid = create<ResourceGridState>()(() => gridInitial());

const set = useResources.setState;
const get = useResources.getState;

let loads = 0;
let layoutLoads = 0;
let historyLoads = 0;
/** The saved layout was read (or found absent): column changes from now on are the member's. */
let layoutReady = false;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

/** Forgets another space's list before this one's is read. */
export function resetResources(): void {
  loads++;
  layoutLoads++;
  historyLoads++;
  layoutReady = false;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  set({ items: [], status: 'loading', error: null, pending: null, history: NO_HISTORY });
  useResourceGrid.setState(gridInitial());
}

/** The member's saved column layout of the grid, laid over the screen's columns. */
export async function loadLayout(): Promise<void> {
  const mine = ++layoutLoads;
  try {
    const res = await call(api.resources.layout, {}, { silent: true });
    if (mine !== layoutLoads) return;
    if (res.layout) useResourceGrid.setState(applyLayout(res.layout, gridInitial().columns));
  } catch {
    // No saved layout to show: the default columns stay, and changes are still saved.
  }
  if (mine === layoutLoads) layoutReady = true;
}

/** Saves the layout a moment after the last change of columns or frozen count. */
useResourceGrid.subscribe((s, prev) => {
  if (!layoutReady || (s.columns === prev.columns && s.frozen === prev.frozen)) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    const { columns, frozen } = useResourceGrid.getState();
    const body: ResourceLayout = {
      columns: columns.map((c) => ({ id: c.id, width: Math.round(c.width), visible: c.visible })),
      frozen,
    };
    void call(api.resources.saveLayout, { body }, { silent: true }).catch(() => undefined);
  }, 400);
});

/**
 * The member's writes go to the server one at a time, in the order they were made. Two edits of one
 * row sent at once can be answered out of order (PostgreSQL runs them on two connections), and the
 * older row, shown last, hid the newer value until a reload. A write's reading of the list again is
 * part of it, so no list read before a later write is shown after that write. An undo waits for the
 * writes made before it (it must take back the newest edit).
 */
let writes: Promise<unknown> = Promise.resolve();
function write<T>(op: () => Promise<T>): Promise<T> {
  const p = writes.then(op, op);
  const settled = () => {
    void loadHistory();
  };
  writes = p.then(settled, settled);
  return p;
}

/** Reads what undo and redo would do now. */
export async function loadHistory(): Promise<void> {
  const mine = ++historyLoads;
  try {
    const h = await call(api.resources.undoState, {}, { silent: true });
    if (mine === historyLoads) set({ history: h });
  } catch {
    if (mine === historyLoads) set({ history: NO_HISTORY });
  }
}

/**
 * Undo (or redo) the member's newest resource edit on the server, then shows the list as it is;
 * answers the step's label and the resources it touched (null: nothing done, the call's toast
 * said why).
 */
export async function undoResources(
  which: 'undo' | 'redo',
): Promise<{ label: string; ids: string[] } | null> {
  await writes;
  const route = which === 'undo' ? api.resources.undo : api.resources.redo;
  try {
    const res = await call(route, {});
    historyLoads++;
    set({
      history: {
        can_undo: res.can_undo,
        can_redo: res.can_redo,
        undo_label: res.undo_label,
        redo_label: res.redo_label,
      },
    });
    await loadResources();
    return { label: res.label, ids: res.ids };
  } catch {
    await Promise.all([loadResources(), loadHistory()]);
    return null;
  }
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
  return write(async () => {
    const r = await call(api.resources.create, { body: input });
    await loadResources();
    return r;
  });
}

export async function updateResource(id: string, patch: ResourcePatch): Promise<void> {
  await write(async () => {
    const r = await call(api.resources.update, { params: { id }, body: patch });
    loads++; // a list read begun before this write must not show the row as it was
    set({ items: get().items.map((x) => (x.id === id ? r : x)) });
  });
}

export async function deleteResource(id: string): Promise<void> {
  await write(async () => {
    await call(api.resources.remove, { params: { id } });
    await loadResources();
  });
}

/** A matrix paste or an import: creates and changes rows in one all-or-nothing call. */
export async function batchResources(
  items: ((ResourcePatch & { id: string }) | ResourceInput)[],
): Promise<Resource[]> {
  return write(async () => {
    const res = await call(api.resources.batch, { body: { items } });
    await loadResources();
    return res.items;
  });
}

/** Focuses a cell of the resources grid (extend: keeps the range's anchor). */
export function setFocus(cell: { row: number; col: number }, extend = false): void {
  const sel = useResourceGrid.getState().selection;
  useResourceGrid.setState({ selection: { anchor: extend ? sel.anchor : cell, focus: cell } });
}
