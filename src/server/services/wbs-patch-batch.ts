// One stored command: in ONE transaction the version's revision is checked and bumped (the
// row lock orders concurrent writers), the patches applied, new relations checked, and the entry
// appended to the undo log. The timetable becomes not_calculated: the workbench recomputes in
// its worker on every edit, and a server calculation of a 100k-row version per keystroke would
// cost more than the edit; Calculate (timetable routes) stores dates when asked.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { deserializeEntry, serializeEntry } from '../../domain/history';
import type { HistoryEntry } from '../../domain/history';
import type { DB } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import type { Item } from '../errors';
import { toDbOps } from './wbs-patch';
import { applyOps, checkRelations } from './wbs-patch-apply';
import { applyWdpPatches, isWdpPath, toWdpOps } from './wdp-patch';

type Origin = 'do' | 'undo' | 'redo' | 'restore';
interface Scope {
  spaceId: string;
  versionId: string;
  userId: string;
}

/** Foreign keys a batch checks at commit (migration 005 made them deferrable). */
const DEFERRED = sql.raw(
  [
    'wbs_items_space_id_version_id_parent_id_fkey',
    'wbs_relations_space_id_version_id_pred_id_fkey',
    'wbs_relations_space_id_version_id_succ_id_fkey',
    'wdp_days_space_id_version_id_item_id_fkey',
  ].join(', '),
);

/** Actions kept per version. */
export const UNDO_LOG_LIMIT = 1000;

const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items);

/** Rebuilds and checks an entry from the request: both directions must be valid patches. */
export function readEntry(raw: unknown): HistoryEntry {
  let entry: HistoryEntry;
  try {
    entry = deserializeEntry(raw);
  } catch (err) {
    throw bad([{ code: 'wbs.bad_entry', params: { reason: (err as Error).message } }]);
  }
  // Day values (undo_wdp) ride in the same entries as WBS patches: each part checked by its own.
  const wbs = (ps: readonly Patch[]) => ps.filter((p) => !isWdpPath(p));
  const wdp = (ps: readonly Patch[]) => ps.filter(isWdpPath);
  const errors = [
    ...toDbOps(wbs(entry.patches), 'patches').errors,
    ...toDbOps(wbs(entry.inversePatches), 'inversePatches').errors,
    ...toWdpOps(wdp(entry.patches), 'patches').errors,
    ...toWdpOps(wdp(entry.inversePatches), 'inversePatches').errors,
  ];
  if (errors.length) throw bad(errors);
  return entry;
}

/** Database errors of a batch as the contract's errors (a restore reports all of them as 409). */
function mapDbError(err: unknown, restoring: boolean): unknown {
  const code = (err as { code?: unknown }).code;
  if (code === '23505') return conflict('wbs.conflict', { reason: 'exists' });
  if (code === '23503')
    return restoring
      ? conflict('wbs.conflict', { reason: 'reference' })
      : bad([{ code: 'wbs.missing_reference' }]);
  if (code === '23514' || code === '22P02')
    return restoring ? conflict('wbs.conflict', { reason: 'value' }) : bad([{ code: 'wbs.invalid_value' }]);
  if (restoring && err instanceof HttpError && err.status === 400)
    return new HttpError(409, 'Conflict', err.items);
  return err;
}

async function applyEntry(tx: Transaction<DB>, s: Scope, patches: readonly Patch[]) {
  const { ops, errors } = toDbOps(patches.filter((p) => !isWdpPath(p)));
  if (errors.length) throw bad(errors);
  await checkRelations(tx, s, await applyOps(tx, s, ops));
  const days = patches.filter(isWdpPath);
  if (days.length > 0) await applyWdpPatches(tx, s, days);
}

