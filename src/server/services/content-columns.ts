// A version's content by columns (the contract's VersionColumns), written by the database: one
// json_agg per field over the rows sorted by parent then order_key, with parent / pred / succ as
// row positions. Two statements, no row objects in the server: 100k rows stay a few aggregates.
//
// What an import stored for scheduling (version_models) comes along sparsely: an item's extras
// without the source id as `sched` [position, extras], relations' lag calendars as `lag_calendar`
// [relation id, calendar]. The extras are expanded once (jsonb_each) and hash-joined by id.
//
// The positions are computed on a narrow CTE (id, parent, position) and joined back to the rows:
// sorting and materializing whole rows (about 250 bytes each) spilled the sort to disk and cost
// about two thirds of the statement (≈2 s → ≈0.7 s on PGlite at 100k rows). Every aggregate has
// the same ORDER BY, so the planner sorts its input once (PostgreSQL ≥ 16). Relations come in no
// particular order (one aggregate pass feeds the five arrays the same rows in the same order):
// sorting 150k of them by id cost a fifth of the read.

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { encodeColumns, type EncodedColumns } from '../../api/columns-binary';
import { PLAIN_FIELDS } from '../../api/version-columns';
import type { VersionColumns } from '../../api/versions';
import type { DB } from '../db/schema';

/** Enough for the sorts of a 100k-row version to stay in memory (the default 4 MB spills). */
const WORK_MEM = '64MB';

/** The version's rows' ids and parents with their position (the order every column shares). */
const positions = (spaceId: string, versionId: string) => sql`
  SELECT id, parent_id,
    (row_number() OVER (ORDER BY parent_id NULLS FIRST, order_key, id) - 1)::int AS ix
  FROM wbs_items WHERE space_id = ${spaceId} AND version_id = ${versionId}`;

const column = (expr: string, name: string) =>
  `'${name}', coalesce(json_agg(${expr} ORDER BY k.ix), '[]'::json)`;

/**
 * The version's item extras as (item id text, scheduling fields): what an import stored beyond
 * the columns, without the source file's id; items with nothing else are left out.
 */
export const itemSchedules = (spaceId: string, versionId: string) => sql`
  SELECT e.key AS id, e.value - 'sourceId' AS sched
  FROM version_models m, jsonb_each(m.item_extras) e
  WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId} AND e.value - 'sourceId' <> '{}'::jsonb`;

/** The version's relations' own lag calendars as (relation id text, calendar). */
export const relationLagCalendars = (spaceId: string, versionId: string) => sql`
  SELECT e.key AS id, e.value ->> 'lagCalendar' AS lag_calendar
  FROM version_models m, jsonb_each(m.relation_extras) e
  WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId} AND e.value ->> 'lagCalendar' IS NOT NULL`;

/**
 * Reads kept per version while its content stamp (bumped by a trigger on every write of its items
 * or relations, migration 006) stays the same: a reload, a second tab or another user opening a
 * version nobody changed since gets it at once instead of the database's ≈1 s for 100k rows.
 * Bounded by their size; the least recently read go first.
 */
const CACHE_BYTES = 256 * 1024 * 1024;
/** The two aggregates as UTF-8, encoded once per stamp (a 100k-row read is ≈ 34 MB of JSON). */
export interface ColumnsBody {
  readonly items: Buffer;
  readonly relations: Buffer;
}
interface Kept {
  readonly stamp: string;
  readonly body: ColumnsBody;
  readonly bytes: number;
}
const kept = new Map<string, Kept>();
let keptBytes = 0;

function keep(key: string, entry: Kept): void {
  const old = kept.get(key);
  if (old) keptBytes -= old.bytes;
  kept.delete(key);
  if (entry.bytes > CACHE_BYTES / 2) return;
  kept.set(key, entry);
  keptBytes += entry.bytes;
  for (const [k, e] of kept) {
    if (keptBytes <= CACHE_BYTES) break;
    kept.delete(k);
    keptBytes -= e.bytes;
  }
}

/**
 * The version's content by columns. `knownStamp`: its content stamp as the caller just read it
 * with the version (the route does), else it is read here.
 */
export async function contentColumnsJson(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  knownStamp?: string | number,
): Promise<ColumnsBody> {
  const key = `${spaceId}/${versionId}`;
  const stamp = String(knownStamp ?? (await readStamp(db, spaceId, versionId)));
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp) {
    // Most recently read last.
    kept.delete(key);
    kept.set(key, hit);
    return hit.body;
  }
  // A read of the same stamp already on its way (a prewarm, a second tab) is shared.
  const flight = `${key}@${stamp}`;
  const going = reading.get(flight);
  if (going) return going;
  // Read after the stamp: a write in between gives content newer than the stamp, which the next
  // read (seeing the newer stamp) reads again; never content older than its stamp.
  const read = readColumns(db, spaceId, versionId).then((text) => {
    const body = { items: Buffer.from(text.items), relations: Buffer.from(text.relations) };
    keep(key, { stamp, body, bytes: body.items.length + body.relations.length });
    return body;
  });
  reading.set(flight, read);
  try {
    return await read;
  } finally {
    reading.delete(flight);
  }
}

