// Undo and redo of commands as stored diffs (STYLE practice 4, after tldraw's HistoryManager):
// each entry keeps the patches a command produced and their inverse; undo applies the inverse,
// redo the patches. Marks bracket a gesture: a drag sets a mark on pointer-down, records its
// steps, then either squashes them into one entry on release or bails back to the mark on Esc.
//
// How updates map to history (practice 3): a user edit is `record`ed; a server push, CPM results
// and view changes (selection, expansion, scroll) never reach history, so they cannot clear the
// redo stack; a gesture in progress is recorded after a `mark` and squashed later.

import type { Patch } from 'immer';

/** Spec §3 undo kinds: which part of a version an entry changes (the server's undo log key). */
export type UndoKind = 'undo_wbs' | 'undo_relation' | 'undo_wdp';

export interface HistoryEntry {
  /** The server's id of the stored undo action, once it has one. */
  id?: string;
  kind: UndoKind;
  /** i18n key of the command's label ("Undo indent"). */
  labelKey: string;
  patches: Patch[];
  inversePatches: Patch[];
  /** A step stored outside the rows (an assignment): undo and redo call it instead of patches. */
  external?: ExternalStep;
}

/** Undo and redo of a command whose data the WBS document does not hold (assignments). */
export interface ExternalStep {
  undo(): Promise<void>;
  redo(): Promise<void>;
}

interface MarkItem {
  mark: string;
}

type Item = HistoryEntry | MarkItem;

export interface History {
  /** Oldest first; marks sit between entries. */
  readonly undos: readonly Item[];
  /** Most recently undone last. */
  readonly redos: readonly HistoryEntry[];
  /** Maximum number of entries kept (marks do not count). */
  readonly limit: number;
}

const isMark = (item: Item): item is MarkItem => 'mark' in item;

export function createHistory(limit = 200): History {
  return { undos: [], redos: [], limit };
}

/** Which undo kind a change is, from the document parts its patches touch. */
export function undoKindOf(patches: readonly Patch[]): UndoKind {
  let relation = false;
  for (const p of patches) {
    if (p.path[0] === 'rows') return 'undo_wbs';
    if (p.path[0] === 'relations') relation = true;
  }
  return relation ? 'undo_relation' : 'undo_wdp';
}

/** Record a user edit: it goes on the undo stack and the redo stack is cleared. */
export function record(h: History, entry: HistoryEntry): History {
  if (entry.patches.length === 0 && entry.inversePatches.length === 0 && !entry.external) return h;
  const undos = [...h.undos, entry];
  // Drop the oldest entries (and marks before them) beyond the limit.
  let entries = undos.filter((i) => !isMark(i)).length;
  let start = 0;
  while (entries > h.limit && start < undos.length) {
    if (!isMark(undos[start]!)) entries--;
    start++;
  }
  return { ...h, undos: start ? undos.slice(start) : undos, redos: [] };
}

export function canUndo(h: History): boolean {
  return h.undos.some((i) => !isMark(i));
}

export function canRedo(h: History): boolean {
  return h.redos.length > 0;
}

/**
 * Undo the latest entry: returns it so the caller applies `entry.inversePatches`. Marks above it
 * are dropped (the gesture they opened is over).
 */
export function undo(h: History): { history: History; entry: HistoryEntry | null } {
  const undos = [...h.undos];
  while (undos.length) {
    const item = undos.pop()!;
    if (!isMark(item)) return { history: { ...h, undos, redos: [...h.redos, item] }, entry: item };
  }
  return { history: h, entry: null };
}

/** Redo the latest undone entry: the caller applies `entry.patches`. */
export function redo(h: History): { history: History; entry: HistoryEntry | null } {
  const entry = h.redos[h.redos.length - 1];
  if (!entry) return { history: h, entry: null };
  return { history: { ...h, undos: [...h.undos, entry], redos: h.redos.slice(0, -1) }, entry };
}

/** Open a gesture: later entries can be squashed into one or bailed back to this point. */
export function mark(h: History, id: string): History {
  return { ...h, undos: [...h.undos, { mark: id }] };
}

function markIndex(h: History, id: string): number {
  for (let i = h.undos.length - 1; i >= 0; i--) {
    const item = h.undos[i]!;
    if (isMark(item) && item.mark === id) return i;
  }
  return -1;
}

/** Inverse patches of entries, newest first, as one list to apply. */
function inverseOf(entries: readonly HistoryEntry[]): Patch[] {
  const out: Patch[] = [];
  // One by one: spreading an entry's 100k+ patches as arguments overflows the stack.
  for (let i = entries.length - 1; i >= 0; i--) for (const p of entries[i]!.inversePatches) out.push(p);
  return out;
}

/**
 * Esc during a gesture: drop everything recorded since the mark (and the mark) and return the
 * patches that take the document back to it. The redo stack is left as recording left it.
 * An unknown mark changes nothing.
 */
export function bail(h: History, id: string): { history: History; patches: Patch[] } {
  const at = markIndex(h, id);
  if (at < 0) return { history: h, patches: [] };
  const entries = h.undos.slice(at + 1).filter((i): i is HistoryEntry => !isMark(i));
  return { history: { ...h, undos: h.undos.slice(0, at) }, patches: inverseOf(entries) };
}

/**
 * Release of a gesture: fold the entries since the mark into one undo step. Mixed kinds keep
 * the widest: a WBS change subsumes relation changes, which subsume daily-plan changes.
 */
export function squash(h: History, id: string, labelKey?: string): History {
  const at = markIndex(h, id);
  if (at < 0) return h;
  const entries = h.undos.slice(at + 1).filter((i): i is HistoryEntry => !isMark(i));
  const before = h.undos.slice(0, at);
  if (entries.length === 0) return { ...h, undos: before };
  const order: UndoKind[] = ['undo_wbs', 'undo_relation', 'undo_wdp'];
  const kind = order.find((k) => entries.some((e) => e.kind === k))!;
  const folded: HistoryEntry = {
    kind,
    labelKey: labelKey ?? entries[0]!.labelKey,
    patches: entries.flatMap((e) => e.patches),
    inversePatches: inverseOf(entries),
  };
  return { ...h, undos: [...before, folded] };
}

/** Give the newest entry its server id once the server has stored the undo action. */
export function assignEntryId(h: History, entry: HistoryEntry, id: string): History {
  const replace = (i: Item) => (i === entry ? { ...entry, id } : i);
  return { ...h, undos: h.undos.map(replace), redos: h.redos.map(replace) as HistoryEntry[] };
}
