// Each user's saved filters ("filtering") and layout templates in a space (api/view-settings.ts).
// Rows belong to their user: another member's id answers 404, as another space's does.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { api } from '../../api';
import { readGroupBy } from '../../api/group-by';
import type { LayoutSettings, LayoutTemplate, ScheduleLayout } from '../../api/view-settings';
import type { AppContext } from '../context';
import type { LayoutTemplatesTable, ScheduleLayoutDefaultsTable } from '../db/schema';
import { conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { iso } from '../services/mappers';

/** Stored settings; templates saved before nesting hold one grouping column (a one-level list). */
const readSettings = (v: unknown): LayoutSettings => {
  const s = v as LayoutSettings;
  return { ...s, group_by: readGroupBy(s.group_by) };
};

const toTemplate = (r: Selectable<LayoutTemplatesTable>): LayoutTemplate => ({
  id: r.id,
  name: r.name,
  settings: readSettings(r.settings),
  is_default: r.is_default,
  updated_at: iso(r.updated_at),
});

const toScheduleLayout = (r: Selectable<ScheduleLayoutDefaultsTable>): ScheduleLayout => ({
  schedule_id: r.schedule_id,
  name: r.name,
  settings: readSettings(r.settings),
  set_by: r.set_by,
  updated_at: iso(r.updated_at),
});

const nameTaken = (err: unknown): never => {
  if ((err as { code?: string }).code === '23505') throw conflict('layout.name_taken');
  throw err;
};

export function viewSettingsRoutes({ db }: AppContext) {
  const own = async (spaceId: string, userId: string, id: string) => {
    const row = await db
      .selectFrom('layout_templates')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('layout_template');
    return row;
  };

  /** The id is a schedule of the space (another kind of node, or another space's, answers 404). */
  const schedule = async (spaceId: string, id: string) => {
    const row = await db
      .selectFrom('eps_nodes')
      .select('id')
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .where('kind', '=', 'schedule')
      .executeTakeFirst();
    if (!row) throw notFound('schedule');
  };

  return [
    implement(api.viewSettings.scheduleLayout, async ({ params, space }) => {
      await schedule(space.spaceId, params.id);
      const row = await db
        .selectFrom('schedule_layout_defaults')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .executeTakeFirst();
      return { layout: row ? toScheduleLayout(row) : null };
    }),

    implement(api.viewSettings.setScheduleLayout, async ({ params, body, space, userId }) => {
      await schedule(space.spaceId, params.id);
      const values = {
        name: body.name,
        settings: JSON.stringify(body.settings),
        set_by: userId,
        updated_at: sql<Date>`now()`,
      };
      const row = await db
        .insertInto('schedule_layout_defaults')
        .values({ space_id: space.spaceId, schedule_id: params.id, ...values })
        .onConflict((oc) => oc.columns(['space_id', 'schedule_id']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toScheduleLayout(row);
    }),

    implement(api.viewSettings.clearScheduleLayout, async ({ params, space }) => {
      await schedule(space.spaceId, params.id);
      await db
        .deleteFrom('schedule_layout_defaults')
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.viewSettings.filters, async ({ space, userId }) => {
      const rows = await db
        .selectFrom('saved_filters')
        .select(['id', 'name', 'filter', 'created_at'])
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .orderBy(sql`lower(name)`)
        .execute();
      return { items: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
    }),

    implement(api.viewSettings.saveFilter, async ({ body, space, userId }) => {
      const filter = JSON.stringify(body.filter);
      // Saving under a name that exists replaces that filter (the builder's "save as" of an edit).
      await db
        .deleteFrom('saved_filters')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .where(sql<boolean>`lower(name) = lower(${body.name})`)
        .execute();
      const r = await db
        .insertInto('saved_filters')
        .values({ space_id: space.spaceId, user_id: userId, name: body.name, filter })
        .returning(['id', 'name', 'filter', 'created_at'])
        .executeTakeFirstOrThrow();
      return { ...r, created_at: iso(r.created_at) };
    }),

    implement(api.viewSettings.removeFilter, async ({ params, space, userId }) => {
      const r = await db
        .deleteFrom('saved_filters')
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('filter');
      return { success: true as const };
    }),

    implement(api.viewSettings.templates, async ({ space, userId }) => {
      const rows = await db
        .selectFrom('layout_templates')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', userId)
        .orderBy(sql`lower(name)`)
        .execute();
      return { items: rows.map(toTemplate) };
    }),

    implement(api.viewSettings.createTemplate, async ({ body, space, userId }) => {
      const row = await db
        .insertInto('layout_templates')
        .values({
          space_id: space.spaceId,
          user_id: userId,
          name: body.name,
          settings: JSON.stringify(body.settings),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      return toTemplate(row);
    }),

    implement(api.viewSettings.updateTemplate, async ({ params, body, space, userId }) => {
      await own(space.spaceId, userId, params.id);
      const row = await db
        .updateTable('layout_templates')
        .set({ name: body.name, settings: JSON.stringify(body.settings), updated_at: sql`now()` })
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      return toTemplate(row);
    }),

    implement(api.viewSettings.removeTemplate, async ({ params, space, userId }) => {
      await own(space.spaceId, userId, params.id);
      await db
        .deleteFrom('layout_templates')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.viewSettings.setDefaultTemplate, async ({ params, body, space, userId }) => {
      await own(space.spaceId, userId, params.id);
      const row = await db.transaction().execute(async (tx) => {
        if (body.is_default)
          await tx
            .updateTable('layout_templates')
            .set({ is_default: false })
            .where('space_id', '=', space.spaceId)
            .where('user_id', '=', userId)
            .where('is_default', '=', true)
            .execute();
        return tx
          .updateTable('layout_templates')
          .set({ is_default: body.is_default })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toTemplate(row);
    }),
  ];
}
