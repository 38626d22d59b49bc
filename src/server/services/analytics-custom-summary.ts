// Stored custom-cost summaries (migration 083): per version and number attribute of the space, the
// attribute's planned day amounts over working time and their week and month buckets — the kind of
// summary the money curves keep (analytics-summary.ts) — so a space's custom-cost graph sweeps a
// few rows per version and period instead of spreading every row per request. A summary records
// the version's content and analytics stamps and data date; a read that finds one of them moved
// remakes it, and the calculation job remakes the version's after it writes the dates. All stale
// versions of a scope are made by one statement (the day sums keyed by version).
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { PeriodUnit } from '../../domain/analytics';
import type { DB } from '../db/schema';
import { attributeRamps, fallbacksOf } from './analytics-custom';
import { scopeCtes } from './analytics-scope';
import type { AnalyticsScope } from './analytics-scope';
import { dayEventsSql, workCalendarsOf } from './analytics-work-days';

/** Joins a version (v) to its summary of attribute `a` when the summary is up to date. */
const fresh = (a: string) => sql`c.space_id = v.space_id AND c.version_id = v.id AND c.attribute = ${a}
  AND c.content_stamp = v.content_stamp AND c.analytics_stamp = v.analytics_stamp
  AND c.data_date IS NOT DISTINCT FROM v.data_date`;

/** Whether the space defines `attribute` as a number (or formula) attribute: only those are kept. */
export async function storesAttribute(db: Kysely<DB>, spaceId: string, attribute: string): Promise<boolean> {
  const r = await db
    .selectFrom('attributes')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('key', '=', attribute)
    .where('type', 'in', ['number', 'formula'])
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Remakes the summaries of `attribute` of the versions given that are not up to date, in one
 * transaction: one statement clears them, one makes them all.
 */
export async function refreshCustomSummaries(
  db: Kysely<DB>,
  spaceId: string,
  attribute: string,
  versionIds: readonly string[],
): Promise<number> {
  if (versionIds.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    // One maker per space and attribute at a time; the second finds the summaries made.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`analytics-custom:${spaceId}:${attribute}`}))`.execute(
      tx,
    );
    // The stamps are read before the rows: content that moves meanwhile leaves a summary stale.
    const found = await sql<{ id: string; cs: string; as: string; dd: number | null }>`
      SELECT v.id::text AS id, v.content_stamp::text AS cs, v.analytics_stamp::text AS "as", v.data_date AS dd
      FROM versions v LEFT JOIN analytics_custom_summaries c ON ${fresh(attribute)}
      WHERE v.space_id = ${spaceId} AND v.id::text IN (${sql.join(versionIds)}) AND c.version_id IS NULL
      ORDER BY v.id`.execute(tx);
    const stale = found.rows;
    if (stale.length === 0) return 0;
    await sql`SET LOCAL jit = off`.execute(tx); // see withoutJit (analytics-work-days.ts)
    const ids = JSON.stringify(stale.map((v) => v.id));
    await sql`
      WITH b AS (
        DELETE FROM analytics_custom_buckets WHERE space_id = ${spaceId} AND attribute = ${attribute}
          AND version_id IN (SELECT x::uuid FROM jsonb_array_elements_text(${ids}::jsonb) AS x)
      )
      DELETE FROM analytics_custom_summaries WHERE space_id = ${spaceId} AND attribute = ${attribute}
        AND version_id IN (SELECT x::uuid FROM jsonb_array_elements_text(${ids}::jsonb) AS x)`.execute(tx);
    const cals = await workCalendarsOf(tx, spaceId);
    const fallbacks = await fallbacksOf(tx, spaceId, cals, stale);
    // Each version is its own key: the day sums of every stale version in one statement.
    const keyed = sql`SELECT v::uuid AS version_id, v AS key FROM jsonb_array_elements_text(${ids}::jsonb) AS v`;
    const ramps = attributeRamps(
      spaceId,
      attribute,
      keyed,
      fallbacks,
      stale.map((v) => v.id),
    );
    const stamps = JSON.stringify(stale.map((v) => ({ v: v.id, cs: v.cs, as: v.as, dd: v.dd })));
    await sql`
      WITH de AS (${dayEventsSql(ramps, cals)}),
      -- The days, and the days gathered per week and month: a bucket [b, next b) is one jump at b
      -- of its days' sum (they have no slope change), tmax its last moment (migration 031's form).
      bk AS (
        INSERT INTO analytics_custom_buckets (space_id, version_id, attribute, unit, b, j, tmax)
        SELECT ${spaceId}::uuid, key::uuid, ${attribute}, 'day', t, j, t FROM de
        UNION ALL
        SELECT ${spaceId}::uuid, key::uuid, ${attribute}, unit, b, SUM(j), MAX(t) FROM (
          SELECT e.key, u.unit, e.t, e.j,
            (EXTRACT(EPOCH FROM (date_trunc(u.unit, TIMESTAMP '2000-01-01' + e.t * INTERVAL '1 minute')
              - TIMESTAMP '2000-01-01')) / 60)::integer AS b
          FROM de e CROSS JOIN (VALUES ('week'), ('month')) AS u (unit)
        ) y
        GROUP BY key, unit, b
      )
      INSERT INTO analytics_custom_summaries (space_id, version_id, attribute, content_stamp, analytics_stamp, data_date)
      SELECT ${spaceId}::uuid, x.v::uuid, ${attribute}, x.cs::bigint, x."as"::bigint, x.dd
      FROM jsonb_to_recordset(${stamps}::jsonb) AS x (v text, cs text, "as" text, dd integer)`.execute(tx);
    return stale.length;
  });
}

