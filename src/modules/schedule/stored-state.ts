// Two truths about the schedule, shown side by side on the toolbar:
// - live: the dates on screen, recomputed in the browser's worker after every edit (the store's
//   timetableState);
// - stored: the timetable state of the version on the server (spec §4: not_calculated, in_process,
//   calculated). The server marks the version not_calculated with every batch it stores, and only
//   Calculate (or an import) stores calculated dates. The store keeps the state the version had
//   when it was read; this tracker follows what happened since: an applied change means the
//   server's copy is no longer calculated, a load reads the truth again, a Calculate in progress is
//   in_process and its answer is the truth again unless an edit came after it started.

import { useEffect, useState } from 'react';
import type { TimetableState, WorkbenchState } from '../../state/workbench/store';
import { useWorkbench, workbench } from '../../state/workbench/store';

export interface StoredTracker {
  /** The store's loads counter and data revision last seen. */
  readonly loads: number;
  readonly revision: number;
  /** A change was applied since the server's state was last read or calculated. */
  readonly edited: boolean;
}

export function startTracker(s: Pick<WorkbenchState, 'loads' | 'dataRevision'>): StoredTracker {
  return { loads: s.loads, revision: s.dataRevision, edited: false };
}

/** Follow the store: a (re)load resets, any other new data revision is an edit. */
export function followStore(
  tr: StoredTracker,
  s: Pick<WorkbenchState, 'loads' | 'dataRevision'>,
): StoredTracker {
  if (s.loads !== tr.loads) return { loads: s.loads, revision: s.dataRevision, edited: false };
  if (s.dataRevision !== tr.revision) return { ...tr, revision: s.dataRevision, edited: true };
  return tr;
}

/** A Calculate that started at `startRevision` answered: edited only if a change came after it. */
export function calculated(tr: StoredTracker, startRevision: number): StoredTracker {
  return { ...tr, edited: tr.revision !== startRevision };
}

export function storedState(
  serverState: TimetableState | null,
  tr: StoredTracker,
  calculating: boolean,
): TimetableState {
  if (calculating) return 'in_process';
  if (tr.edited) return 'not_calculated';
  return serverState ?? 'not_calculated';
}

/** The stored state for the toolbar, and a wrapper for Calculate that keeps it right. */
export function useStoredState(): {
  readonly state: TimetableState;
  readonly run: (calc: () => Promise<number | null | void>) => Promise<void>;
} {
  const [tracker, setTracker] = useState(() => startTracker(workbench.get()));
  const [calculating, setCalculating] = useState(false);
  const server = useWorkbench((s) => s.version?.timetable_state ?? null);
  // Only loads and data revisions move it (not selection, scroll or schedule results).
  useEffect(
    () =>
      useWorkbench.subscribe((s, prev) => {
        if (s.loads !== prev.loads || s.dataRevision !== prev.dataRevision)
          setTracker((tr) => followStore(tr, s));
      }),
    [],
  );
  const run = async (calc: () => Promise<number | null | void>) => {
    const start = workbench.get().dataRevision;
    setCalculating(true);
    try {
      // The calculation's own change (plans following the dates) is not an edit after it.
      const own = await calc();
      setTracker((tr) => calculated(followStore(tr, workbench.get()), typeof own === 'number' ? own : start));
    } finally {
      setCalculating(false);
    }
  };
  return { state: storedState(server, tracker, calculating), run };
}
