// Spec §6 editing periods: the space's settings say how many days before the key date plans
// (plan_edit_days) and facts (fact_edit_days) stay editable; the key date is today (UTC).
import type { Kysely, Transaction } from 'kysely';
import type { EditPeriods } from '../../api/wdp';
import type { DB } from '../db/schema';

/** Today as a day number since 2000-01-01 (10,957 days after 1970-01-01). */
export function today(now = Date.now()): number {
  return Math.floor(now / 86_400_000) - 10_957;
}

export async function editPeriods(db: Kysely<DB> | Transaction<DB>, spaceId: string): Promise<EditPeriods> {
  const s = await db
    .selectFrom('spaces')
    .select(['plan_edit_days', 'fact_edit_days'])
    .where('id', '=', spaceId)
    .executeTakeFirst();
  const key = today();
  const from = (days: number | null | undefined) =>
    days === null || days === undefined ? null : Math.max(0, key - days);
  return { key_day: key, plan_from: from(s?.plan_edit_days), fact_from: from(s?.fact_edit_days) };
}
