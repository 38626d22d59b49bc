// Per-version analytics summaries (migration 026): the totals the dashboards and stats sum, and
// the S-curves' slope-change events, made in SQL from the stored rows (INSERT … SELECT — nothing is
// loaded into the process) and kept until their inputs move: the version's content stamp (WBS
// rows), its analytics stamp (assignments, resources) and its data date. A summary is remade by
// the calculation job when it writes a version, and by any read that finds it stale, so a figure
// is never older than the rows. The space dashboard then sums a hundred rows, and a curve sweeps
// a few thousand events per version instead of every row.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { PeriodUnit } from '../../domain/analytics';
import { curveParts } from '../../domain/resources/curves';
import type { DB } from '../db/schema';
import { MONEY, scopeCtes } from './analytics-scope';
import type { Amount, AnalyticsScope } from './analytics-scope';
import {
  PLANNED,
  dayEventsSql,
  fallbackCalendar,
  storedOptionsOf,
  workCalendarsOf,
} from './analytics-work-days';

const ACTIVITY = sql`i.node_type NOT IN ('sum', 'draft')`;

/** Joins a version (v) to its summary when the summary is up to date. */
const FRESH = sql`t.space_id = v.space_id AND t.version_id = v.id AND t.content_stamp = v.content_stamp
  AND t.analytics_stamp = v.analytics_stamp AND t.data_date IS NOT DISTINCT FROM v.data_date`;

/** Remakes a version's summary unless it is up to date. */
export async function refreshSummary(db: Kysely<DB>, spaceId: string, versionId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // One maker per version at a time; the second finds the summary made.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`analytics:${versionId}`}))`.execute(tx);
    // The stamps are read before the rows: content that moves meanwhile leaves the summary stale.
    const found = await sql<{ cs: string; as: string; dd: number | null; fresh: boolean }>`
      SELECT v.content_stamp::text AS cs, v.analytics_stamp::text AS "as", v.data_date AS dd,
        (t.version_id IS NOT NULL) AS fresh
      FROM versions v LEFT JOIN analytics_version_totals t ON ${FRESH}
      WHERE v.space_id = ${spaceId} AND v.id = ${versionId}`.execute(tx);
    const v = found.rows[0];
    if (!v || v.fresh) return;
    await sql`SET LOCAL jit = off`.execute(tx); // see withoutJit (analytics-work-days.ts)
    // One statement clears the summary, one makes it: the day sums (with the money planned to the
    // data date) feed the events, executor events, week and month buckets and totals at once.
    await sql`
      WITH e AS (DELETE FROM analytics_version_events WHERE space_id = ${spaceId} AND version_id = ${versionId}),
      b AS (DELETE FROM analytics_version_buckets WHERE space_id = ${spaceId} AND version_id = ${versionId}),
      x AS (DELETE FROM analytics_version_exec_events WHERE space_id = ${spaceId} AND version_id = ${versionId})
      DELETE FROM analytics_version_totals WHERE space_id = ${spaceId} AND version_id = ${versionId}`.execute(
      tx,
    );
    const cals = await workCalendarsOf(tx, spaceId);
    const stored = await storedOptionsOf(tx, spaceId, [versionId]);
    const fallback = fallbackCalendar(cals, stored.get(versionId), v.dd);
    const ramps = versionRamps(spaceId, versionId, v.dd, fallback);
    const space = sql`${spaceId}::uuid`;
    const version = sql`${versionId}::uuid`;
    await sql`
      WITH de AS (${dayEventsSql(ramps, cals, { key: 'ev money plan', at: v.dd })}),
      -- The planned cost and labour per executor.
      ex AS (
        INSERT INTO analytics_version_exec_events (space_id, version_id, amount, exec, t, j)
        SELECT ${space}, ${version}, split_part(key, ' ', 2), split_part(key, ' ', 3), t, j
        FROM de WHERE key LIKE 'ex %'
      ),
      ev AS (
        INSERT INTO analytics_version_events (space_id, version_id, amount, series, t, ds, j)
        SELECT ${space}, ${version}, split_part(key, ' ', 2), split_part(key, ' ', 3), t, 0, j
        FROM de WHERE key LIKE 'ev %'
      ),
      -- The events gathered per week and per month (migration 031): a bucket is one event at its
      -- start b of slope change Σds and jump Σj − Σds·(t − b), the same value at its end and after
      -- (the day events have no slope change: Σj).
      bk AS (
        INSERT INTO analytics_version_buckets (space_id, version_id, amount, unit, series, b, ds, j, tmax)
        SELECT ${space}, ${version}, split_part(key, ' ', 2), unit, split_part(key, ' ', 3), b, 0, SUM(j), MAX(t)
        FROM (
          SELECT e.key, u.unit, e.t, e.j,
            (EXTRACT(EPOCH FROM (date_trunc(u.unit, TIMESTAMP '2000-01-01' + e.t * INTERVAL '1 minute')
              - TIMESTAMP '2000-01-01')) / 60)::integer AS b
          FROM de e CROSS JOIN (VALUES ('week'), ('month')) AS u (unit)
          WHERE e.key LIKE 'ev %'
        ) y
        GROUP BY key, unit, b
      ),
      x AS (
        SELECT COUNT(*) AS activities, SUM(${MONEY}) AS money, SUM(${MONEY} * i.percent / 100) AS earned,
          SUM(i.volume) AS volume,
          SUM(i.percent * GREATEST(i.duration, 1)) AS pw, SUM(GREATEST(i.duration, 1)) AS w,
          MIN(COALESCE(i.actual_start, i.es)) AS start, MAX(COALESCE(i.actual_finish, i.ef)) AS finish
        FROM wbs_items i WHERE i.space_id = ${spaceId} AND i.version_id = ${versionId} AND ${ACTIVITY}
      ),
      -- Cost and labour of the version's assignments (as amountRows sums them, read by the version).
      cl AS (
        SELECT SUM((a.units * COALESCE(r.price, 0))::float8) AS cost,
          SUM(a.units::float8) FILTER (WHERE r.resource_type = 'labor') AS labour
        FROM version_assignments a
        JOIN wbs_items i ON i.space_id = a.space_id AND i.version_id = a.version_id AND i.id = a.wbs_id
        JOIN version_resources vr
          ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
        LEFT JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
        WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId} AND i.version_id = ${versionId} AND ${ACTIVITY}
      ),
      la AS (
        SELECT SUM(a.units::float8) AS labour_all FROM version_assignments a
        JOIN version_resources vr
          ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
        JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
        WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId} AND r.resource_type = 'labor'
      ),
      pl AS (SELECT COALESCE(SUM(j), 0)::float8 AS planned FROM de WHERE key = ${PLANNED})
      INSERT INTO analytics_version_totals (space_id, version_id, content_stamp, analytics_stamp, data_date,
        activities, money, earned, volume, pw, w, start, finish, cost, labour, labour_all, planned_to_date)
      SELECT ${spaceId}, ${versionId}, ${v.cs}::bigint, ${v.as}::bigint, ${v.dd}::integer,
        x.activities, x.money, x.earned, x.volume, x.pw, x.w, x.start, x.finish, cl.cost, cl.labour, la.labour_all,
        pl.planned
      FROM x, cl, la, pl`.execute(tx);
  });
}

