// A version's quality indicators from its stored rows, relations, assignments and target version.
import type { Kysely } from 'kysely';
import { assessSchedule } from '../../domain/indicators';
import type { IndActivity, IndTarget, Indicator } from '../../domain/indicators';
import type { DB } from '../db/schema';
import { finishOf, isActivity, loadViewRows, startOf, versionOfKind } from './view-rows';
import type { ViewRow } from './view-rows';

const toActivity = (r: ViewRow, resources: number): IndActivity => ({
  id: r.id,
  type: r.node_type === 'milestone_start' || r.node_type === 'milestone_finish' ? 'milestone' : 'task',
  duration: r.duration,
  remaining: r.remaining,
  actualStart: r.actual_start,
  actualFinish: r.actual_finish,
  es: r.es,
  ef: r.ef,
  tf: r.tf,
  critical: r.critical,
  startLimit: r.start_limit_type,
  finishLimit: r.finish_limit_type,
  resources,
});

export interface VersionIndicators {
  activities: number;
  targetVersionId: string | null;
  indicators: Indicator[];
}

export async function versionIndicators(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string; data_date: number | null },
): Promise<VersionIndicators> {
  const rows = (await loadViewRows(db, spaceId, version.id)).filter(isActivity);
  const relations = await db
    .selectFrom('wbs_relations')
    .select(['pred_id', 'succ_id', 'type', 'lag'])
    .where('space_id', '=', spaceId)
    .where('version_id', '=', version.id)
    .execute();
  const assigned = await db
    .selectFrom('version_assignments')
    .select(['wbs_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('space_id', '=', spaceId)
    .where('version_id', '=', version.id)
    .groupBy('wbs_id')
    .execute();
  const resources = new Map(assigned.map((a) => [a.wbs_id, Number(a.n)]));
  const targetVersion = await versionOfKind(db, spaceId, version.schedule_id, 'target');
  let target: Map<string, IndTarget> | null = null;
  if (targetVersion && targetVersion.id !== version.id) {
    target = new Map(
      (await loadViewRows(db, spaceId, targetVersion.id))
        .filter(isActivity)
        .map((r) => [r.id, { start: startOf(r), finish: finishOf(r) }]),
    );
  }
  const minutesPerDay = await defaultMinutesPerDay(db, spaceId);
  const ids = new Set(rows.map((r) => r.id));
  const indicators = assessSchedule({
    activities: rows.map((r) => toActivity(r, resources.get(r.id) ?? 0)),
    relations: relations
      .filter((r) => ids.has(r.pred_id) && ids.has(r.succ_id))
      .map((r) => ({ pred: r.pred_id, succ: r.succ_id, type: r.type, lag: r.lag })),
    target,
    dataDate: version.data_date,
    minutesPerDay,
  });
  return { activities: rows.length, targetVersionId: target ? targetVersion!.id : null, indicators };
}

/** The space's default calendar's working day, in minutes (8 hours when it has none). */
async function defaultMinutesPerDay(db: Kysely<DB>, spaceId: string): Promise<number> {
  const c = await db
    .selectFrom('calendars')
    .select('hours_per_day')
    .where('space_id', '=', spaceId)
    .orderBy('is_default', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Math.round((c?.hours_per_day ?? 8) * 60);
}
