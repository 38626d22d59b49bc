// Loading a version into the store, applying changes (do / undo / redo / remote) and reading a row
// by visible index. The one writer of the WBS document in the browser.

import type { Patch } from 'immer';
import { applyWbsPatches, commit, freezeDocInSteps, wbsState } from '../../domain/wbs/change';
import type { WbsChange, WbsState } from '../../domain/wbs/change';
import type { WbsDoc } from '../../domain/wbs';
import { nextActivityCodes } from '../../domain/wbs/codes';
import { buildRelationIndexInSteps } from '../../domain/wbs/relation-index';
import { ShardedMap } from '../../domain/wbs/sharded-map';
import { touchedRowIds } from '../../domain/wbs/tree-index';
import { expandToLevel as domainExpandToLevel, flattenVisible, outlineNumber } from '../../domain/wbs/view';
import { arrangeView, groupLevels, isGroupRowId } from '../../domain/wbs/arrange';
import type { ArrangedView, Arrangement } from '../../domain/wbs/arrange';
import { arrangeOf } from './arrange';
import type { ArrangeInput } from './arrange';
import type { TreeIndex } from '../../domain/wbs/tree-index';
import { flattenFiltered } from '../../domain/filter/wbs';
import { keepInView } from './filter';
import { record, redo as historyRedo, undo as historyUndo } from '../../domain/history';
import type { ExternalStep } from '../../domain/history';
import type { Change, HistoryMode, UndoKind, WorkbenchState } from './store';
import { workbench } from './store';
import { scrollTopShowing } from './scroll';
import type { ItemId, RowView, Version, WbsRelation, WbsRow } from './types';

export type ChangeOrigin = 'do' | 'undo' | 'redo' | 'remote';

export interface AppliedChange {
  readonly change: Change;
  readonly origin: ChangeOrigin;
  /** The patches actually applied (the inverse for an undo). */
  readonly patches: readonly Patch[];
  /** Row ids touched (undefined: the whole document changed). */
  readonly touched: ReadonlySet<ItemId> | undefined;
  /** Parents, order keys, or the set of rows or relations changed (not only values). */
  readonly structural: boolean;
}

type Listener = (applied: AppliedChange) => void;
const listeners = new Set<Listener>();

/**
 * Day values (undo_wdp) share the history and the batches with the WBS but live in their own
 * store (src/state/wdp): patches under ['wdp', …] go to it, the rest to the WBS document.
 */
type SidePatches = (patches: readonly Patch[]) => void;
let wdpPatches: SidePatches | null = null;
export function onWdpPatches(handler: SidePatches | null): void {
  wdpPatches = handler;
}
/** Assignments (issue 17) ride in the same history; their patches go to their own handler. */
let assignmentPatches: SidePatches | null = null;
export function onAssignmentPatches(handler: SidePatches | null): void {
  assignmentPatches = handler;
}
/** A levelling (issue 17) rides in the same history too: its patch goes to its own handler. */
let levellingPatches: SidePatches | null = null;
export function onLevellingPatches(handler: SidePatches | null): void {
  levellingPatches = handler;
}
const isAssignment = (p: Patch) => p.path[0] === 'assignments';
const isLevelling = (p: Patch) => p.path[0] === 'levelling';

/**
 * Assignment patches the server applied without this page applying them first (the assignments
 * a row delete took along, an undo sent before that delete's answer): their handler reads again.
 */
export function assignmentsStored(patches: readonly Patch[]): void {
  const mine = patches.filter(isAssignment);
  if (mine.length > 0) assignmentPatches?.(mine);
}
// Day values, and the rows' wdp settings and timesheet lines a row delete takes along
// (['wdp_row', …], ['timesheet_day', …]: kept by the server, src/domain/wdp/kept-patches.ts).
const isWdp = (p: Patch) => p.path[0] === 'wdp' || p.path[0] === 'wdp_row' || p.path[0] === 'timesheet_day';
const isSide = (p: Patch) => isWdp(p) || isAssignment(p) || isLevelling(p);

