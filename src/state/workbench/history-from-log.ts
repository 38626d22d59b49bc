// The undo history rebuilt from the server's undo log after a reload, so Ctrl+Z and Ctrl+Y go on
// where they were. The log (undo-actions, newest first) holds every batch the clients sent
// ('do', 'undo', 'redo', with the patches that were applied) and every 'restore'.
//
// Only the newest run of actions whose revision chain is intact is used: it starts at the
// version's revision and each older action is one revision lower. The walk stops at a gap, at an
// action by another user (we cannot know which of our entries their change overwrote, nor what
// their own history holds) and at a 'restore' (it bypasses every client's history). That run is
// then replayed oldest first as the live client did: a 'do' is recorded, an 'undo' moves the top
// entry to the redo stack, a 'redo' moves it back.

import { createHistory, deserializeEntry, serializeEntry } from '../../domain/history';
import type { History, HistoryEntry } from '../../domain/history';

/** The fields of an undo action (src/api/wbs-batch.ts `UndoAction`) the rebuild reads. */
export interface LoggedAction {
  readonly id: string;
  readonly revision: number;
  readonly origin: 'do' | 'undo' | 'redo' | 'restore';
  readonly user_id: string | null;
  readonly entry: unknown;
  /** When it was stored (ISO); orders the steps of several versions' logs (the project grid). */
  readonly created_at?: string;
}

interface Step {
  readonly origin: 'do' | 'undo' | 'redo';
  /** The entry as history keeps it: `patches` redo it, `inversePatches` undo it. */
  readonly entry: HistoryEntry;
  /** Milliseconds of the action's `created_at` (0 when the log has none). */
  readonly at: number;
}

/** A history entry with the time it was last put on its stack. */
export interface TimedEntry {
  readonly entry: HistoryEntry;
  readonly at: number;
}

/** A history rebuilt from one log, each entry timed; `lastDo` is the newest 'do' of the run. */
export interface TimedHistory {
  readonly undos: readonly TimedEntry[];
  readonly redos: readonly TimedEntry[];
  readonly lastDo: number;
}

/** The newest intact run of the user's own actions, newest first (see the header). */
export function ownRun(
  actions: readonly LoggedAction[],
  userId: string,
  revision: number | null = null,
): Step[] {
  const out: Step[] = [];
  let expected = revision ?? actions[0]?.revision ?? 0;
  for (const a of actions) {
    if (a.revision !== expected || a.user_id !== userId || a.origin === 'restore') break;
    let logged: HistoryEntry;
    try {
      logged = deserializeEntry(a.entry);
    } catch {
      break; // An entry this client cannot read ends the run like a gap.
    }
    // An 'undo' was sent with the inverse as its patches: turn it back into the undone entry.
    const entry: HistoryEntry =
      a.origin === 'undo'
        ? { ...logged, patches: logged.inversePatches, inversePatches: logged.patches }
        : { ...logged, id: a.id };
    const at = a.created_at ? Date.parse(a.created_at) : 0;
    out.push({ origin: a.origin, entry, at: Number.isFinite(at) ? at : 0 });
    expected -= 1;
  }
  return out;
}

/** Same patches both ways (compared in the JSON form: values may hold Maps). */
function sameEntry(a: HistoryEntry, b: HistoryEntry): boolean {
  const x = serializeEntry(a);
  const y = serializeEntry(b);
  return JSON.stringify([x.patches, x.inversePatches]) === JSON.stringify([y.patches, y.inversePatches]);
}

/**
 * The history the client had before the reload, from the undo log (newest first), each entry
 * with the time of the action that last moved it. `revision` is the loaded version's revision: the
 * newest action must have produced it, else the log is ahead of or behind the loaded rows and
 * nothing is rebuilt.
 */
export function timedHistoryFromUndoLog(
  actions: readonly LoggedAction[],
  userId: string,
  revision: number | null = null,
): TimedHistory {
  const run = ownRun(actions, userId, revision).reverse();
  let undos: TimedEntry[] = [];
  let redos: TimedEntry[] = [];
  let lastDo = 0;
  for (const { origin, entry, at } of run) {
    if (origin === 'do') {
      // As `record`: an empty command is not kept; a new one clears what could be redone.
      if (entry.patches.length === 0 && entry.inversePatches.length === 0) continue;
      undos = [...undos, { entry, at }];
      redos = [];
      lastDo = Math.max(lastDo, at);
      continue;
    }
    const from = origin === 'undo' ? undos : redos;
    const top = from[from.length - 1];
    if (top && sameEntry(top.entry, entry)) {
      if (origin === 'undo') {
        undos = undos.slice(0, -1);
        redos = [...redos, { entry, at }];
      } else {
        redos = redos.slice(0, -1);
        undos = [...undos, { entry, at }];
      }
      continue;
    }
    // No matching top: the entry's own 'do' (or 'undo') is older than the run, or another tab of
    // the same user interleaved and the stacks are not this history. Only the entry itself is
    // certain: the rows are exactly as it left them.
    undos = origin === 'undo' ? [] : [{ entry, at }];
    redos = origin === 'undo' ? [{ entry, at }] : [];
  }
  return { undos, redos, lastDo };
}

/** The history the client had before the reload (see `timedHistoryFromUndoLog`). */
export function historyFromUndoLog(
  actions: readonly LoggedAction[],
  userId: string,
  limit = 200,
  revision: number | null = null,
): History {
  const timed = timedHistoryFromUndoLog(actions, userId, revision);
  return historyOf(timed.undos, timed.redos, limit);
}

/** A history holding these stacks (oldest first), the undo stack cut to `limit` as `record` does. */
export function historyOf(
  undos: readonly TimedEntry[],
  redos: readonly TimedEntry[],
  limit: number,
): History {
  const h = createHistory(limit);
  return {
    ...h,
    undos: undos.slice(Math.max(0, undos.length - limit)).map((t) => t.entry),
    redos: redos.map((t) => t.entry),
  };
}

/**
 * One history from the rebuilt histories of several versions (the project grid: one history of
 * steps over its schedules' versions). Steps go on the undo stack in the order they were put
 * there; a step undone in one version stays redoable only if no command was made after it in any
 * of them, since a new command clears the redo stack whichever schedule it changed.
 */
export function mergeTimedHistories(parts: readonly TimedHistory[], limit: number): History {
  const lastDo = Math.max(0, ...parts.map((p) => p.lastDo));
  const byTime = (a: TimedEntry, b: TimedEntry) => a.at - b.at;
  const undos = parts.flatMap((p) => p.undos).sort(byTime);
  const redos = parts
    .flatMap((p) => p.redos)
    .filter((r) => r.at > lastDo)
    .sort(byTime);
  return historyOf(undos, redos, limit);
}
