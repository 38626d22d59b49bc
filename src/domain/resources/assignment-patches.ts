// Assignment edits as patches of the version's undo log (issue 17): ['assignments', id] with the
// assignment's whole stored row (add / replace) or remove. The server logs one entry per edit
// (patches = what the edit did, inversePatches = what puts it back), so Ctrl+Z and Ctrl+Y after a
// reload replay them through the same batch path as WBS and day-value edits.
import type { Patch } from 'immer';

export const ASSIGNMENTS_ROOT = 'assignments';

/** An assignment as the undo log keeps it (the columns of version_assignments). */
export interface AssignmentRow {
  wbs_id: string;
  resource_id: string;
  units: number;
  units_per_day: number | null;
  intensity: number;
  curve: string;
  curve_values: number[] | null;
}

export const isAssignmentPatch = (p: Patch): boolean => p.path[0] === ASSIGNMENTS_ROOT;

/** The patch that makes assignment `id` be `row` (null: not there). */
const patchTo = (id: string, row: AssignmentRow | null, existed: boolean): Patch =>
  row === null
    ? { op: 'remove', path: [ASSIGNMENTS_ROOT, id] }
    : { op: existed ? 'replace' : 'add', path: [ASSIGNMENTS_ROOT, id], value: row };

/**
 * Patches and inverse patches from each touched assignment's row before and after the edit
 * (null: absent). Unchanged assignments give no patch.
 */
export function assignmentChange(
  before: ReadonlyMap<string, AssignmentRow>,
  after: ReadonlyMap<string, AssignmentRow>,
): { patches: Patch[]; inversePatches: Patch[] } {
  const patches: Patch[] = [];
  const inversePatches: Patch[] = [];
  const ids = new Set([...before.keys(), ...after.keys()]);
  for (const id of ids) {
    const b = before.get(id) ?? null;
    const a = after.get(id) ?? null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    patches.push(patchTo(id, a, b !== null));
    inversePatches.unshift(patchTo(id, b, a !== null));
  }
  return { patches, inversePatches };
}
