// A levelling run or its clearing as one step of the version's undo log (issue 17): one patch at
// ['levelling', 'state'] whose value is the version's whole levelling after the step (patches) or
// before it (inverse; null: none). The server applies it through the WBS batch path, so Ctrl+Z and
// Ctrl+Y after a reload put a levelling back or set it again like any stored edit.
import type { Patch } from 'immer';

export const LEVELLING_ROOT = 'levelling';
export const LEVELLING_PATH = [LEVELLING_ROOT, 'state'] as const;

/** A version's levelling as a step keeps it (the columns of version_levelling and levelled_starts). */
export interface LevellingState {
  options: Record<string, unknown> | null;
  stats: Record<string, unknown> | null;
  /** The version revision it was made on. */
  revision: number | null;
  items: {
    wbs_id: string;
    start: number;
    finish: number | null;
    delay: number;
    base_start: number | null;
    base_finish: number | null;
  }[];
  /**
   * Whether it matched the rows when the step was taken. Undo and redo of a step happen with the
   * rows as they were then (every later step undone), so such a levelling is stored as made on the
   * revision that puts it back, not as out of date.
   */
  fresh: boolean;
}

export const isLevellingPatch = (p: Patch): boolean => p.path[0] === LEVELLING_ROOT;

/**
 * One row's levelled start: ['levelling', 'start', wbsId] with its stored row (or remove). A row
 * delete's step carries those of the rows it removes (the key cascades to them), so its undo puts
 * them back with the rows.
 */
export const LEVELLED_START = 'start';
export type LevelledStart = LevellingState['items'][number];

/** The patches of a step that turns levelling `before` into `after` (null: none). */
export function levellingChange(
  before: LevellingState | null,
  after: LevellingState | null,
): { patches: Patch[]; inversePatches: Patch[] } {
  const path = [...LEVELLING_PATH];
  return {
    patches: [{ op: 'replace', path, value: after }],
    inversePatches: [{ op: 'replace', path, value: before }],
  };
}
