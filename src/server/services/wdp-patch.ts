// WDP patches (src/domain/wdp/patches.ts: ['wdp', itemId, day] with the day's whole cell, or
// remove) checked and written inside a batch's transaction, beside the WBS patches of the same
// entry. Days before a kind's editing period (spec §6) are refused when their value of that kind
// changes: the screen shows them read-only, and the server holds the same line.
import type { Patch } from 'immer';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { WdpCell } from '../../domain/wdp';
import { WDP_ROOT } from '../../domain/wdp';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import type { Item } from '../errors';
import { editPeriods } from './wdp-periods';

type Tx = Transaction<DB> | Kysely<DB>;
interface Scope {
  spaceId: string;
  versionId: string;
}

const Num = z.number().finite().min(-1e12).max(1e12).nullable();
const CellSchema = z.strictObject({
  plan: Num,
  fact: Num,
  approved_plan: Num,
  status: z.enum(['open', 'approved']),
});
const Uuid = z.uuid();
const MAX_DAY = 18627;
const CHUNK = 5000;

export const isWdpPath = (p: Patch): boolean => p.path[0] === WDP_ROOT;

interface DayOp {
  item: string;
  day: number;
  cell: WdpCell | null;
}

/** Checks wdp patches: the path, the op and the cell; errors like the WBS patches' ones. */
export function toWdpOps(patches: readonly Patch[], list = 'patches'): { ops: DayOp[]; errors: Item[] } {
  const ops: DayOp[] = [];
  const errors: Item[] = [];
  patches.forEach((p, index) => {
    const fail = (reason: string) => {
      if (errors.length < 50)
        errors.push({ code: 'wbs.bad_patch', params: { list, index, path: p.path.join('/'), reason } });
    };
    const [, item, day, extra] = p.path;
    if (extra !== undefined || typeof item !== 'string' || !Uuid.safeParse(item).success) return fail('path');
    if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > MAX_DAY) return fail('day');
    if (p.op === 'remove') return ops.push({ item, day, cell: null });
    const parsed = CellSchema.safeParse(p.value);
    if (!parsed.success) return fail(parsed.error.issues[0]?.path.join('.') || 'value');
    ops.push({ item, day, cell: parsed.data });
  });
  return { ops, errors };
}

type Stored = Pick<WdpCell, 'plan' | 'fact' | 'approved_plan'>;
const same = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null);

/** Refuses changes of a kind on days before its editing period (400 wdp.day_closed). */
async function checkPeriods(
  tx: Tx,
  s: Scope,
  ops: readonly DayOp[],
  returning: ReadonlySet<string>,
): Promise<void> {
  const p = await editPeriods(tx, s.spaceId, s.versionId);
  const planFrom = p.plan_from ?? -1;
  const factFrom = p.fact_from ?? -1;
  const old = ops.filter((o) => o.day < Math.max(planFrom, factFrom) && !returning.has(o.item));
  if (old.length === 0) return;
  const { rows } = await sql<Stored & { item_id: string; day: number }>`
    SELECT d.item_id, d.day, d.plan, d.fact, d.approved_plan FROM wdp_days d
    JOIN jsonb_to_recordset(${JSON.stringify(old.map((o) => ({ item_id: o.item, day: o.day })))}::jsonb)
      AS r(item_id uuid, day integer) ON r.item_id = d.item_id AND r.day = d.day
    WHERE d.space_id = ${s.spaceId} AND d.version_id = ${s.versionId}`.execute(tx);
  const before = new Map(rows.map((r) => [`${r.item_id}|${r.day}`, r]));
  const errors: Item[] = [];
  for (const o of old) {
    const b = before.get(`${o.item}|${o.day}`);
    const c = o.cell;
    const planChanged = !same(b?.plan, c?.plan) || !same(b?.approved_plan, c?.approved_plan);
    const factChanged = !same(b?.fact, c?.fact);
    if ((planChanged && o.day < planFrom) || (factChanged && o.day < factFrom))
      if (errors.length < 50)
        errors.push({
          code: 'wdp.day_closed',
          params: { item_id: o.item, day: o.day, kind: factChanged && o.day < factFrom ? 'fact' : 'plan' },
        });
  }
  if (errors.length) throw new HttpError(400, 'BadRequest', errors);
}

/**
 * Writes checked wdp patches in order (a later patch of the same day wins). `returning`: rows the
 * same entry adds (the undo of their delete); their days come back as they were, so days before
 * the editing period are not refused for them.
 */
export async function applyWdpPatches(
  tx: Tx,
  s: Scope,
  patches: readonly Patch[],
  returning: ReadonlySet<string> = new Set(),
): Promise<void> {
  const { ops, errors } = toWdpOps(patches);
  if (errors.length) throw new HttpError(400, 'BadRequest', errors);
  await checkPeriods(tx, s, ops, returning);
  // The last op of each day is what the day becomes.
  const last = new Map<string, DayOp>();
  for (const o of ops) last.set(`${o.item}|${o.day}`, o);
  const removed: { item_id: string; day: number }[] = [];
  const kept: Record<string, unknown>[] = [];
  for (const o of last.values())
    if (o.cell === null) removed.push({ item_id: o.item, day: o.day });
    else kept.push({ item_id: o.item, day: o.day, ...o.cell });
  for (let i = 0; i < removed.length; i += CHUNK)
    await sql`DELETE FROM wdp_days d USING jsonb_to_recordset(${JSON.stringify(removed.slice(i, i + CHUNK))}::jsonb)
      AS r(item_id uuid, day integer)
      WHERE d.space_id = ${s.spaceId} AND d.version_id = ${s.versionId} AND d.item_id = r.item_id AND d.day = r.day`.execute(
      tx,
    );
  for (let i = 0; i < kept.length; i += CHUNK)
    await sql`INSERT INTO wdp_days (space_id, version_id, item_id, day, plan, fact, approved_plan, status)
      SELECT ${s.spaceId}::uuid, ${s.versionId}::uuid, r.item_id, r.day, r.plan, r.fact, r.approved_plan, r.status
      FROM jsonb_to_recordset(${JSON.stringify(kept.slice(i, i + CHUNK))}::jsonb)
        AS r(item_id uuid, day integer, plan double precision, fact double precision, approved_plan double precision, status text)
      ON CONFLICT (space_id, version_id, item_id, day) DO UPDATE
      SET plan = excluded.plan, fact = excluded.fact, approved_plan = excluded.approved_plan, status = excluded.status`.execute(
      tx,
    );
}
