// What the server stores along with a batch beyond its patches: the assignments of the rows it
// removes (the key cascades to them; src/server/services/removed-rows-cascade.ts). They join the
// history's step, so its undo puts them back and its redo removes them again, as the log's entry
// does after a reload.
import type { Patch } from 'immer';
import { deserializeEntry } from '../../domain/history';
import type { Change } from './store';

interface Cascade {
  readonly patches: readonly unknown[];
  readonly inversePatches: readonly unknown[];
}

/**
 * Adds the cascade to the step in the direction its batch was sent (an undo sent the step's
 * inverse); answers the patches the server applied with it. The step is the history's own object,
 * so a later undo or redo (even one queued before this answer) carries them.
 */
export function addCascade(step: Change, origin: 'do' | 'undo' | 'redo', cascade: Cascade): Patch[] {
  const c = deserializeEntry({
    v: 1,
    kind: step.kind,
    labelKey: step.labelKey,
    patches: [...cascade.patches],
    inversePatches: [...cascade.inversePatches],
  });
  if (origin === 'undo') {
    step.inversePatches = [...step.inversePatches, ...c.patches];
    step.patches = [...step.patches, ...c.inversePatches];
  } else {
    step.patches = [...step.patches, ...c.patches];
    step.inversePatches = [...step.inversePatches, ...c.inversePatches];
  }
  return c.patches;
}
