// The structure tree: read it whole, rename a node, move a node (or version) up or down.
import type { Kysely } from 'kysely';
import { api } from '../../api';
import type { EpsNode } from '../../api/structure';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { toEpsNode, toVersion } from '../services/mappers';

/** Parents before children, siblings by order: the order a tree view lists them in. */
export function depthFirst(nodes: EpsNode[]): EpsNode[] {
  const children = new Map<string | null, EpsNode[]>();
  for (const n of nodes) {
    const list = children.get(n.parent_id) ?? [];
    list.push(n);
    children.set(n.parent_id, list);
  }
  for (const list of children.values())
    list.sort((a, b) => a.order - b.order || a.created_at.localeCompare(b.created_at));
  const out: EpsNode[] = [];
  const walk = (parent: string | null) => {
    for (const n of children.get(parent) ?? []) {
      out.push(n);
      walk(n.id);
    }
  };
  walk(null);
  return out;
}

type Dir = 'up' | 'down';

/** Swaps the order of a node (or a version) with its neighbour; at either end nothing moves. */
async function move(db: Kysely<DB>, spaceId: string, id: string, dir: Dir): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const node = await tx
      .selectFrom('eps_nodes')
      .select(['id', 'parent_id', 'sort_order'])
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (node) {
      const next = await tx
        .selectFrom('eps_nodes')
        .select(['id', 'sort_order'])
        .where('space_id', '=', spaceId)
        .where((eb) =>
          node.parent_id === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', node.parent_id),
        )
        .where('sort_order', dir === 'up' ? '<' : '>', node.sort_order)
        .orderBy('sort_order', dir === 'up' ? 'desc' : 'asc')
        .limit(1)
        .executeTakeFirst();
      if (next) {
        await tx
          .updateTable('eps_nodes')
          .set({ sort_order: next.sort_order })
          .where('space_id', '=', spaceId)
          .where('id', '=', node.id)
          .execute();
        await tx
          .updateTable('eps_nodes')
          .set({ sort_order: node.sort_order })
          .where('space_id', '=', spaceId)
          .where('id', '=', next.id)
          .execute();
      }
      return node.id;
    }
    const version = await tx
      .selectFrom('versions')
      .select(['id', 'schedule_id', 'sort_order'])
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!version) throw notFound('eps');
    const next = await tx
      .selectFrom('versions')
      .select(['id', 'sort_order'])
      .where('space_id', '=', spaceId)
      .where('schedule_id', '=', version.schedule_id)
      .where('sort_order', dir === 'up' ? '<' : '>', version.sort_order)
      .orderBy('sort_order', dir === 'up' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (next) {
      await tx
        .updateTable('versions')
        .set({ sort_order: next.sort_order })
        .where('space_id', '=', spaceId)
        .where('id', '=', version.id)
        .execute();
      await tx
        .updateTable('versions')
        .set({ sort_order: version.sort_order })
        .where('space_id', '=', spaceId)
        .where('id', '=', next.id)
        .execute();
    }
    return version.id;
  });
}

export const epsRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });
  return [
    implement(api.eps.tree, async ({ space }) => {
      const [nodes, versions] = await Promise.all([
        db.selectFrom('eps_nodes').selectAll().where('space_id', '=', space.spaceId).execute(),
        db
          .selectFrom('versions')
          .selectAll()
          .where('space_id', '=', space.spaceId)
          .orderBy('schedule_id')
          .orderBy('sort_order')
          .orderBy('created_at')
          .execute(),
      ]);
      return { nodes: depthFirst(nodes.map(toEpsNode)), versions: versions.map(toVersion) };
    }),

    implement(api.eps.rename, async ({ params, body, space }) => {
      const node = await db
        .updateTable('eps_nodes')
        .set({ name: body.name })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returning('id')
        .executeTakeFirst();
      if (!node) {
        const version = await db
          .updateTable('versions')
          .set({ label: body.name })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returning('id')
          .executeTakeFirst();
        if (!version) throw notFound('eps');
      }
      changed(space.spaceId, [params.id]);
      return { success: true as const };
    }),

    implement(api.eps.up, async ({ params, space }) => {
      changed(space.spaceId, [await move(db, space.spaceId, params.id, 'up')]);
      return { success: true as const };
    }),

    implement(api.eps.down, async ({ params, space }) => {
      changed(space.spaceId, [await move(db, space.spaceId, params.id, 'down')]);
      return { success: true as const };
    }),
  ];
};
