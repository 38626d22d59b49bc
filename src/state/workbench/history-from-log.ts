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

import { createHistory, deserializeEntry, record, serializeEntry } from '../../domain/history';
import type { History, HistoryEntry } from '../../domain/history';

/** The fields of an undo action (src/api/wbs-batch.ts `UndoAction`) the rebuild reads. */
export interface LoggedAction {
  readonly id: string;
  readonly revision: number;
  readonly origin: 'do' | 'undo' | 'redo' | 'restore';
  readonly user_id: string | null;
  readonly entry: unknown;
}

interface Step {
  readonly origin: 'do' | 'undo' | 'redo';
  /** The entry as history keeps it: `patches` redo it, `inversePatches` undo it. */
  readonly entry: HistoryEntry;
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
    out.push({ origin: a.origin, entry });
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
 * The history the client had before the reload, from the undo log (newest first). `revision` is
 * the loaded version's revision: the newest action must have produced it, else the log is ahead of
 * or behind the loaded rows and nothing is rebuilt.
 */
export function historyFromUndoLog(
  actions: readonly LoggedAction[],
  userId: string,
  limit = 200,
  revision: number | null = null,
): History {
  const run = ownRun(actions, userId, revision).reverse();
  let h = createHistory(limit);
  for (const { origin, entry } of run) {
    if (origin === 'do') {
      h = record(h, entry);
      continue;
    }
    const from = origin === 'undo' ? h.undos : h.redos;
    const top = from[from.length - 1] as HistoryEntry | undefined;
    if (top && sameEntry(top, entry)) {
      h =
        origin === 'undo'
          ? { ...h, undos: h.undos.slice(0, -1), redos: [...h.redos, entry] }
          : { ...h, undos: [...h.undos, entry], redos: h.redos.slice(0, -1) };
      continue;
    }
    // No matching top: the entry's own 'do' (or 'undo') is older than the run, or another tab of
    // the same user interleaved and the stacks are not this history. Only the entry itself is
    // certain: the rows are exactly as it left them.
    h = origin === 'undo' ? { ...h, undos: [], redos: [entry] } : { ...h, undos: [entry], redos: [] };
  }
  return h;
}
