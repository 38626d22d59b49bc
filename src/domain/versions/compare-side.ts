// One side of a comparison from a version's engine model and its schedule: each row's compared
// values (the calendar by name; constraints, assignments and attribute values as readable, sorted strings, so two
// versions that hold the same in another order compare equal) with the engine's dates. Pure.
import type { Activity, ScheduleModel } from '../schedule/model';
import type { ScheduleResult } from '../schedule/result';
import type { CompareActivity, CompareSide } from './compare';

const units = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * `codeOf`: the row's stored code (the model's code may be an outline number); `result`: the
 * engine's schedule of the model without drafts, null when nothing was scheduled, or `'stored'`:
 * the dates the version's last calculation stored (`activity.stored`, read with the model), for a
 * calculated version — the same dates, without scheduling again.
 */
export function compareSideOf(
  model: ScheduleModel,
  result: ScheduleResult | 'stored' | null,
  codeOf: (id: string) => string,
): CompareSide {
  if (result === 'stored') return sideOf(model, storedDates, codeOf);
  const at = new Map<string, number>();
  if (result) for (let i = 0; i < result.ids.length; i++) at.set(result.ids[i]!, i);
  return sideOf(
    model,
    (a) => {
      const i = at.get(a.id);
      if (result === null || i === undefined || result.es[i]! < 0) return null;
      return {
        start: result.es[i]!,
        finish: result.ef[i]!,
        totalFloat: result.tf[i]!,
        critical: result.critical[i] === 1,
      };
    },
    codeOf,
  );
}

/** A row's compared dates (null: not scheduled). */
interface SideDates {
  start: number;
  finish: number;
  totalFloat: number | null;
  critical: boolean;
}

/** The dates a calculation stored (a row it left out, a draft, has none). */
const storedDates = (a: Activity): SideDates | null => {
  const s = a.stored;
  if (!s || s.es === null || s.es === undefined || s.ef === null || s.ef === undefined) return null;
  return { start: s.es, finish: s.ef, totalFloat: s.tf ?? null, critical: s.critical === true };
};

function sideOf(
  model: ScheduleModel,
  datesOf: (a: Activity) => SideDates | null,
  codeOf: (id: string) => string,
): CompareSide {
  const resourceName = new Map(model.resources.map((r) => [r.id, r.name]));
  // Calendars by name: a re-imported file gets calendars of new ids with the same names.
  const calendarName = new Map(model.calendars.map((c) => [c.id, c.name]));
  const assigned = new Map<string, string[]>();
  for (const a of model.assignments) {
    const list = assigned.get(a.activityId) ?? [];
    list.push(`${resourceName.get(a.resourceId) ?? a.resourceId}: ${units(a.units)}`);
    assigned.set(a.activityId, list);
  }
  const activities: CompareActivity[] = model.activities.map((a) => {
    const d = datesOf(a);
    const attrs = a.attributes
      ? Object.keys(a.attributes)
          .filter((k) => a.attributes![k] !== null && a.attributes![k] !== '')
          .sort()
          .map((k) => `${k}=${String(a.attributes![k])}`)
          .join('; ')
      : '';
    return {
      id: a.id,
      code: codeOf(a.id),
      name: a.name,
      parentId: a.parentId,
      nodeType: a.nodeType,
      duration: a.duration,
      percent: a.percentComplete,
      calendarId: a.calendarId === null ? null : (calendarName.get(a.calendarId) ?? a.calendarId),
      constraint: a.constraints.map((c) => `${c.on} ${c.type} ${c.date}`).join(', '),
      assignments: (assigned.get(a.id) ?? []).sort().join('; '),
      attributes: attrs,
      start: d ? d.start : null,
      finish: d ? d.finish : null,
      totalFloat: d ? d.totalFloat : null,
      critical: d ? d.critical : false,
    };
  });
  return {
    activities,
    relations: model.relations.map((r) => ({ predId: r.predId, succId: r.succId, type: r.type, lag: r.lag })),
  };
}