async function logAction(
  tx: Transaction<DB>,
  s: Scope,
  revision: number,
  origin: Origin,
  entry: HistoryEntry,
): Promise<{ id: string; bytes: number }> {
  const stored = JSON.stringify(
    serializeEntry({
      kind: entry.kind,
      labelKey: entry.labelKey,
      patches: entry.patches,
      inversePatches: entry.inversePatches,
    }),
  );
  const row = await tx
    .insertInto('wbs_undo_actions')
    .values({
      space_id: s.spaceId,
      version_id: s.versionId,
      revision,
      user_id: s.userId,
      kind: entry.kind,
      label: entry.labelKey,
      origin,
      entry: stored,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The log keeps the newest actions only (the client's history holds 200): a paste's entry can
  // be megabytes, and restore further back than this is refused as not found.
  await tx
    .deleteFrom('wbs_undo_actions')
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where('revision', '<=', revision - UNDO_LOG_LIMIT)
    .execute();
  return { id: row.id, bytes: Buffer.byteLength(stored) };
}

/** Why the version cannot be written: gone (404), locked or another revision (409). */
async function refuse(db: Kysely<DB> | Transaction<DB>, s: Scope, revision: number | null): Promise<never> {
  const v = await db
    .selectFrom('versions')
    .select(['revision', 'locked'])
    .where('space_id', '=', s.spaceId)
    .where('id', '=', s.versionId)
    .executeTakeFirst();
  if (!v) throw notFound('version');
  if (v.locked) throw conflict('version_locked');
  throw conflict('version.stale_revision', { revision: v.revision, sent: revision });
}

/**
 * Stores one batch; answers the new revision, the undo action's id and the size of the entry as
 * stored (whether it can travel with the live event).
 */
export async function applyBatch(
  db: Kysely<DB>,
  s: Scope,
  revision: number,
  origin: 'do' | 'undo' | 'redo',
  entry: HistoryEntry,
): Promise<{ revision: number; action_id: string; entryBytes: number }> {
  try {
    return await db.transaction().execute(async (tx) => {
      await sql`SET CONSTRAINTS ${DEFERRED} DEFERRED`.execute(tx);
      const bumped = await tx
        .updateTable('versions')
        .set({ revision: sql`revision + 1`, timetable_state: 'not_calculated' })
        .where('space_id', '=', s.spaceId)
        .where('id', '=', s.versionId)
        .where('revision', '=', revision)
        .where('locked', '=', false)
        .returning('revision')
        .executeTakeFirst();
      if (!bumped) return refuse(tx, s, revision);
      await applyEntry(tx, s, entry.patches);
      const action = await logAction(tx, s, bumped.revision, origin, entry);
      return { revision: bumped.revision, action_id: action.id, entryBytes: action.bytes };
    });
  } catch (err) {
    throw mapDbError(err, false);
  }
}

/**
 * Undo-actions restore: the inverse of the action and of every later one, newest first, each
 * logged as a new 'restore' action. Anything that no longer applies is a 409 and nothing changes.
 */
export async function restoreAction(
  db: Kysely<DB>,
  s: Scope,
  actionId: string,
): Promise<{ revision: number; action_id: string }> {
  try {
    return await db.transaction().execute(async (tx) => {
      await sql`SET CONSTRAINTS ${DEFERRED} DEFERRED`.execute(tx);
      const v = await tx
        .selectFrom('versions')
        .select(['revision', 'locked'])
        .where('space_id', '=', s.spaceId)
        .where('id', '=', s.versionId)
        .forUpdate()
        .executeTakeFirst();
      if (!v) throw notFound('version');
      if (v.locked) throw conflict('version_locked');
      const target = await tx
        .selectFrom('wbs_undo_actions')
        .select('revision')
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('id', '=', actionId)
        .executeTakeFirst();
      if (!target) throw notFound('undo_action');
      const later = await tx
        .selectFrom('wbs_undo_actions')
        .select(['entry'])
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('revision', '>=', target.revision)
        .orderBy('revision', 'desc')
        .execute();
      let revision = v.revision;
      let last = '';
      for (const a of later) {
        const e = deserializeEntry(a.entry);
        const inverse: HistoryEntry = { ...e, patches: e.inversePatches, inversePatches: e.patches };
        await applyEntry(tx, s, inverse.patches);
        revision += 1;
        last = (await logAction(tx, s, revision, 'restore', inverse)).id;
      }
      await tx
        .updateTable('versions')
        .set({ revision, timetable_state: 'not_calculated' })
        .where('space_id', '=', s.spaceId)
        .where('id', '=', s.versionId)
        .execute();
      return { revision, action_id: last };
    });
  } catch (err) {
    throw mapDbError(err, true);
  }
}
