// The dashboard's pure parts: which scopes exist, the default view of each, labels of periods,
// the drill-down path through the structure and the grid link of a chart point.
import type { AnalyticsLevel } from '../../api/analytics';
import type { DashboardLang } from '../../domain/analytics/dashboard';
import type { EpsTree } from '../../api/structure';
import { periodFilter } from '../../domain/analytics';

export const LEVELS: readonly AnalyticsLevel[] = ['space', 'facility', 'project', 'schedule', 'version'];
export const isLevel = (s: string | undefined): s is AnalyticsLevel =>
  s !== undefined && (LEVELS as readonly string[]).includes(s);

// The default view and period labels are the domain's, shared with the dashboard's print.
export { defaultConfig, periodLabel } from '../../domain/analytics/dashboard';
export type Lang = DashboardLang;

export interface Crumb {
  level: AnalyticsLevel;
  id: string;
  name: string;
}

/**
 * The path from the space to a node or version, for the breadcrumb (schedule groups are passed
 * through: their dashboard is their project's). Null when the id is not in the tree.
 */
export function drillPath(
  tree: EpsTree,
  spaceId: string,
  spaceName: string,
  scope: AnalyticsLevel,
  id: string,
) {
  const path: Crumb[] = [];
  let nodeId: string | null = id;
  if (scope === 'version') {
    const v = tree.versions.find((x) => x.id === id);
    if (!v) return null;
    path.push({ level: 'version', id: v.id, name: v.label });
    nodeId = v.schedule_id;
  } else if (scope === 'space') {
    return [{ level: 'space', id: spaceId, name: spaceName }] as Crumb[];
  }
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  if (!byId.has(nodeId)) return null;
  while (nodeId !== null) {
    const n = byId.get(nodeId);
    if (!n) break;
    if (n.kind !== 'schedule_group') path.push({ level: n.kind, id: n.id, name: n.name });
    nodeId = n.parent_id;
  }
  path.push({ level: 'space', id: spaceId, name: spaceName });
  return path.reverse();
}

/** The schedule grid filtered to the rows active in a period (the `filter` query parameter). */
export function gridLink(
  spaceId: string,
  scheduleId: string,
  versionId: string | null,
  period: { from: number; to: number },
): string {
  const q = new URLSearchParams();
  if (versionId) q.set('version', versionId);
  q.set('filter', JSON.stringify(periodFilter(period.from, period.to)));
  return `/${spaceId}/schedule/${scheduleId}?${q.toString()}`;
}
