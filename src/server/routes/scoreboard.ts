// Each user's scoreboard: tiles in their order, created, changed, removed and moved.
import { api } from '../../api';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import { tileOf } from '../services/scoreboard';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

async function tileIds(db: Kysely<DB>, spaceId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scoreboard_tiles')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}

/** Writes the order 0…n-1 of the given ids (all the user's tiles). */
async function writeOrder(db: Kysely<DB>, spaceId: string, userId: string, ids: string[]) {
  await db.transaction().execute(async (tx) => {
    for (const [i, id] of ids.entries())
      await tx
        .updateTable('scoreboard_tiles')
        .set({ sort_order: i })
        .where('space_id', '=', spaceId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
  });
}

async function nodeExists(db: Kysely<DB>, spaceId: string, nodeId: string) {
  const n = await db
    .selectFrom('eps_nodes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '=', nodeId)
    .executeTakeFirst();
  if (!n) throw notFound('node');
}

export function scoreboardRoutes({ db }: AppContext) {
  const move = (delta: -1 | 1) => async (spaceId: string, userId: string, id: string) => {
    const ids = await tileIds(db, spaceId, userId);
    const i = ids.indexOf(id);
    if (i < 0) throw notFound('scoreboard');
    const j = i + delta;
    if (j < 0 || j >= ids.length) return { success: true as const };
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    await writeOrder(db, spaceId, userId, ids);
    return { success: true as const };
  };
  const up = move(-1);
  const down = move(1);
  return [
    implement(api.views.scoreboard, async ({ space, userId }) => {
      const items = [];
      for (const id of await tileIds(db, space.spaceId, userId))
        items.push(await tileOf(db, space.spaceId, userId, id));
      return { items };
    }),

    implement(api.views.scoreboardCreate, async ({ body, space, userId }) => {
      await nodeExists(db, space.spaceId, body.node_id);
      const n = (await tileIds(db, space.spaceId, userId)).length;
      const row = await db
        .insertInto('scoreboard_tiles')
        .values({
          space_id: space.spaceId,
          user_id: userId,
          node_id: body.node_id,
          measure: body.measure,
          sort_order: n,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return tileOf(db, space.spaceId, userId, row.id);
    }),

    implement(api.views.scoreboardUpdate, async ({ params, body, space, userId }) => {
      await nodeExists(db, space.spaceId, body.node_id);
      const r = await db
        .updateTable('scoreboard_tiles')
        .set({ node_id: body.node_id, measure: body.measure })
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('scoreboard');
      return tileOf(db, space.spaceId, userId, params.id);
    }),

    implement(api.views.scoreboardDelete, async ({ params, space, userId }) => {
      const r = await db
        .deleteFrom('scoreboard_tiles')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('scoreboard');
      await writeOrder(db, space.spaceId, userId, await tileIds(db, space.spaceId, userId));
      return { success: true as const };
    }),

    implement(api.views.scoreboardUp, ({ params, space, userId }) => up(space.spaceId, userId, params.id)),
    implement(api.views.scoreboardDown, ({ params, space, userId }) =>
      down(space.spaceId, userId, params.id),
    ),

    implement(api.views.scoreboardOrder, async ({ body, space, userId }) => {
      const ids = await tileIds(db, space.spaceId, userId);
      if (body.ids.some((id) => !ids.includes(id))) throw notFound('scoreboard');
      const given = new Set(body.ids);
      // Named tiles first in the given order; any the caller did not name keep their order after.
      const order = [...given, ...ids.filter((id) => !given.has(id))];
      await writeOrder(db, space.spaceId, userId, order);
      return { success: true as const };
    }),
  ];
}
