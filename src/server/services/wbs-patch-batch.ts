// One stored command: in ONE transaction the version's revision is checked and bumped (the
// row lock orders concurrent writers), the patches applied, new relations checked, and the entry
// appended to the undo log. The timetable becomes not_calculated: the workbench recomputes in
// its worker on every edit, and a server calculation of a 100k-row version per keystroke would
// cost more than the edit; Calculate (timetable routes) stores dates when asked.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { UnseenChange } from '../../api/wbs-batch';
import { deserializeEntry, overlapsBetween, serializeEntry } from '../../domain/history';
import type { HistoryEntry } from '../../domain/history';
import type { DB } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import type { Item } from '../errors';
import { toDbOps } from './wbs-patch';
import type { DbOp } from './wbs-patch';
import { applyOps, checkRelations } from './wbs-patch-apply';
import { applyWdpPatches, isWdpPath, toWdpOps } from './wdp-patch';
import { applyAssignmentPatches, isAssignmentPath, toAssignmentOps } from './assignment-patch';
import { removedRowsCascade, withCascade } from './removed-rows-cascade';
import { applyKeptPatches, isKeptPatch, returningKept, withoutKept } from './removed-rows-kept';
import { applyLevellingPatches, isLevellingPath, toLevellingOps } from './levelling-patch';
import type { Cascade } from './removed-rows-cascade';
import { entryColumns, prepareEntry, storedEntry } from './undo-entry-store';
import type { PreparedEntry } from './undo-entry-store';

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

/** The largest stored entry that rides along with its version_updated event (PostgreSQL's NOTIFY
 *  takes under 8,000 bytes); a bigger one makes open pages read the version again. */
export const LIVE_ENTRY_BYTES = 6000;

const bad = (items: Item[]) => new HttpError(400, 'BadRequest', items);

/**
 * The WBS ops readEntry checked, by the patch list they came from: the batch applies them
 * without checking every patch a second time (a 10,000 × 10 paste is 60,000 patches).
 */
const checkedOps = new WeakMap<readonly Patch[], DbOp[]>();

