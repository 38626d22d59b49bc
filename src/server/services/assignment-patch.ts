// Assignment patches (src/domain/resources/assignment-patches.ts: ['assignments', id] with the
// whole row, or remove) checked and written inside a batch's transaction, beside the WBS and day
// patches of the same entry, and the log entry an assignment call stores for its edit.
import type { Patch } from 'immer';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { CurveKind } from '../../api/resources';
import { ASSIGNMENTS_ROOT } from '../../domain/resources/assignment-patches';
import type { AssignmentRow } from '../../domain/resources/assignment-patches';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import type { Item } from '../errors';

interface Scope {
  spaceId: string;
  versionId: string;
}

const Units = z.number().finite().min(0).max(1e12);
const RowSchema = z.strictObject({
  wbs_id: z.uuid(),
  resource_id: z.uuid(),
  units: Units,
  units_per_day: Units.nullable(),
  intensity: z.number().finite().min(0).max(1e6),
  curve: CurveKind,
  curve_values: z.array(z.number().finite().min(0).max(100)).max(1000).nullable(),
});

/** The columns the log keeps, from a read of version_assignments. */
export const ASSIGNMENT_ROW_COLUMNS = [
  'id',
  'wbs_id',
  'resource_id',
  'units',
  'units_per_day',
  'intensity',
  'curve',
  'curve_values',
] as const;

export const isAssignmentPath = (p: Patch): boolean => p.path[0] === ASSIGNMENTS_ROOT;

interface AssignmentOp {
  id: string;
  row: AssignmentRow | null;
}

/** Checks assignment patches: the path, the op and the row; errors like the WBS patches' ones. */
export function toAssignmentOps(
  patches: readonly Patch[],
  list = 'patches',
): { ops: AssignmentOp[]; errors: Item[] } {
  const ops: AssignmentOp[] = [];
  const errors: Item[] = [];
  patches.forEach((p, index) => {
    const fail = (reason: string) => {
      if (errors.length < 50)
        errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
    };
    const [, id, extra] = p.path;
    if (extra !== undefined || typeof id !== 'string' || id.length < 1 || id.length > 64) return fail('path');
    if (p.op === 'remove') return ops.push({ id, row: null });
    const parsed = RowSchema.safeParse(p.value);
    if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
    ops.push({ id, row: parsed.data });
  });
  return { ops, errors };
}

/** Writes checked assignment patches in order; a resource or row not in the version is a 400. */
export async function applyAssignmentPatches(
  tx: Transaction<DB>,
  s: Scope,
  patches: readonly Patch[],
): Promise<void> {
  const { ops, errors } = toAssignmentOps(patches);
  if (errors.length) throw new HttpError(400, 'BadRequest', errors);
  for (const o of ops) {
    if (o.row === null) {
      await tx
        .deleteFrom('version_assignments')
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('id', '=', o.id)
        .execute();
      continue;
    }
    const fields = { ...o.row, curve_values: o.row.curve_values ? JSON.stringify(o.row.curve_values) : null };
    await tx
      .insertInto('version_assignments')
      .values({ space_id: s.spaceId, version_id: s.versionId, id: o.id, ...fields })
      .onConflict((oc) => oc.columns(['space_id', 'version_id', 'id']).doUpdateSet(fields))
      .execute();
  }
}

/** The stored rows of assignments `ids` (those that exist), in the log's shape. */
export async function assignmentRows(
  tx: Transaction<DB>,
  s: Scope,
  ids: readonly string[],
): Promise<Map<string, AssignmentRow>> {
  const out = new Map<string, AssignmentRow>();
  if (ids.length === 0) return out;
  const rows = await tx
    .selectFrom('version_assignments')
    .select(ASSIGNMENT_ROW_COLUMNS)
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .where('id', 'in', [...ids])
    .execute();
  for (const r of rows) out.set(r.id, toAssignmentRow(r));
  return out;
}

/** A stored assignment in the log's shape (numbers as numbers). */
export function toAssignmentRow(r: {
  wbs_id: string;
  resource_id: string;
  units: number | string;
  units_per_day: number | string | null;
  intensity: number | string;
  curve: string;
  curve_values: number[] | null;
}): AssignmentRow {
  return {
    wbs_id: r.wbs_id,
    resource_id: r.resource_id,
    units: Number(r.units),
    units_per_day: r.units_per_day === null ? null : Number(r.units_per_day),
    intensity: Number(r.intensity),
    curve: r.curve,
    curve_values: r.curve_values ?? null,
  };
}
