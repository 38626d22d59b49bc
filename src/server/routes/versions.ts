// Versions of a schedule: create (empty or as a copy), list, read, delete, label, actual, lock;
// and the version's content (WBS items and relations) in one read.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { api } from '../../api';
import { WBS_ITEM_FIELDS } from '../../api/versions';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../errors';
import { RawJson, implement } from '../http/register';
import { copyContent } from '../services/content';
import { contentColumnsJson } from '../services/content-columns';
import { getNode, insertVersion } from '../services/eps';
import { toVersion } from '../services/mappers';

export async function getVersion(db: Kysely<DB>, spaceId: string, id: string) {
  const v = await db
    .selectFrom('versions')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!v) throw notFound('version');
  return v;
}

export const versionRoutes = ({ db, events }: AppContext) => {
  const changed = (spaceId: string, ids: string[]) =>
    events.publish({ event: 'eps_updated', space_id: spaceId, ids, payload: {} });
  /** Sets fields of one version (404 when it is not in the space), announces it, answers it. */
  const setVersionFields = async (
    spaceId: string,
    id: string,
    fields: { label?: string; locked?: boolean },
  ) => {
    await getVersion(db, spaceId, id);
    const v = await db
      .updateTable('versions')
      .set(fields)
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    changed(spaceId, [v.id]);
    return toVersion(v);
  };
  const unlocked = async (spaceId: string, id: string) => {
    const v = await getVersion(db, spaceId, id);
    if (v.locked) throw conflict('version_locked');
    return v;
  };

  return [
    implement(api.versions.create, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const source = body.copy_from_version_id
        ? await getVersion(db, space.spaceId, body.copy_from_version_id)
        : null;
      if (source && source.schedule_id !== params.id) throw notFound('version');
      const v = await db.transaction().execute(async (tx) => {
        const created = await insertVersion(tx, space.spaceId, params.id, body.label, body.kind);
        if (source) {
          await copyContent(tx, space.spaceId, source.id, created.id);
          return tx
            .updateTable('versions')
            .set({ data_date: source.data_date, timetable_state: source.timetable_state })
            .where('space_id', '=', space.spaceId)
            .where('id', '=', created.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return created;
      });
      changed(space.spaceId, [v.id]);
      return toVersion(v);
    }),

    implement(api.versions.list, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const rows = await db
        .selectFrom('versions')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .orderBy('sort_order')
        .execute();
      return rows.map(toVersion);
    }),

    implement(api.versions.get, async ({ params, space }) =>
      toVersion(await getVersion(db, space.spaceId, params.id)),
    ),

    implement(api.versions.remove, async ({ params, space }) => {
      await unlocked(space.spaceId, params.id);
      await db
        .deleteFrom('versions')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .execute();
      changed(space.spaceId, [params.id]);
      return { success: true as const };
    }),

    implement(api.versions.removeMany, async ({ body, space }) => {
      const ids = [...new Set(body.ids)];
      const rows = await db
        .selectFrom('versions')
        .select(['id', 'locked'])
        .where('space_id', '=', space.spaceId)
        .where('id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw notFound('version');
      if (rows.some((r) => r.locked)) throw conflict('version_locked');
      await db.deleteFrom('versions').where('space_id', '=', space.spaceId).where('id', 'in', ids).execute();
      changed(space.spaceId, ids);
      return { success: true as const };
    }),

    implement(api.versions.changeLabel, async ({ params, body, space }) => {
      return setVersionFields(space.spaceId, params.id, { label: body.label });
    }),

    implement(api.versions.setActualStatus, async ({ params, body, space }) => {
      const current = await getVersion(db, space.spaceId, params.id);
      const v = await db.transaction().execute(async (tx) => {
        if (body.actual) {
          // One actual version per schedule: the previous one goes back to being a version.
          await tx
            .updateTable('versions')
            .set({ kind: 'version' })
            .where('space_id', '=', space.spaceId)
            .where('schedule_id', '=', current.schedule_id)
            .where('kind', '=', 'actual')
            .execute();
        }
        const kind = body.actual ? 'actual' : current.kind === 'actual' ? 'version' : current.kind;
        return tx
          .updateTable('versions')
          .set({ kind })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      changed(space.spaceId, [v.id]);
      return toVersion(v);
    }),

    implement(api.versions.setLocked, async ({ params, body, space }) => {
      return setVersionFields(space.spaceId, params.id, { locked: body.locked });
    }),

    implement(api.versions.content, async ({ params, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      // 100k rows: the database writes the JSON (about twice as fast as rows → objects → JSON
      // on PGlite); the rows already have the contract's shape.
      const agg = (table: 'wbs_items' | 'wbs_relations', cols: readonly string[]) =>
        sql<{ j: string }>`SELECT coalesce(json_agg(t), '[]')::text AS j FROM (
          SELECT ${sql.raw(cols.join(', '))} FROM ${sql.table(table)}
          WHERE space_id = ${space.spaceId} AND version_id = ${version.id}) t`.execute(db);
      const items = await agg('wbs_items', WBS_ITEM_FIELDS);
      const relations = await agg('wbs_relations', ['id', 'pred_id', 'succ_id', 'type', 'lag']);
      return new RawJson(
        `{"version":${JSON.stringify(toVersion(version))},"items":${items.rows[0]!.j},"relations":${relations.rows[0]!.j}}`,
      );
    }),

    implement(api.versions.contentColumns, async ({ params, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const { items, relations } = await contentColumnsJson(db, space.spaceId, version.id);
      return new RawJson(
        `{"version":${JSON.stringify(toVersion(version))},"items":${items},"relations":${relations}}`,
      );
    }),
  ];
};
