// The caller's upload rules (the spec's schedule import settings): saved by name, the last used
// one (for the schedule, else overall) offered when the upload dialog opens again.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { ImportSettings, UploadRule } from '../../api/transfer';
import { UploadRule as RuleSchema } from '../../api/transfer';
import type { DB } from '../db/schema';
import { implement } from '../http/register';

export async function markRuleUsed(
  db: Kysely<DB>,
  userId: string,
  rule: UploadRule,
  scheduleId: string | null,
) {
  await db
    .insertInto('schedule_import_settings')
    .values({
      user_id: userId,
      name: rule.name,
      rule: JSON.stringify(rule),
      schedule_id: scheduleId,
      last_used_at: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'name']).doUpdateSet({
        rule: JSON.stringify(rule),
        schedule_id: scheduleId,
        last_used_at: new Date(),
      }),
    )
    .execute();
}

async function settingsOf(db: Kysely<DB>, userId: string, scheduleId?: string): Promise<ImportSettings> {
  const rows = await db
    .selectFrom('schedule_import_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .execute();
  // Rows written by older code that no longer parse are left out rather than failing the read.
  const rules = rows.flatMap((r) => {
    const parsed = RuleSchema.safeParse(r.rule);
    return parsed.success ? [parsed.data] : [];
  });
  const forSchedule = scheduleId ? rows.find((r) => r.schedule_id === scheduleId) : undefined;
  return { rules, last_rule: (forSchedule ?? rows[0])?.name ?? null };
}

export function importSettingsRoutes(db: Kysely<DB>) {
  return [
    implement(api.transfer.importSettings, async ({ query, userId }) =>
      settingsOf(db, userId, query.schedule_id),
    ),

    implement(api.transfer.saveImportSettings, async ({ body, userId }) => {
      if (body.delete) {
        await db
          .deleteFrom('schedule_import_settings')
          .where('user_id', '=', userId)
          .where('name', '=', body.rule.name)
          .execute();
      } else {
        await markRuleUsed(db, userId, body.rule, body.schedule_id ?? null);
      }
      return settingsOf(db, userId, body.schedule_id);
    }),
  ];
}
