// The server-kept undo history of a space's resources (issue 17; migrations/050): every create,
// edit, delete and batch (matrix paste, import) of the Resources screen is one step of the
// caller's own history in that space, {resources: [{id, before, after}], copies, assignments}:
// the resource rows as they were and became (null: absent), and for a delete the versions' copies
// of the deleted resources and their assignments, put back by its undo. Undo applies a step's
// `before` side and marks it undone, redo its `after` side; the member's next edit clears the
// undone steps. Resources are shared by the space's members, so a step is applied only while its
// resources are still as the step left them (and a resource it removes is in no version and has
// no members the step does not carry): otherwise 409 `resources.undo_changed`, and the step leaves
// the history (what another member changed since is never overwritten).
import { historyState } from './history-state';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Resource } from '../../api/resources';
import type { DB, VersionAssignmentsTable, VersionResourcesTable } from '../db/schema';
import { conflict } from '../errors';

type Db = Kysely<DB> | Transaction<DB>;

export type UndoLabel = 'create' | 'edit' | 'delete' | 'batch';

export interface ResourceChange {
  id: string;
  before: Resource | null;
  after: Resource | null;
}

export interface ResourceStep {
  resources: ResourceChange[];
  /** A delete's versions' copies of the deleted resources and their assignments. */
  copies?: Selectable<VersionResourcesTable>[];
  assignments?: Selectable<VersionAssignmentsTable>[];
}

/** Steps kept per member and space (older ones drop off). */
export const UNDO_DEPTH = 100;

export interface UndoScope {
  spaceId: string;
  userId: string;
}

/** Stores one edit as the member's newest step (the redo stack goes). */
export async function recordStep(tx: Db, s: UndoScope, label: UndoLabel, step: ResourceStep) {
  if (step.resources.length === 0) return;
  const mine = tx
    .deleteFrom('resource_undo')
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId);
  await mine.where('undone', '=', true).execute();
  const last = await tx
    .selectFrom('resource_undo')
    .select((b) => b.fn.max('seq').as('seq'))
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await tx
    .insertInto('resource_undo')
    .values({ space_id: s.spaceId, user_id: s.userId, seq, label, entry: JSON.stringify(step) })
    .execute();
  await mine.where('seq', '<=', seq - UNDO_DEPTH).execute();
}

/** What Ctrl+Z and Ctrl+Y would do now for the member. */
export async function undoState(db: Db, s: UndoScope) {
  const rows = await db
    .selectFrom('resource_undo')
    .select(['seq', 'label', 'undone'])
    .where('space_id', '=', s.spaceId)
    .where('user_id', '=', s.userId)
    .orderBy('seq', 'asc')
    .execute();
  return historyState(rows.map((r) => ({ label: r.label as UndoLabel, undone: r.undone })));
}

/** The fields a step compares and writes (all of a resource but its id). */
const same = (a: Resource | null, b: Resource | null) =>
  a === null || b === null
    ? a === b
    : a.parent_id === b.parent_id &&
      a.code === b.code &&
      a.name === b.name &&
      a.kind === b.kind &&
      a.resource_type === b.resource_type &&
      a.unit === b.unit &&
      Number(a.price) === Number(b.price) &&
      Number(a.default_limit) === Number(b.default_limit) &&
      JSON.stringify(a.limits) === JSON.stringify(b.limits) &&
      a.calendar_id === b.calendar_id &&
      a.specialty === b.specialty &&
      a.user_id === b.user_id &&
      a.sort_order === b.sort_order;

class Changed extends Error {}

/**
 * Puts a step's `side` in place: every resource of the step must still be as the other side left
 * it (else Changed). Parents are written before their members; removed resources go with what
 * cascades from them; a delete's undo puts the versions' copies and assignments back where their
 * version and row still are.
 */
