// The undo-log entry an assignment call stores for its edit (issue 17): one action of the
// version's log, so Ctrl+Z / Ctrl+Y undo it like a WBS edit, after a reload too.
import type { Transaction } from 'kysely';
import { serializeEntry } from '../../domain/history';
import type { HistoryEntry } from '../../domain/history';
import { assignmentChange } from '../../domain/resources/assignment-patches';
import type { AssignmentRow } from '../../domain/resources/assignment-patches';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../errors';
import { followAssignments } from './assignment-duration';
import { logAction } from './wbs-patch-batch';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** What an assignment call answers about the step it stored (the client records it for undo). */
export interface StoredAssignmentStep {
  revision: number;
  entry: Record<string, unknown>;
}

/**
 * Logs an assignment edit as one action of the version's undo log (kind undo_wbs, so it shares
 * the WBS history): locks the version, bumps its revision and stores the patches both ways.
 * The resource-dependent rows of the assignments touched take the durations they now give
 * (assignment-duration.ts), as patches of the same entry: one step undoes both.
 * Nothing is logged when the edit changed nothing.
 */
export async function logAssignmentStep(
  tx: Transaction<DB>,
  s: Scope & { userId: string },
  labelKey: string,
  before: ReadonlyMap<string, AssignmentRow>,
  after: ReadonlyMap<string, AssignmentRow>,
): Promise<StoredAssignmentStep | null> {
  const change = assignmentChange(before, after);
  if (change.patches.length === 0) return null;
  const v = await tx
    .selectFrom('versions')
    .select(['revision', 'locked'])
    .where('space_id', '=', s.spaceId)
    .where('id', '=', s.versionId)
    .forUpdate()
    .executeTakeFirst();
  if (!v) throw notFound('version');
  if (v.locked) throw conflict('version_locked');
  const rowIds = [...before.values(), ...after.values()].map((a) => a.wbs_id);
  const rows = await followAssignments(tx, s, rowIds);
  const patches = [...change.patches, ...rows.patches];
  const inversePatches = [...rows.inversePatches, ...change.inversePatches];
  const entry: HistoryEntry = { kind: 'undo_wbs', labelKey, patches, inversePatches };
  const revision = v.revision + 1;
  await logAction(tx, s, revision, 'do', entry);
  return { revision, entry: serializeEntry(entry) as unknown as Record<string, unknown> };
}
