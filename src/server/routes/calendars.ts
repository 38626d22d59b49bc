// Calendars of a space; exactly one is the default once any exists.
import { sql } from 'kysely';
import { api } from '../../api';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { jobRunnerFor } from '../jobs/app-runner';
import { calculationJob } from '../jobs/calc-job';
import { toCalendar } from '../services/mappers';

export const calendarRoutes = (ctx: AppContext) => {
  const { db, events } = ctx;
  const runner = jobRunnerFor(ctx);
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'calendars_updated', space_id: spaceId, ids, payload: {} });
  const get = async (spaceId: string, id: string) => {
    const c = await db
      .selectFrom('calendars')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!c) throw notFound('calendar');
    return c;
  };

  /** Versions whose rows or resources name the calendar, or (the default) whose rows name none. */
  const usersOf = async (spaceId: string, c: { id: string; is_default: boolean }) => {
    const { rows } = await sql<{
      version_id: string;
      label: string;
      schedule_id: string;
      schedule_name: string;
    }>`
      SELECT v.id AS version_id, v.label, v.schedule_id, s.name AS schedule_name
      FROM versions v JOIN eps_nodes s ON s.space_id = v.space_id AND s.id = v.schedule_id
      WHERE v.space_id = ${spaceId} AND (
        EXISTS (SELECT 1 FROM wbs_items i WHERE i.space_id = v.space_id AND i.version_id = v.id
          AND (i.calendar_id = ${c.id} OR (${c.is_default} AND i.calendar_id IS NULL)))
        OR EXISTS (SELECT 1 FROM version_resources r WHERE r.space_id = v.space_id AND r.version_id = v.id
          AND r.calendar_id = ${c.id}))
      ORDER BY s.name, v.sort_order, v.id`.execute(db);
    return rows;
  };

  return [
    implement(api.calendars.usage, async ({ params, space }) =>
      usersOf(space.spaceId, await get(space.spaceId, params.id)),
    ),

    implement(api.calendars.list, async ({ query, space }) => {
      let q = db.selectFrom('calendars').selectAll().where('space_id', '=', space.spaceId);
      if (query.name) q = q.where('name', 'ilike', `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return (await q.orderBy('name').orderBy('id').execute()).map(toCalendar);
    }),

    implement(api.calendars.create, async ({ body, space }) => {
      const c = await db.transaction().execute(async (tx) => {
        const any = await tx
          .selectFrom('calendars')
          .select('id')
          .where('space_id', '=', space.spaceId)
          .limit(1)
          .execute();
        return tx
          .insertInto('calendars')
          .values({
            space_id: space.spaceId,
            name: body.name,
            week: JSON.stringify(body.week),
            exceptions: JSON.stringify(body.exceptions),
            hours_per_day: body.hours_per_day,
            hours_per_week: body.hours_per_week,
            hours_per_month: body.hours_per_month,
            is_default: any.length === 0,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      changed(space.spaceId, [c.id]);
      return toCalendar(c);
    }),

    implement(api.calendars.update, async ({ params, body, space, userId, lang }) => {
      await get(space.spaceId, params.id);
      const c = await db
        .updateTable('calendars')
        .set({
          name: body.name,
          week: JSON.stringify(body.week),
          exceptions: JSON.stringify(body.exceptions),
          hours_per_day: body.hours_per_day,
          hours_per_week: body.hours_per_week,
          hours_per_month: body.hours_per_month,
        })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed(space.spaceId, [c.id]);
      // Dates of the versions that use it were computed on the old working time.
      const users = await usersOf(space.spaceId, c);
      for (const u of users)
        await runner.enqueue(
          calculationJob({ id: u.version_id, schedule_id: u.schedule_id }, space.spaceId, userId, lang),
        );
      return { ...toCalendar(c), recalculating: users.map((u) => u.version_id) };
    }),

    implement(api.calendars.remove, async ({ params, space }) => {
      const c = await get(space.spaceId, params.id);
      if (c.is_default) throw conflict('calendar_default');
      const used = await db
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('calendar_id', '=', c.id)
        .limit(1)
        .execute();
      if (used.length > 0) throw conflict('calendar_in_use');
      await db.deleteFrom('calendars').where('space_id', '=', space.spaceId).where('id', '=', c.id).execute();
      changed(space.spaceId, [c.id]);
      return { success: true as const };
    }),

    implement(api.calendars.setDefault, async ({ params, space }) => {
      await get(space.spaceId, params.id);
      const c = await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('calendars')
          .set({ is_default: false })
          .where('space_id', '=', space.spaceId)
          .where('is_default', '=', true)
          .execute();
        return tx
          .updateTable('calendars')
          .set({ is_default: true })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      changed(space.spaceId, [c.id]);
      return toCalendar(c);
    }),
  ];
};
