// A master report (versions/{id}/report/master/{report_id}): one template filled from every
// schedule of the version's project — the version itself for its own schedule, each other
// schedule's working version (an 'actual' one first, else the first 'version' by order, as the
// analytics take) — the rows of all of them in one table ({{row.schedule}} tells them apart),
// the figures over all of them, the charts of the project. Read one version at a time, with
// progress per version.
import type { Kysely } from 'kysely';
import type { ReportMeta, ReportRow } from '../../domain/reports/template';
import type { ResourceBar } from '../../domain/reports/resource-usage';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import type { AnalyticsScope } from '../services/analytics-scope';
import { reportSource } from './engine';

/** The versions a master report reads, the given one first, and the node the charts measure. */
export async function masterVersions(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<{ versions: string[]; project: { id: string; name: string } | null }> {
  const v = await db
    .selectFrom('versions as v')
    .innerJoin('eps_nodes as s', (j) =>
      j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
    )
    .select(['v.schedule_id', 's.parent_id'])
    .where('v.space_id', '=', spaceId)
    .where('v.id', '=', versionId)
    .executeTakeFirstOrThrow();
  if (!v.parent_id) return { versions: [versionId], project: null };
  const project = await db
    .selectFrom('eps_nodes')
    .select(['id', 'name'])
    .where('space_id', '=', spaceId)
    .where('id', '=', v.parent_id)
    .executeTakeFirstOrThrow();
  const candidates = await db
    .selectFrom('versions as v')
    .innerJoin('eps_nodes as s', (j) =>
      j.onRef('s.space_id', '=', 'v.space_id').onRef('s.id', '=', 'v.schedule_id'),
    )
    .select(['v.id', 'v.schedule_id', 'v.kind', 's.name'])
    .where('v.space_id', '=', spaceId)
    .where('s.parent_id', '=', v.parent_id)
    .where('s.kind', '=', 'schedule')
    .where('v.kind', 'in', ['actual', 'version'])
    .where('v.schedule_id', '!=', v.schedule_id)
    .orderBy('s.name')
    .orderBy('s.id')
    .orderBy(({ eb }) => eb('v.kind', '=', 'actual'), 'desc')
    .orderBy('v.sort_order')
    .orderBy('v.created_at')
    .execute();
  const picked = new Map<string, string>();
  for (const c of candidates) if (!picked.has(c.schedule_id)) picked.set(c.schedule_id, c.id);
  return { versions: [versionId, ...picked.values()], project };
}

export async function masterSource(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  userId: string | null,
  progress: (done: number, of: number) => void,
): Promise<{
  rows: ReportRow[];
  bars: ResourceBar[];
  meta: ReportMeta;
  scope: AnalyticsScope;
  label: string;
  scheduleId: string;
}> {
  const { versions, project } = await masterVersions(db, spaceId, versionId);
  if (versions.length === 0)
    throw new HttpError(400, 'BadRequest', [{ code: 'report.no_schedules', params: { field: 'params.id' } }]);
  const rows: ReportRow[] = [];
  const bars: ResourceBar[] = [];
  let first: Awaited<ReturnType<typeof reportSource>> | null = null;
  const links = { relations: 0, leads: 0, lags: 0, non_fs: 0 };
  for (const [k, id] of versions.entries()) {
    const src = await reportSource(db, spaceId, id, userId);
    first ??= src;
    for (const r of src.rows) rows.push({ ...r, schedule: src.meta.schedule });
    bars.push(...src.bars);
    for (const key of ['relations', 'leads', 'lags', 'non_fs'] as const)
      links[key] += src.meta.links?.[key] ?? 0;
    progress(k + 1, versions.length);
  }
  const f = first!;
  return {
    rows,
    bars,
    label: f.label,
    scheduleId: f.scheduleId,
    meta: { ...f.meta, schedule: project?.name ?? f.meta.schedule, links },
    scope: project
      ? { kind: 'node', spaceId, nodeId: project.id }
      : { kind: 'version', spaceId, versionId, scheduleId: f.scheduleId },
  };
}
