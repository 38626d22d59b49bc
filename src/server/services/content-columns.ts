// A version's content by columns (the contract's VersionColumns), written by the database: one
// json_agg per field over the rows sorted by parent then order_key, with parent / pred / succ as
// row positions. Two statements, no row objects in the server: 100k rows stay a few aggregates.

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PLAIN_FIELDS } from '../../api/version-columns';
import type { DB } from '../db/schema';

/** The rows of the version with their position (the order every column shares). */
const positioned = (spaceId: string, versionId: string) => sql`
  SELECT i.*, (row_number() OVER (ORDER BY i.parent_id NULLS FIRST, i.order_key, i.id) - 1)::int AS ix
  FROM wbs_items i WHERE i.space_id = ${spaceId} AND i.version_id = ${versionId}`;

const column = (expr: string, name: string) =>
  `'${name}', coalesce(json_agg(${expr} ORDER BY r.ix), '[]'::json)`;

export async function contentColumnsJson(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<{ items: string; relations: string }> {
  const itemFields = [
    column('r.id', 'id'),
    column('coalesce(p.ix, -1)', 'parent'),
    ...PLAIN_FIELDS.map((f) => column(`r.${f}`, f)),
    `'attributes', coalesce(json_agg(json_build_array(r.ix, r.attributes) ORDER BY r.ix)
       FILTER (WHERE r.attributes <> '{}'::jsonb), '[]'::json)`,
  ].join(',\n');
  const items = await sql<{ j: string }>`
    WITH r AS (${positioned(spaceId, versionId)})
    SELECT json_build_object(${sql.raw(itemFields)})::text AS j
    FROM r LEFT JOIN r p ON p.id = r.parent_id`.execute(db);
  const relations = await sql<{ j: string }>`
    WITH r AS (${positioned(spaceId, versionId)})
    SELECT json_build_object(
      'id', coalesce(json_agg(x.id ORDER BY x.id), '[]'::json),
      'pred', coalesce(json_agg(a.ix ORDER BY x.id), '[]'::json),
      'succ', coalesce(json_agg(b.ix ORDER BY x.id), '[]'::json),
      'type', coalesce(json_agg(x.type ORDER BY x.id), '[]'::json),
      'lag', coalesce(json_agg(x.lag ORDER BY x.id), '[]'::json))::text AS j
    FROM wbs_relations x JOIN r a ON a.id = x.pred_id JOIN r b ON b.id = x.succ_id
    WHERE x.space_id = ${spaceId} AND x.version_id = ${versionId}`.execute(db);
  return { items: items.rows[0]!.j, relations: relations.rows[0]!.j };
}