/** Persistence and the schedule runner listen to every applied change. */
export function onDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The rows in view: the expanded tree, through the filter's rows when one is set, sorted and
 * grouped as the layout says (`arrange`, from arrangeOf).
 */
export function viewOf(
  index: TreeIndex,
  expanded: ReadonlySet<ItemId>,
  shown: ReadonlySet<ItemId> | null,
  arrange?: ArrangeInput,
): ArrangedView {
  if (arrange) return arrangeView(index, expanded, shown, arrange.arrangement, arrange.read, arrange.folded);
  return shown ? flattenFiltered(index, expanded, shown) : flattenVisible(index, expanded);
}

/** The view again (after a change of the arrangement, or of what it reads). */
export function rearrange(): void {
  const s = workbench.get();
  const next = viewOf(s.wbs.index, s.expanded, s.filterShown, arrangeOf(s));
  workbench.set({ visible: sameOrderAs(s.visible, next) });
}

/** Sort and group the rows as a layout says (null: WBS order, no groups). */
/** A new sort or grouping; the focused row stays focused (and in view) wherever it moves. */
export function setArrangement(arrange: Arrangement | null): void {
  const before = workbench.get();
  const { anchor, focus } = before.selection;
  // The untouched start (the first row, the list at its top) stays the start.
  const untouched = focus.row === 0 && anchor.row === 0 && before.scrollTop === 0;
  const focusId = untouched ? undefined : before.visible.ids[focus.row];
  // Folds belong to the grouping: another column's groups start unfolded.
  const regrouped =
    (before.arrange ? groupLevels(before.arrange) : []).join('\u0002') !==
    (arrange ? groupLevels(arrange) : []).join('\u0002');
  workbench.set(regrouped ? { arrange, foldedGroups: new Set() } : { arrange });
  const s = workbench.get();
  const visible = viewOf(s.wbs.index, s.expanded, s.filterShown, arrangeOf(s));
  const row = focusId === undefined ? -1 : visible.ids.indexOf(focusId);
  if (row < 0 || row === focus.row) {
    workbench.set({ visible });
    return;
  }
  const col = s.selection.focus.col;
  workbench.set({
    visible,
    selection: { anchor: { row, col }, focus: { row, col } },
    scrollTop: scrollTopShowing(s, row, visible.ids.length),
  });
}

function isStructural(patches: readonly Patch[]): boolean {
  for (const p of patches) {
    if (p.path.length <= 2) return true;
    const f = p.path[2];
    if (f === 'parentId' || f === 'orderKey' || f === 'nodeType' || f === 'calendarId') return true;
  }
  return false;
}

/**
 * `next`, holding `prev`'s ids array when the rows show in the same order (indent, outdent, a
 * type change): what is keyed on the order (the Gantt's link index) then stays valid.
 */
function sameOrderAs(prev: ArrangedView, next: ArrangedView): ArrangedView {
  const a = prev.ids;
  const b = next.ids;
  if (a.length !== b.length) return next;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return next;
  return next.groups ? { ids: a, depth: next.depth, groups: next.groups } : { ids: a, depth: next.depth };
}

export function loadVersion(
  version: Version,
  rows: readonly WbsRow[],
  relations: readonly WbsRelation[],
): void {
  loadVersionDoc(version, docOf(rows, relations));
}

/**
 * The document of a version's rows and relations (not yet frozen: loadVersionDoc freezes it), in
 * sharded maps: an edit copies one small shard, not the 100k-entry map.
 */
export function docOf(rows: readonly WbsRow[], relations: readonly WbsRelation[]): WbsDoc {
  return {
    rows: new ShardedMap(rows.map((r) => [r.id, r])),
    relations: new ShardedMap(relations.map((r) => [r.id, r])),
  };
}

