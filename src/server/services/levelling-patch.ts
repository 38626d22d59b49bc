// Levelling patches (src/domain/levelling/levelling-patch.ts: ['levelling', 'state'] with the
// version's whole levelling, or null) checked and written inside a batch's transaction.
import type { Patch } from 'immer';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { LevelOptions, LevelledRow, LevellingStats } from '../../api/levelling';
import { LEVELLING_PATH, LEVELLING_ROOT } from '../../domain/levelling/levelling-patch';
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

/** Checks levelling patches: the path and the value; errors like the WBS patches' ones. */
export function toLevellingOps(
  patches: readonly Patch[],
  list = 'patches',
): { states: z.infer<typeof StateSchema>[]; errors: Item[] } {
  const states: z.infer<typeof StateSchema>[] = [];
  const errors: Item[] = [];
  patches.forEach((p, index) => {
    const fail = (reason: string) => {
      if (errors.length < 50)
        errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
    };
    if (p.path.length !== 2 || p.path[1] !== LEVELLING_PATH[1]) return fail('path');
    if (p.op === 'remove') return states.push(null);
    const parsed = StateSchema.safeParse(p.value);
    if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
    states.push(parsed.data);
  });
  return { states, errors };
}

/**
 * Stores the last levelling the patches set, at `revision` (the batch's new one) when it was
 * fresh when its step was taken, else at the revision it was made on (out of date).
 */
export async function applyLevellingPatches(
  tx: Transaction<DB>,
  s: Scope & { userId: string | null },
  patches: readonly Patch[],
  revision: number,
): Promise<void> {
  const { states, errors } = toLevellingOps(patches);
  if (errors.length) throw new HttpError(400, 'BadRequest', errors);
  if (states.length === 0) return;
  const state = states[states.length - 1]!;
  await storeLevelling(tx, s.spaceId, s.versionId, {
    options: state?.options ?? null,
    stats: state?.stats ?? null,
    revision: state ? (state.fresh ? revision : state.revision) : null,
    items: state?.items ?? [],
    userId: s.userId,
  });
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
