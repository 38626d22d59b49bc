// A resource's usage in a version (src/api/resources.ts `usage`): its assignments on the
// version's current dates (the engine schedules the stored rows, as Calculate does), spread by
// their curves into periods, against the resource's availability.
import { api } from '../../api';
import type { ResourceUsage } from '../../api/resources';
import { capacityByPeriod, periodsOf, usageByPeriod } from '../../domain/resources';
import type { CurveKind } from '../../domain/resources';
import { scheduleModel } from '../../domain/schedule';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { loadVersionModel } from '../import/to-model';
import { withoutDrafts } from '../jobs/calc-job';

export function resourceUsageRoutes({ db }: AppContext) {
  return [
    implement(api.resources.usage, async ({ params, query, space }) => {
      const spaceId = space.spaceId;
      const resource = await db
        .selectFrom('resources')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!resource) throw notFound('resource');
      const versions = await db
        .selectFrom('version_resources as vr')
        .innerJoin('versions as v', (j) =>
          j.onRef('v.space_id', '=', 'vr.space_id').onRef('v.id', '=', 'vr.version_id'),
        )
        .innerJoin('eps_nodes as s', (j) =>
          j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
        )
        .select(['v.id', 'v.label', 's.name as schedule_name'])
        .where('vr.space_id', '=', spaceId)
        .where('vr.resource_id', '=', params.id)
        .distinct()
        .orderBy('s.name')
        .orderBy('v.label')
        .execute();
      const empty: ResourceUsage = { versions, version_id: null, periods: [], bars: [] };
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
        .select(['a.wbs_id', 'a.units', 'a.curve', 'a.curve_values'])
        .where('a.space_id', '=', spaceId)
        .where('a.version_id', '=', versionId)
        .where('vr.resource_id', '=', params.id)
        .execute();
      if (rows.length === 0) return { ...empty, version_id: versionId };
      const result = scheduleModel(withoutDrafts(model).model);
      const at = new Map(result.ids.map((id, i) => [id, i]));
      const names = new Map(model.activities.map((a) => [a.id, a.name]));
      const bars = rows.flatMap((r) => {
        const i = at.get(r.wbs_id);
        if (i === undefined) return [];
        return [
          {
            wbs_id: r.wbs_id,
            name: names.get(r.wbs_id) ?? '',
            start: result.es[i]!,
            finish: result.ef[i]!,
            units: Number(r.units),
            curve: r.curve as CurveKind,
            curveValues: r.curve_values,
          },
        ];
      });
      if (bars.length === 0) return { ...empty, version_id: versionId };
      const from = Math.min(...bars.map((b) => b.start));
      const to = Math.max(...bars.map((b) => b.finish)) + 1;
      const periods = periodsOf(from, to, query.unit);
      const usage = usageByPeriod(bars, periods);
      const capacity = capacityByPeriod(periods, {
        defaultLimit: Number(resource.default_limit),
        limits: resource.limits,
      });
      return {
        versions,
        version_id: versionId,
        periods: periods.map((p, i) => ({ ...p, usage: usage[i]!, capacity: capacity[i]! })),
        bars: bars.map(({ wbs_id, name, start, finish, units }) => ({ wbs_id, name, start, finish, units })),
      };
    }),
  ];
}
