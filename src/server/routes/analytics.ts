// The analytics data calls of spec §7: curves, counts, indicators, statistics, dashboards, series
// and graphs at the space, facility, project, schedule and version levels (figures in
// services/analytics-figures.ts, definitions in docs/analytics.md).
import { api } from '../../api';
import type { CurveQuery } from '../../api/analytics';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { getNode } from '../services/eps';
import { hiddenKeys } from '../services/attribute-access';
import type { SpaceAccess } from '../auth/space-access';
import type { AnalyticsScope } from '../services/analytics-scope';
import {
  allCost,
  counts,
  dashboard,
  executorBars,
  indicator,
  keyedCurve,
  measureCurve,
  quality,
  customCostCurve,
  stats,
} from '../services/analytics-figures';
import { getVersion } from './versions';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const range = (q: Pick<CurveQuery, 'unit' | 'from' | 'to'>) => {
  if (q.from !== undefined && q.to !== undefined && q.to <= q.from)
    throw badRequest('invalid', { field: 'query.to' });
  return { unit: q.unit, from: q.from, to: q.to };
};

async function nodeScope(
  db: Kysely<DB>,
  spaceId: string,
  id: string,
  kind: 'facility' | 'project',
): Promise<AnalyticsScope> {
  await getNode(db, spaceId, id, kind);
  return { kind: 'node', spaceId, nodeId: id };
}

/** A schedule's working version (or the version asked for, which must be the schedule's). */
async function scheduleScope(
  db: Kysely<DB>,
  spaceId: string,
  id: string,
  versionId: string | undefined,
): Promise<AnalyticsScope> {
  await getNode(db, spaceId, id, 'schedule');
  if (versionId === undefined) return { kind: 'node', spaceId, nodeId: id };
  const v = await getVersion(db, spaceId, versionId);
  if (v.schedule_id !== id) throw notFound('version');
  return { kind: 'version', spaceId, versionId: v.id, scheduleId: id };
}

async function versionScope(db: Kysely<DB>, spaceId: string, id: string): Promise<AnalyticsScope> {
  const v = await getVersion(db, spaceId, id);
  return { kind: 'version', spaceId, versionId: v.id, scheduleId: v.schedule_id };
}

/**
 * A custom-cost attribute must be a number attribute of the space (or a key rows hold), and one
 * the caller's role sees: a hidden attribute answers 404, as its values read does (a curve of it
 * would give its values away).
 */