/** Rebuilds and checks an entry from the request: both directions must be valid patches. */
export function readEntry(raw: unknown): HistoryEntry {
  let entry: HistoryEntry;
  try {
    entry = deserializeEntry(raw);
  } catch (err) {
    throw bad([{ code: 'wbs.bad_entry', params: { reason: (err as Error).message } }]);
  }
  // Day values (undo_wdp) ride in the same entries as WBS patches: each part checked by its own.
  // So do assignments and levellings (issue 17).
  const wbs = (ps: readonly Patch[]) => ps.filter((p) => !isSidePath(p));
  const wdp = (ps: readonly Patch[]) => ps.filter(isWdpPath);
  const asg = (ps: readonly Patch[]) => ps.filter(isAssignmentPath);
  const lev = (ps: readonly Patch[]) => ps.filter(isLevellingPath);
  const forward = toDbOps(wbs(entry.patches), 'patches');
  const errors = [
    ...forward.errors,
    ...toDbOps(wbs(entry.inversePatches), 'inversePatches').errors,
    ...toWdpOps(wdp(entry.patches), 'patches').errors,
    ...toWdpOps(wdp(entry.inversePatches), 'inversePatches').errors,
    ...toAssignmentOps(asg(entry.patches), 'patches').errors,
    ...toAssignmentOps(asg(entry.inversePatches), 'inversePatches').errors,
    ...toLevellingOps(lev(entry.patches), 'patches').errors,
    ...toLevellingOps(lev(entry.inversePatches), 'inversePatches').errors,
  ];
  if (errors.length) throw bad(errors);
  checkedOps.set(entry.patches, forward.ops);
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

/**
 * Whether the ops can write a key that a deferred foreign key checks (whole rows or relations, a
 * move, a re-pointed link, day values): only then must the keys wait for the commit. A batch of
 * plain field and attribute edits skips the SET CONSTRAINTS round trip.
 */
function needsDeferredKeys(ops: readonly DbOp[], days: number): boolean {
  if (days > 0) return true;
  return ops.some(
    (op) =>
      op.op === 'add' ||
      op.op === 'replace' ||
      op.op === 'remove' ||
      (op.op === 'field' && ('parent_id' in op.values || 'pred_id' in op.values || 'succ_id' in op.values)),
  );
}

const isSidePath = (p: Patch) => isWdpPath(p) || isAssignmentPath(p) || isLevellingPath(p) || isKeptPatch(p);

/** Rows an entry adds (a new row, or a removed one put back by an undo). */
const addedRows = (patches: readonly Patch[]): Set<string> =>
  new Set(
    patches
      .filter((p) => p.op === 'add' && p.path[0] === 'rows' && p.path.length === 2)
      .map((p) => String(p.path[1])),
  );

/** Applies an entry's patches as the version's `revision` (a levelling put back is made on it). */
async function applyEntry(
  tx: Transaction<DB>,
  s: Scope,
  patches: readonly Patch[],
  revision: number,
  deferred = true,
) {
  const known = checkedOps.get(patches);
  const { ops, errors } = known ? { ops: known, errors: [] } : toDbOps(patches.filter((p) => !isSidePath(p)));
  if (errors.length) throw bad(errors);
  const days = patches.filter(isWdpPath);
  const assignments = patches.filter(isAssignmentPath);
  const levelling = patches.filter(isLevellingPath);
  if (!deferred && needsDeferredKeys(ops, days.length + assignments.length))
    await sql`SET CONSTRAINTS ${DEFERRED} DEFERRED`.execute(tx);
  await checkRelations(tx, s, await applyOps(tx, s, ops));
  if (days.length > 0) await applyWdpPatches(tx, s, days, addedRows(patches));
  if (assignments.length > 0) await applyAssignmentPatches(tx, s, assignments);
  // After the rows: a levelling's starts of rows not there are skipped.
  if (levelling.length > 0) await applyLevellingPatches(tx, s, levelling, revision);
  // Rows' wdp settings and timesheet lines (the server's own, see removed-rows-kept.ts).
  const kept = patches.filter(isKeptPatch);
  if (kept.length > 0) await applyKeptPatches(tx, s, kept);
}

/** The cascade without the kept paths the client's entry already carries (its step has them). */
function unseen(c: Cascade, carried: ReadonlySet<string>): Cascade | null {
  const fresh = (p: Patch) => !isKeptPatch(p) || !carried.has(p.path.join('/'));
  const out = { patches: c.patches.filter(fresh), inversePatches: c.inversePatches.filter(fresh) };
  return out.patches.length > 0 ? out : null;
}

/**
 * Appends the entry to the undo log at `revision` and moves the version to it, in one statement:
 * the version's revision and timetable state, the log's row, and the trim of the log (it keeps the
 * newest actions only, the client's history holds 200: a paste's entry can be megabytes, and
 * restore further back than this is refused as not found).
 */
export async function logAction(
  tx: Transaction<DB>,
  // A system job's change (a calculation nobody asked for) has no user.
  s: Omit<Scope, 'userId'> & { userId: string | null },
  revision: number,
  origin: Origin,
  entry: HistoryEntry,
  // A change the calculation itself makes (plans following dates) leaves the timetable calculated.
  keepTimetable = false,
  prepared: PreparedEntry = prepareLog(entry),
): Promise<{ id: string; bytes: number }> {
  const stored = await entryColumns(prepared);
  const { rows } = await sql<{ id: string }>`WITH bump AS (
      UPDATE versions SET revision = ${revision},
        timetable_state = ${keepTimetable ? sql`timetable_state` : sql`'not_calculated'`}
      WHERE space_id = ${s.spaceId} AND id = ${s.versionId}),
    trim AS (
      DELETE FROM wbs_undo_actions WHERE space_id = ${s.spaceId} AND version_id = ${s.versionId}
        AND revision <= ${revision - UNDO_LOG_LIMIT})
    INSERT INTO wbs_undo_actions (space_id, version_id, revision, user_id, kind, label, origin, entry, packed)
    VALUES (${s.spaceId}, ${s.versionId}, ${revision}, ${s.userId}, ${entry.kind}, ${entry.labelKey},
      ${origin}, ${stored.entry}, ${stored.packed})
    RETURNING id`.execute(tx);
  return { id: rows[0]!.id, bytes: Buffer.byteLength(prepared.text) };
}

/** An entry's log text, its packing started so that it overlaps the batch's statements. */
export function prepareLog(entry: HistoryEntry): PreparedEntry {
  const text = JSON.stringify(
    serializeEntry({
      kind: entry.kind,
      labelKey: entry.labelKey,
      patches: entry.patches,
      inversePatches: entry.inversePatches,
    }),
  );
  return prepareEntry(text, entry.inversePatches);
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

/** The unseen changes an answer carries at most (bytes of stored entries); past it, a reload. */
export const CHANGES_MAX_BYTES = 2 * 1024 * 1024;

const toChange = (r: {
  revision: number;
  user_id: string | null;
  origin: string;
  entry: unknown;
  packed?: Uint8Array | string | null;
}) => ({
  revision: r.revision,
  user_id: r.user_id,
  origin: r.origin as UnseenChange['origin'],
  entry: storedEntry(r),
});

/** The changes stored after `revision` (the undo log's entries), oldest first; null if trimmed. */
async function changesSince(
  tx: Transaction<DB>,
  s: Scope,
  revision: number,
  current: number,
): Promise<UnseenChange[] | null> {
  const rows = await tx
    .selectFrom('wbs_undo_actions')
    .select(['revision', 'user_id', 'origin', 'entry', 'packed'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where('revision', '>', revision)
    .orderBy('revision', 'asc')
    .execute();
  // Every revision since has its action, unless the log was trimmed past it (then we cannot know).
  if (rows.length !== current - revision) return null;
  return rows.map(toChange);
}

/**
 * Locks the version row and reads, in the same statement, the log's entries after `revision`
 * (none when the batch is on the current revision). On PostgreSQL a writer that waited for the
 * lock sees the newest row but the log as of its statement's start: the entries then fall short
 * of the revision, and changesSince reads them again with a fresh snapshot.
 */
async function lockVersion(tx: Transaction<DB>, s: Scope, revision: number) {
  const { rows } = await sql<{
    revision: number;
    locked: boolean;
    since:
      | { revision: number; user_id: string | null; origin: string; entry: unknown; packed: string | null }[]
      | null;
  }>`SELECT v.revision, v.locked,
      CASE WHEN v.revision > ${revision} THEN (
        SELECT coalesce(json_agg(json_build_object('revision', u.revision, 'user_id', u.user_id,
          'origin', u.origin, 'entry', u.entry, 'packed', encode(u.packed, 'base64')) ORDER BY u.revision), '[]'::json)
        FROM wbs_undo_actions u
        WHERE u.space_id = v.space_id AND u.version_id = v.id AND u.revision > ${revision}) END AS since
    FROM versions v WHERE v.space_id = ${s.spaceId} AND v.id = ${s.versionId}
    FOR UPDATE OF v`.execute(tx);
  return rows[0];
}

const patchesOf = (c: UnseenChange): readonly Patch[] => deserializeEntry(c.entry).patches;

/** What a stored batch answers: the new revision, its action, and the changes the client lacks. */
export interface BatchResult {
  revision: number;
  action_id: string;
  /** Size of the stored entry (whether it can travel with the live event). */
  entryBytes: number;
  changes?: UnseenChange[];
  changes_omitted?: boolean;
  /** Assignments the batch's row removals took with them, now part of its logged entry. */
  cascade?: Cascade;
}

/**
 * Stores one batch. On the current revision it is applied at once. On an older one it is applied
 * when it overlaps nothing stored since (domain/history/overlap.ts), and the answer carries those
 * changes; when it overlaps, a 409 wbs.edit_conflict names each place with both values and carries
 * the changes, so the client can show them and let the user choose. The version row's lock orders
 * concurrent writers (PostgreSQL) and PGlite runs one transaction at a time, first come first served.
 */
export async function applyBatch(
  db: Kysely<DB>,
  s: Scope,
  revision: number,
  origin: 'do' | 'undo' | 'redo',
  entry: HistoryEntry,
  /** The entry as the request wrote it (readEntry's input): logged as it is when nothing was
   *  added to it, instead of written again from the patches (a 10k paste: ~60 ms). */
  written?: unknown,
): Promise<BatchResult> {
  let stale = false;
  try {
    return await db.transaction().execute(async (tx) => {
      const v = await lockVersion(tx, s, revision);
      if (!v) throw notFound('version');
      if (v.locked) throw conflict('version_locked');
      if (revision > v.revision) return refuse(tx, s, revision);
      let changes: UnseenChange[] = [];
      if (revision < v.revision) {
        stale = true;
        const read = v.since?.length === v.revision - revision ? v.since.map(toChange) : null;
        const since = read ?? (await changesSince(tx, s, revision, v.revision));
        if (!since) return refuse(tx, s, revision);
        const overlaps = overlapsBetween(entry.patches, since.map(patchesOf));
        if (overlaps.length > 0)
          throw new HttpError(
            409,
            'Conflict',
            [{ code: 'wbs.edit_conflict', params: { count: overlaps.length } }],
            {
              revision: v.revision,
              conflicts: overlaps,
              changes: since,
            },
          );
        changes = since;
      }
      const next = v.revision + 1;
      // Rows removed take their assignments, levelled starts and day values: the log's entry
      // carries them, so undo puts them back.
      // The rows' wdp settings and timesheet lines are the server's: what the client sent for
      // them is dropped, the removed rows' are read from the tables, and the rows an undo or redo
      // puts back get those the log's entry of their removal kept.
      const carriedKept = new Set(entry.patches.filter(isKeptPatch).map((p) => p.path.join('/')));
      const own = carriedKept.size > 0 || entry.inversePatches.some(isKeptPatch) ? withoutKept(entry) : entry;
      const cascade = await removedRowsCascade(tx, s, own.patches);
      let stored = cascade ? withCascade(own, cascade) : own;
      if (origin !== 'do') {
        const back = await returningKept(tx, s, [...addedRows(own.patches)]);
        if (back.patches.length > 0) stored = withCascade(stored, back);
      }
      // The log's row is written last: its packing (a big entry) runs beside the statements.
      // Its decoding is the entry applied, so it replays alike.
      const prepared =
        stored === entry && written !== undefined
          ? prepareEntry(JSON.stringify(written), entry.inversePatches)
          : prepareLog(stored);
      await applyEntry(tx, s, stored.patches, next, false);
      const action = await logAction(tx, s, next, origin, stored, false, prepared);
      const answered = cascade && (carriedKept.size > 0 ? unseen(cascade, carriedKept) : cascade);
      const out: BatchResult = {
        revision: next,
        action_id: action.id,
        entryBytes: action.bytes,
        ...(answered ? { cascade: answered } : {}),
      };
      if (changes.length === 0) return out;
      const bytes = changes.reduce((n, c) => n + JSON.stringify(c.entry).length, 0);
      return bytes <= CHANGES_MAX_BYTES ? { ...out, changes } : { ...out, changes_omitted: true };
    });
  } catch (err) {
    // On a stale revision, what no longer applies (a row removed meanwhile, a cycle with a link
    // added meanwhile) is a conflict with the changes since, not the client's bad input.
    throw mapDbError(err, stale);
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
        .select(['entry', 'packed'])
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('revision', '>=', target.revision)
        .orderBy('revision', 'desc')
        .execute();
      let revision = v.revision;
      let last = '';
      for (const a of later) {
        const e = deserializeEntry(storedEntry(a));
        const back: HistoryEntry = { ...e, patches: e.inversePatches, inversePatches: e.patches };
        // Rows it removes take what the entry does not carry (days, settings, timesheet lines).
        const cascade = await removedRowsCascade(tx, s, back.patches);
        const inverse = cascade ? withCascade(back, cascade) : back;
        revision += 1;
        await applyEntry(tx, s, inverse.patches, revision);
        // Logging moves the version to each revision in turn.
        last = (await logAction(tx, s, revision, 'restore', inverse)).id;
      }
      return { revision, action_id: last };
    });
  } catch (err) {
    throw mapDbError(err, true);
  }
}
