// A levelling run or a clear as one step of the version's undo log (issue 17): the levelling
// before and after as one action (kind undo_wbs), so Ctrl+Z / Ctrl+Y through the WBS batch path
// put it back or set it again, after a reload too; open pages learn of it as of any stored edit.
import type { Transaction } from 'kysely';
import { serializeEntry } from '../../domain/history';
import type { HistoryEntry } from '../../domain/history';
import { levellingChange } from '../../domain/levelling/levelling-patch';
import type { LevellingState } from '../../domain/levelling/levelling-patch';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { EventHub } from '../events/hub';
import { applyLevellingPatches, levellingState } from './levelling-patch';
import { LIVE_ENTRY_BYTES, logAction } from './wbs-patch-batch';

interface Scope {
  spaceId: string;
  versionId: string;
}

/** What a levelling step answers and publishes: the revision, its action and its entry. */
export interface StoredLevellingStep {
  revision: number;
  action_id: string;
  entry: Record<string, unknown>;
  entryBytes: number;
}

/**
 * Levels or clears as one logged step: locks the version (409 when locked), reads the levelling
 * it has, stores `after` made on the new revision, and logs both as one action. `after` null
 * clears. Nothing is logged when there was no levelling and none is set.
 */
export async function storeLevellingStep(
  tx: Transaction<DB>,
  s: Scope & { userId: string | null },
  labelKey: string,
  after: Omit<LevellingState, 'revision' | 'fresh'> | null,
  /** The revision a levelling run read the rows at (an edit since makes it out of date). */
  madeOn?: number,
): Promise<{ before: LevellingState | null; step: StoredLevellingStep | null }> {
  const v = await tx
    .selectFrom('versions')
    .select(['revision', 'locked'])
    .where('space_id', '=', s.spaceId)
    .where('id', '=', s.versionId)
    .forUpdate()
    .executeTakeFirst();
  if (!v) throw notFound('version');
  if (v.locked) throw conflict('version_locked');
  const before = await levellingState(tx, s, v.revision);
  if (!before && !after) return { before, step: null };
  const revision = v.revision + 1;
  const current = madeOn === undefined || madeOn === v.revision;
  const made = after ? { ...after, revision: current ? revision : madeOn, fresh: current } : null;
  const entry: HistoryEntry = { kind: 'undo_wbs', labelKey, ...levellingChange(before, made) };
  const action = await logAction(tx, s, revision, 'do', entry);
  await applyLevellingPatches(tx, s, entry.patches, revision);
  return {
    before,
    step: {
      revision,
      action_id: action.id,
      entry: serializeEntry(entry) as unknown as Record<string, unknown>,
      entryBytes: action.bytes,
    },
  };
}

/** Open pages of the version learn of the step (and apply a small one) as of a WBS batch. */
export function publishLevellingStep(
  events: EventHub,
  spaceId: string,
  versionId: string,
  userId: string | null,
  step: StoredLevellingStep,
): void {
  events.publish({
    event: 'version_updated',
    space_id: spaceId,
    ids: [versionId],
    payload: {
      revision: step.revision,
      origin: 'do',
      user_id: userId,
      action_id: step.action_id,
      ...(step.entryBytes <= LIVE_ENTRY_BYTES ? { entry: step.entry } : {}),
    },
  });
}