/** The revision the next load (or change) will have: a schedule request can be sent ahead. */
export function nextDataRevision(): number {
  return workbench.get().dataRevision + 1;
}

/**
 * Freeze a loaded document in idle time, 1,000 entries at a time while the frame has time left
 * (a safety net against stray writes, not needed to paint), so it never delays a frame.
 */
function freezeWhenIdle(doc: WbsDoc): void {
  inIdleSteps(freezeDocInSteps(doc, 1000), indexRelationsWhenIdle);
}

/**
 * Builds the relation index of the open version's relations in idle time (indent, delete, link
 * and the relations tab then read a few lists instead of walking 150k relations); a change made
 * meanwhile gives new relations, whose index is built next.
 */
function indexRelationsWhenIdle(): void {
  const relations = workbench.get().wbs.doc.relations;
  if (relations.size === 0) return;
  inIdleSteps(buildRelationIndexInSteps(relations, 5000), () => {
    const now = workbench.get().wbs.doc.relations;
    if (now !== relations && now.size > 0) indexRelationsWhenIdle();
    // And the activity codes' pattern, which every Insert and paste reads.
    else later(() => void nextActivityCodes(workbench.get().wbs.doc, 1));
  });
}

/** Runs the steps while frames have idle time left, then `done`. */
function inIdleSteps(steps: Generator<void, void, void>, done: () => void = () => undefined): void {
  const run = (deadline?: IdleDeadline) => {
    do {
      if (steps.next().done) return done();
    } while (deadline && deadline.timeRemaining() > 2);
    later(run);
  };
  later(run);
}

function later(fn: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn);
  else setTimeout(fn, 16);
}

/** `index`: the doc's tree index when the caller has it (the open by columns), else built here. */
export function loadVersionDoc(version: Version, doc: WbsDoc, index?: TreeIndex): void {
  const wbs = index ? { doc, index } : wbsState(doc, false);
  freezeWhenIdle(doc);
  const s = workbench.get();
  const same = s.versionId === version.id;
  // Expanded by default; keep the user's collapsed nodes on a reload of the same version.
  const expanded = new Set<ItemId>();
  for (const id of wbs.index.children.keys())
    if (id !== '' && (!same || s.expanded.has(id) || !s.wbs.doc.rows.has(id))) expanded.add(id);
  workbench.set({
    version,
    versionId: version.id,
    wbs,
    expanded,
    // Another version's groups start unfolded.
    ...(same ? {} : { foldedGroups: new Set<ItemId>() }),
    visible: viewOf(
      wbs.index,
      expanded,
      s.filterShown,
      arrangeOf({ ...s, wbs, foldedGroups: same ? s.foldedGroups : new Set() }),
    ),
    // Another version opens at its top; a reload of the same one keeps the place.
    ...(same ? {} : { scrollTop: 0 }),
    dataRevision: s.dataRevision + 1,
    loads: s.loads + 1,
    loadState: 'ready',
    loadError: null,
    timetableState: version.timetable_state,
    history: same ? s.history : { ...s.history, undos: [], redos: [] },
    issues: new Map(),
  });
}