async function checkAttribute(db: Kysely<DB>, s: SpaceAccess, key: string) {
  const spaceId = s.spaceId;
  if ((await hiddenKeys(db, s)).includes(key)) throw notFound('attribute');
  const a = await db
    .selectFrom('attributes')
    .select(['type'])
    .where('space_id', '=', spaceId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (a && a.type !== 'number' && a.type !== 'formula')
    throw badRequest('invalid', { field: 'body.attribute' });
}

export function analyticsRoutes({ db }: AppContext) {
  const a = api.analytics;
  const space = (spaceId: string): AnalyticsScope => ({ kind: 'space', spaceId });
  return [
    implement(a.spaceCurve, async ({ params, query, space: s }) =>
      measureCurve(db, space(s.spaceId), params.measure, range(query)),
    ),
    implement(a.spaceStats, async ({ space: s }) => stats(db, space(s.spaceId))),
    implement(a.spaceDashboard, async ({ space: s }) => ({
      children: await dashboard(db, s.spaceId, null),
      total: await stats(db, space(s.spaceId)),
    })),
    implement(a.spaceCustomCost, async ({ body, space: s }) => {
      await checkAttribute(db, s, body.attribute);
      return customCostCurve(db, space(s.spaceId), body.attribute, range(body));
    }),

    implement(a.facilityCurve, async ({ params, query, space: s }) =>
      measureCurve(db, await nodeScope(db, s.spaceId, params.id, 'facility'), params.measure, range(query)),
    ),
    implement(a.facilityStats, async ({ params, space: s }) =>
      stats(db, await nodeScope(db, s.spaceId, params.id, 'facility')),
    ),
    implement(a.facilityDashboard, async ({ params, space: s }) => {
      const scope = await nodeScope(db, s.spaceId, params.id, 'facility');
      return { children: await dashboard(db, s.spaceId, params.id), total: await stats(db, scope) };
    }),
    implement(a.facilityCustomCost, async ({ params, body, space: s }) => {
      const scope = await nodeScope(db, s.spaceId, params.id, 'facility');
      await checkAttribute(db, s, body.attribute);
      return customCostCurve(db, scope, body.attribute, range(body));
    }),
    implement(a.facilityAllCost, async ({ params, space: s }) => {
      await getNode(db, s.spaceId, params.id, 'facility');
      return allCost(db, s.spaceId, params.id);
    }),

    implement(a.projectCurve, async ({ params, query, space: s }) =>
      measureCurve(db, await nodeScope(db, s.spaceId, params.id, 'project'), params.measure, range(query)),
    ),
    implement(a.projectCount, async ({ params, space: s }) =>
      counts(db, await nodeScope(db, s.spaceId, params.id, 'project')),
    ),
    implement(a.projectIndicator, async ({ params, space: s }) =>
      indicator(db, await nodeScope(db, s.spaceId, params.id, 'project')),
    ),
    implement(a.projectStats, async ({ params, space: s }) =>
      stats(db, await nodeScope(db, s.spaceId, params.id, 'project')),
    ),
    implement(a.projectDashboard, async ({ params, space: s }) => {
      const scope = await nodeScope(db, s.spaceId, params.id, 'project');
      return { children: await dashboard(db, s.spaceId, params.id), total: await stats(db, scope) };
    }),
    implement(a.projectSeries, async ({ params, query, space: s }) => {
      const scope = await nodeScope(db, s.spaceId, params.id, 'project');
      const [amount, by] = (
        {
          schedule: ['money', 'sched'],
          'schedule-labour': ['labour', 'sched'],
          executor: ['cost', 'exec'],
          'executor-labour': ['labour', 'exec'],
        } as const
      )[params.kind];
      return keyedCurve(db, scope, amount, by, range(query));
    }),
    implement(a.projectGraphCurve, async ({ params, query, space: s }) =>
      measureCurve(db, await nodeScope(db, s.spaceId, params.id, 'project'), params.kind, range(query)),
    ),
    implement(a.projectGraphExecutor, async ({ params, space: s }) => ({
      bars: await executorBars(db, await nodeScope(db, s.spaceId, params.id, 'project'), 'cost'),
    })),
    implement(a.projectGraphExecutorLabour, async ({ params, space: s }) => ({
      bars: await executorBars(db, await nodeScope(db, s.spaceId, params.id, 'project'), 'labour'),
    })),
    implement(a.projectCustomCost, async ({ params, body, space: s }) => {
      const scope = await nodeScope(db, s.spaceId, params.id, 'project');
      await checkAttribute(db, s, body.attribute);
      return customCostCurve(db, scope, body.attribute, range(body));
    }),

    implement(a.scheduleCurve, async ({ params, query, space: s }) =>
      measureCurve(
        db,
        await scheduleScope(db, s.spaceId, params.id, query.version_id),
        params.measure,
        range(query),
      ),
    ),
    implement(a.scheduleCount, async ({ params, query, space: s }) =>
      counts(db, await scheduleScope(db, s.spaceId, params.id, query.version_id)),
    ),
    implement(a.scheduleIndicator, async ({ params, query, space: s }) =>
      indicator(db, await scheduleScope(db, s.spaceId, params.id, query.version_id)),
    ),
    implement(a.scheduleStats, async ({ params, query, space: s }) =>
      stats(db, await scheduleScope(db, s.spaceId, params.id, query.version_id)),
    ),
    implement(a.scheduleVolumeBy, async ({ params, query, space: s }) =>
      measureCurve(
        db,
        await scheduleScope(db, s.spaceId, params.id, query.version_id),
        'volume',
        range(query),
        params.by === 'by-target' ? ['plan', 'target'] : ['dp', 'fact'],
      ),
    ),
    implement(a.scheduleQuality, async ({ params, query, space: s }) =>
      quality(db, await scheduleScope(db, s.spaceId, params.id, query.version_id)),
    ),
    implement(a.scheduleGraphExecutor, async ({ params, query, space: s }) => ({
      bars: await executorBars(db, await scheduleScope(db, s.spaceId, params.id, query.version_id), 'cost'),
    })),
    implement(a.scheduleGraphExecutorLabour, async ({ params, query, space: s }) => ({
      bars: await executorBars(db, await scheduleScope(db, s.spaceId, params.id, query.version_id), 'labour'),
    })),
    implement(a.scheduleCustomCost, async ({ params, body, space: s }) => {
      const scope = await scheduleScope(db, s.spaceId, params.id, undefined);
      await checkAttribute(db, s, body.attribute);
      return customCostCurve(db, scope, body.attribute, range(body));
    }),

    implement(a.versionCurve, async ({ params, query, space: s }) =>
      measureCurve(db, await versionScope(db, s.spaceId, params.id), params.measure, range(query)),
    ),
    implement(a.versionCount, async ({ params, space: s }) =>
      counts(db, await versionScope(db, s.spaceId, params.id)),
    ),
    implement(a.versionIndicator, async ({ params, space: s }) =>
      indicator(db, await versionScope(db, s.spaceId, params.id)),
    ),
    implement(a.versionStats, async ({ params, space: s }) =>
      stats(db, await versionScope(db, s.spaceId, params.id)),
    ),
    implement(a.versionCustomCost, async ({ params, body, space: s }) => {
      const scope = await versionScope(db, s.spaceId, params.id);
      await checkAttribute(db, s, body.attribute);
      return customCostCurve(db, scope, body.attribute, range(body));
    }),
  ];
}
