// A batch that removes WBS rows takes their assignments, levelled starts and day values with it
// (the keys cascade). The entry the log keeps must say so, or its undo brings the rows back
// without them: they are added to the entry as patches both ways (['assignments', id],
// ['levelling', 'start', wbsId] and ['wdp', wbsId, day]: remove, and add with the stored row), and
// so are their wdp settings and timesheet lines (['wdp_row', id], ['timesheet_day', id, sheet, day]).
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { HistoryEntry } from '../../domain/history';
import { ASSIGNMENTS_ROOT, assignmentChange } from '../../domain/resources/assignment-patches';
import type { AssignmentRow } from '../../domain/resources/assignment-patches';
import { LEVELLED_START, LEVELLING_ROOT } from '../../domain/levelling/levelling-patch';
import type { DB } from '../db/schema';
import { ASSIGNMENT_ROW_COLUMNS, toAssignmentRow } from './assignment-patch';
import { cascadedDays } from './removed-rows-days';
import { cascadedKept } from './removed-rows-kept';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** Patches the entry gained, in the direction it was sent. */
export interface Cascade {
  patches: Patch[];
  inversePatches: Patch[];
}

const removedRowIds = (patches: readonly Patch[]): string[] =>
  patches
    .filter((p) => p.op === 'remove' && p.path[0] === 'rows' && p.path.length === 2)
    .map((p) => String(p.path[1]));

/**
 * The assignments, levelled starts and day values of the rows `patches` remove that the patches
 * do not already remove themselves (a redo of an entry that carries them), as the patches that
 * remove them and put them back. null when there are none.
 */
export async function removedRowsCascade(
  tx: Transaction<DB>,
  s: Scope,
  patches: readonly Patch[],
): Promise<Cascade | null> {
  const rows = removedRowIds(patches);
  if (rows.length === 0) return null;
  const carried = new Set(
    patches.filter((p) => p.op === 'remove' && p.path[0] !== 'rows').map((p) => p.path.join('/')),
  );
  const found = await tx
    .selectFrom('version_assignments')
    .select(ASSIGNMENT_ROW_COLUMNS)
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where(sql<boolean>`wbs_id = ANY(${rows}::uuid[])`)
    .orderBy('id')
    .execute();
  const before = new Map<string, AssignmentRow>();
  for (const r of found)
    if (!carried.has(`${ASSIGNMENTS_ROOT}/${r.id}`)) before.set(r.id, toAssignmentRow(r));
  const out = assignmentChange(before, new Map());
  const starts = await tx
    .selectFrom('levelled_starts')
    .select(['wbs_id', 'start', 'finish', 'delay', 'base_start', 'base_finish'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where(sql<boolean>`wbs_id = ANY(${rows}::uuid[])`)
    .orderBy('wbs_id')
    .execute();
  for (const r of starts) {
    const path = [LEVELLING_ROOT, LEVELLED_START, r.wbs_id];
    if (carried.has(path.join('/'))) continue;
    out.patches.push({ op: 'remove', path });
    out.inversePatches.push({ op: 'add', path, value: r });
  }
  const days = await cascadedDays(tx, s, rows, carried);
  out.patches.push(...days.patches);
  out.inversePatches.push(...days.inversePatches);
  // Their wdp settings and timesheet lines (issue 18).
  const kept = await cascadedKept(tx, s, rows, carried);
  out.patches.push(...kept.patches);
  out.inversePatches.push(...kept.inversePatches);
  return out.patches.length > 0 ? out : null;
}

/** The entry with the cascade: removals after its own patches, the puts back after its inverse
 *  (the batch writes assignments after the rows either way). */
export const withCascade = (entry: HistoryEntry, c: Cascade): HistoryEntry => ({
  ...entry,
  patches: [...entry.patches, ...c.patches],
  inversePatches: [...entry.inversePatches, ...c.inversePatches],
});
