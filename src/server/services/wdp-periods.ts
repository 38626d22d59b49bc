// Spec §6 editing periods: the space's settings say how many days before the key date plans
// (plan_edit_days) and facts (fact_edit_days) stay editable; the key date is today (UTC).
import type { Kysely, Transaction } from 'kysely';
import type { EditPeriods } from '../../api/wdp';
import { dpLimit } from '../../domain/versions/curator-dates';
import type { DB } from '../db/schema';

/** Today as a day number since 2000-01-01 (10,957 days after 1970-01-01). */
export function today(now = Date.now()): number {
  return Math.floor(now / 86_400_000) - 10_957;
}

/**
 * The editing periods of a version's daily plans: its schedule's own days where set
 * (schedule_settings, PATCH schedules/{id}/settings), else the space's (GET schedules/{id}/limit-for-dp).
 */
export async function editPeriods(
  db: Kysely<DB> | Transaction<DB>,
  spaceId: string,
  versionId?: string,
): Promise<EditPeriods> {
  const s = await db
    .selectFrom('spaces')
    .select(['plan_edit_days', 'fact_edit_days'])
    .where('id', '=', spaceId)
    .executeTakeFirst();
  const own = versionId
    ? await db
        .selectFrom('versions')
        .innerJoin('schedule_settings', (j) =>
          j
            .onRef('schedule_settings.space_id', '=', 'versions.space_id')
            .onRef('schedule_settings.schedule_id', '=', 'versions.schedule_id'),
        )
        .select(['schedule_settings.plan_edit_days', 'schedule_settings.fact_edit_days'])
        .where('versions.space_id', '=', spaceId)
        .where('versions.id', '=', versionId)
        .executeTakeFirst()
    : undefined;
  const l = dpLimit(
    today(),
    { plan: s?.plan_edit_days ?? null, fact: s?.fact_edit_days ?? null },
    { plan: own?.plan_edit_days ?? null, fact: own?.fact_edit_days ?? null },
  );
  return { key_day: today(), plan_from: l.plan.from, fact_from: l.fact.from };
}