function apply(
  change: Change,
  patches: readonly Patch[],
  origin: ChangeOrigin,
  next?: WbsChange<unknown>,
): AppliedChange {
  const s = workbench.get();
  const side = patches.some(isSide);
  if (side && patches.some(isWdp)) wdpPatches?.(patches.filter(isWdp));
  if (side && patches.some(isAssignment)) assignmentPatches?.(patches.filter(isAssignment));
  if (side && patches.some(isLevelling)) levellingPatches?.(patches.filter(isLevelling));
  const wbs = next
    ? commit(s.wbs, next)
    : applyWbsPatches(s.wbs, side ? patches.filter((p) => !isSide(p)) : patches);
  const structural = isStructural(patches);
  const touched = touchedRowIds(patches);
  let expanded = s.expanded;
  if (wbs.index !== s.wbs.index) {
    // A row that just became a parent (indent, paste under it) opens, as in MS Project.
    const opened = newParents(s.wbs.index, wbs, touched);
    if (opened.length > 0) expanded = new Set([...s.expanded, ...opened]);
  }
  // Under a filter, rows this change touched stay in view (until the filter is applied again).
  const shown =
    s.filterShown && origin !== 'remote' && touched
      ? keepInView(s.filterShown, touched, (id) => wbs.doc.rows.get(id)?.parentId)
      : s.filterShown;
  // A sorted or grouped view follows the values edited too (a row moves to its new place).
  const arrange = arrangeOf({ ...s, wbs });
  const visible =
    !arrange && wbs.index === s.wbs.index && expanded === s.expanded && shown === s.filterShown
      ? s.visible
      : sameOrderAs(s.visible, viewOf(wbs.index, expanded, shown, arrange));
  workbench.set({
    wbs,
    visible,
    expanded,
    filterShown: shown,
    dataRevision: s.dataRevision + 1,
    timetableState: 'not_calculated',
  });
  const applied: AppliedChange = { change, origin, patches, touched, structural };
  for (const l of listeners) l(applied);
  return applied;
}

function newParents(
  before: WbsState['index'],
  after: WbsState,
  touched: ReadonlySet<ItemId> | undefined,
): ItemId[] {
  if (!touched) return [];
  const out = new Set<ItemId>();
  for (const id of touched) {
    const p = after.doc.rows.get(id)?.parentId;
    if (p && !before.children.has(p) && after.index.children.has(p)) out.add(p);
  }
  return [...out];
}

/**
 * A screen that holds several versions in one document (the project grid) checks every new
 * change before it is applied: false refuses it (the guard says why), nothing changes.
 */
type CommitGuard = (patches: readonly Patch[]) => boolean;
let commitGuard: CommitGuard | null = null;
export function setCommitGuard(guard: CommitGuard | null): void {
  commitGuard = guard;
}

/** Runs a domain command's result through the store; 'record' puts it on the undo stack. */
export function commitChange(
  c: WbsChange<unknown>,
  labelKey: string,
  kind: UndoKind = 'undo_wbs',
  mode: HistoryMode = 'record',
): AppliedChange | null {
  if (c.patches.length === 0) return null;
  if (commitGuard && !commitGuard(c.patches)) return null;
  const change: Change = { labelKey, kind, patches: c.patches, inversePatches: c.inversePatches };
  const applied = apply(change, change.patches, 'do', c);
  if (mode === 'record') workbench.set({ history: record(workbench.get().history, change) });
  return applied;
}

/** Records and applies a change made of patches (day values, with the rows they derive). */
export function commitPatches(change: Change): AppliedChange | null {
  if (change.patches.length === 0) return null;
  if (commitGuard && !commitGuard(change.patches)) return null;
  const applied = apply(change, change.patches, 'do');
  workbench.set({ history: record(workbench.get().history, change) });
  return applied;
}

export function undo(): AppliedChange | null {
  const { history, entry } = historyUndo(workbench.get().history);
  if (!entry) return null;
  workbench.set({ history });
  if (entry.external) {
    // The step calls the server itself; its failure toasts through the call.
    void entry.external.undo().catch(() => undefined);
    return null;
  }
  return apply(entry, entry.inversePatches, 'undo');
}

export function redo(): AppliedChange | null {
  const { history, entry } = historyRedo(workbench.get().history);
  if (!entry) return null;
  workbench.set({ history });
  if (entry.external) {
    // The step calls the server itself; its failure toasts through the call.
    void entry.external.redo().catch(() => undefined);
    return null;
  }
  return apply(entry, entry.patches, 'redo');
}