/** The named curves' parts, as SQL arrays (uniform is even: no parts). */
const CURVE_PARTS = sql`CASE a.curve
  ${sql.join(
    (['front', 'back', 'bell'] as const).map(
      (k) => sql`WHEN ${k} THEN ARRAY[${sql.join(curveParts(k).map((p) => sql`${p}::float8`))}]`,
    ),
    sql` `,
  )}
  WHEN 'custom' THEN CASE WHEN jsonb_typeof(a.curve_values) = 'array' AND jsonb_array_length(a.curve_values) > 0
    THEN ARRAY(SELECT x::float8 FROM jsonb_array_elements_text(a.curve_values) AS x) END
  END`;

/** The key of a planned amount: "ev amount plan", or plan0 for a row of no amount. */
const planKey = (amount: string, a: RawBuilder<unknown>) =>
  sql`${`ev ${amount} `} || CASE WHEN ${a} = 0 THEN 'plan0' ELSE 'plan' END`;

/**
 * A version's amounts as ramps (key, cal, s, f, a, parts) for dayEventsSql: key "ev amount
 * series" for the curves (plan, plan0 — planned rows of no amount — and fact, earned) and "ex
 * amount executor" for the executor series. Money and volume on the row's calendar; cost and
 * labour per assignment by its curve, on the resource's calendar for a resource-dependent
 * activity (P6's type, kept in the item extras), else the row's. A calendar that is not one of
 * the space's is the version's fallback.
 */
