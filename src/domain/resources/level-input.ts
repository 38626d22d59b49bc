// What levelling (src/domain/levelling) gets from a version's resources and assignments, and what
// it gives back as rows to store. Renewable resources only (kind resource, not material or cost)
// with an availability set; every assignment becomes a rate per working day (the unit of the
// resources' limits): its rate × intensity, or, without a rate, its quantity spread over the row's
// working days. A resource with neither a default limit nor a period limit is not levelled (a limit
// of nothing would hold every row forever). A resource's own calendar (when the model has it)
// goes with it: it is available only in that calendar's working time.
import type { LevellingAssignment, LevellingResource, LevellingResult } from '../levelling/types';
import type { ScheduleModel } from '../schedule/model';
import { curveParts } from './curves';
import type { CurveKind } from './curves';

export interface LevelResource {
  /** The space resource. */
  id: string;
  kind: string;
  resourceType: string | null;
  defaultLimit: number;
  limits: readonly { from: number; to: number; limit: number }[];
  /** The resource's own calendar: levelling counts its availability only in that working time. */
  calendarId?: string | null;
}

export interface LevelAssignment {
  wbsId: string;
  /** The space resource (null: one an import brought that is not in the space's list). */
  resourceId: string | null;
  units: number;
  unitsPerDay: number | null;
  intensity: number;
  curve: CurveKind;
  curveValues: readonly number[] | null;
}

/** Whether levelling considers a resource: renewable, with an availability. */
export function isLevelled(r: LevelResource): boolean {
  if (r.kind !== 'resource') return false;
  if (r.resourceType === 'material' || r.resourceType === 'cost') return false;
  return r.defaultLimit > 0 || r.limits.length > 0;
}

/** Units per working day of an assignment on a row of `durationMinutes` working minutes. */
export function ratePerDay(a: LevelAssignment, durationMinutes: number, hoursPerDay: number): number {
  const intensity = Math.max(0, a.intensity) / 100;
  if (a.unitsPerDay != null) return a.unitsPerDay * intensity;
  const days = durationMinutes / (Math.max(1, hoursPerDay) * 60);
  return days > 0 ? a.units / days : 0;
}

/** The resources and assignments levelSchedule takes; `only` limits the resources levelled. */
export function levellingInput(
  model: ScheduleModel,
  resources: readonly LevelResource[],
  assignments: readonly LevelAssignment[],
  only: readonly string[] | null,
): { resources: LevellingResource[]; assignments: LevellingAssignment[] } {
  const chosen = only ? new Set(only) : null;
  const levelled = new Map<string, LevellingResource>();
  for (const r of resources) {
    if (!isLevelled(r) || (chosen && !chosen.has(r.id))) continue;
    levelled.set(r.id, {
      id: r.id,
      limit: r.defaultLimit,
      ...(r.limits.length ? { limits: r.limits.map((l) => ({ ...l })) } : {}),
      ...(r.calendarId && model.calendars.some((c) => c.id === r.calendarId)
        ? { calendarId: r.calendarId }
        : {}),
    });
  }
  const hours = new Map(model.calendars.map((c) => [c.id, c.hoursPerDay]));
  const fallback = model.calendars.find((c) => c.isDefault)?.hoursPerDay ?? 8;
  const activities = new Map(model.activities.map((a) => [a.id, a]));
  const out: LevellingAssignment[] = [];
  for (const a of assignments) {
    if (!a.resourceId || !levelled.has(a.resourceId)) continue;
    const act = activities.get(a.wbsId);
    if (!act) continue;
    const units = ratePerDay(a, act.duration, hours.get(act.calendarId) ?? fallback);
    if (!(units > 0) || !Number.isFinite(units)) continue;
    const curve = a.curve === 'uniform' ? undefined : [...curveParts(a.curve, a.curveValues)];
    out.push({ activityId: a.wbsId, resourceId: a.resourceId, units, ...(curve ? { curve } : {}) });
  }
  return { resources: [...levelled.values()], assignments: out };
}

export interface LevelledRowData {
  wbsId: string;
  start: number;
  finish: number;
  delay: number;
  baseStart: number | null;
  baseFinish: number | null;
}

/**
 * The rows levelling moved: a levelled start per delayed row with its new finish and the dates
 * it had before (`base`: the unlevelled schedule's early dates by row id).
 */
export function levelledRows(
  result: Pick<LevellingResult, 'ids' | 'start' | 'finish' | 'delay' | 'levelledStarts'>,
  base: ReadonlyMap<string, { start: number; finish: number }>,
): LevelledRowData[] {
  const out: LevelledRowData[] = [];
  for (let i = 0; i < result.ids.length; i++) {
    const id = result.ids[i]!;
    const snet = result.levelledStarts[id];
    if (snet === undefined) continue;
    const b = base.get(id);
    if (b && b.start === result.start[i] && b.finish === result.finish[i]) continue;
    out.push({
      wbsId: id,
      start: result.start[i]!,
      finish: result.finish[i]!,
      delay: Math.max(0, result.delay[i]!),
      baseStart: b?.start ?? null,
      baseFinish: b?.finish ?? null,
    });
  }
  return out;
}
