// The schedule page's indicator filter (`filter_indicator`) for a print: the grid's own indicator
// tests (domain/indicators/grid-filter) over the version's stored rows — the engine's dates the
// last calculation stored — and, for `delayed` and the checks against the target, the target
// version the page compares with (its `target` parameter), matched by code as the workbench
// matches it (else by id).
import type { Kysely } from 'kysely';
import type { FieldValue } from '../../domain/filter';
import { indicatorTest, qualityFlags } from '../../domain/indicators/grid-filter';
import type { GridIndicator, IndicatorKey } from '../../domain/indicators';
import type { IndActivity, IndTarget } from '../../domain/indicators';
import type { ScheduleModel } from '../../domain/schedule/model';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import { finishOf, loadViewRows, startOf } from '../services/view-rows';

type Status = 'not_started' | 'in_progress' | 'completed';

/** The target version's start and finish by the current version's row id (null: no target). */
export async function targetDates(
  db: Kysely<DB>,
  spaceId: string,
  scheduleId: string,
  targetId: string | null | undefined,
  model: ScheduleModel,
): Promise<Map<string, IndTarget> | null> {
  if (!targetId) return null;
  const target = await db
    .selectFrom('versions')
    .select(['id', 'schedule_id'])
    .where('space_id', '=', spaceId)
    .where('id', '=', targetId)
    .executeTakeFirst();
  // A version of another space (or none) is refused by name, as a bad filter is.
  if (!target || target.schedule_id !== scheduleId)
    throw new HttpError(400, 'BadRequest', [
      { code: 'print.bad_target', params: { field: 'body.settings.filter_target' } },
    ]);
  const byCode = new Map<string, string>();
  for (const a of model.activities) if (a.code) byCode.set(a.code, a.id);
  const out = new Map<string, IndTarget>();
  for (const r of await loadViewRows(db, spaceId, target.id)) {
    const id = (r.code && byCode.get(r.code)) || r.id;
    out.set(id, { start: startOf(r), finish: finishOf(r) });
  }
  return out;
}

/**
 * Which rows an indicator keeps, read from the model's stored results; `status` is the print's
 * reading of the status column (the same as the grid's).
 */
export function indicatorRows(
  indicator: GridIndicator,
  model: ScheduleModel,
  target: ReadonlyMap<string, IndTarget> | null,
  dataDate: number | null,
  read: (id: string, field: string) => FieldValue,
): (id: string) => boolean {
  const byId = new Map(model.activities.map((a) => [a.id, a]));
  const hpd = model.calendars.find((c) => c.id === model.options.defaultCalendarId)?.hoursPerDay || 8;
  let flags: Map<IndicatorKey, ReadonlySet<string>> | null = null;
  const quality = (key: IndicatorKey) => {
    flags ??= qualityFlags({
      activities: qualityActivities(model),
      relations: qualityRelations(model),
      target,
      dataDate,
      minutesPerDay: hpd * 60,
    });
    return flags.get(key) ?? new Set<string>();
  };
  const stored = (id: string) => byId.get(id)?.stored;
  return indicatorTest(indicator, {
    nodeType: (id) => byId.get(id)?.nodeType,
    status: (id) => read(id, 'status') as Status,
    // Not scheduled: no early finish stored (the grid's worker has no position for it).
    scheduled: (id) => stored(id)?.ef !== null && stored(id)?.ef !== undefined,
    critical: (id) => stored(id)?.critical === true,
    tf: (id) => stored(id)?.tf ?? NaN,
    ef: (id) => stored(id)!.ef!,
    targetFinish: (id) => target?.get(id)?.finish ?? undefined,
    quality,
  });
}

function qualityActivities(model: ScheduleModel): IndActivity[] {
  const out: IndActivity[] = [];
  for (const a of model.activities) {
    if (a.nodeType === 'sum' || a.nodeType === 'draft') continue;
    const s = a.stored ?? {};
    out.push({
      id: a.id,
      type: a.nodeType === 'milestone_start' || a.nodeType === 'milestone_finish' ? 'milestone' : 'task',
      duration: a.duration,
      remaining: a.remaining,
      actualStart: a.actualStart,
      actualFinish: a.actualFinish,
      es: s.es ?? null,
      ef: s.ef ?? null,
      tf: s.tf ?? null,
      critical: s.critical ?? null,
      startLimit: a.constraints.find((c) => c.on === 'start')?.type ?? null,
      finishLimit: a.constraints.find((c) => c.on === 'finish')?.type ?? null,
      // As the grid: the resources check is not offered as a filter.
      resources: 1,
    });
  }
  return out;
}

function qualityRelations(model: ScheduleModel) {
  const ids = new Set(model.activities.filter((a) => a.nodeType !== 'sum').map((a) => a.id));
  return model.relations
    .filter((r) => ids.has(r.predId) && ids.has(r.succId))
    .map((r) => ({ pred: r.predId, succ: r.succId, type: r.type, lag: r.lag }));
}
