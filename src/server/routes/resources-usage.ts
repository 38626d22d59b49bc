// A resource's usage in a version (src/api/resources.ts `usage`): its assignments on the
// version's current dates (the engine schedules the stored rows, as Calculate does), spread by
// their curves over each assignment's working time (P6: the activity's calendar, the resource's
// for a resource-dependent activity), against the resource's availability on its own calendar.
// A resource group (a resource with resources under it) rolls up: its members' assignments and
// availabilities are summed with its own.
import { api } from '../../api';
import { calendarDefOf } from '../../api/calendars';
import type { ResourceUsage } from '../../api/resources';
import { CalendarIndexCache, standardCalendarDef } from '../../domain/calendar';
import { assignmentCalendarId, calendarWorkTime, groupUsage } from '../../domain/resources';
import type { CurveKind, WorkTime } from '../../domain/resources';
import { scheduleModel } from '../../domain/schedule';
import { defaultCalendarOf } from '../../domain/schedule/default-options';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { loadVersionModel } from '../import/to-model';
import { withoutDrafts } from '../jobs/calc-job';

export function resourceUsageRoutes({ db }: AppContext) {
  return [
    implement(api.resources.usage, async ({ params, query, space }) => {
      const spaceId = space.spaceId;
      const all = await db
        .selectFrom('resources')
        .select(['id', 'parent_id', 'default_limit', 'limits', 'calendar_id'])
        .where('space_id', '=', spaceId)
        .execute();
      const members = membersOf(all, params.id);
      if (members.length === 0) throw notFound('resource');
      const memberIds = members.map((m) => m.id);
      const found = await db
        .selectFrom('version_resources as vr')
        .innerJoin('versions as v', (j) =>
          j.onRef('v.space_id', '=', 'vr.space_id').onRef('v.id', '=', 'vr.version_id'),
        )
        .innerJoin('eps_nodes as s', (j) =>
          j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
        )
        .select(['v.id', 'v.label', 'v.kind', 's.name as schedule_name'])
        .where('vr.space_id', '=', spaceId)
        .where('vr.resource_id', 'in', memberIds)
        .distinct()
        .orderBy('s.name')
        .orderBy('v.label')
        .execute();
      // A schedule's working version before its target and other copies: the one a planner means.
      const versions = found
        .map((v, i) => ({ v, rank: (v.kind === 'version' ? 0 : 1) * found.length + i }))
        .sort((a, b) => a.rank - b.rank)
        .map(({ v }) => ({ id: v.id, label: v.label, schedule_name: v.schedule_name }));
      const empty: ResourceUsage = {
        versions,
        version_id: null,
        members: members.length,
        periods: [],
        bars: [],
      };
      const versionId = query.version_id ?? versions[0]?.id;
      if (!versionId) return empty;
      const { model } = await loadVersionModel(db, spaceId, versionId);
      const rows = await db
        .selectFrom('version_assignments as a')
        .innerJoin('version_resources as vr', (j) =>
          j
            .onRef('vr.space_id', '=', 'a.space_id')
            .onRef('vr.version_id', '=', 'a.version_id')
            .onRef('vr.id', '=', 'a.resource_id'),
        )
        .select(['a.wbs_id', 'a.units', 'a.curve', 'a.curve_values', 'vr.resource_id', 'vr.calendar_id'])
        .where('a.space_id', '=', spaceId)
        .where('a.version_id', '=', versionId)
        .where('vr.resource_id', 'in', memberIds)
        .execute();
      if (rows.length === 0) return { ...empty, version_id: versionId };
      const result = scheduleModel(withoutDrafts(model).model);
      const at = new Map(result.ids.map((id, i) => [id, i]));
      const activities = new Map(model.activities.map((a) => [a.id, a]));
      const time = await workTimes(spaceId, model.options.defaultCalendarId);
      const ownCalendar = new Map(members.map((m) => [m.id, m.calendar_id]));
      const bars = rows.flatMap((r) => {
        const i = at.get(r.wbs_id);
        const act = activities.get(r.wbs_id);
        if (i === undefined || !act) return [];
        const resourceCalendar = (r.resource_id && ownCalendar.get(r.resource_id)) || r.calendar_id;
        return [
          {
            wbs_id: r.wbs_id,
            name: act.name,
            time: time(assignmentCalendarId(act, resourceCalendar)),
            start: result.es[i]!,
            finish: result.ef[i]!,
            units: Number(r.units),
            curve: r.curve as CurveKind,
            curveValues: r.curve_values,
          },
        ];
      });
      if (bars.length === 0) return { ...empty, version_id: versionId };
      const periods = groupUsage(
        bars,
        members.map((m) => ({
          availability: { defaultLimit: Number(m.default_limit), limits: m.limits },
          time: time(m.calendar_id),
        })),
        query.unit,
      );
      return {
        ...empty,
        version_id: versionId,
        periods,
        bars: bars.map(({ wbs_id, name, start, finish, units }) => ({ wbs_id, name, start, finish, units })),
      };
    }),
  ];

  /** The working time of a space calendar by id; the version's default (else standard) otherwise. */
  async function workTimes(spaceId: string, defaultId: string) {
    const defs = (await db.selectFrom('calendars').selectAll().where('space_id', '=', spaceId).execute()).map(
      calendarDefOf,
    );
    const cache = new CalendarIndexCache();
    const lookup = cache.lookup(defs);
    const fallback = defs.find((d) => d.id === defaultId) ?? defaultCalendarOf(defs) ?? standardCalendarDef();
    const hours = new Map(defs.map((d) => [d.id, d.hoursPerDay]));
    const made = new Map<string | null, WorkTime>();
    return (id: string | null): WorkTime => {
      let t = made.get(id);
      if (!t) {
        const idx = (id && lookup(id)) || cache.of(fallback);
        t = calendarWorkTime(idx, (id && hours.get(id)) || fallback.hoursPerDay);
        made.set(id, t);
      }
      return t;
    };
  }
}

/** A resource and every resource under it (empty when the space has no such resource). */
function membersOf<R extends { id: string; parent_id: string | null }>(all: readonly R[], id: string): R[] {
  const children = new Map<string, R[]>();
  for (const r of all)
    if (r.parent_id) {
      const list = children.get(r.parent_id);
      if (list) list.push(r);
      else children.set(r.parent_id, [r]);
    }
  const root = all.find((r) => r.id === id);
  if (!root) return [];
  const out = [root];
  const seen = new Set([root.id]);
  for (let i = 0; i < out.length; i++)
    for (const c of children.get(out[i]!.id) ?? [])
      if (!seen.has(c.id)) {
        seen.add(c.id);
        out.push(c);
      }
  return out;
}
