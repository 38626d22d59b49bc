// Levelling patches (src/domain/levelling/levelling-patch.ts: ['levelling', 'state'] with the
// version's whole levelling, or null) checked and written inside a batch's transaction.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { LevelOptions, LevelledRow, LevellingStats } from '../../api/levelling';
import { LEVELLED_START, LEVELLING_PATH, LEVELLING_ROOT } from '../../domain/levelling/levelling-patch';
import type { LevellingState } from '../../domain/levelling/levelling-patch';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import type { Item } from '../errors';
import { storeLevelling } from './levelling-store';

interface Scope {
  spaceId: string;
  versionId: string;
}

const StateSchema = z
  .strictObject({
    options: LevelOptions.nullable(),
    stats: LevellingStats.nullable(),
    revision: z.number().int().min(0).nullable(),
    items: z.array(LevelledRow).max(200_000),
    fresh: z.boolean(),
  })
  .nullable();

export const isLevellingPath = (p: Patch): boolean => p.path[0] === LEVELLING_ROOT;

type State = z.infer<typeof StateSchema>;
/** A whole levelling (state) or one row's levelled start (null: removed). */
type LevellingOp = { state: State } | { wbsId: string; start: z.infer<typeof LevelledRow> | null };

/** Checks levelling patches: the path and the value; errors like the WBS patches' ones. */
export function toLevellingOps(
  patches: readonly Patch[],
  list = 'patches',
): { ops: LevellingOp[]; errors: Item[] } {
  const ops: LevellingOp[] = [];
  const errors: Item[] = [];
  patches.forEach((p, index) => {
    const fail = (reason: string) => {
      if (errors.length < 50)
        errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
    };
    if (p.path.length === 3 && p.path[1] === LEVELLED_START) {
      const wbsId = p.path[2];
      if (typeof wbsId !== 'string') return fail('path');
      if (p.op === 'remove') return ops.push({ wbsId, start: null });
      const parsed = LevelledRow.strict().safeParse(p.value);
      if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
      if (parsed.data.wbs_id !== wbsId) return fail('wbs_id');
      return ops.push({ wbsId, start: parsed.data });
    }
    if (p.path.length !== 2 || p.path[1] !== LEVELLING_PATH[1]) return fail('path');
    if (p.op === 'remove') return ops.push({ state: null });
    const parsed = StateSchema.safeParse(p.value);
    if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
    ops.push({ state: parsed.data });
  });
  return { ops, errors };
}

/**
 * Writes the levelling patches in order. A whole levelling is stored at `revision` (the batch's
 * new one) when it was fresh when its step was taken, else at the revision it was made on (out of
 * date). A row's levelled start is put back only beside a levelling (a cleared one keeps none).
 */
export async function applyLevellingPatches(
  tx: Transaction<DB>,
  s: Scope & { userId: string | null },
  patches: readonly Patch[],
  revision: number,
): Promise<void> {
  const { ops, errors } = toLevellingOps(patches);
  if (errors.length) throw new HttpError(400, 'BadRequest', errors);
  for (const op of ops) {
    if ('state' in op) {
      const state = op.state;
      await storeLevelling(tx, s.spaceId, s.versionId, {
        options: state?.options ?? null,
        stats: state?.stats ?? null,
        revision: state ? (state.fresh ? revision : state.revision) : null,
        items: state?.items ?? [],
        userId: s.userId,
      });
      continue;
    }
    await sql`DELETE FROM levelled_starts WHERE space_id = ${s.spaceId} AND version_id = ${s.versionId}
      AND wbs_id = ${op.wbsId}`.execute(tx);
    const r = op.start;
    if (r)
      await sql`INSERT INTO levelled_starts
          (space_id, version_id, wbs_id, start, finish, delay, base_start, base_finish)
        SELECT ${s.spaceId}, ${s.versionId}, ${r.wbs_id}, ${r.start}, ${r.finish}, ${r.delay},
          ${r.base_start}, ${r.base_finish}
        WHERE EXISTS (SELECT 1 FROM version_levelling WHERE space_id = ${s.spaceId}
          AND version_id = ${s.versionId})`.execute(tx);
  }
}

/** The version's stored levelling as a step keeps it (null: none); fresh when made on `revision`. */
export async function levellingState(
  tx: Transaction<DB>,
  s: Scope,
  revision: number,
): Promise<LevellingState | null> {
  const head = await tx
    .selectFrom('version_levelling')
    .select(['options', 'stats', 'revision'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .executeTakeFirst();
  if (!head) return null;
  const items = await tx
    .selectFrom('levelled_starts')
    .select(['wbs_id', 'start', 'finish', 'delay', 'base_start', 'base_finish'])
    .where('space_id', '=', s.spaceId)
    .where('version_id', '=', s.versionId)
    .orderBy('start')
    .orderBy('wbs_id')
    .execute();
  return {
    options: head.options as Record<string, unknown>,
    stats: head.stats as Record<string, unknown>,
    revision: head.revision,
    items,
    fresh: head.revision === revision,
  };
}
