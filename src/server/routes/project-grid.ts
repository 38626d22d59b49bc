// GET projects/{id}/grid: the schedules of a project in the structure tree's order (schedules
// directly under the project and those in its groups, each group in its place), with the version
// the project grid shows for each: the actual version, else the first working version, else the
// first. The rows themselves are read per version (GET versions/{id}/wbs), as the workbench does.
import { api } from '../../api';
import { readGroupBy } from '../../api/group-by';
import { storedLayout } from './version-layout';
import type { ProjectGridSchedule } from '../../api/project-grid';
import type { Version } from '../../api/versions';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { getNode } from '../services/eps';
import { toEpsNode, toVersion } from '../services/mappers';

/** The version a grid shows of a schedule's versions (sorted by order). */
export function activeVersion(versions: readonly Version[]): Version | null {
  return (
    versions.find((v) => v.kind === 'actual') ??
    versions.find((v) => v.kind === 'version') ??
    versions[0] ??
    null
  );
}

export const projectGridRoutes = ({ db }: AppContext) => [
  implement(api.projectGrid.get, async ({ params, space }) => {
    const project = await getNode(db, space.spaceId, params.id, 'project');
    const top = await db
      .selectFrom('eps_nodes')
      .selectAll()
      .where('space_id', '=', space.spaceId)
      .where('parent_id', '=', project.id)
      .where('kind', 'in', ['schedule', 'schedule_group'])
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute();
    const groupIds = top.filter((n) => n.kind === 'schedule_group').map((n) => n.id);
    const grouped = groupIds.length
      ? await db
          .selectFrom('eps_nodes')
          .selectAll()
          .where('space_id', '=', space.spaceId)
          .where('parent_id', 'in', groupIds)
          .where('kind', '=', 'schedule')
          .orderBy('sort_order')
          .orderBy('created_at')
          .execute()
      : [];
    const ordered: { schedule: (typeof top)[number]; group: (typeof top)[number] | null }[] = [];
    for (const n of top) {
      if (n.kind === 'schedule') ordered.push({ schedule: n, group: null });
      else for (const s of grouped) if (s.parent_id === n.id) ordered.push({ schedule: s, group: n });
    }
    const ids = ordered.map((o) => o.schedule.id);
    const versions = ids.length
      ? await db
          .selectFrom('versions')
          .selectAll()
          .where('space_id', '=', space.spaceId)
          .where('schedule_id', 'in', ids)
          .orderBy('sort_order')
          .orderBy('created_at')
          .execute()
      : [];
    const bySchedule = new Map<string, Version[]>();
    for (const v of versions) {
      const list = bySchedule.get(v.schedule_id) ?? [];
      list.push(toVersion(v));
      bySchedule.set(v.schedule_id, list);
    }
    const schedules: ProjectGridSchedule[] = ordered.map(({ schedule, group }) => {
      const list = bySchedule.get(schedule.id) ?? [];
      return {
        schedule: toEpsNode(schedule),
        group: group ? toEpsNode(group) : null,
        version: activeVersion(list),
        versions: list,
      };
    });
    return { project: toEpsNode(project), schedules };
  }),

  // The caller's layout of the project grid: a version layout's shape, kept per project.
  implement(api.projectGrid.layout, async ({ params, space, userId }) => {
    await getNode(db, space.spaceId, params.id, 'project');
    const row = await db
      .selectFrom('project_grid_layouts')
      .select('layout')
      .where('space_id', '=', space.spaceId)
      .where('project_id', '=', params.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { layout: row ? storedLayout(row.layout) : null };
  }),

  implement(api.projectGrid.saveLayout, async ({ params, body, space, userId }) => {
    await getNode(db, space.spaceId, params.id, 'project');
    const layout = JSON.stringify(body);
    await db
      .insertInto('project_grid_layouts')
      .values({ space_id: space.spaceId, project_id: params.id, user_id: userId, layout })
      .onConflict((oc) =>
        oc.columns(['space_id', 'project_id', 'user_id']).doUpdateSet({ layout, updated_at: new Date() }),
      )
      .execute();
    return {
      layout: { ...body, ...(body.group_by !== undefined ? { group_by: readGroupBy(body.group_by) } : {}) },
    };
  }),
];
