// What a live event of the open version asks of this page: nothing (our own write, or one we
// have), apply the change it carries (the next revision, with the stored entry in its payload),
// read the version's state again (a calculation ended: the dates on screen are the worker's
// already), or read the whole version again (a gap in revisions, or a change too big to carry).

import type { Patch } from 'immer';
import { deserializeEntry } from '../../domain/history';

export type LiveAction =
  | { readonly kind: 'ignore' }
  /** Our own batches are on their way: looked at again once they are answered. */
  | { readonly kind: 'defer' }
  | { readonly kind: 'apply'; readonly revision: number; readonly patches: readonly Patch[] }
  | { readonly kind: 'state' }
  | { readonly kind: 'reload' };

export interface LiveEventLike {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

export function liveAction(e: LiveEventLike, mine: number, saving: boolean): LiveAction {
  if (e.event === 'timetable_calculate') return { kind: 'state' };
  if (e.event !== 'version_updated') return { kind: 'ignore' };
  const revision = typeof e.payload.revision === 'number' ? e.payload.revision : null;
  if (revision !== null && revision <= mine) return { kind: 'ignore' };
  // Our batch's answer may carry this change: looked at again once the queue is empty.
  if (saving) return { kind: 'defer' };
  if (revision === mine + 1 && e.payload.entry !== undefined) {
    try {
      return { kind: 'apply', revision, patches: deserializeEntry(e.payload.entry).patches };
    } catch {
      return { kind: 'reload' };
    }
  }
  return { kind: 'reload' };
}
