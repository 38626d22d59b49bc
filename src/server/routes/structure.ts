// Facilities, projects and schedules: create, read, delete.
import { api } from '../../api';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { implement } from '../http/register';
import { getNode, insertNode, insertVersion } from '../services/eps';
import { toEpsNode } from '../services/mappers';
import { depthFirst } from './eps';

const ok = { success: true as const };

export const structureRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });

  const remove = async (spaceId: string, id: string, kind: 'facility' | 'project' | 'schedule') => {
    await getNode(db, spaceId, id, kind);
    await db.deleteFrom('eps_nodes').where('space_id', '=', spaceId).where('id', '=', id).execute();
    changed(spaceId, [id]);
    return ok;
  };

  return [
    implement(api.facilities.create, async ({ body, space }) => {
      const node = await insertNode(db, space.spaceId, 'facility', null, body.name);
      changed(space.spaceId, [node.id]);
      return toEpsNode(node);
    }),

    implement(api.facilities.remove, async ({ params, space }) =>
      remove(space.spaceId, params.id, 'facility'),
    ),

    implement(api.facilities.createProject, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'facility');
      const node = await insertNode(db, space.spaceId, 'project', params.id, body.name);
      changed(space.spaceId, [node.id]);
      return toEpsNode(node);
    }),

    implement(api.projects.get, async ({ params, space }) =>
      toEpsNode(await getNode(db, space.spaceId, params.id, 'project')),
    ),

    implement(api.projects.remove, async ({ params, space }) => remove(space.spaceId, params.id, 'project')),

    implement(api.projects.createSchedule, async ({ params, body, space, lang }) => {
      await getNode(db, space.spaceId, params.id, 'project');
      let parentId = params.id;
      if (body.group_id) {
        const group = await getNode(db, space.spaceId, body.group_id, 'schedule_group');
        if (group.parent_id !== params.id) throw badRequest('wrong_parent', { field: 'body.group_id' });
        parentId = group.id;
      }
      const node = await db.transaction().execute(async (tx) => {
        const schedule = await insertNode(tx, space.spaceId, 'schedule', parentId, body.name);
        await insertVersion(
          tx,
          space.spaceId,
          schedule.id,
          lang === 'ru' ? 'Версия 1' : 'Version 1',
          'version',
        );
        return schedule;
      });
      changed(space.spaceId, [node.id]);
      return toEpsNode(node);
    }),

    implement(api.projects.schedules, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'project');
      const groups = await db
        .selectFrom('eps_nodes')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('parent_id', '=', params.id)
        .execute();
      const inGroups = groups.length
        ? await db
            .selectFrom('eps_nodes')
            .selectAll()
            .where('space_id', '=', space.spaceId)
            .where(
              'parent_id',
              'in',
              groups.map((g) => g.id),
            )
            .execute()
        : [];
      // Rooted at the project: children of the project have it as parent.
      const nodes = [...groups, ...inGroups].map(toEpsNode);
      return depthFirst(nodes.map((n) => (n.parent_id === params.id ? { ...n, parent_id: null } : n))).map(
        (n) => (n.parent_id === null ? { ...n, parent_id: params.id } : n),
      );
    }),

    implement(api.schedules.get, async ({ params, space }) =>
      toEpsNode(await getNode(db, space.spaceId, params.id, 'schedule')),
    ),

    implement(api.schedules.remove, async ({ params, space }) =>
      remove(space.spaceId, params.id, 'schedule'),
    ),
  ];
};