async function applySide(
  tx: Db,
  spaceId: string,
  step: ResourceStep,
  side: 'before' | 'after',
  read: (tx: Db, spaceId: string, ids: string[]) => Promise<Map<string, Resource>>,
) {
  const other = side === 'before' ? 'after' : 'before';
  const ids = step.resources.map((c) => c.id);
  const now = await read(tx, spaceId, ids);
  for (const c of step.resources) if (!same(now.get(c.id) ?? null, c[other])) throw new Changed();
  const removed = step.resources.filter((c) => c[side] === null && c[other] !== null).map((c) => c.id);
  if (removed.length > 0) {
    const gone = new Set(removed);
    // Members added since under a resource this removes, or a version using it, stop the step
    // (unless it is a delete's redo, whose copies the step carries and puts back on undo).
    const members = await tx
      .selectFrom('resources')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('parent_id', 'in', removed)
      .execute();
    if (members.some((m) => !gone.has(m.id))) throw new Changed();
    const carried = new Set((step.copies ?? []).map((c) => `${c.version_id}/${c.id}`));
    const used = await tx
      .selectFrom('version_resources')
      .select(['version_id', 'id'])
      .where('space_id', '=', spaceId)
      .where('resource_id', 'in', removed)
      .execute();
    if (used.some((u) => !carried.has(`${u.version_id}/${u.id}`))) throw new Changed();
    await tx.deleteFrom('resources').where('space_id', '=', spaceId).where('id', 'in', removed).execute();
    await tx
      .deleteFrom('version_resources')
      .where('space_id', '=', spaceId)
      .where('resource_id', 'in', removed)
      .execute();
  }
  // Parents first: a row is written once its parent (when the step has it) is.
  const pending = step.resources.flatMap((c) => (c[side] ? [c[side]] : []));
  const written = new Set<string>();
  const inStep = new Set(pending.map((r) => r.id));
  while (pending.length > 0) {
    const at = pending.findIndex((r) => !r.parent_id || !inStep.has(r.parent_id) || written.has(r.parent_id));
    const r = pending.splice(at < 0 ? 0 : at, 1)[0]!;
    const cols = {
      parent_id: r.parent_id,
      code: r.code,
      name: r.name,
      kind: r.kind,
      resource_type: r.resource_type,
      unit: r.unit,
      price: r.price,
      default_limit: r.default_limit,
      limits: JSON.stringify(r.limits),
      calendar_id: r.calendar_id,
      specialty: r.specialty,
      user_id: r.user_id,
      sort_order: r.sort_order,
    };
    await tx
      .insertInto('resources')
      .values({ space_id: spaceId, id: r.id, ...cols })
      .onConflict((oc) => oc.columns(['space_id', 'id']).doUpdateSet(cols))
      .execute();
    await tx
      .updateTable('version_resources')
      .set({ name: r.name, calendar_id: r.calendar_id })
      .where('space_id', '=', spaceId)
      .where('resource_id', '=', r.id)
      .execute();
    written.add(r.id);
  }
  if (side === 'before' && removed.length === 0 && step.copies?.length) {
    // A delete's undo: the copies where their version still is, the assignments where their row is.
    const versions = new Set(
      (
        await tx
          .selectFrom('versions')
          .select('id')
          .where('space_id', '=', spaceId)
          .where('id', 'in', [...new Set(step.copies.map((c) => c.version_id))])
          .execute()
      ).map((v) => v.id),
    );
    const copies = step.copies.filter((c) => versions.has(c.version_id));
    if (copies.length > 0)
      await tx
        .insertInto('version_resources')
        .values(copies.map((c) => ({ ...c, space_id: spaceId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    const list = (step.assignments ?? []).filter((a) => versions.has(a.version_id));
    if (list.length > 0) {
      const rows = new Set(
        (
          await tx
            .selectFrom('wbs_items')
            .select(['version_id', 'id'])
            .where('space_id', '=', spaceId)
            .where('id', 'in', [...new Set(list.map((a) => a.wbs_id))])
            .execute()
        ).map((w) => `${w.version_id}/${w.id}`),
      );
      const back = list.filter((a) => rows.has(`${a.version_id}/${a.wbs_id}`));
      if (back.length > 0)
        await tx
          .insertInto('version_assignments')
          .values(
            back.map((a) => ({
              ...a,
              space_id: spaceId,
              curve_values: a.curve_values == null ? null : JSON.stringify(a.curve_values),
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
  }
}

/**
 * Undo (the member's newest done step, its `before` side) or redo (the oldest undone step, its
 * `after` side). Answers the step's label and the history's state after it.
 */
export async function undoRedo(
  db: Kysely<DB>,
  s: UndoScope,
  which: 'undo' | 'redo',
  read: (tx: Db, spaceId: string, ids: string[]) => Promise<Map<string, Resource>>,
) {
  let stale: number | null = null;
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('resource_undo')
        .select(['seq', 'label', 'entry'])
        .where('space_id', '=', s.spaceId)
        .where('user_id', '=', s.userId)
        .where('undone', '=', which === 'redo')
        .orderBy('seq', which === 'undo' ? 'desc' : 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw conflict(which === 'undo' ? 'resources.nothing_to_undo' : 'resources.nothing_to_redo');
      stale = row.seq;
      await applySide(tx, s.spaceId, row.entry as ResourceStep, which === 'undo' ? 'before' : 'after', read);
      await tx
        .updateTable('resource_undo')
        .set({ undone: which === 'undo' })
        .where('space_id', '=', s.spaceId)
        .where('user_id', '=', s.userId)
        .where('seq', '=', row.seq)
        .execute();
      return {
        label: row.label as UndoLabel,
        ids: (row.entry as ResourceStep).resources.map((c) => c.id),
        ...(await undoState(tx, s)),
      };
    });
  } catch (err) {
    if (!(err instanceof Changed) || stale === null) throw err;
    // Another member changed these resources since: the step cannot apply and leaves the history.
    await db
      .deleteFrom('resource_undo')
      .where('space_id', '=', s.spaceId)
      .where('user_id', '=', s.userId)
      .where('seq', '=', stale)
      .execute();
    throw conflict('resources.undo_changed');
  }
}
