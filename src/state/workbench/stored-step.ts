// Steps the server stores and answers with (an assignment edit, a levelling run or clear): how
// they join this page's history, and when patches of theirs applied here may be read back.
import { deserializeEntry } from '../../domain/history';
import { applyRemote } from './data';
import type { Change } from './store';
import { workbench } from './store';

/** A stored step as the calls answer it: the revision it made and its entry. */
export interface StoredStep {
  readonly revision: number;
  readonly entry: Record<string, unknown>;
}

/**
 * The step the server stored, as a change: applied here unless the live event applied it already,
 * and the version's revision moved past it. null when revisions went by that we lack (the live
 * event reads the version again, history and all).
 */
export function storedChange(step: StoredStep | undefined): Change | null {
  const v = workbench.get().version;
  if (!step || !v || v.revision < step.revision - 1) return null;
  const e = deserializeEntry(step.entry);
  const change: Change = {
    kind: e.kind,
    labelKey: e.labelKey,
    patches: e.patches,
    inversePatches: e.inversePatches,
  };
  if (v.revision < step.revision) applyRemote(change.patches);
  const now = workbench.get().version ?? v;
  workbench.set({ version: { ...now, revision: Math.max(now.revision, step.revision) } });
  return change;
}

/** Runs `then` once the batches on their way are stored (what it reads is the server's then). */
export function whenSaved(then: () => void): void {
  if (workbench.get().saving === 0) return then();
  const off = workbench.subscribe((s) => {
    if (s.saving !== 0) return;
    off();
    then();
  });
}