function versionRamps(spaceId: string, versionId: string, dataDate: number | null, fallback: string) {
  return sql`
    WITH rd AS (
      SELECT e.key AS id FROM version_models m CROSS JOIN LATERAL jsonb_each(m.item_extras) e
      WHERE m.space_id = ${spaceId} AND m.version_id = ${versionId} AND e.value ->> 'kind' = 'resource'
    ),
    r AS (
      SELECT i.id, i.es, i.ef, i.actual_start AS sa,
        COALESCE(i.actual_finish, GREATEST(${dataDate}::integer, i.actual_start)) AS fa,
        COALESCE(i.percent, 0)::float8 AS pct,
        CASE WHEN i.price IS NULL THEN NULL ELSE ${MONEY} END AS money, i.volume::float8 AS volume,
        COALESCE(c.k, ${fallback}) AS cal,
        (i.node_type IN ('task', 'work') AND rd.id IS NOT NULL) AS rdep
      FROM wbs_items i LEFT JOIN cal_def c ON c.k = i.calendar_id::text LEFT JOIN rd ON rd.id = i.id::text
      WHERE i.space_id = ${spaceId} AND i.version_id = ${versionId} AND ${ACTIVITY}
    ),
    a AS (
      SELECT a.wbs_id, COALESCE(r.id::text, vr.id::text) AS exec, a.units::float8 AS units,
        a.units::float8 * COALESCE(r.price::float8, 0) AS cost,
        COALESCE(r.resource_type = 'labor', false) AS labor, ${CURVE_PARTS} AS parts,
        COALESCE(r.calendar_id, vr.calendar_id)::text AS rcal
      FROM version_assignments a
      JOIN version_resources vr
        ON vr.space_id = a.space_id AND vr.version_id = a.version_id AND vr.id = a.resource_id
      LEFT JOIN resources r ON r.space_id = vr.space_id AND r.id = vr.resource_id
      WHERE a.space_id = ${spaceId} AND a.version_id = ${versionId}
    ),
    ra AS (
      SELECT r.es, r.ef, r.sa, r.fa, r.pct, a.exec, a.units, a.cost, a.labor, a.parts,
        CASE WHEN r.rdep AND a.rcal IS NOT NULL THEN COALESCE(c.k, ${fallback}) ELSE r.cal END AS cal
      FROM r JOIN a ON a.wbs_id = r.id LEFT JOIN cal_def c ON c.k = a.rcal
    )
    SELECT ${planKey('money', sql`money`)} AS key, cal, es AS s, ef AS f, money AS a, NULL::float8[] AS parts
    FROM r WHERE money IS NOT NULL AND es IS NOT NULL AND ef IS NOT NULL
    UNION ALL ${otherRamps}`;
}

/** The ramps of versionRamps after its money plan (reads its CTEs r and ra). */
const otherRamps = sql`
    SELECT 'ev money fact', cal, sa, fa, money * pct / 100, NULL FROM r
    WHERE money IS NOT NULL AND sa IS NOT NULL AND fa IS NOT NULL AND money * pct <> 0
    UNION ALL
    SELECT ${planKey('volume', sql`volume`)}, cal, es, ef, volume, NULL FROM r
    WHERE volume IS NOT NULL AND es IS NOT NULL AND ef IS NOT NULL
    UNION ALL
    SELECT ${planKey('cost', sql`cost`)}, cal, es, ef, cost, parts FROM ra WHERE es IS NOT NULL AND ef IS NOT NULL
    UNION ALL
    SELECT 'ev cost fact', cal, sa, fa, cost * pct / 100, parts FROM ra
    WHERE sa IS NOT NULL AND fa IS NOT NULL AND cost * pct <> 0
    UNION ALL
    SELECT 'ex cost ' || exec, cal, es, ef, cost, parts FROM ra WHERE es IS NOT NULL AND ef IS NOT NULL
    UNION ALL
    SELECT ${planKey('labour', sql`units`)}, cal, es, ef, units, parts FROM ra
    WHERE labor AND es IS NOT NULL AND ef IS NOT NULL
    UNION ALL
    SELECT 'ex labour ' || exec, cal, es, ef, units, parts FROM ra WHERE labor AND es IS NOT NULL AND ef IS NOT NULL
    UNION ALL
    SELECT 'ev labour fact', cal, sa, fa, units * pct / 100, parts FROM ra
    WHERE labor AND sa IS NOT NULL AND fa IS NOT NULL AND units * pct <> 0`;

