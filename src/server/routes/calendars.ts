// Calendars of a space; exactly one is the default once any exists.
import { api } from '../../api';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { toCalendar } from '../services/mappers';

export const calendarRoutes = ({ db, events }: AppContext) => {
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

  return [
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

    implement(api.calendars.update, async ({ params, body, space }) => {
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
      return toCalendar(c);
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
