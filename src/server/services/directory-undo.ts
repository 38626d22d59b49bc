// The server-kept undo history of a directory's values (issue 20; migrations/084): every edit of
// the Directories screen's values grid — a typed cell, a paste, a fill, Backspace, an add, a
// delete, a move or indent — is one step of the caller's own history of that directory,
// {values: [{id, before, after}], links, lists, resources, relations}: the value rows as they were
// and became (null: absent), and for a delete what went with the deleted values (the WBS rows'
// and resources' links to them, their places in the directory's lists, the relation rows naming
// them), put back by its undo. Undo applies a step's `before` side and marks it undone, redo its
// `after` side; the member's next edit of that directory clears the undone steps. Values are
// shared by the space's members, so a step is applied only while its values are still as the step
// left them (and a value it removes has nothing under it or linked to it the step does not carry):
// otherwise 409 `directory.undo_changed`, and the step leaves the history (what another member
// changed since is never overwritten).
import { historyState } from './history-state';
import type { Kysely, Transaction } from 'kysely';
import type { DIRECTORY_UNDO_LABELS } from '../../api/directory-undo';
import type { DB } from '../db/schema';
import { conflict } from '../errors';
import { type Dependents, dependentKeys, dependentsOf, putBack } from './directory-undo-links';

type Db = Kysely<DB> | Transaction<DB>;

export type DirectoryUndoLabel = (typeof DIRECTORY_UNDO_LABELS)[number];

export interface ValueRow {
  id: string;
  parent_id: string | null;
  sort_order: number;
  code: string;
  name: string;
  attribute_values: Record<string, string | number | null>;
}

export interface ValueChange {
  id: string;
  before: ValueRow | null;
  after: ValueRow | null;
}

export interface DirectoryStep extends Partial<Dependents> {
  values: ValueChange[];
}

/** Steps kept per member and directory (older ones drop off). */
export const UNDO_DEPTH = 100;

export interface UndoScope {
  spaceId: string;
  userId: string;
  directoryId: string;
}

const mine = (tx: Db, s: UndoScope) =>
  tx
    .deleteFrom('directory_undo')
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId)
    .where('directory_id', '=', s.directoryId);

/** Stores one edit as the member's newest step of the directory (the redo stack goes). */
export async function recordStep(tx: Db, s: UndoScope, label: DirectoryUndoLabel, step: DirectoryStep) {
  if (step.values.length === 0) return;
  await mine(tx, s).where('undone', '=', true).execute();
  const last = await tx
    .selectFrom('directory_undo')
    .select((b) => b.fn.max('seq').as('seq'))
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId)
    .where('directory_id', '=', s.directoryId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await tx
    .insertInto('directory_undo')
    .values({
      space_id: s.spaceId,
      user_id: s.userId,
      directory_id: s.directoryId,
      seq,
      label,
      entry: JSON.stringify(step),
    })
    .execute();
  await mine(tx, s)
    .where('seq', '<=', seq - UNDO_DEPTH)
    .execute();
}

/** What Ctrl+Z and Ctrl+Y would do now for the member in the directory. */
export async function undoState(db: Db, s: UndoScope) {
  const rows = await db
    .selectFrom('directory_undo')
    .select(['seq', 'label', 'undone'])
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId)
    .where('directory_id', '=', s.directoryId)
    .orderBy('seq', 'asc')
    .execute();
  return historyState(rows.map((r) => ({ label: r.label as DirectoryUndoLabel, undone: r.undone })));
}

/** The directory's values with these ids, as rows. */
export async function readValues(tx: Db, spaceId: string, directoryId: string, ids: readonly string[]) {
  const out = new Map<string, ValueRow>();
  if (ids.length === 0) return out;
  const rows = await tx
    .selectFrom('directory_values')
    .select(['id', 'parent_id', 'sort_order', 'code', 'name', 'attribute_values'])
    .where('space_id', '=', spaceId)
    .where('directory_id', '=', directoryId)
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) out.set(r.id, { ...r, sort_order: Number(r.sort_order) });
  return out;
}

/** The fields a step compares and writes (all of a value but its id). */
export const sameValue = (a: ValueRow | null, b: ValueRow | null) =>
  a === null || b === null
    ? a === b
    : a.parent_id === b.parent_id &&
      Number(a.sort_order) === Number(b.sort_order) &&
      a.code === b.code &&
      a.name === b.name &&
      JSON.stringify(sorted(a.attribute_values)) === JSON.stringify(sorted(b.attribute_values));

const sorted = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));

export class Changed extends Error {}

/**
 * Writes value rows (parents before their children): updates, re-creations under the same ids.
 * A code another row of the step gives up is first parked on a placeholder, so codes swapped
 * within one step do not meet the unique index halfway.
 */