/** Puts a command stored outside the rows (an assignment edit) on the same undo stack. */
export function recordExternal(labelKey: string, step: ExternalStep): void {
  const entry = { kind: 'undo_wbs' as const, labelKey, patches: [], inversePatches: [], external: step };
  workbench.set({ history: record(workbench.get().history, entry) });
}

/**
 * A step the server stores and answers with (an assignment edit): on the stack at once, so that an
 * undo pressed before the answer undoes this step; its undo and redo wait for the answer, then go
 * to the server as any stored step's do. A failed call (null) leaves a step that does nothing.
 */
export function recordPending(labelKey: string, answer: Promise<Change | null>): void {
  recordExternal(labelKey, {
    undo: async () => {
      const c = await answer;
      if (c) apply(c, c.inversePatches, 'undo');
    },
    redo: async () => {
      const c = await answer;
      if (c) apply(c, c.patches, 'redo');
    },
  });
}

/** Patches from the server (a 409 reload, another tab's edit): history ignores them. */
export function applyRemote(patches: readonly Patch[]): AppliedChange | null {
  if (patches.length === 0) return null;
  return apply(
    { labelKey: 'remote', kind: 'undo_wbs', patches: [...patches], inversePatches: [] },
    patches,
    'remote',
  );
}

/**
 * A change the server stored on our behalf (a calculation's plans following the new dates):
 * applied like a remote change unless its live event applied it already, and put on the undo
 * stack, so Ctrl+Z undoes it like a step of ours (the undo goes to the server as any undo).
 */
export function recordStored(change: Change, alreadyApplied: boolean): void {
  if (!alreadyApplied) applyRemote(change.patches);
  workbench.set({ history: record(workbench.get().history, change) });
}

/**
 * The views read since the store's rows, tree, schedule, target or view last changed, by visible
 * index: a scroll frame builds only the rows it brings into view (the grid and the Gantt read the
 * same rows, and a frame's links read their ends again), and an unchanged row keeps its object.
 */
interface ViewCache {
  readonly rows: object;
  readonly index: object;
  readonly schedule: object | null;
  readonly target: object | null;
  readonly expanded: object;
  readonly visible: object;
  readonly views: Map<number, RowView>;
}
let viewCache: ViewCache | null = null;
/** Past this many cached views (a long scroll) the cache starts again. */
const VIEW_CACHE_LIMIT = 4096;

function viewsOf(s: WorkbenchState): Map<number, RowView> {
  const c = viewCache;
  if (
    c &&
    c.rows === s.wbs.doc.rows &&
    c.index === s.wbs.index &&
    c.schedule === s.schedule &&
    c.target === s.target &&
    c.expanded === s.expanded &&
    c.visible === s.visible &&
    c.views.size < VIEW_CACHE_LIMIT
  )
    return c.views;
  viewCache = {
    rows: s.wbs.doc.rows,
    index: s.wbs.index,
    schedule: s.schedule,
    target: s.target,
    expanded: s.expanded,
    visible: s.visible,
    views: new Map(),
  };
  return viewCache.views;
}

export function rowAt(s: WorkbenchState, index: number): RowView | null {
  const id = s.visible.ids[index];
  if (id === undefined) return null;
  const views = viewsOf(s);
  let v = views.get(index);
  if (v === undefined) {
    const made = rowView(s, id, index, s.visible.depth[index] ?? 0);
    if (!made) return null;
    views.set(index, (v = made));
  }
  return v;
}

/** A row with its derived values by id, wherever it shows (the panel's other end of a link). */
export function rowById(s: WorkbenchState, id: ItemId): RowView | null {
  return rowView(s, id);
}