/** Brings the summaries of `attribute` of every version a scope measures up to date. */
export async function ensureCustomSummaries(
  db: Kysely<DB>,
  scope: AnalyticsScope,
  attribute: string,
): Promise<void> {
  const stale = await sql<{ id: string }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    inscope AS (SELECT version_id FROM sv UNION SELECT version_id FROM tv)
    SELECT v.id::text AS id FROM versions v LEFT JOIN analytics_custom_summaries c ON ${fresh(attribute)}
    WHERE v.space_id = ${scope.spaceId} AND v.id IN (SELECT version_id FROM inscope) AND c.version_id IS NULL
    ORDER BY v.id`.execute(db);
  const made = await refreshCustomSummaries(
    db,
    scope.spaceId,
    attribute,
    stale.rows.map((r) => r.id),
  );
  // Fresh statistics (PGlite has no autovacuum; see ensureSummaries).
  if (made > 0) await sql`ANALYZE analytics_custom_buckets, analytics_custom_summaries`.execute(db);
}

/**
 * After a write of a version (the calculation job): remakes its stale summaries of the space's
 * number attributes, and drops those of keys the space no longer defines as one.
 */
export async function refreshVersionCustom(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
): Promise<void> {
  const kept = await sql<{ attribute: string; defined: boolean }>`
    SELECT c.attribute, EXISTS (SELECT 1 FROM attributes a WHERE a.space_id = c.space_id
      AND a.key = c.attribute AND a.type IN ('number', 'formula')) AS defined
    FROM analytics_custom_summaries c WHERE c.space_id = ${spaceId} AND c.version_id = ${versionId}
    ORDER BY c.attribute`.execute(db);
  for (const k of kept.rows) {
    if (k.defined) await refreshCustomSummaries(db, spaceId, k.attribute, [versionId]);
    else
      await sql`
        WITH b AS (DELETE FROM analytics_custom_buckets WHERE space_id = ${spaceId} AND version_id = ${versionId}
          AND attribute = ${k.attribute})
        DELETE FROM analytics_custom_summaries WHERE space_id = ${spaceId} AND version_id = ${versionId}
          AND attribute = ${k.attribute}`.execute(db);
  }
}

/**
 * The stored events (series, t, ds, j) of an attribute by `unit`: plan of the working versions,
 * target of the targets — the week or month buckets when every period boundary of the unit is one
 * of theirs, else the days — plus one moment of no change per series at the last moment, so the
 * curve spans what the days span. Reads the sweep statement's CTEs sv and tv.
 */
export function customStoredEvents(
  spaceId: string,
  attribute: string,
  unit: PeriodUnit,
): RawBuilder<unknown> {
  const u = unit === 'day' ? 'day' : unit === 'week' ? 'week' : 'month';
  const part = (set: 'sv' | 'tv', series: string) => {
    const from = sql.raw(set);
    const where = sql`e.space_id = ${spaceId} AND e.attribute = ${attribute} AND e.unit = ${u}`;
    return sql`SELECT ${sql.lit(series)}::text AS series, e.b AS t, 0::float8 AS ds, e.j FROM analytics_custom_buckets e
      JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where}
      UNION ALL
      SELECT ${sql.lit(series)}::text, MAX(e.tmax), 0::float8, 0::float8 FROM analytics_custom_buckets e
      JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where} GROUP BY 1`;
  };
  return sql`${part('sv', 'plan')} UNION ALL ${part('tv', 'target')}`;
}
