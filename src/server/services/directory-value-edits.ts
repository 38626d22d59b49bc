// One edit of a directory's values (issue 20): changes, additions and deletions applied together
// in one transaction and stored as one step of the caller's undo history of the directory
// (directory-undo.ts). The value routes (create, update, delete) and the batch route of the values
// grid (a paste, a fill, Backspace) all go through here. Checks as the single routes always did:
// a parent must be a value of the directory (and not under the value moved: 400 naming the field),
// codes stay unique in the directory (409 directory.code_taken), unknown values are 404.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DirectoryValue } from '../../api/directories';
import type { DirectoryAttributeDef, DB } from '../db/schema';
import { canMoveUnder, nextOrder, subtreeIds } from '../../domain/directory';
import { badRequest, conflict, notFound } from '../errors';
import {
  type DirectoryStep,
  type DirectoryUndoLabel,
  type UndoScope,
  type ValueChange,
  type ValueRow,
  recordStep,
  sameValue,
  writeValues,
} from './directory-undo';
import { dependentsOf } from './directory-undo-links';

type Attr = Record<string, string | number | null>;

export interface ValueEditInput {
  parent_id: string | null;
  code: string;
  name: string;
  sort_order?: number | undefined;
  attribute_values?: Attr | undefined;
}

export interface ValueEdits {
  creates?: readonly ValueEditInput[];
  updates?: readonly (ValueEditInput & { id: string })[];
  deletes?: readonly string[];
}

/** Where a refusal points: the single routes name `body.parent_id`, the batch `body.updates.2.parent_id`. */
export type FieldOf = (list: 'creates' | 'updates' | 'deletes', index: number, field: string) => string;

export interface EditResult {
  created: ValueRow[];
  updated: ValueRow[];
  /** Values deleted (with the ones under them) and the links of rows to them that went. */
  removed: number;
  unlinked: number;
}

/** Applies the edits in one transaction and records them as one step (label) of the caller's history. */
export async function editValues(
  db: Kysely<DB>,
  s: UndoScope,
  d: { attributes: readonly DirectoryAttributeDef[] },
  edits: ValueEdits,
  label: DirectoryUndoLabel,
  fieldOf: FieldOf,
): Promise<EditResult> {
  const known = (values: Attr | undefined) =>
    Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => d.attributes.some((a) => a.key === k)));
  try {
    return await db.transaction().execute(async (tx) => {
      const all = (
        await tx
          .selectFrom('directory_values')
          .select(['id', 'parent_id', 'sort_order', 'code', 'name', 'attribute_values'])
          .where('space_id', '=', s.spaceId)
          .where('directory_id', '=', s.directoryId)
          .execute()
      ).map((r) => ({ ...r, sort_order: Number(r.sort_order) }));
      const start = new Map(all.map((v) => [v.id, v]));
      const now = new Map(start);
      const siblings = (p: string | null) => [...now.values()].filter((v) => v.parent_id === p);
      const updated: ValueRow[] = [];
      (edits.updates ?? []).forEach((u, i) => {
        const cur = now.get(u.id);
        if (!cur) throw notFound('value');
        if (!canMoveUnder([...now.values()], cur.id, u.parent_id))
          throw badRequest('wrong_parent', { field: fieldOf('updates', i, 'parent_id') });
        const moved = u.parent_id !== cur.parent_id;
        const next: ValueRow = {
          id: cur.id,
          parent_id: u.parent_id,
          sort_order: u.sort_order ?? (moved ? nextOrder(siblings(u.parent_id)) : cur.sort_order),
          code: u.code,
          name: u.name,
          attribute_values: u.attribute_values ? known(u.attribute_values) : cur.attribute_values,
        };
        now.set(cur.id, next);
        updated.push(next);
      });
      const created: ValueRow[] = [];
      (edits.creates ?? []).forEach((c, i) => {
        if (c.parent_id !== null && !now.has(c.parent_id))
          throw badRequest('wrong_parent', { field: fieldOf('creates', i, 'parent_id') });
        const v: ValueRow = {
          id: randomUUID(),
          parent_id: c.parent_id,
          sort_order: c.sort_order ?? nextOrder(siblings(c.parent_id)),
          code: c.code,
          name: c.name,
          attribute_values: known(c.attribute_values),
        };
        now.set(v.id, v);
        created.push(v);
      });
      const gone = new Set<string>();
      for (const id of edits.deletes ?? []) {
        if (!now.has(id)) throw notFound('value');
        for (const x of subtreeIds([...now.values()], id)) gone.add(x);
      }
      // Codes stay unique among the values that remain.
      const codes = new Map<string, string>();
      for (const v of now.values()) {
        if (gone.has(v.id)) continue;
        if (codes.has(v.code)) throw conflict('directory.code_taken', { code: v.code });
        codes.set(v.code, v.id);
      }
      const removedIds = [...gone].filter((id) => start.has(id));
      const dependents = await dependentsOf(tx, s.spaceId, removedIds);
      const changes: ValueChange[] = [
        ...updated.map((v) => ({ id: v.id, before: start.get(v.id)!, after: v })),
        ...created.map((v) => ({ id: v.id, before: null, after: v })),
      ].filter((c) => !gone.has(c.id));
      for (const id of removedIds) changes.push({ id, before: start.get(id)!, after: null });
      const step: DirectoryStep = { values: changes, ...(removedIds.length > 0 ? dependents : {}) };
      const written = [...updated, ...created].filter((v) => !gone.has(v.id));
      await writeValues(tx, s.spaceId, s.directoryId, written);
      if (gone.size > 0)
        await tx
          .deleteFrom('directory_values')
          .where('space_id', '=', s.spaceId)
          .where('id', 'in', [...gone])
          .execute();
      // A value that ends as it started is no step of the history.
      step.values = step.values.filter((c) => !sameValue(c.before, c.after));
      await recordStep(tx, s, label, step);
      return {
        created,
        updated: updated.filter((v) => !gone.has(v.id)),
        removed: gone.size,
        unlinked: dependents.links.length,
      };
    });
  } catch (err) {
    // Another member took the code in the meantime (the unique index of codes, not of steps).
    const e = err as { code?: string; constraint?: string; detail?: string };
    if (e.code === '23505' && `${e.constraint ?? ''} ${e.detail ?? ''}`.includes('code'))
      throw conflict('directory.code_taken', { code: '' });
    throw err;
  }
}

/** The values with the count of rows linked to each. */
export async function withLinkedRows(
  db: Kysely<DB>,
  spaceId: string,
  rows: readonly ValueRow[],
): Promise<DirectoryValue[]> {
  const counts = new Map<string, number>();
  if (rows.length > 0)
    for (const r of await db
      .selectFrom('wbs_directory_links')
      .select('value_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('space_id', '=', spaceId)
      .where(
        'value_id',
        'in',
        rows.map((v) => v.id),
      )
      .groupBy('value_id')
      .execute())
      counts.set(r.value_id, Number(r.n));
  return rows.map((v) => ({ ...v, linked_rows: counts.get(v.id) ?? 0 }));
}