/** A row with its derived values, by id (index and level: where it shows, if it does). */
function rowView(s: WorkbenchState, id: ItemId, index = -1, level = 0): RowView | null {
  const row = s.wbs.doc.rows.get(id);
  if (!row) return null;
  const sch = s.schedule;
  const p = sch?.position.get(id);
  const has = p !== undefined && sch !== null;
  const target = s.target?.dates.get(id);
  let outline: string | undefined;
  return {
    index,
    row,
    level,
    hasChildren: s.wbs.index.children.has(id),
    expanded: s.expanded.has(id),
    tree: s.wbs.index,
    // Computed once, when first read (the code column, copy): the Gantt reads rows by the
    // hundred per frame and never needs it.
    get outline() {
      outline ??= outlineNumber(s.wbs.index, s.wbs.doc.rows, id);
      return outline;
    },
    es: has && sch.es[p]! >= 0 ? sch.es[p]! : NaN,
    ef: has && sch.ef[p]! >= 0 ? sch.ef[p]! : NaN,
    tf: has ? sch.tf[p]! : NaN,
    ff: has ? sch.ff[p]! : NaN,
    startFloat: has && sch.startFloat ? sch.startFloat[p]! : NaN,
    finishFloat: has && sch.finishFloat ? sch.finishFloat[p]! : NaN,
    critical: has ? sch.critical[p] === 1 : false,
    percentComplete: has && sch.percentComplete ? sch.percentComplete[p]! : NaN,
    targetStart: target ? target[0] : NaN,
    targetFinish: target ? target[1] : NaN,
  };
}

/**
 * Unfold or fold group headers of a grouped view. The focused row stays focused where it still
 * shows; a row folded away hands the focus to its header.
 */
function foldGroups(headers: readonly ItemId[], open: boolean): void {
  const s = workbench.get();
  const foldedGroups = new Set(s.foldedGroups);
  for (const id of headers) {
    if (open) foldedGroups.delete(id);
    else foldedGroups.add(id);
  }
  const visible = viewOf(s.wbs.index, s.expanded, s.filterShown, arrangeOf({ ...s, foldedGroups }));
  const { focus } = s.selection;
  const focusId = s.visible.ids[focus.row];
  let row = focusId === undefined ? -1 : visible.ids.indexOf(focusId);
  if (row < 0 && focusId !== undefined)
    for (const [header, g] of visible.groups ?? [])
      if (g.rows.includes(focusId)) row = visible.ids.indexOf(header);
  const moved = row >= 0 && row !== focus.row;
  workbench.set({
    foldedGroups,
    visible,
    ...(moved ? { selection: { anchor: { row, col: focus.col }, focus: { row, col: focus.col } } } : {}),
  });
}

/** The folded headers as saved (wbs-group-setting): these and no others; focus kept as a fold keeps it. */
export function restoreFoldedGroups(headers: readonly ItemId[]): void {
  workbench.set({ foldedGroups: new Set() });
  foldGroups(headers, false);
}

/** Expand or collapse nodes, or fold group headers (a view change: never in history). */
export function setExpanded(ids: readonly ItemId[], open: boolean): void {
  const headers = ids.filter(isGroupRowId);
  if (headers.length > 0) foldGroups(headers, open);
  ids = ids.filter((id) => !isGroupRowId(id));
  if (ids.length === 0) return;
  const s = workbench.get();
  const expanded = new Set(s.expanded);
  for (const id of ids) {
    if (open) expanded.add(id);
    else expanded.delete(id);
  }
  workbench.set({ expanded, visible: viewOf(s.wbs.index, expanded, s.filterShown, arrangeOf(s)) });
}

/** Show levels 1…level (Infinity: everything); grouped, level 1 is the headers alone. */
export function expandToLevel(level: number): void {
  const s = workbench.get();
  const expanded = domainExpandToLevel(s.wbs.index, level);
  workbench.set({ expanded, visible: viewOf(s.wbs.index, expanded, s.filterShown, arrangeOf(s)) });
  if (!s.visible.groups) return;
  // All folded (level 1) or none (the folds of headers not shown now go too).
  if (level <= 1) foldGroups([...s.visible.groups.keys()], false);
  else {
    workbench.set({ foldedGroups: new Set() });
    foldGroups([], true);
  }
}