export async function writeValues(tx: Db, spaceId: string, directoryId: string, rows: readonly ValueRow[]) {
  const ids = new Set(rows.map((r) => r.id));
  const now = await readValues(tx, spaceId, directoryId, [...ids]);
  const moving = rows.filter((r) => now.has(r.id) && now.get(r.id)!.code !== r.code);
  for (const r of moving)
    await tx
      .updateTable('directory_values')
      .set({ code: `\u001f${r.id}` })
      .where('space_id', '=', spaceId)
      .where('id', '=', r.id)
      .execute();
  const pending = [...rows];
  const written = new Set<string>();
  while (pending.length > 0) {
    const at = pending.findIndex((r) => !r.parent_id || !ids.has(r.parent_id) || written.has(r.parent_id));
    const r = pending.splice(at < 0 ? 0 : at, 1)[0]!;
    const cols = {
      parent_id: r.parent_id,
      sort_order: r.sort_order,
      code: r.code,
      name: r.name,
      attribute_values: JSON.stringify(r.attribute_values),
    };
    await tx
      .insertInto('directory_values')
      .values({ space_id: spaceId, directory_id: directoryId, id: r.id, ...cols })
      .onConflict((oc) => oc.columns(['space_id', 'id']).doUpdateSet(cols))
      .execute();
    written.add(r.id);
  }
}

/**
 * Puts a step's `side` in place: every value of the step must still be as the other side left it,
 * a value it removes must have nothing under it or linked to it that the step does not carry, a
 * parent outside the step must still be there and a code it writes must be free (else Changed).
 */
async function applySide(tx: Db, s: UndoScope, step: DirectoryStep, side: 'before' | 'after') {
  const other = side === 'before' ? 'after' : 'before';
  const ids = step.values.map((c) => c.id);
  const inStep = new Set(ids);
  const now = await readValues(tx, s.spaceId, s.directoryId, ids);
  for (const c of step.values) if (!sameValue(now.get(c.id) ?? null, c[other])) throw new Changed();
  const removed = step.values.filter((c) => c[side] === null && c[other] !== null).map((c) => c.id);
  if (removed.length > 0) {
    const gone = new Set(removed);
    const under = await tx
      .selectFrom('directory_values')
      .select('id')
      .where('space_id', '=', s.spaceId)
      .where('parent_id', 'in', removed)
      .execute();
    if (under.some((m) => !gone.has(m.id))) throw new Changed();
    // Links made since to a value this removes stop the step (a delete's redo carries its own).
    const found = await dependentsOf(tx, s.spaceId, removed);
    for (const k of Object.keys(dependentKeys) as (keyof Dependents)[]) {
      const key = dependentKeys[k] as (x: unknown) => string;
      const carried = new Set((step[k] ?? []).map(key));
      if (found[k].some((x) => !carried.has(key(x)))) throw new Changed();
    }
    await tx
      .deleteFrom('directory_values')
      .where('space_id', '=', s.spaceId)
      .where('id', 'in', removed)
      .execute();
  }
  const rows = step.values.flatMap((c) => (c[side] ? [c[side]] : []));
  if (rows.length === 0) return;
  const parents = [
    ...new Set(rows.flatMap((r) => (r.parent_id && !inStep.has(r.parent_id) ? [r.parent_id] : []))),
  ];
  if ((await readValues(tx, s.spaceId, s.directoryId, parents)).size < parents.length) throw new Changed();
  const taken = await tx
    .selectFrom('directory_values')
    .select('id')
    .where('space_id', '=', s.spaceId)
    .where('directory_id', '=', s.directoryId)
    .where(
      'code',
      'in',
      rows.map((r) => r.code),
    )
    .execute();
  if (taken.some((t) => !inStep.has(t.id))) throw new Changed();
  await writeValues(tx, s.spaceId, s.directoryId, rows);
  if (side === 'before') await putBack(tx, s.spaceId, step);
}

/**
 * Undo (the member's newest done step of the directory, its `before` side) or redo (the oldest
 * undone one, its `after` side). Answers the step and the history's state after it.
 */
export async function undoRedo(db: Kysely<DB>, s: UndoScope, which: 'undo' | 'redo') {
  let stale: number | null = null;
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('directory_undo')
        .select(['seq', 'label', 'entry'])
        .where('space_id', '=', s.spaceId)
        .where('user_id', '=', s.userId)
        .where('directory_id', '=', s.directoryId)
        .where('undone', '=', which === 'redo')
        .orderBy('seq', which === 'undo' ? 'desc' : 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw conflict(which === 'undo' ? 'directory.nothing_to_undo' : 'directory.nothing_to_redo');
      stale = row.seq;
      const step = row.entry as DirectoryStep;
      await applySide(tx, s, step, which === 'undo' ? 'before' : 'after');
      await tx
        .updateTable('directory_undo')
        .set({ undone: which === 'undo' })
        .where('space_id', '=', s.spaceId)
        .where('user_id', '=', s.userId)
        .where('directory_id', '=', s.directoryId)
        .where('seq', '=', row.seq)
        .execute();
      return { label: row.label as DirectoryUndoLabel, step, ...(await undoState(tx, s)) };
    });
  } catch (err) {
    if (!(err instanceof Changed) || stale === null) throw err;
    // Another member changed these values since: the step cannot apply and leaves the history.
    await mine(db, s).where('seq', '=', stale).execute();
    throw conflict('directory.undo_changed');
  }
}