/** The binary columns (src/api/columns-binary.ts) of a kept read, encoded once per read. */
const binaries = new WeakMap<ColumnsBody, EncodedColumns>();

/**
 * The version's content as binary columns (GET …/wbs/columns?format=binary): encoded from the
 * kept JSON read once per content stamp (the first read after a change pays it: 1.5–1.7 s for
 * 100k rows in Node on the busy 2-core machine), then kept beside it.
 */
export async function contentColumnsBinary(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  knownStamp?: string | number,
): Promise<EncodedColumns> {
  const body = await contentColumnsJson(db, spaceId, versionId, knownStamp);
  let out = binaries.get(body);
  if (!out) {
    const items = JSON.parse(body.items.toString('utf8')) as VersionColumns['items'];
    const relations = JSON.parse(body.relations.toString('utf8')) as VersionColumns['relations'];
    binaries.set(body, (out = encodeColumns(items, relations)));
  }
  return out;
}

async function readStamp(db: Kysely<DB>, spaceId: string, versionId: string): Promise<string> {
  const row = await db
    .selectFrom('versions')
    .select('content_stamp')
    .where('space_id', '=', spaceId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  return String(row?.content_stamp ?? '');
}

/** Reads under way, by version and stamp. */
const reading = new Map<string, Promise<ColumnsBody>>();

/**
 * Prepares the read of a version that was just written whole (an import, a calculation), in the
 * background: the workbench opening it next finds it kept, or joins the read under way.
 */
export function prewarmColumns(db: Kysely<DB>, spaceId: string, versionId: string): void {
  contentColumnsBinary(db, spaceId, versionId).catch(() => undefined);
}

async function readColumns(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<{ items: string; relations: string }> {
  const itemFields = [
    column('r.id', 'id'),
    column('coalesce(p.ix, -1)', 'parent'),
    ...PLAIN_FIELDS.map((f) => column(`r.${f}`, f)),
    `'attributes', coalesce(json_agg(json_build_array(k.ix, r.attributes) ORDER BY k.ix)
       FILTER (WHERE r.attributes <> '{}'::jsonb), '[]'::json)`,
    `'sched', coalesce(json_agg(json_build_array(k.ix, ex.sched) ORDER BY k.ix)
       FILTER (WHERE ex.sched IS NOT NULL), '[]'::json)`,
  ].join(',\n');
  return db.transaction().execute(async (tx) => {
    await sql.raw(`SET LOCAL work_mem = '${WORK_MEM}'`).execute(tx);
    // One statement: the positions are computed once for the items and the relations.
    const out = await sql<{ items: string; relations: string }>`
      WITH k AS MATERIALIZED (${positions(spaceId, versionId)}),
      ex AS (${itemSchedules(spaceId, versionId)}),
      lc AS (${relationLagCalendars(spaceId, versionId)}),
      items AS (
        SELECT json_build_object(${sql.raw(itemFields)}) AS j
        FROM k
        JOIN wbs_items r ON r.space_id = ${spaceId} AND r.version_id = ${versionId} AND r.id = k.id
        LEFT JOIN k p ON p.id = k.parent_id
        LEFT JOIN ex ON ex.id = k.id::text),
      relations AS (
        SELECT json_build_object(
          'id', coalesce(json_agg(x.id), '[]'::json),
          'pred', coalesce(json_agg(a.ix), '[]'::json),
          'succ', coalesce(json_agg(b.ix), '[]'::json),
          'type', coalesce(json_agg(x.type), '[]'::json),
          'lag', coalesce(json_agg(x.lag), '[]'::json),
          'lag_calendar', coalesce(json_agg(json_build_array(x.id, lc.lag_calendar))
            FILTER (WHERE lc.lag_calendar IS NOT NULL), '[]'::json)) AS j
        FROM wbs_relations x JOIN k a ON a.id = x.pred_id JOIN k b ON b.id = x.succ_id
        LEFT JOIN lc ON lc.id = x.id::text
        WHERE x.space_id = ${spaceId} AND x.version_id = ${versionId})
      SELECT items.j::text AS items, relations.j::text AS relations FROM items, relations`.execute(tx);
    return out.rows[0]!;
  });
}
