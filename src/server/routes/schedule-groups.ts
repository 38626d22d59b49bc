// Schedule groups: folders of schedules inside a project.
import { api } from '../../api';
import { orderWrites, placeAt } from '../../domain/structure/order';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { implement } from '../http/register';
import { getNode, insertNode, nextNodeOrder } from '../services/eps';
import { toEpsNode } from '../services/mappers';

export const scheduleGroupRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });

  return [
    implement(api.scheduleGroups.create, async ({ body, space }) => {
      await getNode(db, space.spaceId, body.project_id, 'project');
      const node = await insertNode(db, space.spaceId, 'schedule_group', body.project_id, body.name);
      changed(space.spaceId, [node.id]);
      return toEpsNode(node);
    }),

    implement(api.scheduleGroups.list, async ({ query, space }) => {
      await getNode(db, space.spaceId, query.project_id, 'project');
      const rows = await db
        .selectFrom('eps_nodes')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('parent_id', '=', query.project_id)
        .where('kind', '=', 'schedule_group')
        .orderBy('sort_order')
        .execute();
      return rows.map(toEpsNode);
    }),

    implement(api.scheduleGroups.moveSchedule, async ({ body, space }) => {
      const schedule = await getNode(db, space.spaceId, body.schedule_id, 'schedule');
      const parent = await db
        .selectFrom('eps_nodes')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('id', '=', schedule.parent_id!)
        .executeTakeFirstOrThrow();
      const projectId = parent.kind === 'project' ? parent.id : parent.parent_id!;
      let target = projectId;
      if (body.group_id) {
        const group = await getNode(db, space.spaceId, body.group_id, 'schedule_group');
        // Groups belong to one project; a schedule changes project only by export and import.
        if (group.parent_id !== projectId) throw badRequest('wrong_parent', { field: 'body.group_id' });
        target = group.id;
      }
      await db.transaction().execute(async (tx) => {
        const siblings = await tx
          .selectFrom('eps_nodes')
          .select(['id', 'sort_order'])
          .where('space_id', '=', space.spaceId)
          .where('parent_id', '=', target)
          .orderBy('sort_order')
          .orderBy('created_at')
          .execute();
        const ids = siblings.map((s) => s.id);
        // Without a position the schedule goes last, unless it is already in that parent.
        if (body.position === undefined && target === schedule.parent_id) return;
        const ordered = placeAt(ids, schedule.id, body.position ?? ids.length);
        const current = new Map(siblings.map((s) => [s.id, s.sort_order]));
        if (target !== schedule.parent_id) {
          await tx
            .updateTable('eps_nodes')
            .set({ parent_id: target })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', schedule.id)
            .execute();
        }
        for (const w of orderWrites(ordered, current)) {
          await tx
            .updateTable('eps_nodes')
            .set({ sort_order: w.order })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', w.id)
            .execute();
        }
      });
      changed(space.spaceId, [schedule.id]);
      return { success: true as const };
    }),

    implement(api.scheduleGroups.patch, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule_group');
      const row = await db
        .updateTable('eps_nodes')
        .set({ name: body.name })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed(space.spaceId, [row.id]);
      return toEpsNode(row);
    }),

    implement(api.scheduleGroups.move, async ({ params, body, space }) => {
      const group = await getNode(db, space.spaceId, params.id, 'schedule_group');
      await getNode(db, space.spaceId, body.project_id, 'project');
      if (group.parent_id === body.project_id) return toEpsNode(group);
      const order = await nextNodeOrder(db, space.spaceId, body.project_id);
      const row = await db
        .updateTable('eps_nodes')
        .set({ parent_id: body.project_id, sort_order: order })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed(space.spaceId, [row.id]);
      return toEpsNode(row);
    }),

    implement(api.scheduleGroups.remove, async ({ params, space }) => {
      const group = await getNode(db, space.spaceId, params.id, 'schedule_group');
      await db.transaction().execute(async (tx) => {
        // Dissolve: the group's schedules go to the end of the project's list, in their order.
        const base = await nextNodeOrder(tx, space.spaceId, group.parent_id);
        const schedules = await tx
          .selectFrom('eps_nodes')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .where('parent_id', '=', group.id)
          .orderBy('sort_order')
          .execute();
        for (const [i, s] of schedules.entries()) {
          await tx
            .updateTable('eps_nodes')
            .set({ parent_id: group.parent_id, sort_order: base + i })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', s.id)
            .execute();
        }
        await tx
          .deleteFrom('eps_nodes')
          .where('space_id', '=', space.spaceId)
          .where('id', '=', group.id)
          .execute();
      });
      changed(space.spaceId, [group.id]);
      return { success: true as const };
    }),
  ];
};
