// Versions of a schedule: create (empty or as a copy), list, read, delete, label, actual, lock;
// and the version's content (WBS items and relations, with what an import stored for scheduling
// them and the version's stored options) in one read.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { api } from '../../api';
import { headBytes } from '../../api/columns-binary';
import { WBS_ITEM_FIELDS } from '../../api/versions';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../errors';
import { JsonParts, RawJson, Streamed, implement } from '../http/register';
import { prewarmCompareSide } from '../services/compare-packed';
import { copyContent } from '../services/content';
import {
  contentColumnsBinary,
  contentColumnsJson,
  itemSchedules,
  relationLagCalendars,
} from '../services/content-columns';
import { storedScheduleOptions } from '../import/to-model';
import type { ScheduleOptions } from '../../domain/schedule';
import { hiddenKeys, withoutAttributes, withoutHiddenAttributes } from '../services/attribute-access';
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

/** A version as the content reads answer it: with the options an import stored (null: none). */
const versionJson = (version: Parameters<typeof toVersion>[0], options: ScheduleOptions | null) =>
  JSON.stringify({ ...toVersion(version), schedule_options: options });

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
      if (source) prewarmCompareSide(db, space.spaceId, v.id);
      return toVersion(v);
    }),

    implement(api.versions.actualInfo, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'schedule');
      const v = await db
        .selectFrom('versions')
        .selectAll()
        .where('space_id', '=', space.spaceId)
        .where('schedule_id', '=', params.id)
        .where('kind', '=', 'actual')
        .executeTakeFirst();
      if (!v) return { version: null, rows: 0, activities: 0, relations: 0, calculated: false };
      const [rows, relations] = await Promise.all([
        db
          .selectFrom('wbs_items')
          .select((eb) => [
            eb.fn.countAll<string>().as('rows'),
            eb.fn.count<string>('id').filterWhere('node_type', 'not in', ['sum', 'draft']).as('activities'),
          ])
          .where('space_id', '=', space.spaceId)
          .where('version_id', '=', v.id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('wbs_relations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('space_id', '=', space.spaceId)
          .where('version_id', '=', v.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        version: toVersion(v),
        rows: Number(rows.rows),
        activities: Number(rows.activities),
        relations: Number(relations.n),
        calculated: v.timetable_state === 'calculated',
      };
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
      const spaceId = space.spaceId;
      // 100k rows: the database writes the JSON (about twice as fast as rows → objects → JSON
      // on PGlite); the rows already have the contract's shape, with what an import stored for
      // scheduling them (sched, lag_calendar; null when nothing).
      const json = (q: ReturnType<typeof sql>) =>
        sql<{ j: string }>`SELECT coalesce(json_agg(t), '[]')::text AS j FROM (${q}) t`.execute(db);
      // Attributes hidden from the caller's role are taken out of every row.
      const hidden = await hiddenKeys(db, space);
      const fields = WBS_ITEM_FIELDS.map((f) =>
        f === 'attributes' && hidden.length ? null : sql.raw(`w.${f}`),
      );
      const selected = sql.join(
        fields.map((f) => f ?? sql`(w.attributes - ${hidden}::text[]) AS attributes`),
        sql`, `,
      );
      const [items, relations, options] = await Promise.all([
        json(sql`SELECT ${selected}, ex.sched
          FROM wbs_items w LEFT JOIN (${itemSchedules(spaceId, version.id)}) ex ON ex.id = w.id::text
          WHERE w.space_id = ${spaceId} AND w.version_id = ${version.id}`),
        json(sql`SELECT x.id, x.pred_id, x.succ_id, x.type, x.lag, lc.lag_calendar
          FROM wbs_relations x LEFT JOIN (${relationLagCalendars(spaceId, version.id)}) lc ON lc.id = x.id::text
          WHERE x.space_id = ${spaceId} AND x.version_id = ${version.id}`),
        storedScheduleOptions(db, spaceId, version.id),
      ]);
      return new RawJson(
        `{"version":${versionJson(version, options)},"items":${items.rows[0]!.j},"relations":${relations.rows[0]!.j}}`,
      );
    }),

    implement(api.versions.contentColumns, async ({ params, query, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      if (query.format === 'binary') {
        const [encoded, options, hidden] = await Promise.all([
          contentColumnsBinary(db, space.spaceId, version.id, version.content_stamp),
          storedScheduleOptions(db, space.spaceId, version.id),
          hiddenKeys(db, space),
        ]);
        const head = headBytes({
          ...encoded.head,
          attributes: hidden.length
            ? withoutHiddenAttributes(encoded.head.attributes, hidden)
            : encoded.head.attributes,
          version: { ...toVersion(version), schedule_options: options },
        });
        const data = Buffer.from(encoded.data.buffer, encoded.data.byteOffset, encoded.data.byteLength);
        return new Streamed(
          200,
          {
            'content-type': 'application/octet-stream',
            'content-length': head.byteLength + data.byteLength,
          },
          Readable.from([Buffer.from(head), data]),
        );
      }
      const [{ items: kept, relations }, options, hidden] = await Promise.all([
        contentColumnsJson(db, space.spaceId, version.id, version.content_stamp),
        storedScheduleOptions(db, space.spaceId, version.id),
        hiddenKeys(db, space),
      ]);
      const items = hidden.length ? withoutAttributes(kept, hidden) : kept;
      return new JsonParts([
        Buffer.from(`{"version":${versionJson(version, options)},"items":`),
        items,
        Buffer.from(',"relations":'),
        relations,
        Buffer.from('}'),
      ]);
    }),
  ];
};