/** Stored planned events keyed by executor (cost or labour of the working versions), by day. */
export function executorEvents(spaceId: string, amount: 'cost' | 'labour'): RawBuilder<unknown> {
  return sql`SELECT e.exec AS key, e.t, 0::float8 AS ds, e.j FROM analytics_version_exec_events e
    JOIN sv ON e.version_id = sv.version_id WHERE e.space_id = ${spaceId} AND e.amount = ${amount}`;
}

/** Brings the summaries of every version a scope measures (working and target) up to date. */
export async function ensureSummaries(db: Kysely<DB>, scope: AnalyticsScope): Promise<void> {
  const stale = await sql<{ id: string }>`
    WITH RECURSIVE ${scopeCtes(scope)}
    inscope AS (SELECT version_id FROM sv UNION SELECT version_id FROM tv)
    SELECT v.id FROM versions v LEFT JOIN analytics_version_totals t ON ${FRESH}
    WHERE v.space_id = ${scope.spaceId} AND v.id IN (SELECT version_id FROM inscope) AND t.version_id IS NULL
    ORDER BY v.id`.execute(db);
  for (const r of stale.rows) await refreshSummary(db, scope.spaceId, r.id);
  // Fresh statistics of the summaries: PGlite has no autovacuum, and without them its planner
  // scans every version's events once per version of the scope (a space curve took 36 s).
  if (stale.rows.length > 0)
    await sql`ANALYZE analytics_version_events, analytics_version_buckets, analytics_version_totals`.execute(
      db,
    );
}

/**
 * The stored rows a curve by `unit` sweeps: the week or month buckets when every period boundary
 * of the unit is a bucket boundary (week; month, quarter, year), else (day) the events. A bucket
 * series adds one event of no change at its last moment, so the curve spans what the events span.
 */
function source(unit: PeriodUnit): {
  table: RawBuilder<unknown>;
  t: RawBuilder<unknown>;
  bucket: string | null;
} {
  if (unit === 'day') return { table: sql`analytics_version_events`, t: sql`e.t`, bucket: null };
  return { table: sql`analytics_version_buckets`, t: sql`e.b`, bucket: unit === 'week' ? 'week' : 'month' };
}

/** Events (key, t, ds, j) of versions `set` (a CTE with version_id, and `key`), filtered by `where`. */
function eventsOf(
  spaceId: string,
  amount: Amount,
  unit: PeriodUnit,
  set: 'sv' | 'tv',
  key: RawBuilder<unknown>,
  series: readonly string[],
): RawBuilder<unknown> {
  const src = source(unit);
  const from = sql.raw(set);
  const where = sql`e.space_id = ${spaceId} AND e.amount = ${amount} AND e.series IN (${sql.join(series)})
    ${src.bucket ? sql`AND e.unit = ${src.bucket}` : sql``}`;
  const rows = sql`SELECT ${key} AS key, ${src.t} AS t, e.ds, e.j FROM ${src.table} e
    JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where}`;
  if (!src.bucket) return rows;
  return sql`${rows} UNION ALL SELECT ${key}, MAX(e.tmax), 0::float8, 0::float8 FROM ${src.table} e
    JOIN ${from} ON e.version_id = ${from}.version_id WHERE ${where} GROUP BY 1`;
}

/**
 * Stored events (series, t, ds, j) of an amount: plan and earned fact of the working versions,
 * target the target versions' plan (with the moments of their rows of no amount).
 */
export function storedEvents(
  spaceId: string,
  amount: Amount,
  series: readonly ('plan' | 'fact' | 'target')[],
  unit: PeriodUnit = 'day',
): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  const own = series.filter((s) => s !== 'target');
  if (own.length > 0) parts.push(eventsOf(spaceId, amount, unit, 'sv', sql`e.series`, own));
  if (series.includes('target'))
    parts.push(eventsOf(spaceId, amount, unit, 'tv', sql`'target'::text`, ['plan', 'plan0']));
  return parts.length > 0 ? sql.join(parts, sql` UNION ALL `) : null;
}

/** Stored planned events keyed by schedule (the working versions'). */
export function scheduleEvents(
  spaceId: string,
  amount: Amount,
  unit: PeriodUnit = 'day',
): RawBuilder<unknown> {
  return eventsOf(spaceId, amount, unit, 'sv', sql`sv.schedule_id::text`, ['plan', 'plan0']);
}
